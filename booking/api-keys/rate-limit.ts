/**
 * Per-key rate limits of the partner API (issue 23 item 5, ADR 175): a fixed window per key and
 * class of call (reads, writes), counted in Postgres by one UPSERT per call, so every app instance
 * adds to the same count. The limits and the window are the engine's configuration
 * (API_RATE_LIMIT_READS, API_RATE_LIMIT_WRITES, API_RATE_WINDOW_SECONDS).
 */
import { lt, sql } from "drizzle-orm";
import type { EngineContext } from "../context";
import * as s from "../db/schema";
import type { ApiRateClass } from "../db/schema";

export type { ApiRateClass } from "../db/schema";

/** What a call's count says: whether it may run, and the figures for the RateLimit headers. */
export interface RateLimitVerdict {
  allowed: boolean;
  rateClass: ApiRateClass;
  /** Calls of this class the key may make per window. */
  limit: number;
  /** Calls left in this window after this one (0 when refused). */
  remaining: number;
  /** Whole seconds until the window ends and the count starts again (at least 1). */
  resetSeconds: number;
  windowSeconds: number;
}

/**
 * Counts one call of `rateClass` for the key and says whether it is within the limit. A refused call
 * is counted too (the window's end is the same either way). The first call of a new window purges
 * the rows of windows before the previous one, for every key: the table stays a few rows per active key.
 */
export async function consumeRateLimit(ctx: EngineContext, input: { keyId: string; rateClass: ApiRateClass }): Promise<RateLimitVerdict> {
  const { apiRateLimitReads, apiRateLimitWrites, apiRateWindowSeconds } = ctx.config;
  const limit = input.rateClass === "read" ? apiRateLimitReads : apiRateLimitWrites;
  const windowMs = apiRateWindowSeconds * 1000;
  const now = ctx.clock.now().getTime();
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const [row] = await ctx.db
    .insert(s.apiRateWindows)
    .values({ keyId: input.keyId, rateClass: input.rateClass, windowStart: new Date(windowStart), count: 1 })
    .onConflictDoUpdate({
      target: [s.apiRateWindows.keyId, s.apiRateWindows.rateClass, s.apiRateWindows.windowStart],
      set: { count: sql`${s.apiRateWindows.count} + 1` },
    })
    .returning({ count: s.apiRateWindows.count });
  const count = row?.count ?? 1;
  // The previous window is kept: an instance whose clock is a little behind may still count into it.
  if (count === 1) await ctx.db.delete(s.apiRateWindows).where(lt(s.apiRateWindows.windowStart, new Date(windowStart - windowMs)));
  return {
    allowed: count <= limit,
    rateClass: input.rateClass,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
    windowSeconds: apiRateWindowSeconds,
  };
}
