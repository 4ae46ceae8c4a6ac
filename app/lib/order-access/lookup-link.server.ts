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
