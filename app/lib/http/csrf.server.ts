/**
 * Per-session CSRF tokens for the manage changes (ADR 055): the page's forms carry the token in a
 * hidden field and the action compares it in constant time, so a change needs more than a
 * same-site Origin.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

export const CSRF_FIELD = "csrf";

export function newCsrfToken(): string {
  return randomBytes(32).toString("base64url");
}

export function csrfTokenMatches(expected: string | null | undefined, given: FormDataEntryValue | null | undefined): boolean {
  if (!expected || typeof given !== "string") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
