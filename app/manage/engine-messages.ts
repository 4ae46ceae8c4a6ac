/**
 * The engine answers in English (spec §8: the server's messages show under the field or in the
 * modal). For the messages the manage and contact pages can get, the web shows its own translation;
 * any other message is shown as the server sent it.
 */
export const MANAGE_ENGINE_MESSAGES: Record<string, string> = {
  "Please enter your IMEI number.": "manage.engineMessages.imeiEmpty",
  "The IMEI number must contain only digits.": "manage.engineMessages.imeiDigits",
  "The IMEI number must be 15 digits long.": "manage.engineMessages.imeiLength",
  "That IMEI number is not valid. Please check it and try again.": "manage.engineMessages.imeiCheck",
  "Please enter your serial number.": "manage.engineMessages.serialEmpty",
  "The serial number must be 10 to 12 letters and digits (it never contains the letters O or I).": "manage.engineMessages.serialFormat",
  "Sorry, we can only take serial numbers for tablets of the make we repair.": "manage.engineMessages.tabletMake",
  "Appliances do not take an IMEI or serial number.": "manage.engineMessages.appliance",
  "Image must be .jpg or .png format": "manage.proof.errors.format",
  "Please choose an image.": "manage.proof.errors.missing",
  "Please enter a valid postcode.": "manage.address.errors.postcodeInvalid",
  "Please enter a postcode.": "manage.address.errors.postcodeMissing",
  "That is already your repair date.": "manage.date.errors.sameDate",
  "Sorry, that date is not available. Please choose another date.": "manage.date.errors.unavailable",
  "Please tell us a little more: the reason needs more than three words.": "manage.date.errors.reasonShort",
  "Please enter a valid phone number.": "contact.errors.phoneInvalid",
  "Please enter a valid e-mail address.": "contact.errors.emailInvalid",
};

export type Translate = (key: string) => string;

export function engineMessage(message: string, t: Translate): string {
  if (message.startsWith("The image is too large")) return t("manage.proof.errors.tooLarge");
  const key = MANAGE_ENGINE_MESSAGES[message];
  return key ? t(key) : message;
}
