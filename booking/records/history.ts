/**
 * One history per order (issue 36 items 1 and 2, ADR 247). Every change to an order is recorded once,
 * by `recordOrderEvent`, in the transaction that makes the change: a rollback leaves no entry, a
 * retry of the same change (its `key`) adds none. Each entry names who made it: the customer, a staff
 * account (its display name as it was, and its id), a partner's API key (its name) or the system.
 *
 * The order's state (booked, moved, cancelled, refunded, partly refunded, completed) is derived from
 * the history by `deriveOrderState`, a pure function, and every view (the customer's manage and
 * tracking pages, the service desk, the technician's and the area manager's jobs, the partner API and
 * its webhooks, the messages) reads that one answer.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { OrderActorType, OrderEventKind } from "../db/schema";

export type { OrderActorType, OrderEventKind } from "../db/schema";

export const ORDER_EVENT_KINDS = [
  "booked",
  "paid",
  "message_sent",
  "message_failed",
  "date_changed",
  "address_changed",
  "on_the_way",
  "arrived",
  "completed",
  "cancelled",
  "refunded",
  "refund_failed",
  "imei_added",
  "proof_uploaded",
] as const satisfies readonly OrderEventKind[];

/** Who made a change. A staff account and a partner key carry their id and their name as it was. */
export type OrderActor = { type: "customer" } | { type: "system" } | { type: "staff"; id: string; name: string } | { type: "partner"; id: string; name: string };

export const CUSTOMER: OrderActor = { type: "customer" };
export const SYSTEM: OrderActor = { type: "system" };

const actorSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("customer") }),
  z.object({ type: z.literal("system") }),
  z.object({ type: z.literal("staff"), id: z.string().trim().min(1).max(80), name: z.string().trim().min(1).max(120) }),
  z.object({ type: z.literal("partner"), id: z.string().trim().min(1).max(80), name: z.string().trim().min(1).max(120) }),
]);

const eventInput = z.object({
  carrierCode: z.string().min(1),
  orderId: z.number().int().positive(),
  orderRef: z.number().int().positive(),
  kind: z.enum(ORDER_EVENT_KINDS),
  actor: actorSchema,
  details: z.record(z.string(), z.unknown()).optional(),
  amountMinor: z.number().int().min(0).nullable().optional(),
  /** The change's own name within the order (e.g. `refund:42`, `job:arrived`); the same key twice is one entry. */
  key: z.string().min(1).max(200),
  at: z.date(),
});

export type OrderEventInput = z.input<typeof eventInput>;

function rowOf(input: OrderEventInput): typeof s.orderEvents.$inferInsert {
  const data = eventInput.parse(input);
  const actor = data.actor;
  const named = actor.type === "staff" || actor.type === "partner" ? actor : null;
  return {
    carrierCode: data.carrierCode,
    orderId: data.orderId,
    orderRef: data.orderRef,
    kind: data.kind,
    actorType: actor.type,
    actorId: named?.id ?? null,
    actorName: named?.name ?? null,
    details: data.details ?? {},
    amountMinor: data.amountMinor ?? null,
    eventKey: data.key,
    occurredAt: data.at,
  };
}

/** Records changes to an order in the caller's transaction; how many were new (the same change, by its key, is recorded once). */
export async function recordOrderEvents(tx: DbOrTx, inputs: readonly OrderEventInput[]): Promise<number> {
  if (!inputs.length) return 0;
  const rows = await tx
    .insert(s.orderEvents)
    .values(inputs.map(rowOf))
    .onConflictDoNothing({ target: [s.orderEvents.carrierCode, s.orderEvents.orderId, s.orderEvents.eventKey] })
    .returning({ id: s.orderEvents.id });
  return rows.length;
}

/** Records one change to an order in the caller's transaction; false when the same change (its key) was recorded already. */
export async function recordOrderEvent(tx: DbOrTx, input: OrderEventInput): Promise<boolean> {
  return (await recordOrderEvents(tx, [input])) > 0;
}

/** One entry of an order's history as every view reads it. */
export interface OrderHistoryEntry {
  kind: OrderEventKind;
  at: string;
  /** `name` is the staff account's display name or the partner key's name; null for the customer and the system. */
  actor: { type: OrderActorType; id: string | null; name: string | null };
  details: Record<string, unknown>;
  amount_minor: number | null;
}

type OrderRow = typeof s.orders.$inferSelect;

/** The order's history, oldest first. An order with none recorded (older than the history) reads what its row says. */
export async function orderHistory(db: DbOrTx, order: OrderRow): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .select()
    .from(s.orderEvents)
    .where(and(eq(s.orderEvents.carrierCode, order.carrierCode), eq(s.orderEvents.orderId, order.id)))
    .orderBy(asc(s.orderEvents.occurredAt), asc(s.orderEvents.id));
  if (!rows.length) return historyFromRow(order);
  return rows.map((row) => ({
    kind: row.kind,
    at: row.occurredAt.toISOString(),
    actor: { type: row.actorType, id: row.actorId, name: row.actorName },
    details: row.details,
    amount_minor: row.amountMinor,
  }));
}

/** What an order's row tells of its life when nothing was recorded for it (the migration backfills; this covers any it could not). */
export function historyFromRow(order: OrderRow): OrderHistoryEntry[] {
  const entry = (kind: OrderEventKind, at: Date, amount: number | null = null, actor: OrderActorType = "customer"): OrderHistoryEntry => ({
    kind,
    at: at.toISOString(),
    actor: { type: actor, id: null, name: null },
    details: {},
    amount_minor: amount,
  });
  const entries = [entry("booked", order.createdAt)];
  if (order.transactionId && order.totalMinor > 0) entries.push(entry("paid", order.createdAt, order.totalMinor));
  if (order.repairedAt) entries.push(entry("completed", order.repairedAt, null, "staff"));
  if (order.status === "CANCELLED") entries.push(entry("cancelled", order.cancelledAt ?? order.updatedAt));
  if (order.refundedMinor > 0 && order.refundStatus !== "PENDING") entries.push(entry("refunded", order.updatedAt, order.refundedMinor, "system"));
  return entries;
}

export type OrderState = "booked" | "moved" | "cancelled" | "refunded" | "partly_refunded" | "completed";

export interface OrderStateSummary {
  state: OrderState;
  /** What the customer paid, and what was given back of it, in minor units. */
  paid_minor: number;
  refunded_minor: number;
  /** The call-out charge kept when the order was cancelled (0 when none). */
  fee_kept_minor: number;
  /** Nothing more can be changed: cancelled, refunded in full, or completed. */
  closed: boolean;
  /** When the state was reached (the last entry that set it). */
  since: string | null;
}

/**
 * The order's state from its history alone: cancelled and refunded in full close it (a cancellation
 * stays "cancelled" whatever it gave back); a finished repair is "completed"; some money given back
 * while the visit stands is "partly refunded"; a date or address change is "moved"; otherwise "booked".
 */
export function deriveOrderState(history: readonly Pick<OrderHistoryEntry, "kind" | "at" | "amount_minor" | "details">[]): OrderStateSummary {
  let paid = 0;
  let refunded = 0;
  let fee = 0;
  let cancelledAt: string | null = null;
  let completedAt: string | null = null;
  let movedAt: string | null = null;
  let refundedAt: string | null = null;
  let bookedAt: string | null = null;
  for (const entry of history) {
    const amount = entry.amount_minor ?? 0;
    switch (entry.kind) {
      case "booked":
        bookedAt ??= entry.at;
        break;
      case "paid":
        paid += amount;
        break;
      case "refunded":
        refunded += amount;
        refundedAt = entry.at;
        break;
      case "cancelled": {
        cancelledAt ??= entry.at;
        const kept = entry.details["fee_minor"];
        if (typeof kept === "number" && Number.isInteger(kept) && kept > 0) fee = kept;
        break;
      }
      case "completed":
        completedAt ??= entry.at;
        break;
      case "date_changed":
      case "address_changed":
        movedAt = entry.at;
        break;
      default:
        break;
    }
  }
  const summary = (state: OrderState, since: string | null, closed: boolean): OrderStateSummary => ({
    state,
    paid_minor: paid,
    refunded_minor: refunded,
    fee_kept_minor: fee,
    closed,
    since,
  });
  if (cancelledAt) return summary("cancelled", cancelledAt, true);
  if (paid > 0 && refunded >= paid) return summary("refunded", refundedAt, true);
  if (completedAt) return summary("completed", completedAt, true);
  if (refunded > 0) return summary("partly_refunded", refundedAt, false);
  if (movedAt) return summary("moved", movedAt, false);
  return summary("booked", bookedAt, false);
}

/** The order's state and history together, as the views carry them. */
export async function orderStateOf(db: DbOrTx, order: OrderRow): Promise<{ history: OrderHistoryEntry[]; summary: OrderStateSummary }> {
  const history = await orderHistory(db, order);
  return { history, summary: deriveOrderState(history) };
}

/** The states of several orders of one carrier at once (the day lists of jobs), by order id. */
export async function orderStates(db: DbOrTx, carrierCode: string, orders: readonly OrderRow[]): Promise<Map<number, OrderStateSummary>> {
  const states = new Map<number, OrderStateSummary>();
  if (!orders.length) return states;
  const rows = await db
    .select({
      orderId: s.orderEvents.orderId,
      kind: s.orderEvents.kind,
      occurredAt: s.orderEvents.occurredAt,
      amountMinor: s.orderEvents.amountMinor,
      details: s.orderEvents.details,
    })
    .from(s.orderEvents)
    .where(
      and(
        eq(s.orderEvents.carrierCode, carrierCode),
        inArray(
          s.orderEvents.orderId,
          orders.map((o) => o.id),
        ),
      ),
    )
    .orderBy(asc(s.orderEvents.occurredAt), asc(s.orderEvents.id));
  for (const order of orders) {
    const own = rows.filter((r) => r.orderId === order.id).map((r) => ({ kind: r.kind, at: r.occurredAt.toISOString(), amount_minor: r.amountMinor, details: r.details }));
    states.set(order.id, deriveOrderState(own.length ? own : historyFromRow(order)));
  }
  return states;
}

/** A scheduled message of an order sent, or given up (ADR 247): recorded by the scheduler's worker with its outcome. */
export async function recordMessageOutcome(
  tx: DbOrTx,
  row: Pick<typeof s.scheduledJobs.$inferSelect, "id" | "carrierCode" | "orderRef" | "kind" | "channel">,
  kind: "message_sent" | "message_failed",
  at: Date,
  error: string | null,
): Promise<void> {
  if (row.orderRef === null || !row.carrierCode) return;
  const [order] = await tx
    .select({ id: s.orders.id })
    .from(s.orders)
    .where(and(eq(s.orders.carrierCode, row.carrierCode), eq(s.orders.orderRef, row.orderRef)));
  if (!order) return;
  await recordOrderEvent(tx, {
    carrierCode: row.carrierCode,
    orderId: order.id,
    orderRef: row.orderRef,
    kind,
    actor: SYSTEM,
    key: `message:${row.id}`,
    at,
    details: { message_id: row.id, kind: row.kind, channel: row.channel, ...(error ? { error: error.slice(0, 500) } : {}) },
  });
}
