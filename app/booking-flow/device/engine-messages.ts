/**
 * The engine answers in English (spec §8: the server's messages show under the field). For the
 * messages a device step can get, the web shows its own translation; any other message is shown
 * as the server sent it.
 */
export const KNOWN_ENGINE_MESSAGES: Record<string, string> = {
  "Please enter your IMEI number.": "booking-device.engineMessages.imeiEmpty",
  "The IMEI number must contain only digits.": "booking-device.engineMessages.imeiDigits",
  "The IMEI number must be 15 digits long.": "booking-device.engineMessages.imeiLength",
  "That IMEI number is not valid. Please check it and try again.": "booking-device.engineMessages.imeiCheck",
  "Please enter your serial number.": "booking-device.engineMessages.serialEmpty",
  "The serial number must be 10 to 12 letters and digits (it never contains the letters O or I).": "booking-device.engineMessages.serialFormat",
  "Sorry, we can only take serial numbers for tablets of the make we repair.": "booking-device.engineMessages.tabletMake",
  "The purchase date cannot be in the future.": "booking-device.engineMessages.purchaseDateFuture",
  "Please enter a valid date (DD/MM/YYYY).": "booking-device.warranty.dateFormat",
  "Sorry, we can't offer a warranty repair on this device.": "booking-device.engineMessages.warrantyNotOffered",
  "Sorry, you cannot make a multi-device in-warranty booking.": "booking.toasts.multiDeviceInWarranty",
  "Please choose repairs offered for this model.": "booking-device.select.chooseOffered",
  "Please choose one of the model's colours.": "booking-device.colour.colourMissing",
  "Please choose one of the answers.": "booking-device.triage.answerMissing",
  "Sorry, we don't currently repair that type of device": "booking-device.model.empty",
};

export type Translate = (key: string) => string;

export function engineMessage(message: string, t: Translate): string {
  const key = KNOWN_ENGINE_MESSAGES[message];
  return key ? t(key) : message;
}

export function engineMessages(messages: readonly string[] | undefined, t: Translate): string[] {
  return (messages ?? []).map((message) => engineMessage(message, t));
}
