/** Cancelling an order (spec §4 "Cancel booking", ADR 250) and its refund (ADR 189). */
import * as s from "../db/schema";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { enqueueMessage } from "../records/message-jobs";
import { enqueueWebhookEvent } from "../webhooks/events";
import { cancelOrderMessages } from "../records/messages";
import type { BookingTransaction } from "../db/open";
import type { EngineContext } from "../context";
import { releaseHold } from "../availability/availability";
import type { CarrierContext } from "../domain/carrier";
import { ChangeWindowClosedError, OrderCancelledError, OrderRefundedError } from "../domain/errors";

import { parseInput } from "../domain/validate";
import { offerFreedCapacity } from "../waiting-list/waiting-list";
import { CUSTOMER, recordOrderEvent, type OrderActor } from "../records/history";
import { type OrderLookup, findOrder, type OrderView, orderJob, lookupOrder } from "./lookup";
import { announceChange } from "./notices";
import { type OrderRow, isMailIn, changeWindow, isFullyRefunded, cancellationQuote, cancellationRefund } from "./rules";

async function refundIfPaid(ctx: EngineContext, carrier: CarrierContext, order: OrderRow, amountMinor: number, actor: OrderActor): Promise<void> {
  if (order.refundStatus !== "PENDING" && order.refundStatus !== "FAILED") return;
  const now = ctx.clock.now();
  const where = and(eq(s.orders.carrierCode, carrier.code), eq(s.orders.id, order.id));
  // Nothing left to give back (refunded earlier, or the fee keeps it all): done without asking the gateway.
  if (amountMinor <= 0) {
    await ctx.db.update(s.orders).set({ refundStatus: "REFUNDED", updatedAt: now }).where(where);
    return;
  }
  // A pay-later order's transaction is the pay-later provider's order (ADR 024).
  const provider = order.paidViaCredit ? ctx.payLater : ctx.payments;
  const result = await provider
    .refund({ transactionId: order.transactionId!, amountMinor, idempotencyKey: `refund:${carrier.code}:${order.orderRef}`, carrierCode: carrier.code })
    .catch((error: unknown) => ({ ok: false as const, refundId: undefined, message: String(error) }));
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(s.orders)
      .set(
        result.ok
          ? { refundStatus: "REFUNDED", refundId: result.refundId ?? null, refundedMinor: sql`${s.orders.refundedMinor} + ${amountMinor}`, updatedAt: now }
          : { refundStatus: "FAILED", updatedAt: now },
      )
      .where(and(where, inArray(s.orders.refundStatus, ["PENDING", "FAILED"])))
      .returning();
    // Only the press whose refund is still open counts it: two presses at once share the gateway's
    // refund (one idempotency key), and the second finds it counted already (ADR 250).
    if (!updated) return;
    const base = { carrierCode: carrier.code, orderId: order.id, orderRef: order.orderRef, actor, amountMinor, at: now };
    if (!result.ok) {
      await recordOrderEvent(tx, {
        ...base,
        kind: "refund_failed",
        key: `cancel-refund-failed:${now.toISOString()}`,
        details: { cancellation: true, message: result.message ?? null },
      });
      return;
    }
    await recordOrderEvent(tx, {
      ...base,
      kind: "refunded",
      key: "cancel-refund",
      details: { cancellation: true, refund_id: result.refundId ?? null, full: (updated?.refundedMinor ?? 0) >= order.totalMinor },
    });
    await enqueueWebhookEvent(tx, { carrierCode: carrier.code, type: "order.refunded", orderId: order.id, key: `${order.orderRef}:refund:cancel`, now });
  });
}

/**
 * The order's visit is off (a cancellation, a refund in full): its day's hold goes back and the
 * technician's job is cancelled. The booking's row is locked before its hold, the order every writer
 * of a hold takes (ADR 238): the hold's delete updates the booking row by trigger (ADR 224).
 */
async function releaseVisit(tx: BookingTransaction, carrier: CarrierContext, order: OrderRow): Promise<void> {
  await tx.select({ id: s.bookings.id }).from(s.bookings).where(eq(s.bookings.id, order.bookingId)).for("update");
  await releaseHold(tx, carrier, order.bookingId);
  await tx
    .update(s.jobs)
    .set({ status: "CANCELLED" })
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.orderId, order.id)));
}

/**
 * A refund was given (customer service's, ADR 189), in the refund's own transaction (ADR 247): the
 * history records it with who gave it, the partners hear `order.refunded`, and the customer is told
 * by e-mail and SMS. A refund of everything that was paid closes a booking whose visit is still to
 * come: its reminders are withdrawn, its day's capacity goes back (to the waiting list first) and
 * the technician's job is cancelled, so no one is sent to an order that was given back.
 */
export async function recordRefund(
  tx: BookingTransaction,
  ctx: EngineContext,
  carrier: CarrierContext,
  order: OrderRow,
  refund: { key: string; amountMinor: number; actor: OrderActor; reason?: string; refundId?: string | null },
): Promise<{ full: boolean }> {
  const now = ctx.clock.now();
  const [current] = await tx.select().from(s.orders).where(eq(s.orders.id, order.id));
  const full = isFullyRefunded(current!);
  await recordOrderEvent(tx, {
    carrierCode: carrier.code,
    orderId: order.id,
    orderRef: order.orderRef,
    kind: "refunded",
    actor: refund.actor,
    key: `refund:${refund.key}`,
    at: now,
    amountMinor: refund.amountMinor,
    details: { full, refunded_minor: current!.refundedMinor, currency: order.currency, refund_id: refund.refundId ?? null, ...(refund.reason ? { reason: refund.reason } : {}) },
  });
  await enqueueWebhookEvent(tx, { carrierCode: carrier.code, type: "order.refunded", orderId: order.id, key: `${order.orderRef}:refund:${refund.key}`, now });
  const open = current!.status === "BOOKED" && !current!.repairedAt;
  if (full && open) {
    await cancelOrderMessages(tx, carrier, order.orderRef, now, true);
    await releaseVisit(tx, carrier, order);
    if (!isMailIn(order)) await offerFreedCapacity(tx, carrier, { now, offerMinutes: ctx.config.waitingListOfferMinutes }, order.areaCode, order.date);
  }
  await enqueueMessage(tx, {
    carrierCode: carrier.code,
    kind: full ? "order-refunded" : "order-partly-refunded",
    locale: order.locale,
    orderRef: order.orderRef,
    eventKey: `${order.orderRef}:refund:${refund.key}`,
    runAt: now,
    payload: { values: { refund: refund.amountMinor } },
  });
  return { full };
}

const cancelOptions = z.object({
  /**
   * Customer service only (ADR 189): keep the carrier's call-out charge out of the refund, or not,
   * late or not. Absent (the customer's own cancellation): kept when late (inside 24 hours, ADR 250).
   */
  keep_fee: z.boolean().optional(),
});

/**
 * Spec §7 GET /orders/{id}/cancel: cancels the order, releases its day's capacity and refunds a paid
 * order through the payment port (idempotently: cancelling again retries a refund that failed).
 * The refund is what is left of the payment (never more than was paid), less the fee when kept:
 * inside 24 hours of the visit always (spec §9, ADR 250), otherwise when customer service keeps it.
 * Once the appointment has begun or the technician is on the way it is refused (call us).
 */
export async function cancelOrder(
  ctx: EngineContext,
  carrier: CarrierContext,
  lookup: OrderLookup,
  options: z.input<typeof cancelOptions> = {},
  actor: OrderActor = CUSTOMER,
): Promise<OrderView> {
  const { keep_fee: keepFee } = parseInput(cancelOptions, options ?? {});
  const outcome = await ctx.db.transaction(async (tx) => {
    const locked = await findOrder(tx, carrier, lookup, true);
    if (locked.status === "CANCELLED") {
      // A retry of a refund that did not go through: the fee as it stood when the order was cancelled.
      const lateThen = locked.cancelledAt !== null && changeWindow(carrier, locked, locked.cancelledAt) === "late";
      if (locked.refundStatus === "FAILED" || locked.refundStatus === "PENDING")
        return { order: locked, refund: cancellationRefund(carrier, locked, keepFee === true || lateThen) };
      throw new OrderCancelledError();
    }
    // Refunded in full (ADR 247): closed like a cancellation, nothing left to cancel or refund.
    if (isFullyRefunded(locked)) throw new OrderRefundedError();
    const now = ctx.clock.now();
    const window = changeWindow(carrier, locked, now, await orderJob(tx, carrier, locked));
    if (window === "closed") throw new ChangeWindowClosedError();
    await releaseVisit(tx, carrier, locked);
    const paid = !!locked.transactionId && locked.totalMinor > 0;
    // The customer's late cancellation keeps the fee; customer service decides for itself (ADR 189).
    const keep = keepFee ?? window === "late";
    const refund = cancellationRefund(carrier, locked, keep);
    const [updated] = await tx
      .update(s.orders)
      .set({ status: "CANCELLED", cancelledAt: now, updatedAt: now, refundStatus: paid ? "PENDING" : null })
      .where(eq(s.orders.id, locked.id))
      .returning();
    await cancelOrderMessages(tx, carrier, locked.orderRef, now);
    const { kept } = cancellationQuote(carrier, locked, keep);
    // The history (ADR 247): who cancelled, and the call-out charge kept out of the refund when one was (ADR 250).
    const feeMinor = paid ? kept : 0;
    await recordOrderEvent(tx, {
      carrierCode: carrier.code,
      orderId: locked.id,
      orderRef: locked.orderRef,
      kind: "cancelled",
      actor,
      key: "cancelled",
      at: now,
      amountMinor: feeMinor > 0 ? feeMinor : null,
      details: { keep_fee: keep, fee_minor: feeMinor, refund_minor: refund, currency: locked.currency },
    });
    // After the history, so the partners' event carries the cancellation's state and amounts (ADR 247).
    await announceChange(tx, carrier, locked, "booking-cancelled", now, { method: "CANCEL", refund, feeKept: kept });
    // The freed unit goes to the first customer waiting in the area (ADR 094); a mail-in order held none.
    if (!isMailIn(locked)) await offerFreedCapacity(tx, carrier, { now, offerMinutes: ctx.config.waitingListOfferMinutes }, locked.areaCode, locked.date);
    return { order: updated!, refund };
  });
  await refundIfPaid(ctx, carrier, outcome.order, outcome.refund, actor);
  return lookupOrder(ctx, carrier, lookup);
}
