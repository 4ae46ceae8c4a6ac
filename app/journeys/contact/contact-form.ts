/**
 * The contact page's forms (spec §5): the message form (full name, e-mail, telephone, reason from
 * the list, message: all required) and the call-back request (name, e-mail, telephone; postcode
 * optional). Messages are i18n keys; the engine checks the telephone number for the carrier's country.
 */
import { z } from "zod";

const E = "contact.errors.";

/** Who is asking: the fields both forms share. */
const contactPerson = {
  name: z
    .string()
    .trim()
    .min(1, E + "nameMissing")
    .max(120, E + "tooLong"),
  email: z
    .string()
    .trim()
    .min(1, E + "emailMissing")
    .max(254, E + "emailInvalid")
    .pipe(z.email(E + "emailInvalid")),
  phone: z
    .string()
    .trim()
    .min(1, E + "phoneMissing")
    .max(40, E + "phoneInvalid"),
};

export const messageFormSchema = z.object({
  ...contactPerson,
  reason: z
    .string()
    .trim()
    .min(1, E + "reasonMissing")
    .regex(/^\d+$/, E + "reasonMissing"),
  message: z
    .string()
    .trim()
    .min(1, E + "messageMissing")
    .max(5000, E + "messageTooLong"),
  g_recaptcha_response: z.string().max(4000).optional(),
});

export const callBackFormSchema = z.object({
  ...contactPerson,
  postcode: z
    .string()
    .trim()
    .max(20, E + "postcodeInvalid")
    .optional(),
});

export type FormCheck<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string>; values: Record<string, string> };

/** The fields a visitor types into: a control character pasted there is a field error, not a 400 (ADR 231). */
export const CONTACT_TEXT_FIELDS = ["name", "email", "phone", "postcode", "message"] as const;

/**
 * The form through its schema; `refused` names fields that held refused characters (`refusedFields`
 * of `readForm`, ADR 231): each gets the unsupported-characters error, and the form is not ok.
 */
export function checkForm<S extends z.ZodType>(schema: S, form: FormData, refused: readonly string[] = []): FormCheck<z.output<S>> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "g_recaptcha_response") values[name] = value;
  const raw = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  const parsed = schema.safeParse(raw);
  if (parsed.success && !refused.length) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  for (const field of refused) fields[field] = E + "unsupportedCharacters";
  return { ok: false, fields, values };
}
