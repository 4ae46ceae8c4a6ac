/**
 * Lock-out of staff log-ins after repeated failures (issue 11, ADR 097). A wrong username or
 * password is a failure, counted per account (carrier and username, whether or not the account
 * exists) and per client address over a sliding window; at the limit every further attempt is
 * refused with TOO_MANY_ATTEMPTS, even with the right password, until the oldest failure leaves the
 * window. The failures share the `lookup_failures` table of the order-lookup throttle (ADR 031)
 * under their own scopes, so every app instance on one database sees the same count; only hashes
 * of the username and address are kept. A successful log-in forgets the account's failures.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { assertKeysAllowed, recordFailures, throttleKeyHash, type ThrottleKey } from "./lookup-throttle";

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

function keysFor(carrier: CarrierContext, subject: StaffLoginSubject, config: StaffLoginThrottleConfig): ThrottleKey<Scope>[] {
  const account = subject.username.trim().toLowerCase();
  const keys: ThrottleKey<Scope>[] = [{ scope: "staff-account", hash: throttleKeyHash(carrier.code, "staff-account", account), limit: config.maxPerAccount }];
  const client = subject.clientAddress?.trim().toLowerCase();
  if (client) keys.push({ scope: "staff-client", hash: throttleKeyHash(carrier.code, "staff-client", client), limit: config.maxPerClient });
  return keys;
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
  await assertKeysAllowed(db, keys, now(), config.windowMinutes);
  const result = await attempt();
  const account = keys[0]!;
  if (result !== null) {
    await db.delete(s.lookupFailures).where(eq(s.lookupFailures.keyHash, account.hash));
    return result;
  }
  await recordFailures(db, carrier.code, keys, now(), config.windowMinutes, STAFF_SCOPES);
  return null;
}
