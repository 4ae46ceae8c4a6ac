/**
 * The change-address form (spec §5: address line 1, town and postcode required, line 2 optional).
 * Messages are i18n keys; the engine checks the postcode's format and coverage (OR03, OR04).
 */
import { z } from "zod";

const optionalNumber = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : null));

export const addressFormSchema = z.object({
  line_1: z.string().trim().min(1, "manage.address.errors.line1Missing").max(120, "manage.address.errors.tooLong"),
  line_2: z.string().trim().max(120, "manage.address.errors.tooLong").default(""),
  town: z.string().trim().min(1, "manage.address.errors.townMissing").max(120, "manage.address.errors.tooLong"),
  postcode: z.string().trim().min(1, "manage.address.errors.postcodeMissing").max(20, "manage.address.errors.tooLong"),
  latitude: optionalNumber,
  longitude: optionalNumber,
});

export type AddressForm = z.output<typeof addressFormSchema>;

/** The lines a customer types: a control character pasted there is a field error, not a 400 (ADR 231). */
export const ADDRESS_TEXT_FIELDS = ["line_1", "line_2", "town", "postcode"] as const;
export type AddressValues = Record<"line_1" | "line_2" | "town" | "postcode", string> & { latitude?: string; longitude?: string };

export function parseAddressForm(form: FormData): { ok: true; address: AddressForm } | { ok: false; fields: Record<string, string>; values: AddressValues } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { line_1: text("line_1"), line_2: text("line_2"), town: text("town"), postcode: text("postcode"), latitude: text("latitude"), longitude: text("longitude") };
  const parsed = addressFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, address: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return { ok: false, fields, values };
}
