/**
 * An attribution token (ADR 135): a referrer or Lucid reference from a landing URL, and the
 * referrer codes of the carrier's `referrerMakes`. The same rule as the engine's
 * `ATTRIBUTION_TOKEN_PATTERN` (attribution-token.test.ts keeps them equal), here without the engine
 * so the CMS carrier's schema can use it.
 */
export const ATTRIBUTION_TOKEN = /^[A-Za-z0-9._~-]{1,64}$/;

/** Referrer codes compare without regard to case: `Apple-Store` in a link is the carrier's `apple-store`. */
export function referrerKey(referrer: string): string {
  return referrer.toLowerCase();
}
