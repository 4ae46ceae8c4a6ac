/**
 * Lock-out of staff log-ins after repeated failures (issue 11, ADR 097). A wrong username or
 * password is a failure, counted per account (carrier and username, whether or not the account
 * exists) and per client address over a sliding window; at the limit every further attempt is
 * refused with TOO_MANY_ATTEMPTS, even with the right password, until the oldest failure leaves the
 * window. The failures share the `lookup_failures` table of the order-lookup throttle (ADR 031)
 * under their own scopes, so every app instance on one database sees the same count; only hashes
 * of the username and address are kept. A successful log-in forgets the account's failures.
 */
import { createHash } from "node:crypto";
import { and, count, eq, gte, inArray, lt, min } from "drizzle-orm";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { TooManyAttemptsError } from "./lookup-throttle";

export interface StaffLoginThrottleConfig {
  maxPerAccount: number;
  /** Higher than per account: a store's colleagues share one address. */
  maxPerClient: number;
  windowMinutes: number;
}

export const DEFAULT_STAFF_LOGIN_THROTTLE: StaffLoginThrottleConfig = { maxPerAccount: 5, maxPerClient: 20, windowMinutes: 15 };

export interface StaffLoginSubject {
  username: string;
  clientAddress?: string | null;
}

export const STAFF_SCOPES = ["staff-account", "staff-client"] as const;
type Scope = (typeof STAFF_SCOPES)[number];

interface Key {
  scope: Scope;
  hash: string;
  limit: number;
}

function keysFor(carrier: CarrierContext, subject: StaffLoginSubject, config: StaffLoginThrottleConfig): Key[] {
  const hash = (scope: Scope, value: string) => createHash("sha256").update(`${carrier.code}\n${scope}\n${value}`).digest("hex");
  const keys: Key[] = [{ scope: "staff-account", hash: hash("staff-account", subject.username.trim().toLowerCase()), limit: config.maxPerAccount }];
  const client = subject.clientAddress?.trim().toLowerCase();
  if (client) keys.push({ scope: "staff-client", hash: hash("staff-client", client), limit: config.maxPerClient });
  return keys;
}

async function assertAllowed(db: DbOrTx, keys: Key[], now: Date, config: StaffLoginThrottleConfig): Promise<void> {
  const windowMs = config.windowMinutes * 60_000;
  const rows = await db
    .select({ keyHash: s.lookupFailures.keyHash, failures: count(), oldest: min(s.lookupFailures.createdAt) })
    .from(s.lookupFailures)
    .where(and(inArray(s.lookupFailures.keyHash, keys.map((k) => k.hash)), gte(s.lookupFailures.createdAt, new Date(now.getTime() - windowMs))))
    .groupBy(s.lookupFailures.keyHash);
  let retryAfterMs = 0;
  for (const key of keys) {
    const row = rows.find((r) => r.keyHash === key.hash);
    if (!row || row.failures < key.limit) continue;
    const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
    retryAfterMs = Math.max(retryAfterMs, oldest + windowMs - now.getTime());
  }
  if (retryAfterMs > 0) throw new TooManyAttemptsError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/**
 * Runs a log-in attempt behind the lock-out: refused while locked; `null` from the attempt (wrong
 * username or password) is counted, an account forgets its failures on success.
 */
export async function withStaffLoginThrottle<T>(
  db: DbOrTx,
  carrier: CarrierContext,
  subject: StaffLoginSubject,
  now: () => Date,
  config: StaffLoginThrottleConfig,
  attempt: () => Promise<T | null>,
): Promise<T | null> {
  const keys = keysFor(carrier, subject, config);
  await assertAllowed(db, keys, now(), config);
  const result = await attempt();
  const account = keys[0]!;
  if (result !== null) {
    await db.delete(s.lookupFailures).where(eq(s.lookupFailures.keyHash, account.hash));
    return result;
  }
  const at = now();
  await db.insert(s.lookupFailures).values(keys.map((key) => ({ carrierCode: carrier.code, scope: key.scope, keyHash: key.hash, createdAt: at })));
  const expired = new Date(at.getTime() - config.windowMinutes * 60_000);
  await db.delete(s.lookupFailures).where(and(inArray(s.lookupFailures.scope, [...STAFF_SCOPES]), lt(s.lookupFailures.createdAt, expired)));
  return null;
}
