/** What an order's change tells the customer and the partners (ADR 093, ADR 180). */
import * as s from "../db/schema";
import { eq, sql } from "drizzle-orm";
import { enqueueMessage } from "../records/message-jobs";
import { enqueueWebhookEvent } from "../webhooks/events";
import type { DbOrTx } from "../db/open";
import type { CarrierContext } from "../domain/carrier";
import type { OrderRow } from "./rules";

/**
 * The order's appointment changed (ADR 093): the calendar event's SEQUENCE goes up and the customer
 * is told, by e-mail with the updated (or cancelled) invite and by SMS, in the change's transaction.
 */
export async function announceChange(
  tx: DbOrTx,
  carrier: CarrierContext,
  order: OrderRow,
  kind: "booking-cancelled" | "date-changed" | "address-changed",
  now: Date,
  change: { method: "REQUEST" | "CANCEL"; refund?: number; feeKept?: number; visit?: { date: string; window: { start: string; end: string } } },
): Promise<number> {
  const [raised] = await tx
    .update(s.orders)
    .set({ calendarSequence: sql`${s.orders.calendarSequence} + 1` })
    .where(eq(s.orders.id, order.id))
    .returning({ sequence: s.orders.calendarSequence });
  // The partners' webhooks (ADR 180), in the same transaction: the change and its deliveries commit together.
  const type = kind === "booking-cancelled" ? "order.cancelled" : kind === "date-changed" ? "order.date_changed" : "order.address_changed";
  await enqueueWebhookEvent(tx, { carrierCode: carrier.code, type, orderId: order.id, key: `${order.orderRef}:${raised!.sequence}`, now });
  await enqueueMessage(tx, {
    carrierCode: carrier.code,
    kind,
    locale: order.locale,
    orderRef: order.orderRef,
    eventKey: `${order.orderRef}:${raised!.sequence}`,
    runAt: now,
    // The values the message states as at this change (the refund and the fee kept; a move's new day and window), whatever changes later.
    payload: {
      calendar: { method: change.method, sequence: raised!.sequence },
      ...(change.refund !== undefined || change.visit
        ? { values: { ...(change.refund !== undefined ? { refund: change.refund, feeKept: change.feeKept ?? 0 } : {}), ...change.visit } }
        : {}),
    },
  });
  return raised!.sequence;
}

/** Something the customer sent for the order was accepted (IMEI, proof of purchase): a short e-mail says so. */
export async function acknowledge(tx: DbOrTx, carrier: CarrierContext, order: OrderRow, kind: "imei-accepted" | "proof-accepted", what: string, now: Date): Promise<void> {
  await enqueueMessage(tx, {
    carrierCode: carrier.code,
    kind,
    locale: order.locale,
    orderRef: order.orderRef,
    eventKey: `${order.orderRef}:${what}`,
    channels: ["email"],
    runAt: now,
  });
}
