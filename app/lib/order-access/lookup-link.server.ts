/**
 * The order lookup carried by a link (/manage?order_ref=…&email=…, /manage/booking?…), read as the
 * lookup form posted is (ADR 231): a control character in either value is that field's error, both
 * values kept without it, and no order is looked up.
 */
import { queryText } from "~/lib/http/form.server";
import { parseLookup, type LookupFieldErrors, type LookupForm } from "./lookup-form";

export const LOOKUP_UNSUPPORTED_CHARACTERS_KEY = "manage-lookup.errors.unsupportedCharacters";

export type LinkLookup = { ok: true; lookup: LookupForm } | { ok: false; refused: boolean; errors: LookupFieldErrors; values: Partial<LookupForm> };

export function parseLookupLink(params: URLSearchParams): LinkLookup {
  const fields = { email: queryText(params, "email"), order_ref: queryText(params, "order_ref") };
  const parsed = parseLookup({ get: (name: string) => (name === "email" || name === "order_ref" ? fields[name].value : null) });
  const refused = (Object.keys(fields) as (keyof LookupForm)[]).filter((name) => fields[name].refused);
  if (!refused.length) return parsed.ok ? parsed : { ...parsed, refused: false };
  const errors: LookupFieldErrors = parsed.ok ? {} : { ...parsed.errors };
  for (const name of refused) errors[name] = LOOKUP_UNSUPPORTED_CHARACTERS_KEY;
  return { ok: false, refused: true, errors, values: parsed.ok ? parsed.lookup : parsed.values };
}

/** The longest e-mail address (RFC 5321) and a generous order reference: anything longer cannot be an order's. */
const MAX_LOOKUP_LENGTH = 254;

/** The tracking page's message for a link whose e-mail or reference cannot be an order's (not "not found"). */
export const TRACKING_LINK_INVALID_KEY = "manage.tracking.linkInvalid";

/**
 * The lookup in a tracking link's path (/my/technician/{email}/{orderRef}): null when either part holds a
 * control character, is empty or longer than any order's could be — the page then says the link is not
 * whole (400) instead of looking an order up or blaming the visitor with "not found". Spaces around the
 * e-mail and its case are the engine's to forgive.
 */
export function lookupFromPath(params: { email?: string; orderRef?: string }): LookupForm | null {
  const link = parseLookupLink(new URLSearchParams({ email: params.email ?? "", order_ref: params.orderRef ?? "" }));
  if (!link.ok) return null;
  const { email, order_ref } = link.lookup;
  return email.length > MAX_LOOKUP_LENGTH || order_ref.length > MAX_LOOKUP_LENGTH ? null : link.lookup;
}
