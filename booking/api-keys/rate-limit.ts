/**
 * Per-key rate limits of the partner API (issue 23 item 5, ADR 175): a fixed window per key and
 * class of call (reads, writes), counted in Postgres, so every app instance adds to the same count:
 * by one UPSERT per call near the limit, in short batches far from it (ADR 185). The limits and the window are the engine's configuration
 * (API_RATE_LIMIT_READS, API_RATE_LIMIT_WRITES, API_RATE_WINDOW_SECONDS).
 */
import { lt, sql } from "drizzle-orm";
import type { EngineContext } from "../context";
import * as s from "../db/schema";
import type { ApiRateClass } from "../db/schema";
import { IDEMPOTENCY_TTL_MS } from "./idempotency";

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

/** The current window of `now` and its figures for a count. */
function verdictOf(ctx: EngineContext, rateClass: ApiRateClass, count: number, now: number): RateLimitVerdict {
  const { apiRateWindowSeconds } = ctx.config;
  const limit = limitOf(ctx, rateClass);
  const windowMs = apiRateWindowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  return {
    allowed: count <= limit,
    rateClass,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
    windowSeconds: apiRateWindowSeconds,
  };
}

const limitOf = (ctx: EngineContext, rateClass: ApiRateClass) => (rateClass === "read" ? ctx.config.apiRateLimitReads : ctx.config.apiRateLimitWrites);
const windowStartOf = (ctx: EngineContext, now: number) => {
  const windowMs = ctx.config.apiRateWindowSeconds * 1000;
  return Math.floor(now / windowMs) * windowMs;
};

/** Adds `calls` to the key's shared count of the window starting at `windowStart`; the count after it. */
async function addToCount(ctx: EngineContext, keyId: string, rateClass: ApiRateClass, windowStart: number, calls: number): Promise<number> {
  const [row] = await ctx.db
    .insert(s.apiRateWindows)
    .values({ keyId, rateClass, windowStart: new Date(windowStart), count: calls })
    .onConflictDoUpdate({
      target: [s.apiRateWindows.keyId, s.apiRateWindows.rateClass, s.apiRateWindows.windowStart],
      set: { count: sql`${s.apiRateWindows.count} + ${calls}` },
    })
    .returning({ count: s.apiRateWindows.count });
  const count = row?.count ?? calls;
  // A new window's first write also drops the windows before the previous one (and the scheduler's purge does, ADR 186).
  if (count === calls) await ctx.db.delete(s.apiRateWindows).where(lt(s.apiRateWindows.windowStart, new Date(windowStart - ctx.config.apiRateWindowSeconds * 1000)));
  return count;
}

/**
 * Counts one call of `rateClass` for the key in the shared count (one UPSERT) and says whether it is
 * within the limit. A refused call is counted too (the window's end is the same either way).
 */
export async function consumeRateLimit(ctx: EngineContext, input: { keyId: string; rateClass: ApiRateClass }): Promise<RateLimitVerdict> {
  const now = ctx.clock.now().getTime();
  const count = await addToCount(ctx, input.keyId, input.rateClass, windowStartOf(ctx, now), 1);
  return verdictOf(ctx, input.rateClass, count, now);
}

/** The share of a limit an instance may count on its own between two writes to the shared count. */
export const LOCAL_SHARE = 0.05;

/**
 * The per-instance counter of ADR 185: far from the limit, a call is counted in memory and the
 * instance adds its calls to the shared count every `config.apiRateFlushMs` (200 ms), or at once when
 * it has counted its share (5 % of the limit) since the last write. Near the limit — within that
 * share of it, by what this instance knows of the shared count — every call is counted in the database
 * as `consumeRateLimit` does, so the 429 comes from the shared count. A limit under 20 has no share:
 * every call goes to the database, exactly. The shared count can run over the limit by at most what
 * the other instances counted on their own and had not written yet: their share each.
 */
export function createRateCounter(ctx: EngineContext) {
  interface Slot {
    keyId: string;
    rateClass: ApiRateClass;
    windowStart: number;
    /** The shared count as this instance last read it, plus its own calls not yet written. */
    known: number;
    pending: number;
  }
  const slots = new Map<string, Slot>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;

  async function write(slot: Slot) {
    const calls = slot.pending;
    if (calls === 0) return;
    slot.pending = 0;
    try {
      slot.known = Math.max(slot.known, await addToCount(ctx, slot.keyId, slot.rateClass, slot.windowStart, calls));
    } catch (error) {
      // The database away: the calls are counted at the next write.
      slot.pending += calls;
      throw error;
    }
  }

  async function flush() {
    timer = null;
    const current = windowStartOf(ctx, ctx.clock.now().getTime());
    for (const [name, slot] of slots) {
      await write(slot).catch(() => undefined);
      // A slot of an earlier window with nothing left to write is done.
      if (slot.windowStart < current && slot.pending === 0) slots.delete(name);
    }
    if ([...slots.values()].some((slot) => slot.pending > 0)) schedule();
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      flushing = flush().finally(() => (flushing = null));
    }, ctx.config.apiRateFlushMs);
    timer.unref();
  }

  return {
    async consume(input: { keyId: string; rateClass: ApiRateClass }): Promise<RateLimitVerdict> {
      const now = ctx.clock.now().getTime();
      const windowStart = windowStartOf(ctx, now);
      const limit = limitOf(ctx, input.rateClass);
      const share = Math.floor(limit * LOCAL_SHARE);
      const name = `${input.keyId}\n${input.rateClass}\n${windowStart}`;
      let slot = slots.get(name);
      if (!slot) slots.set(name, (slot = { keyId: input.keyId, rateClass: input.rateClass, windowStart, known: 0, pending: 0 }));
      const estimate = slot.known + slot.pending + 1;
      if (share > 0 && estimate <= limit - share && slot.pending < share) {
        slot.pending += 1;
        schedule();
        return verdictOf(ctx, input.rateClass, estimate, now);
      }
      // Near the limit (or a share used up): this call and the ones not yet written, in the shared count now.
      slot.pending += 1;
      const calls = slot.pending;
      slot.pending = 0;
      try {
        const count = await addToCount(ctx, input.keyId, input.rateClass, windowStart, calls);
        slot.known = Math.max(slot.known, count);
        return verdictOf(ctx, input.rateClass, count, now);
      } catch (error) {
        slot.pending += calls - 1;
        throw error;
      }
    },
    /** Writes what this instance counted (at shutdown, and in tests). */
    async flush() {
      if (timer) clearTimeout(timer);
      await flushing;
      await flush();
    },
  };
}

/**
 * The rate windows that can no longer count (before the previous window: an instance whose clock is
 * a little behind may still count into that one) and the idempotency answers past their 24 hours
 * (ADR 186). The scheduler's recurring purge calls it; the counts removed.
 */
export async function purgeApiRows(ctx: EngineContext, now: Date): Promise<{ rateWindows: number; idempotency: number }> {
  const windowMs = ctx.config.apiRateWindowSeconds * 1000;
  const current = windowStartOf(ctx, now.getTime());
  const rateWindows = await ctx.db
    .delete(s.apiRateWindows)
    .where(lt(s.apiRateWindows.windowStart, new Date(current - windowMs)))
    .returning({ keyId: s.apiRateWindows.keyId });
  const idempotency = await ctx.db
    .delete(s.apiIdempotency)
    .where(lt(s.apiIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ id: s.apiIdempotency.id });
  return { rateWindows: rateWindows.length, idempotency: idempotency.length };
}
