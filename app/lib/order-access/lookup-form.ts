/**
 * The order lookup form (spec §3 "Order lookup form. email, orderRef"; §5: both required, only
 * non-emptiness is checked). Field names follow the manage URL: `email` and `order_ref`.
 */
import { z } from "zod";

export const lookupFormSchema = z.object({
  email: z.string().trim().min(1, "manage-lookup.errors.emailMissing"),
  order_ref: z.string().trim().min(1, "manage-lookup.errors.orderRefMissing"),
});

export type LookupForm = z.output<typeof lookupFormSchema>;

export type LookupFieldErrors = Partial<Record<keyof LookupForm, string>>;

/** Parses the form or the URL; i18n keys of the messages per field. */
export function parseLookup(source: { get(name: string): unknown }): { ok: true; lookup: LookupForm } | { ok: false; errors: LookupFieldErrors; values: Partial<LookupForm> } {
  const raw = { email: source.get("email"), order_ref: source.get("order_ref") };
  const values = { email: typeof raw.email === "string" ? raw.email : "", order_ref: typeof raw.order_ref === "string" ? raw.order_ref : "" };
  const parsed = lookupFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, lookup: parsed.data };
  const errors: LookupFieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof LookupForm] ??= issue.message;
  return { ok: false, errors, values };
}

/** The manage screen's address for an order: spec §2 "/manage/booking with query parameters order_ref and email". */
export function manageBookingPath(lookup: LookupForm, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ order_ref: lookup.order_ref, email: lookup.email, ...extra });
  return `/manage/booking?${params}`;
}

/** The tracking page (spec §2 /my/technician/{email}/{orderRef}). */
export function trackingPath(lookup: LookupForm): string {
  return `/my/technician/${encodeURIComponent(lookup.email)}/${encodeURIComponent(lookup.order_ref)}`;
}
