/**
 * The order's rules without the database: the 24-hour notice (spec §9, ADR 250), a repair by post
 * (ADR 140), the call-out charge and what a cancellation keeps and gives back (ADR 189).
 */
import * as s from "../db/schema";
import { appointmentStart } from "../availability/availability";
import type { CarrierContext } from "../domain/carrier";
import type { OrderView } from "./lookup";

export type OrderRow = typeof s.orders.$inferSelect;

/** Notice needed to cancel or change online (spec §9). */
export const CHANGE_NOTICE_HOURS = 24;

/** A mail-in order has no visit (ADR 140): its row keeps no technician and no time slot. */
export const isMailIn = (order: OrderRow): boolean => order.slot === "";

/** 24 hours before the visit; a mail-in order has no visit, so no deadline before the device is posted. */
export function changeDeadline(carrier: CarrierContext, order: OrderRow): Date | null {
  if (isMailIn(order)) return null;
  return new Date(appointmentStart(carrier, order.date, order.slot).getTime() - CHANGE_NOTICE_HOURS * 3_600_000);
}

/**
 * Where the order stands against the 24-hour rule at `at` (ADR 250): "open" before the deadline (a
 * mail-in order always), "late" inside the 24 hours before the visit, "closed" once the appointment
 * has begun or the technician has reported a step (on the way, started, completed).
 */
export type ChangeWindow = "open" | "late" | "closed";
export function changeWindow(carrier: CarrierContext, order: OrderRow, at: Date, job: Pick<typeof s.jobs.$inferSelect, "workStatus"> | null = null): ChangeWindow {
  if (isMailIn(order)) return "open";
  if (job?.workStatus) return "closed";
  const start = appointmentStart(carrier, order.date, order.slot).getTime();
  if (at.getTime() >= start) return "closed";
  return at.getTime() >= start - CHANGE_NOTICE_HOURS * 3_600_000 ? "late" : "open";
}

/** The carrier's call-out charge (spec §9: 59.00 GBP, 99 EUR, 99.00 AUD/USD/CAD; a CMS field, ADR 001); 0 when it has none. */
export function callOutFee(carrier: Pick<CarrierContext, "hasCallOutCharge" | "callOutCharge">): number {
  return carrier.hasCallOutCharge ? carrier.callOutCharge : 0;
}

/** Everything paid was given back (customer service's refunds, ADR 247): the order is closed like a cancelled one. */
export const isFullyRefunded = (order: Pick<OrderRow, "transactionId" | "totalMinor" | "refundedMinor">): boolean =>
  !!order.transactionId && order.totalMinor > 0 && order.refundedMinor >= order.totalMinor;

/** What is left of the order's payment to give back: the total less what was refunded already (customer service's partial refunds, ADR 189). */
export function refundableMinor(order: Pick<OrderRow, "transactionId" | "totalMinor" | "refundedMinor">): number {
  return order.transactionId ? Math.max(0, order.totalMinor - order.refundedMinor) : 0;
}

/**
 * What a cancellation keeps and gives back (ADR 189, 250): of what is left of the payment, the
 * carrier's call-out charge is kept when it applies (a late cancellation, or staff keeping it),
 * never more than is left; the rest is refunded, never below 0. A pay-later order alike.
 */
export function cancellationQuote(
  carrier: Pick<CarrierContext, "hasCallOutCharge" | "callOutCharge">,
  order: Pick<OrderRow, "transactionId" | "totalMinor" | "refundedMinor">,
  keepFee: boolean,
) {
  const fee = keepFee ? callOutFee(carrier) : 0;
  const paid = refundableMinor(order);
  const kept = Math.min(fee, paid);
  return { fee, paid, kept, refund: paid - kept };
}

export function cancellationRefund(carrier: CarrierContext, order: OrderRow, keepFee: boolean): number {
  return cancellationQuote(carrier, order, keepFee).refund;
}

/**
 * A cancelled order's outcome, once its refund is settled (or there was nothing to refund): what was
 * paid and not given back is what was kept. Read from the order's own amounts, so a later goodwill
 * refund by customer service shows at once.
 */
export function settledCancellation(order: Pick<OrderRow, "status" | "transactionId" | "totalMinor" | "refundedMinor" | "refundStatus" | "currency">): OrderView["cancellation"] {
  if (order.status !== "CANCELLED" || order.refundStatus === "PENDING" || order.refundStatus === "FAILED") return null;
  const paid = order.transactionId ? order.totalMinor : 0;
  const refunded = Math.min(order.refundedMinor, paid);
  return { fee_kept: paid - refunded, refunded, currency: order.currency };
}
