/**
 * Throttling of failed order lookups (issue 6, ADR 031). A wrong e-mail or order reference is a
 * failure; after `maxPerEmail` failures for one e-mail, or `maxPerClient` from one client address,
 * inside `windowMinutes`, further lookups for that e-mail or from that address are refused with
 * TOO_MANY_ATTEMPTS (429) until the oldest failure leaves the window. Failures live in Postgres
 * (`lookup_failures`), so every app instance sees the same count. Refused attempts are not counted:
 * waiting out the window always works.
 */
import { createHash } from "node:crypto";
import { and, count, gte, inArray, lt, min } from "drizzle-orm";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { DomainError, type ErrorCode } from "../domain/errors";

export interface LookupThrottleConfig {
  maxPerEmail: number;
  /** Higher than per e-mail: many customers can share one address (offices, mobile networks). */
  maxPerClient: number;
  windowMinutes: number;
}

export const DEFAULT_LOOKUP_THROTTLE: LookupThrottleConfig = { maxPerEmail: 5, maxPerClient: 20, windowMinutes: 15 };

/** Who is looking: the e-mail typed and the client's address (null when the app cannot tell). */
export interface LookupSubject {
  email?: string | null;
  clientAddress?: string | null;
}

export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts. Please try again later.";

// The code is widened here until booking/domain/errors.ts lists it (reported to the lead).
const TOO_MANY_ATTEMPTS: ErrorCode = "TOO_MANY_ATTEMPTS";

export class TooManyAttemptsError extends DomainError {
  /** Seconds until the next attempt can succeed (the Retry-After header). */
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(TOO_MANY_ATTEMPTS, TOO_MANY_ATTEMPTS_MESSAGE, { status: 429 });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The scopes `lookup_failures` keeps: the order lookups' and the staff log-ins'. */
export type FailureScope = (typeof s.lookupFailures.$inferInsert)["scope"];

/** One counted subject (an e-mail, a client address, a staff account): its hash and how many failures it may have. */
export interface ThrottleKey<Scope extends FailureScope = FailureScope> {
  scope: Scope;
  hash: string;
  limit: number;
}

/** Only a hash of the subject is kept, salted with the carrier and the scope. */
export function throttleKeyHash(carrierCode: string, scope: FailureScope, value: string): string {
  return createHash("sha256").update(`${carrierCode}\n${scope}\n${value}`).digest("hex");
}

type LookupScope = "email" | "client";
const LOOKUP_SCOPES: LookupScope[] = ["email", "client"];

function keysFor(carrier: CarrierContext, subject: LookupSubject, config: LookupThrottleConfig): ThrottleKey<LookupScope>[] {
  const keys: ThrottleKey<LookupScope>[] = [];
  const email = subject.email?.trim().toLowerCase();
  if (email) keys.push({ scope: "email", hash: throttleKeyHash(carrier.code, "email", email), limit: config.maxPerEmail });
  const client = subject.clientAddress?.trim().toLowerCase();
  if (client) keys.push({ scope: "client", hash: throttleKeyHash(carrier.code, "client", client), limit: config.maxPerClient });
  return keys;
}

/** Throws TooManyAttemptsError when any key has used up its failures inside the window. */
export async function assertKeysAllowed(db: DbOrTx, keys: ThrottleKey[], now: Date, windowMinutes: number): Promise<void> {
  if (!keys.length) return;
  const windowMs = windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const rows = await db
    .select({ keyHash: s.lookupFailures.keyHash, failures: count(), oldest: min(s.lookupFailures.createdAt) })
    .from(s.lookupFailures)
    .where(
      and(
        inArray(
          s.lookupFailures.keyHash,
          keys.map((k) => k.hash),
        ),
        gte(s.lookupFailures.createdAt, since),
      ),
    )
    .groupBy(s.lookupFailures.keyHash);
  let retryAfterMs = 0;
  for (const key of keys) {
    const row = rows.find((r) => r.keyHash === key.hash);
    if (!row || row.failures < key.limit) continue;
    // The key frees up when enough of its failures have left the window; the oldest is a safe lower bound.
    const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
    retryAfterMs = Math.max(retryAfterMs, oldest + windowMs - now.getTime());
  }
  if (retryAfterMs > 0) throw new TooManyAttemptsError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/**
 * Counts one failure against each key; forgets failures older than the window, of `scopes` only
 * (the order lookups and the staff log-ins share the table, each with its own window).
 */
export async function recordFailures(db: DbOrTx, carrierCode: string, keys: ThrottleKey[], now: Date, windowMinutes: number, scopes: readonly FailureScope[]): Promise<void> {
  if (!keys.length) return;
  await db.insert(s.lookupFailures).values(keys.map((key) => ({ carrierCode, scope: key.scope, keyHash: key.hash, createdAt: now })));
  const expired = new Date(now.getTime() - windowMinutes * 60_000);
  await db.delete(s.lookupFailures).where(and(inArray(s.lookupFailures.scope, [...scopes]), lt(s.lookupFailures.createdAt, expired)));
}

/** Throws TooManyAttemptsError when the e-mail or the client address has used up its failures. */
export async function assertLookupAllowed(db: DbOrTx, carrier: CarrierContext, subject: LookupSubject, now: Date, config: LookupThrottleConfig): Promise<void> {
  await assertKeysAllowed(db, keysFor(carrier, subject, config), now, config.windowMinutes);
}

/** Counts one failed lookup against the e-mail and the client address; forgets failures older than the window. */
export async function recordLookupFailure(db: DbOrTx, carrier: CarrierContext, subject: LookupSubject, now: Date, config: LookupThrottleConfig): Promise<void> {
  await recordFailures(db, carrier.code, keysFor(carrier, subject, config), now, config.windowMinutes, LOOKUP_SCOPES);
}

/** Whether an engine error means "wrong e-mail or reference" (the only failure that is counted). */
export function isLookupFailure(error: unknown): boolean {
  return error instanceof DomainError && error.code === "ORDER_NOT_FOUND";
}

/**
 * Runs an operation that proves ownership with an e-mail and a reference (lookup, cancel, change,
 * IMEI, proof, tracking) behind the throttle: refused while throttled, and a wrong e-mail or
 * reference is counted.
 */
export async function withLookupThrottle<T>(
  db: DbOrTx,
  carrier: CarrierContext,
  subject: LookupSubject,
  now: () => Date,
  config: LookupThrottleConfig,
  operation: () => Promise<T>,
): Promise<T> {
  await assertLookupAllowed(db, carrier, subject, now(), config);
  try {
    return await operation();
  } catch (error) {
    if (isLookupFailure(error)) await recordLookupFailure(db, carrier, subject, now(), config);
    throw error;
  }
}
