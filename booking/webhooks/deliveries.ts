/**
 * What operations see of webhook deliveries (ADR 181): per endpoint, each delivery's state, tries,
 * last HTTP status or error and next try; a dead delivery can be delivered again (same event id and
 * body, so a partner that already has it de-duplicates it).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import { NotFoundError } from "../domain/errors";
import { parseInput } from "../domain/validate";

const carrierCode = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);

const listInput = z.object({
  carrierCode: carrierCode.nullish(),
  endpointId: z.string().min(1).max(64).nullish(),
  state: z.enum(["pending", "sending", "sent", "failed", "dead", "skipped"]).nullish(),
  limit: z.number().int().min(1).max(500).default(100),
});

export interface WebhookDeliveryView {
  id: number;
  carrierCode: string;
  endpointId: string;
  eventId: string;
  type: string;
  orderRef: number | null;
  state: s.ScheduledJobState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  /** When it is tried next (pending or failed), otherwise null. */
  nextTryAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const t = s.scheduledJobs;

export async function listWebhookDeliveries(db: DbOrTx, input: z.input<typeof listInput> = {}): Promise<WebhookDeliveryView[]> {
  const data = parseInput(listInput, input);
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.type, "webhook"),
        data.carrierCode ? eq(t.carrierCode, data.carrierCode) : undefined,
        data.state ? eq(t.state, data.state) : undefined,
        data.endpointId ? sql`${t.payload}->'webhook'->>'endpointId' = ${data.endpointId}` : undefined,
      ),
    )
    .orderBy(desc(t.id))
    .limit(data.limit);
  return rows.map((r) => ({
    id: r.id,
    carrierCode: r.carrierCode ?? "",
    endpointId: r.payload?.webhook?.endpointId ?? "",
    eventId: r.payload?.webhook?.eventId ?? "",
    type: r.kind ?? "",
    orderRef: r.orderRef,
    state: r.state,
    attempts: r.attempts,
    lastStatus: r.payload?.webhook?.lastStatus ?? null,
    lastError: r.lastError,
    nextTryAt: r.state === "pending" || r.state === "failed" ? r.runAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** A dead (or failed) delivery goes back to pending, due now, its tries reset; `carrierCode` fences it to one carrier. */
export async function redeliverWebhook(db: DbOrTx, now: Date, input: { id: unknown; carrierCode?: string | null }): Promise<void> {
  const id = parseInput(z.coerce.number().int().positive(), input.id, "id");
  const carrier = input.carrierCode ? parseInput(carrierCode, input.carrierCode, "carrier") : null;
  const updated = await db
    .update(t)
    .set({ state: "pending", attempts: 0, runAt: now, doneAt: null, updatedAt: now })
    .where(and(eq(t.id, id), eq(t.type, "webhook"), inArray(t.state, ["dead", "failed"]), carrier ? eq(t.carrierCode, carrier) : undefined))
    .returning({ id: t.id });
  if (updated.length === 0) throw new NotFoundError("A dead or failed webhook delivery with that id");
}
