/**
 * `Idempotency-Key` for the partner API's creating and charging calls (issue 23 item 4, ADR 173).
 * The row of (API key, idempotency key) is inserted, pending, before the call runs: the unique index
 * lets exactly one request run it, a concurrent duplicate waits for its answer, a later one gets
 * the stored answer (status and body) for 24 hours, and the same key with another request is refused.
 */
import { and, eq, lt } from "drizzle-orm";
import type { EngineContext } from "../context";
import * as s from "../db/schema";

/** How long an answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A pending row this old belongs to a request that died: the next one runs the call again (the engine's own operations are safe to run again, ADR 142). */
export const IDEMPOTENCY_PENDING_STALE_MS = 60_000;

export type IdempotencyClaim =
  | { kind: "run"; id: number }
  /** The first answer's status and JSON text, as it was sent. */
  | { kind: "replay"; status: number; json: string }
  | { kind: "in-progress" }
  | { kind: "mismatch" };

export async function claimIdempotencyKey(ctx: EngineContext, input: { keyId: string; idempotencyKey: string; requestHash: string }): Promise<IdempotencyClaim> {
  const now = ctx.clock.now();
  const same = and(eq(s.apiIdempotency.keyId, input.keyId), eq(s.apiIdempotency.idempotencyKey, input.idempotencyKey));
  return ctx.db.transaction(async (tx) => {
    await tx.delete(s.apiIdempotency).where(and(same, lt(s.apiIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
    const [inserted] = await tx
      .insert(s.apiIdempotency)
      .values({ keyId: input.keyId, idempotencyKey: input.idempotencyKey, requestHash: input.requestHash, state: "pending", createdAt: now })
      .onConflictDoNothing()
      .returning({ id: s.apiIdempotency.id });
    if (inserted) return { kind: "run", id: inserted.id };
    const [row] = await tx.select().from(s.apiIdempotency).where(same).for("update");
    if (!row) return { kind: "in-progress" };
    if (row.requestHash !== input.requestHash) return { kind: "mismatch" };
    if (row.state === "done") return { kind: "replay", status: row.responseStatus ?? 200, json: row.responseBody ?? "null" };
    if (now.getTime() - row.createdAt.getTime() < IDEMPOTENCY_PENDING_STALE_MS) return { kind: "in-progress" };
    await tx.update(s.apiIdempotency).set({ createdAt: now }).where(eq(s.apiIdempotency.id, row.id));
    return { kind: "run", id: row.id };
  });
}

/** The call's answer, replayed from now on. */
export async function completeIdempotencyKey(ctx: EngineContext, id: number, answer: { status: number; body: unknown }): Promise<void> {
  await ctx.db
    .update(s.apiIdempotency)
    .set({ state: "done", responseStatus: answer.status, responseBody: JSON.stringify(answer.body) })
    .where(eq(s.apiIdempotency.id, id));
}

/** The call failed in a way worth trying again (the database away, a bug): the next request runs it. */
export async function releaseIdempotencyKey(ctx: EngineContext, id: number): Promise<void> {
  await ctx.db.delete(s.apiIdempotency).where(and(eq(s.apiIdempotency.id, id), eq(s.apiIdempotency.state, "pending")));
}
