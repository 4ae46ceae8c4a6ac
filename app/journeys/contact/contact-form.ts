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

export function checkForm<S extends z.ZodType>(schema: S, form: FormData): FormCheck<z.output<S>> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "g_recaptcha_response") values[name] = value;
  const raw = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return { ok: false, fields, values };
}
