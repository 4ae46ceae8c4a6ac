/**
 * The details step's form (spec §3 Booking fields; §7 customer-details): customer details, the
 * repair address lines and the billing address (the repair address, or another one).
 *
 * Messages are i18n keys under `booking-checkout.details.errors`. The form checks what a visitor
 * expects to be told at once (required fields, e-mail format, a plausible phone number); the
 * engine then checks the phone number against the carrier's country and the billing postcode, and
 * its field errors are mapped back onto the form's fields with the same localised messages.
 */
import { z } from "zod";
import type { BookingState } from "~/booking.server";

const ERR = "booking-checkout.details.errors.";

const name = (missing: string, invalid: string) =>
  z
    .string({ error: ERR + missing })
    .trim()
    .min(1, ERR + missing)
    .max(80, ERR + invalid)
    .regex(/^[^<>{}[\]\\\d]+$/, ERR + invalid);

const optionalLine = z
  .string()
  .trim()
  .max(120, ERR + "lineTooLong")
  .default("");
const requiredLine = (missing: string) =>
  z
    .string({ error: ERR + missing })
    .trim()
    .min(1, ERR + missing)
    .max(120, ERR + "lineTooLong");

/** Separators people type in phone numbers; what is left must be digits, with an optional leading +. */
export function plausiblePhone(value: string): boolean {
  const compact = value.replace(/[\s\-()./]/g, "");
  return /^\+?\d{6,15}$/.test(compact);
}

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");

export const detailsFormSchema = z.object({
  first_name: name("firstNameMissing", "firstNameInvalid"),
  last_name: name("lastNameMissing", "lastNameInvalid"),
  email: z
    .string({ error: ERR + "emailMissing" })
    .trim()
    .min(1, ERR + "emailMissing")
    .pipe(z.email(ERR + "emailInvalid").max(254, ERR + "emailInvalid")),
  phone_number: z
    .string({ error: ERR + "phoneMissing" })
    .trim()
    .min(1, { error: ERR + "phoneMissing", abort: true })
    .refine(plausiblePhone, ERR + "phoneInvalid"),
  email_consent: checkbox,
  address_line_1: requiredLine("addressLine1Missing"),
  address_line_2: optionalLine,
  address_town: requiredLine("townMissing"),
  billing: z.enum(["same", "other"]).default("same"),
  billing_first_name: z.string().trim().optional(),
  billing_last_name: z.string().trim().optional(),
  billing_line_1: z.string().trim().optional(),
  billing_line_2: z.string().trim().optional(),
  billing_town: z.string().trim().optional(),
  billing_postcode: z.string().trim().optional(),
});

/** The fields a visitor types into: a control character pasted there is a field error, not a 400 (ADR 231). */
export const DETAILS_TEXT_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone_number",
  "address_line_1",
  "address_line_2",
  "address_town",
  "billing_first_name",
  "billing_last_name",
  "billing_line_1",
  "billing_line_2",
  "billing_town",
  "billing_postcode",
] as const satisfies readonly DetailsFields[];

const BILLING_REQUIRED = [
  ["billing_first_name", "billingFirstNameMissing"],
  ["billing_last_name", "billingLastNameMissing"],
  ["billing_line_1", "billingLine1Missing"],
  ["billing_town", "billingTownMissing"],
  ["billing_postcode", "billingPostcodeMissing"],
] as const;

export type DetailsForm = z.output<typeof detailsFormSchema>;
export type DetailsFields = keyof z.input<typeof detailsFormSchema>;
/** Field → i18n key of its first message. */
export type FieldErrors = Partial<Record<DetailsFields | "form", string>>;

/**
 * The engine's customer-details input (spec §7 POST /{ref}/customer-details, force_persist). With
 * 'same as the repair address' the billing address is spelled out, so a billing address given
 * earlier does not linger.
 */
export function customerDetailsInput(form: DetailsForm, repairPostcode: string | null) {
  const repairAddress = { line_1: form.address_line_1, line_2: form.address_line_2, town: form.address_town };
  const billing =
    form.billing === "other"
      ? {
          billing_first_name: form.billing_first_name!,
          billing_last_name: form.billing_last_name!,
          billing_address: { line_1: form.billing_line_1!, line_2: form.billing_line_2 ?? "", town: form.billing_town!, postcode: form.billing_postcode! },
        }
      : {
          billing_first_name: form.first_name,
          billing_last_name: form.last_name,
          ...(repairPostcode ? { billing_address: { ...repairAddress, postcode: repairPostcode } } : {}),
        };
  return {
    first_name: form.first_name,
    last_name: form.last_name,
    email: form.email,
    email_consent: form.email_consent,
    phone_number: form.phone_number,
    address: repairAddress,
    ...billing,
    force_persist: true,
  };
}

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form") as DetailsFields | "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The form, checked as a whole: every field's problem at once, the billing fields only when a
 * different billing address is chosen. (An object refinement would wait until the rest is valid.)
 */
export function parseDetailsForm(values: Record<string, unknown>): { ok: true; form: DetailsForm } | { ok: false; errors: FieldErrors } {
  const parsed = detailsFormSchema.safeParse(values);
  const errors: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
  if (values.billing === "other") {
    for (const [field, key] of BILLING_REQUIRED) {
      if (!String(values[field] ?? "").trim()) errors[field] ??= ERR + key;
    }
  }
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, form: parsed.data };
}

const ENGINE_FIELDS: Record<string, [DetailsFields, string]> = {
  first_name: ["first_name", "firstNameInvalid"],
  last_name: ["last_name", "lastNameInvalid"],
  email: ["email", "emailInvalid"],
  phone_number: ["phone_number", "phoneInvalid"],
  billing_first_name: ["billing_first_name", "billingFirstNameMissing"],
  billing_last_name: ["billing_last_name", "billingLastNameMissing"],
  "billing_address.line_1": ["billing_line_1", "billingLine1Missing"],
  "billing_address.town": ["billing_town", "billingTownMissing"],
  "billing_address.postcode": ["billing_postcode", "billingPostcodeInvalid"],
  "address.line_1": ["address_line_1", "addressLine1Missing"],
  "address.town": ["address_town", "townMissing"],
};

/** The engine's field errors (English, from its own rules) as the form's localised messages. */
export function engineFieldErrors(fields: Record<string, string[]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of Object.keys(fields)) {
    const mapped = ENGINE_FIELDS[field];
    if (mapped) errors[mapped[0]] ??= ERR + mapped[1];
    else errors.form ??= ERR + "generic";
  }
  return errors;
}

export type DetailsValues = Partial<Record<DetailsFields, string>>;

/** What the form shows first: the booking's details, the repair address, the billing choice. */
export function detailsDefaults(booking: BookingState): DetailsValues {
  const address = booking.address;
  const billing = booking.billing_address;
  const billingIsRepairAddress =
    !billing ||
    (address !== null &&
      billing.line_1 === address.line_1 &&
      billing.line_2 === address.line_2 &&
      billing.town === address.town &&
      billing.postcode.replace(/\s+/g, "").toUpperCase() === address.postcode.replace(/\s+/g, "").toUpperCase());
  const billingNameDiffers =
    (booking.billing_first_name && booking.billing_first_name !== booking.first_name) || (booking.billing_last_name && booking.billing_last_name !== booking.last_name);
  const other = !billingIsRepairAddress || Boolean(billingNameDiffers);
  return {
    first_name: booking.first_name ?? "",
    last_name: booking.last_name ?? "",
    email: booking.email ?? "",
    phone_number: booking.phone_number ?? "",
    email_consent: booking.email_consent ? "on" : "",
    address_line_1: address?.line_1 ?? "",
    address_line_2: address?.line_2 ?? "",
    address_town: address?.town ?? "",
    billing: other ? "other" : "same",
    billing_first_name: other ? (booking.billing_first_name ?? "") : "",
    billing_last_name: other ? (booking.billing_last_name ?? "") : "",
    billing_line_1: other ? (billing?.line_1 ?? "") : "",
    billing_line_2: other ? (billing?.line_2 ?? "") : "",
    billing_town: other ? (billing?.town ?? "") : "",
    billing_postcode: other ? (billing?.postcode ?? "") : "",
  };
}
