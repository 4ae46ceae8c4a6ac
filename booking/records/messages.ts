/**
 * Which customer messages an order has scheduled, and when (issue 10 item 5, ADR 091): the evening
 * message at 18:00 the day before and the morning message at 08:00 on the day, in the carrier's
 * time zone, one row per channel. The instants are computed from the wall-clock time in that zone,
 * so a daylight-saving change between booking and sending never moves them.
 */
import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { OrderNotFoundError } from "../domain/errors";
import { addDays, zonedTime, type IsoDate } from "../domain/time";
import { parseInput } from "../domain/validate";

export const MESSAGE_KINDS = ["evening-before", "morning-of"] as const;
export type ScheduledMessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_CHANNELS = ["email", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const EVENING_MESSAGE_TIME = "18:00";
export const MORNING_MESSAGE_TIME = "08:00";

/** Rows that may still be sent: a date change or cancellation withdraws them. */
const OPEN_STATES: s.ScheduledJobState[] = ["pending", "failed"];

export interface PlannedMessage {
  kind: ScheduledMessageKind;
  runAt: Date;
  /** Not worth sending after this: the evening message once the morning one is due, the morning one once the day is over. */
  expiresAt: Date;
}

/**
 * When an appointment on `date` gets its messages, seen at `now`. A message whose time has already
 * passed is not planned (ADR 215): the plan is made with the event's own message, sent at the same
 * moment (the confirmation at checkout, the date-change message), which tells the customer the same
 * day, window and links. So a booking made after 18:00 for tomorrow gets its confirmation and then
 * the morning message; a same-day booking made after 08:00 is confirmed at checkout (spec §1) and
 * gets no second message; an appointment day already over gets none.
 */
export function planMessages(carrier: Pick<CarrierContext, "timezone">, date: IsoDate, now: Date): PlannedMessage[] {
  const zone = carrier.timezone;
  const morning = zonedTime(date, MORNING_MESSAGE_TIME, zone);
  const plan: PlannedMessage[] = [
    { kind: "evening-before", runAt: zonedTime(addDays(date, -1), EVENING_MESSAGE_TIME, zone), expiresAt: morning },
    { kind: "morning-of", runAt: morning, expiresAt: zonedTime(addDays(date, 1), "00:00", zone) },
  ];
  return plan.filter(({ runAt }) => runAt > now);
}

export function messageDedupeKey(orderRef: number, kind: ScheduledMessageKind, channel: MessageChannel, sequence: number): string {
  return `${orderRef}:${kind}:${channel}:${sequence}`;
}

async function insertPlan(db: DbOrTx, carrier: CarrierContext, orderRef: number, locale: string, sequence: number, plan: PlannedMessage[]) {
  if (plan.length === 0) return;
  await db
    .insert(s.scheduledJobs)
    .values(
      plan.flatMap(({ kind, runAt, expiresAt }) =>
        MESSAGE_CHANNELS.map((channel) => ({
          type: "message" as const,
          dedupeKey: messageDedupeKey(orderRef, kind, channel, sequence),
          carrierCode: carrier.code,
          orderRef,
          kind,
          channel,
          locale,
          sequence,
          runAt,
          expiresAt,
        })),
      ),
    )
    .onConflictDoNothing({ target: s.scheduledJobs.dedupeKey });
}

/** The order's message rows; `plannedOnly`: the evening and morning messages, not what events sent (ADR 093). */
async function messageRows(db: DbOrTx, carrier: CarrierContext, orderRef: number, plannedOnly = false) {
  return db
    .select()
    .from(s.scheduledJobs)
    .where(
      and(
        eq(s.scheduledJobs.type, "message"),
        eq(s.scheduledJobs.carrierCode, carrier.code),
        eq(s.scheduledJobs.orderRef, orderRef),
        plannedOnly ? inArray(s.scheduledJobs.kind, [...MESSAGE_KINDS]) : undefined,
      ),
    )
    .orderBy(desc(s.scheduledJobs.sequence), s.scheduledJobs.runAt, s.scheduledJobs.id);
}

const scheduleInput = z.object({
  orderRef: z.coerce.number().int().positive(),
  /** The language the booking was made in; the renderer picks its texts with it. */
  locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, "a locale such as en or de-AT"),
});

/**
 * Schedules an order's evening and morning messages. Idempotent: an order that already has its
 * messages keeps them (call it again after every payment retry without fear of doubles).
 */
export async function scheduleOrderMessages(db: DbOrTx, carrier: CarrierContext, now: Date, input: z.input<typeof scheduleInput>) {
  const { orderRef, locale } = parseInput(scheduleInput, input);
  const [order] = await db
    .select({ date: s.orders.date, status: s.orders.status })
    .from(s.orders)
    .where(and(eq(s.orders.carrierCode, carrier.code), eq(s.orders.orderRef, orderRef)));
  if (!order) throw new OrderNotFoundError();
  const existing = await messageRows(db, carrier, orderRef, true);
  if (existing.length === 0 && order.status !== "CANCELLED") await insertPlan(db, carrier, orderRef, locale, 1, planMessages(carrier, order.date, now));
  return orderMessages(db, carrier, orderRef);
}

/**
 * A new order's evening and morning messages (the first generation), in the order's own transaction
 * (ADR 222): the order was written in it a moment ago with its date, so there is nothing to read back
 * and none planned yet — `scheduleOrderMessages` without its three reads.
 */
export async function planNewOrderMessages(db: DbOrTx, carrier: CarrierContext, now: Date, order: { orderRef: number; locale: string; date: IsoDate }): Promise<void> {
  await insertPlan(db, carrier, order.orderRef, order.locale, 1, planMessages(carrier, order.date, now));
}

/** Notices of money already given back: still true after a cancellation, so it never withdraws them (issue 36). */
const REFUND_NOTICE_KINDS = ["order-refunded", "order-partly-refunded"] as const;

/**
 * Withdraws the order's messages not yet sent; one in flight finishes. A cancellation withdraws
 * them all (a confirmation still waiting says nothing true any more) but a refund's notice (the
 * money was given back whatever happens next); a date change only the evening and morning messages
 * (`plannedOnly`), which it plans again.
 */
export async function cancelOrderMessages(db: DbOrTx, carrier: CarrierContext, orderRef: number, now: Date, plannedOnly = false): Promise<number> {
  const rows = await db
    .update(s.scheduledJobs)
    .set({ state: "cancelled", doneAt: now, updatedAt: now })
    .where(
      and(
        eq(s.scheduledJobs.type, "message"),
        eq(s.scheduledJobs.carrierCode, carrier.code),
        eq(s.scheduledJobs.orderRef, orderRef),
        inArray(s.scheduledJobs.state, OPEN_STATES),
        plannedOnly ? inArray(s.scheduledJobs.kind, [...MESSAGE_KINDS]) : notInArray(s.scheduledJobs.kind, [...REFUND_NOTICE_KINDS]),
      ),
    )
    .returning({ id: s.scheduledJobs.id });
  return rows.length;
}

/**
 * The order moved to `date`: its unsent messages are withdrawn and a new generation (the next
 * sequence) is planned for the new day, in the locale the messages were scheduled in. Messages
 * already sent for the old day stay on record. An order that never had messages scheduled gets none.
 */
export async function rescheduleOrderMessages(db: DbOrTx, carrier: CarrierContext, orderRef: number, date: IsoDate, now: Date): Promise<void> {
  const [latest] = await messageRows(db, carrier, orderRef, true);
  if (!latest) return;
  await cancelOrderMessages(db, carrier, orderRef, now, true);
  await insertPlan(db, carrier, orderRef, latest.locale ?? "en", latest.sequence + 1, planMessages(carrier, date, now));
}

export interface ScheduledMessageView {
  id: number;
  dedupeKey: string;
  orderRef: number;
  kind: string;
  channel: string;
  locale: string;
  sequence: number;
  state: s.ScheduledJobState;
  runAt: Date;
  attempts: number;
  lastError: string | null;
  provider: string | null;
  providerMessageId: string | null;
  doneAt: Date | null;
}

export function messageView(row: typeof s.scheduledJobs.$inferSelect): ScheduledMessageView {
  return {
    id: row.id,
    dedupeKey: row.dedupeKey,
    orderRef: row.orderRef!,
    kind: row.kind!,
    channel: row.channel!,
    locale: row.locale!,
    sequence: row.sequence,
    state: row.state,
    runAt: row.runAt,
    attempts: row.attempts,
    lastError: row.lastError,
    provider: row.provider,
    providerMessageId: row.providerMessageId,
    doneAt: row.doneAt,
  };
}

/** Every message row of an order, newest generation first, then by when it is due. */
export async function orderMessages(db: DbOrTx, carrier: CarrierContext, orderRef: number): Promise<ScheduledMessageView[]> {
  return (await messageRows(db, carrier, orderRef)).map(messageView);
}
