/** The operator's view of scheduled work (ADR 091, docs/operations.md): what is dead, and putting it back. */
import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import { NotFoundError } from "../domain/errors";
import { parseInput } from "../domain/validate";

const STATES = ["pending", "sending", "sent", "failed", "dead", "cancelled", "skipped"] as const;

const listInput = z.object({
  state: z.enum(STATES).default("dead"),
  carrierCode: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/)
    .nullish(),
  limit: z.number().int().min(1).max(500).default(100),
});

export interface ScheduledJobView {
  id: number;
  type: string;
  dedupeKey: string;
  carrierCode: string | null;
  orderRef: number | null;
  kind: string | null;
  channel: string | null;
  state: s.ScheduledJobState;
  runAt: Date;
  attempts: number;
  lastError: string | null;
  updatedAt: Date;
}

export async function listScheduledJobs(db: DbOrTx, input: z.input<typeof listInput>): Promise<ScheduledJobView[]> {
  const { state, carrierCode, limit } = parseInput(listInput, input);
  const t = s.scheduledJobs;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.state, state), carrierCode ? eq(t.carrierCode, carrierCode) : undefined))
    .orderBy(desc(t.updatedAt), desc(t.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    dedupeKey: r.dedupeKey,
    carrierCode: r.carrierCode,
    orderRef: r.orderRef,
    kind: r.kind,
    channel: r.channel,
    state: r.state,
    runAt: r.runAt,
    attempts: r.attempts,
    lastError: r.lastError,
    updatedAt: r.updatedAt,
  }));
}

export async function retryScheduledJob(db: DbOrTx, now: Date, id: unknown): Promise<void> {
  const jobId = parseInput(z.coerce.number().int().positive(), id, "id");
  const t = s.scheduledJobs;
  const updated = await db
    .update(t)
    .set({ state: "pending", attempts: 0, runAt: now, doneAt: null, updatedAt: now })
    .where(and(eq(t.id, jobId), inArray(t.state, ["dead", "failed"])))
    .returning({ id: t.id });
  if (updated.length === 0) throw new NotFoundError("A dead or failed scheduled job with that id");
}
