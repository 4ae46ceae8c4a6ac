/** The postcode form (spec §5 "Landing postcode"; §3 "Postcode request": the postcode without spaces). */
import { z } from "zod";
import type { Carrier } from "~/content/schemas";

export const POSTCODE_MISSING = "landing.postcodeMissing";
export const POSTCODE_INVALID = "landing.postcodeInvalid";

export const postcodeFormSchema = z.object({
  postcode: z
    .string()
    .nullish()
    .transform((value) => (value ?? "").replace(/\s+/g, ""))
    .pipe(z.string().min(1, POSTCODE_MISSING).max(12, POSTCODE_INVALID)),
});

export type PostcodeForm = { ok: true; postcode: string } | { ok: false; errorKey: string };

export function parsePostcodeForm(value: unknown): PostcodeForm {
  const parsed = postcodeFormSchema.safeParse({ postcode: typeof value === "string" ? value : null });
  if (parsed.success) return { ok: true, postcode: parsed.data.postcode };
  return { ok: false, errorKey: parsed.error.issues[0]?.message ?? POSTCODE_INVALID };
}

/**
 * Spec §2: one carrier's pages read `?type=business`, which makes the booking a business account.
 * Only carriers with the `businessAccounts` switch; the landing page remembers it in a cookie
 * (`businessCookie`, lib/cookies.server.ts).
 */
export function isBusinessAccount(carrier: Pick<Carrier, "businessAccounts">, url: URL, rememberedByLanding: boolean): boolean {
  if (!carrier.businessAccounts) return false;
  return url.searchParams.get("type") === "business" || rememberedByLanding;
}

/**
 * What a refused postcode (BK04) does on the postcode page (spec §5): carriers with an additional
 * landing page show an error toast and send the visitor to their external options (repair-type);
 * elsewhere the form says 'Please enter a valid postcode.' under the field.
 */
export function refusedPostcodeOutcome(carrier: Pick<Carrier, "additionalLandingPage">): "repair-type" | "inline" {
  return carrier.additionalLandingPage ? "repair-type" : "inline";
}
