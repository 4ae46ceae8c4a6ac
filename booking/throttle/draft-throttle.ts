/**
 * A limit on the draft bookings one client builds (issue 25 item 3, ADR 192). Each draft the web
 * flow builds is counted against the client's address over a sliding window; at the limit the next
 * build is refused with TOO_MANY_ATTEMPTS (429) until the oldest leaves the window. The counts share
 * the `lookup_failures` table of the order-lookup throttle (ADR 031) under their own scope, so every
 * app instance on one database sees the same count; only a hash of the address is kept. A client
 * whose address is unknown is not limited (one shared bucket would lock everyone out).
 */
import type { DbOrTx } from "../db/open";
import type { CarrierContext } from "../domain/carrier";
import { assertKeysAllowed, recordFailures, throttleKeyHash, type ThrottleKey } from "./lookup-throttle";

export interface DraftThrottleConfig {
  /** Drafts one client address may build inside the window: far above what people behind one address build by hand. */
  maxPerClient: number;
  windowMinutes: number;
}

export const DEFAULT_DRAFT_THROTTLE: DraftThrottleConfig = { maxPerClient: 100, windowMinutes: 15 };

export const DRAFT_SCOPES = ["draft-client"] as const;
type Scope = (typeof DRAFT_SCOPES)[number];

function keysFor(carrier: CarrierContext, clientAddress: string | null | undefined, config: DraftThrottleConfig): ThrottleKey<Scope>[] {
  const client = clientAddress?.trim().toLowerCase();
  return client ? [{ scope: "draft-client", hash: throttleKeyHash(carrier.code, "draft-client", client), limit: config.maxPerClient }] : [];
}

/**
 * Builds a draft behind the limit: refused (TooManyAttemptsError) while the client is at it, and
 * counted once the draft is built (a refused or failed build is not).
 */
export async function withDraftThrottle<T>(
  db: DbOrTx,
  carrier: CarrierContext,
  clientAddress: string | null | undefined,
  now: () => Date,
  config: DraftThrottleConfig,
  build: () => Promise<T>,
): Promise<T> {
  const keys = keysFor(carrier, clientAddress, config);
  await assertKeysAllowed(db, keys, now(), config.windowMinutes);
  const built = await build();
  await recordFailures(db, carrier.code, keys, now(), config.windowMinutes, DRAFT_SCOPES);
  return built;
}
