/**
 * Booking references and resume tokens (ADR 012).
 *
 * - reference: 16 characters of Crockford base32 (80 random bits). It is the booking's address in the
 *   API (spec /{ref}) and so a bearer secret: unguessable, never sequential.
 * - resume token: 10 characters of Crockford base32 (50 bits) grouped 'XXXXX-XXXXX' for typing from a
 *   printed or scanned code; only its SHA-256 is stored.
 * - order reference: a number from a Postgres sequence (spec §5: numeric hint), quoted with the e-mail.
 */
import { createHash, randomBytes } from "node:crypto";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function randomBase32(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (let i = 0; i < length; i++) out += CROCKFORD[bytes[i]! & 31];
  return out;
}

export function newBookingReference(): string {
  return randomBase32(16);
}

export function newResumeToken(): string {
  const raw = randomBase32(10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Accepts the token as typed or scanned: lower case, without the hyphen, I/L read as 1, O as 0. */
export function canonicalToken(input: string): string | null {
  // Spec §4: from a scanned code, the token is the text after the last '='.
  const afterEquals = input.includes("=") ? input.slice(input.lastIndexOf("=") + 1) : input;
  const compact = afterEquals
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/[IL]/g, "1")
    .replace(/O/g, "0");
  if (!/^[0-9A-HJKMNP-TV-Z]{10}$/.test(compact)) return null;
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isBookingReference(value: string): boolean {
  return /^[0-9A-HJKMNP-TV-Z]{16}$/.test(value);
}
