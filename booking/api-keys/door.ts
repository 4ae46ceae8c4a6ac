/**
 * `engine.apiKeys` (api-keys/): the partner API's keys (issue 23, ADR 171), by carrier code, so
 * operations' tools manage them without the CMS entry; idempotency (ADR 173) and rate limits (ADR 175).
 */
import { read, write } from "../door";
import * as apiKeys from "./api-keys";
import * as idempotency from "./idempotency";
import * as rateLimit from "./rate-limit";

export const apiKeysDoor = {
  /** A new key; its secret is in the answer once and stored only as a hash. */
  issue: write(
    ({ ctx }) =>
      async (carrierCode: string, input: Parameters<typeof apiKeys.issueApiKey>[2]) =>
        apiKeys.issueApiKey(ctx, carrierCode, input),
  ),
  /**
   * The key's carrier, scopes and origins; null for an unknown, wrong, expired or revoked key. Records its last use (once a minute).
   * The key's row is reused for up to `apiKeyCacheMs` (1 s, ADR 185): a revoke through another instance holds within that.
   */
  verify: write(
    ({ keyVerifier }) =>
      async (presented: unknown) =>
        keyVerifier.verify(presented),
  ),
  revoke: write(({ ctx, keyVerifier }) => async (carrierCode: string, id: unknown) => {
    const revoked = await apiKeys.revokeApiKey(ctx, carrierCode, id);
    keyVerifier.forget(revoked.id);
    return revoked;
  }),
  /** A new key; the old one works until `overlapUntil`. */
  rotate: write(({ ctx, keyVerifier }) => async (carrierCode: string, id: unknown, input: Parameters<typeof apiKeys.rotateApiKey>[3]) => {
    const rotated = await apiKeys.rotateApiKey(ctx, carrierCode, id, input);
    keyVerifier.forget(rotated.previous.id);
    return rotated;
  }),
  list: read(
    ({ ctx }) =>
      async (carrierCode: string) =>
        apiKeys.listApiKeys(ctx, carrierCode),
  ),
  /** Operations data changed (a CMS sync may have revoked keys): the next calls read every key afresh (ADR 185). */
  forgetCachedKeys: write(
    ({ keyVerifier }) =>
      () =>
        keyVerifier.forgetAll(),
  ),
  /** `Idempotency-Key` (ADR 173): run the call, replay its answer, wait for it, or refuse another request under the same key. */
  claimIdempotencyKey: write(
    ({ ctx }) =>
      async (input: Parameters<typeof idempotency.claimIdempotencyKey>[1]) =>
        idempotency.claimIdempotencyKey(ctx, input),
  ),
  completeIdempotencyKey: write(
    ({ ctx }) =>
      async (id: number, answer: { status: number; body: unknown }) =>
        idempotency.completeIdempotencyKey(ctx, id, answer),
  ),
  releaseIdempotencyKey: write(
    ({ ctx }) =>
      async (id: number) =>
        idempotency.releaseIdempotencyKey(ctx, id),
  ),
  /**
   * Counts one call of a key against its class's limit in the current window, shared by every instance (ADR 175): in memory and
   * written in batches far from the limit, in the database near it (ADR 185).
   */
  consumeRateLimit: write(
    ({ rateCounter }) =>
      async (input: Parameters<typeof rateLimit.consumeRateLimit>[1]) =>
        rateCounter.consume(input),
  ),
  /** Writes the calls this instance counted on its own to the shared count now (they are written within `apiRateFlushMs` anyway). */
  flushRateLimits: write(
    ({ rateCounter }) =>
      async () =>
        rateCounter.flush(),
  ),
  /** Rate windows that can no longer count and idempotency answers past 24 hours (the scheduler's recurring purge runs it, ADR 186). */
  purgeExpired: write(
    ({ ctx }) =>
      async (now: Date) =>
        rateLimit.purgeApiRows(ctx, now),
  ),
};
