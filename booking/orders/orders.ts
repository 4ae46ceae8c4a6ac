/**
 * Managing an order (spec §4 "Order lookup", "Cancel booking", "Change date", "Change address",
 * "IMEI per device", "Proof of purchase"; §7 "Orders"). The customer proves ownership with the order
 * reference and the e-mail; a wrong one of either gives the same ORDER_NOT_FOUND.
 *
 * 24 hours' notice (spec §9): cancel, date and address changes are refused online once the
 * appointment window opens within 24 hours (ORDER_CHANGE_WINDOW_CLOSED, spec §6 wording).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { enqueueMessage } from "../scheduler/message-jobs";
import { enqueueWebhookEvent } from "../webhooks/events";
import { cancelOrderMessages, rescheduleOrderMessages } from "../scheduler/messages";
import { inOrder, type BookingTransaction, type DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { EngineContext } from "../context";
import { appointmentStart, holdDay, loadAvailability, releaseHold, type AvailabilityDay } from "../availability/availability";
import { addressInput } from "../bookings/bookings";
import { assignTechnician } from "../bookings/checkout";
import type { BookingDeviceView } from "../bookings/state";
import { areaForAddress, normaliseForCarrier } from "../coverage/coverage";
import type { CarrierContext } from "../domain/carrier";
import {
  ChangeWindowClosedError,
  DateUnavailableError,
  FIELD_MESSAGES,
  NoTechnicianError,
  OrderCancelledError,
  OrderDateUnavailableError,
  OrderNotFoundError,
  OrderRefundedError,
  ValidationError,
} from "../domain/errors";
import { interpolate, type LatLng } from "../domain/geo";
import { estimateArrival, isStale } from "../tracking/rules";
import { checkDeviceIdentifier, identifierKind } from "../domain/identifiers";
import { MAX_PROOF_BYTES } from "../domain/image-sniff";
import { normaliseProofImage } from "../images/proof-image";
import { calendarDate, id, plainText } from "../domain/inputs";
import { addMinutesToClock, fullDate } from "../domain/time";
import { parseInput } from "../domain/validate";
import { offerFreedCapacity } from "../waiting-list/waiting-list";
import { CUSTOMER, orderStateOf, recordOrderEvent, type OrderActor, type OrderHistoryEntry, type OrderStateSummary } from "./history";

export type OrderRow = typeof s.orders.$inferSelect;

/** Notice needed to cancel or change online (spec §9). */
export const CHANGE_NOTICE_HOURS = 24;

const lookupInput = z.object({
  order_ref: z
    .union([z.string(), z.number()], { error: "Your order reference is missing" })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, "Your order reference is missing")),
  email: plainText({ error: "Your email address is missing" }).trim().min(1, "Your email address is missing").toLowerCase(),
});
export type OrderLookup = z.input<typeof lookupInput>;

async function findOrder(db: DbOrTx, carrier: CarrierContext, lookup: OrderLookup, lock = false): Promise<OrderRow> {
  const { order_ref, email } = parseInput(lookupInput, lookup);
  if (!/^\d{1,15}$/.test(order_ref)) throw new OrderNotFoundError();
  const query = db
    .select()
    .from(s.orders)
    .where(and(eq(s.orders.carrierCode, carrier.code), eq(s.orders.orderRef, Number(order_ref))));
  const [order] = lock ? await query.for("update") : await query;
  if (!order || order.email.toLowerCase() !== email) throw new OrderNotFoundError();
  return order;
}

export interface OrderDeviceView {
  id: number;
  title: string;
  image_path: string;
  device_type: s.DeviceKind;
  device_make: string | null;
  /** Which identifier the device takes: IMEI (phones), serial number (tablets of the single make), none. */
  identifier: "imei" | "serial" | null;
  imei: string | null;
  imei_status: "not_supplied" | "supplied";
  proof_of_purchase_supplied: boolean;
  selected_problems_pricing: BookingDeviceView["selected_problems_pricing"];
  free_battery: BookingDeviceView["free_battery"];
  selected_upsells: BookingDeviceView["selected_upsells"];
}

export interface OrderView {
  order_id: number;
  reference: string;
  status: s.OrderStatus;
  /** A mail-in order (ADR 140): booking_date is the day it was booked, and there is no technician, timeslot or job. */
  booking: { order_id: number; booking_date: string; full_date: string; technician_id: string; timeslot: { start: string; end: string } | null };
  job: { id: number } | null;
  /** The customer sends the device by post (spec §3 is_mail_in_repair): no visit to change or track. */
  is_mail_in_repair: boolean;
  details: {
    email: string;
    first_name: string | null;
    last_name: string | null;
    phone_number: string | null;
    address_1: string;
    address_2: string;
    town: string;
    postcode: string;
  };
  billing_address: s.BillingAddressValue | null;
  devices: OrderDeviceView[];
  trackingVan: { technician_name: string; van_registration: string } | null;
  totals: { full_price: number; discount_total: number; total_price: number; currency: string };
  discount_code: string | null;
  payment_type: string | null;
  in_warranty: boolean | null;
  /** false within 24 hours of the appointment: the manage page shows the "please call" text. */
  can_change_online: boolean;
  /** null for a mail-in order: no visit, so no 24-hour rule. */
  change_deadline: string | null;
  cancellation_charge: { applies: boolean; amount: number; currency: string };
  cancelled_at: string | null;
  /** How far the repair is (ADR 099): booked until the technician reports being on the way. */
  repair_status: "booked" | "on_the_way" | "in_progress" | "completed" | "cancelled";
  repaired_at: string | null;
  refund_status: OrderRow["refundStatus"];
  /** The order's state derived from its history (ADR 247): what every view says the order is. */
  state: OrderStateSummary["state"];
  /** Paid, given back and the fee kept, in minor units of `totals.currency`; `closed`: nothing more can be changed. */
  money: { paid_minor: number; refunded_minor: number; fee_kept_minor: number; currency: string };
  closed: boolean;
  /** Every change to the order, oldest first, with who made it. */
  history: OrderHistoryEntry[];
  created_at: string;
}

/** A mail-in order has no visit (ADR 140): its row keeps no technician and no time slot. */
const isMailIn = (order: OrderRow): boolean => order.slot === "";

/** 24 hours before the visit; a mail-in order has no visit, so no deadline before the device is posted. */
function changeDeadline(carrier: CarrierContext, order: OrderRow): Date | null {
  if (isMailIn(order)) return null;
  return new Date(appointmentStart(carrier, order.date, order.slot).getTime() - CHANGE_NOTICE_HOURS * 3_600_000);
}

/** Everything paid was given back (customer service's refunds, ADR 247): the order is closed like a cancelled one. */
export const isFullyRefunded = (order: Pick<OrderRow, "transactionId" | "totalMinor" | "refundedMinor">): boolean =>
  !!order.transactionId && order.totalMinor > 0 && order.refundedMinor >= order.totalMinor;

function assertChangeable(ctx: EngineContext, carrier: CarrierContext, order: OrderRow): void {
  if (order.status === "CANCELLED") throw new OrderCancelledError();
  if (isFullyRefunded(order)) throw new OrderRefundedError();
  const deadline = changeDeadline(carrier, order);
  if (deadline && ctx.clock.now().getTime() >= deadline.getTime()) throw new ChangeWindowClosedError();
}

/** Date and address changes move a visit; a repair by post has none (ADR 140). */
function assertHasVisit(order: OrderRow): void {
  if (isMailIn(order)) throw new ValidationError({ order: ["MAIL_IN_NO_VISIT"] });
}

async function orderView(db: DbOrTx, ctx: EngineContext, carrier: CarrierContext, order: OrderRow): Promise<OrderView> {
  const [[booking], [job], devices, [roster], [technician]] = await inOrder(
    () =>
      db
        .select()
        .from(s.bookings)
        .where(and(eq(s.bookings.carrierCode, carrier.code), eq(s.bookings.id, order.bookingId))),
    () =>
      db
        .select()
        .from(s.jobs)
        .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.orderId, order.id))),
    () =>
      db
        .select({ row: s.bookingDevices, kind: s.models.deviceType })
        .from(s.bookingDevices)
        .innerJoin(s.modelVersions, eq(s.modelVersions.id, s.bookingDevices.modelVersionId))
        .innerJoin(s.models, eq(s.models.id, s.modelVersions.modelId))
        .where(and(eq(s.bookingDevices.carrierCode, carrier.code), eq(s.bookingDevices.bookingId, order.bookingId)))
        .orderBy(asc(s.bookingDevices.position)),
    () => db.select().from(s.carrierRosters).where(eq(s.carrierRosters.carrierCode, carrier.code)),
    () =>
      db
        .select()
        .from(s.technicians)
        .where(and(eq(s.technicians.carrierCode, carrier.code), eq(s.technicians.id, order.technicianId))),
  );
  const { history, summary } = await orderStateOf(db, order);
  const cart = order.cart as { devices?: Record<string, BookingDeviceView> };
  const deadline = changeDeadline(carrier, order);
  const mailIn = isMailIn(order);
  return {
    order_id: order.orderRef,
    reference: booking!.reference,
    status: order.status,
    booking: {
      order_id: order.orderRef,
      booking_date: order.date,
      full_date: fullDate(order.date),
      technician_id: order.technicianId,
      timeslot: mailIn ? null : { start: order.slot, end: addMinutesToClock(order.slot, roster?.timeslotMinutes ?? 60) },
    },
    job: job ? { id: job.id } : null,
    is_mail_in_repair: mailIn,
    details: {
      email: order.email,
      first_name: booking!.firstName,
      last_name: booking!.lastName,
      phone_number: booking!.phoneNumber,
      address_1: order.address.line_1,
      address_2: order.address.line_2,
      town: order.address.town,
      postcode: order.address.postcode,
    },
    billing_address: booking!.billingAddress,
    devices: devices.map(({ row, kind }) => {
      const snapshot = cart.devices?.[row.key];
      return {
        id: row.id,
        title: snapshot?.device.title ?? "",
        image_path: snapshot?.device.image_path ?? "",
        device_type: kind,
        device_make: snapshot?.device.device_make ?? null,
        identifier: kind === "tablet" && row.makeId !== carrier.singleMakeId ? null : identifierKind(kind),
        imei: row.imei,
        imei_status: row.imei ? "supplied" : "not_supplied",
        proof_of_purchase_supplied: !!row.proofFileKey,
        selected_problems_pricing: snapshot?.selected_problems_pricing ?? [],
        free_battery: snapshot?.free_battery ?? null,
        selected_upsells: snapshot?.selected_upsells ?? [],
      };
    }),
    trackingVan: technician ? { technician_name: technician.name, van_registration: technician.vanRegistration } : null,
    totals: { full_price: order.fullPriceMinor, discount_total: order.discountMinor, total_price: order.totalMinor, currency: order.currency },
    discount_code: order.discountCode,
    payment_type: order.paymentType,
    in_warranty: booking!.inWarranty,
    can_change_online: order.status === "BOOKED" && !summary.closed && (!deadline || ctx.clock.now().getTime() < deadline.getTime()),
    change_deadline: deadline?.toISOString() ?? null,
    cancellation_charge: { applies: carrier.hasCallOutCharge, amount: carrier.hasCallOutCharge ? carrier.callOutCharge : 0, currency: carrier.currency },
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    repair_status: repairStatus(order, job ?? null),
    repaired_at: order.repairedAt?.toISOString() ?? null,
    refund_status: order.refundStatus,
    state: summary.state,
    money: { paid_minor: summary.paid_minor, refunded_minor: summary.refunded_minor, fee_kept_minor: summary.fee_kept_minor, currency: order.currency },
    closed: summary.closed,
    history,
    created_at: order.createdAt.toISOString(),
  };
}

function repairStatus(order: OrderRow, job: typeof s.jobs.$inferSelect | null): OrderView["repair_status"] {
  if (order.status === "CANCELLED" || job?.status === "CANCELLED") return "cancelled";
  if (!job) return "booked";
  if (job.workStatus === "COMPLETED") return "completed";
  if (job.workStatus === "STARTED") return "in_progress";
  if (job.workStatus === "ON_THE_WAY") return "on_the_way";
  return "booked";
}

/** Spec §7 GET /customer/{ref}?email. */
export async function lookupOrder(ctx: EngineContext, carrier: CarrierContext, lookup: OrderLookup): Promise<OrderView> {
  return orderView(ctx.db, ctx, carrier, await findOrder(ctx.db, carrier, lookup));
}

/** Spec §7 GET /customer/{ref}/devices?email. */
export async function orderDevices(ctx: EngineContext, carrier: CarrierContext, lookup: OrderLookup): Promise<OrderDeviceView[]> {
  return (await lookupOrder(ctx, carrier, lookup)).devices;
}

/** What is left of the order's payment to give back: the total less what was refunded already (customer service's partial refunds, ADR 189). */
export function refundableMinor(order: Pick<OrderRow, "transactionId" | "totalMinor" | "refundedMinor">): number {
  return order.transactionId ? Math.max(0, order.totalMinor - order.refundedMinor) : 0;
}

/** What a cancellation gives back: what is left, less the carrier's call-out charge when staff keep it (ADR 189). */
function cancellationRefund(carrier: CarrierContext, order: OrderRow, keepFee: boolean): number {
  const fee = keepFee && carrier.hasCallOutCharge ? carrier.callOutCharge : 0;
  return Math.max(0, refundableMinor(order) - fee);
}

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
      .where(where)
      .returning();
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
    await tx.select({ id: s.bookings.id }).from(s.bookings).where(eq(s.bookings.id, order.bookingId)).for("update");
    await releaseHold(tx, carrier, order.bookingId);
    await tx
      .update(s.jobs)
      .set({ status: "CANCELLED" })
      .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.orderId, order.id)));
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
  /** Customer service only (ADR 189): keep the carrier's call-out charge out of the refund. The customer's own cancellation refunds everything left. */
  keep_fee: z.boolean().optional(),
});

/**
 * Spec §7 GET /orders/{id}/cancel: cancels the order, releases its day's capacity and refunds a paid
 * order through the payment port (idempotently: cancelling again retries a refund that failed).
 * The refund is what is left of the payment (never more than was paid), less the fee when kept.
 */
export async function cancelOrder(
  ctx: EngineContext,
  carrier: CarrierContext,
  lookup: OrderLookup,
  options: z.input<typeof cancelOptions> = {},
  actor: OrderActor = CUSTOMER,
): Promise<OrderView> {
  const { keep_fee: keepFee = false } = parseInput(cancelOptions, options ?? {});
  const outcome = await ctx.db.transaction(async (tx) => {
    const locked = await findOrder(tx, carrier, lookup, true);
    if (locked.status === "CANCELLED") {
      if (locked.refundStatus === "FAILED" || locked.refundStatus === "PENDING") return { order: locked, refund: cancellationRefund(carrier, locked, keepFee) };
      throw new OrderCancelledError();
    }
    assertChangeable(ctx, carrier, locked);
    const now = ctx.clock.now();
    // The booking's row before its hold, the order every writer of a hold takes (ADR 238): the hold's
    // delete updates the booking row by trigger (ADR 224).
    await tx.select({ id: s.bookings.id }).from(s.bookings).where(eq(s.bookings.id, locked.bookingId)).for("update");
    await releaseHold(tx, carrier, locked.bookingId);
    await tx
      .update(s.jobs)
      .set({ status: "CANCELLED" })
      .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.orderId, locked.id)));
    const paid = !!locked.transactionId && locked.totalMinor > 0;
    const refund = cancellationRefund(carrier, locked, keepFee);
    const [updated] = await tx
      .update(s.orders)
      .set({ status: "CANCELLED", cancelledAt: now, updatedAt: now, refundStatus: paid ? "PENDING" : null })
      .where(eq(s.orders.id, locked.id))
      .returning();
    await cancelOrderMessages(tx, carrier, locked.orderRef, now);
    await announceChange(tx, carrier, locked, "booking-cancelled", now, { method: "CANCEL", refund });
    // The history (ADR 247): who cancelled, and the call-out charge kept out of the refund when one was.
    const feeMinor = paid ? Math.max(0, refundableMinor(locked) - refund) : 0;
    await recordOrderEvent(tx, {
      carrierCode: carrier.code,
      orderId: locked.id,
      orderRef: locked.orderRef,
      kind: "cancelled",
      actor,
      key: "cancelled",
      at: now,
      amountMinor: feeMinor > 0 ? feeMinor : null,
      details: { keep_fee: keepFee, fee_minor: feeMinor, refund_minor: refund, currency: locked.currency },
    });
    // The freed unit goes to the first customer waiting in the area (ADR 094); a mail-in order held none.
    if (!isMailIn(locked)) await offerFreedCapacity(tx, carrier, { now, offerMinutes: ctx.config.waitingListOfferMinutes }, locked.areaCode, locked.date);
    return { order: updated!, refund };
  });
  await refundIfPaid(ctx, carrier, outcome.order, outcome.refund, actor);
  return lookupOrder(ctx, carrier, lookup);
}

/**
 * The order's appointment changed (ADR 093): the calendar event's SEQUENCE goes up and the customer
 * is told, by e-mail with the updated (or cancelled) invite and by SMS, in the change's transaction.
 */
async function announceChange(
  tx: DbOrTx,
  carrier: CarrierContext,
  order: OrderRow,
  kind: "booking-cancelled" | "date-changed" | "address-changed",
  now: Date,
  change: { method: "REQUEST" | "CANCEL"; refund?: number },
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
    payload: { calendar: { method: change.method, sequence: raised!.sequence }, ...(change.refund !== undefined ? { values: { refund: change.refund } } : {}) },
  });
  return raised!.sequence;
}

/** Something the customer sent for the order was accepted (IMEI, proof of purchase): a short e-mail says so. */
async function acknowledge(tx: DbOrTx, carrier: CarrierContext, order: OrderRow, kind: "imei-accepted" | "proof-accepted", what: string, now: Date): Promise<void> {
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

const orderDaysInput = z.object({
  start_date: calendarDate.optional().nullable(),
  days_to_load: z.coerce.number().int().min(1).max(31).optional(),
});

/** Spec §7 GET /orders/{order}/load-days/{date}/10: the order's area, its own hold not counted against it. */
export async function orderAvailability(ctx: EngineContext, carrier: CarrierContext, lookup: OrderLookup, input: z.input<typeof orderDaysInput> = {}): Promise<AvailabilityDay[]> {
  const data = parseInput(orderDaysInput, input ?? {});
  const order = await findOrder(ctx.db, carrier, lookup);
  if (order.status === "CANCELLED") throw new OrderCancelledError();
  if (isFullyRefunded(order)) throw new OrderRefundedError();
  assertHasVisit(order);
  return loadAvailability(ctx.db, carrier, ctx.clock.now(), {
    areaCode: order.areaCode,
    startDate: data.start_date,
    daysToLoad: data.days_to_load,
    selectedDate: order.date,
    excludeBookingId: order.bookingId,
  });
}

export const REASON_MESSAGE = FIELD_MESSAGES.REASON_TOO_SHORT;

/** A reason of more than three words: the customer's date change, and every customer-service action (ADR 189). */
export const reasonInput = z
  .string({ error: REASON_MESSAGE })
  .trim()
  .refine((r) => r.split(" ").filter(Boolean).length > 3, REASON_MESSAGE)
  .pipe(z.string().max(1000));

const changeDateInput = z.object({
  date: calendarDate,
  reason: reasonInput,
  /** A staff user changing the date; null for the customer. */
  user_id: z.string().max(80).optional().nullable(),
});

export interface DateChangeLogEntry {
  id: number;
  job_id: number;
  user_id: string | null;
  original_date: string;
  new_date: string;
  reason: string;
  original_technician: string;
  new_technician: string;
  created_at: string;
  /** Who moved it, as the order's history names them (ADR 247): the staff account's or the partner key's name; null for the customer and the system. */
  by: { type: OrderActor["type"]; name: string | null };
}

function logView(row: typeof s.dateChangeLog.$inferSelect, by: DateChangeLogEntry["by"]): DateChangeLogEntry {
  return {
    by,
    id: row.id,
    job_id: row.jobId,
    user_id: row.userId,
    original_date: row.originalDate,
    new_date: row.newDate,
    reason: row.reason,
    original_technician: row.originalTechnician,
    new_technician: row.newTechnician,
    created_at: row.createdAt.toISOString(),
  };
}

async function moveJob(tx: BookingTransaction, carrier: CarrierContext, order: OrderRow, areaCode: string, day: string, now: Date) {
  const [job] = await tx
    .select()
    .from(s.jobs)
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.orderId, order.id)));
  const { technicianId, slot } = await assignTechnician(tx, carrier, areaCode, day, now, job!.id);
  await tx.update(s.jobs).set({ technicianId, date: day, slot }).where(eq(s.jobs.id, job!.id));
  return { job: job!, technicianId, slot, now };
}

/**
 * Spec §7 PUT /orders/{id}/date then POST /technicians/log/date-change: moves the order to another
 * available day (OR04 when it is not), reassigns the technician and logs the change.
 */
export async function changeOrderDate(
  ctx: EngineContext,
  carrier: CarrierContext,
  lookup: OrderLookup,
  input: z.input<typeof changeDateInput>,
  actor: OrderActor = CUSTOMER,
): Promise<{ order: OrderView; log: DateChangeLogEntry }> {
  const data = parseInput(changeDateInput, input);
  const log = await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, carrier, lookup, true);
    assertHasVisit(order);
    assertChangeable(ctx, carrier, order);
    if (data.date === order.date) throw new ValidationError({ date: ["DATE_UNCHANGED"] });
    const now = ctx.clock.now();
    try {
      // Takes the new day under its capacity lock; the order's single hold row moves there.
      await holdDay(tx, carrier, now, { bookingId: order.bookingId, areaCode: order.areaCode, day: data.date, expiresAt: null });
    } catch (error) {
      if (error instanceof DateUnavailableError) throw new OrderDateUnavailableError("Sorry, that date is not available. Please choose another date.");
      throw error;
    }
    const { job, technicianId, slot } = await moveJob(tx, carrier, order, order.areaCode, data.date, now);
    await tx.update(s.orders).set({ date: data.date, technicianId, slot, updatedAt: now }).where(eq(s.orders.id, order.id));
    await tx.update(s.bookings).set({ date: data.date, updatedAt: now }).where(eq(s.bookings.id, order.bookingId));
    await rescheduleOrderMessages(tx, carrier, order.orderRef, data.date, now);
    await announceChange(tx, carrier, order, "date-changed", now, { method: "REQUEST" });
    // The old day has a unit free for the waiting list; not waiting for its lock avoids a deadlock with a move the other way (ADR 094).
    await offerFreedCapacity(tx, carrier, { now, offerMinutes: ctx.config.waitingListOfferMinutes }, order.areaCode, order.date, { wait: false });
    const [entry] = await tx
      .insert(s.dateChangeLog)
      .values({
        carrierCode: carrier.code,
        jobId: job.id,
        userId: data.user_id ?? null,
        originalDate: order.date,
        newDate: data.date,
        reason: data.reason,
        originalTechnician: order.technicianId,
        newTechnician: technicianId,
        createdAt: now,
      })
      .returning();
    await recordOrderEvent(tx, {
      carrierCode: carrier.code,
      orderId: order.id,
      orderRef: order.orderRef,
      kind: "date_changed",
      actor,
      key: `date-change:${entry!.id}`,
      at: now,
      details: { from: order.date, to: data.date, slot_from: order.slot, slot_to: slot, reason: data.reason },
    });
    return entry!;
  });
  const named = actor.type === "staff" || actor.type === "partner" ? actor.name : null;
  return { order: await lookupOrder(ctx, carrier, lookup), log: logView(log, { type: actor.type, name: named }) };
}

export async function dateChangeLog(ctx: EngineContext, carrier: CarrierContext, jobId: number): Promise<DateChangeLogEntry[]> {
  const rows = await ctx.db
    .select({ log: s.dateChangeLog, actorType: s.orderEvents.actorType, actorName: s.orderEvents.actorName })
    .from(s.dateChangeLog)
    .innerJoin(s.jobs, eq(s.jobs.id, s.dateChangeLog.jobId))
    // The move's entry in the order's history names who made it (ADR 247).
    .leftJoin(
      s.orderEvents,
      and(
        eq(s.orderEvents.carrierCode, s.dateChangeLog.carrierCode),
        eq(s.orderEvents.orderId, s.jobs.orderId),
        eq(s.orderEvents.eventKey, sql`'date-change:' || ${s.dateChangeLog.id}`),
      ),
    )
    .where(and(eq(s.dateChangeLog.carrierCode, carrier.code), eq(s.dateChangeLog.jobId, parseInput(id, jobId, "job_id"))))
    .orderBy(asc(s.dateChangeLog.id));
  return rows.map(({ log, actorType, actorName }) =>
    logView(log, actorType ? { type: actorType, name: actorName } : log.userId ? { type: "staff", name: null } : { type: "customer", name: null }),
  );
}

const changeAddressInput = addressInput.pick({ line_1: true, line_2: true, town: true, postcode: true, latitude: true, longitude: true });

/**
 * Spec §7 PUT /orders/{id}/address. OR03 when no technician's area covers the address; OR04 when
 * the booked day has no room in the new area (change the date first).
 */
export async function changeOrderAddress(
  ctx: EngineContext,
  carrier: CarrierContext,
  lookup: OrderLookup,
  input: z.input<typeof changeAddressInput>,
  actor: OrderActor = CUSTOMER,
): Promise<OrderView> {
  const data = parseInput(changeAddressInput, input);
  const postcode = normaliseForCarrier(carrier, data.postcode);
  const area = await areaForAddress(ctx.db, carrier, { postcode, latitude: data.latitude, longitude: data.longitude });
  if (!area) throw new NoTechnicianError();
  const hasPoint = typeof data.latitude === "number" && typeof data.longitude === "number";
  const address: s.AddressValue = {
    postcode: postcode.display,
    line_1: data.line_1,
    line_2: data.line_2 ?? "",
    town: data.town,
    latitude: hasPoint ? data.latitude! : null,
    longitude: hasPoint ? data.longitude! : null,
  };
  await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, carrier, lookup, true);
    assertHasVisit(order);
    assertChangeable(ctx, carrier, order);
    const now = ctx.clock.now();
    let assignment = { technicianId: order.technicianId, slot: order.slot };
    if (area.code !== order.areaCode) {
      try {
        await holdDay(tx, carrier, now, { bookingId: order.bookingId, areaCode: area.code, day: order.date, expiresAt: null });
      } catch (error) {
        if (error instanceof DateUnavailableError) throw new OrderDateUnavailableError();
        throw error;
      }
      assignment = await moveJob(tx, carrier, order, area.code, order.date, now);
    }
    await tx.update(s.orders).set({ address, areaCode: area.code, technicianId: assignment.technicianId, slot: assignment.slot, updatedAt: now }).where(eq(s.orders.id, order.id));
    await tx.update(s.bookings).set({ address, postcode: postcode.display, areaCode: area.code, updatedAt: now }).where(eq(s.bookings.id, order.bookingId));
    const sequence = await announceChange(tx, carrier, order, "address-changed", now, { method: "REQUEST" });
    await recordOrderEvent(tx, {
      carrierCode: carrier.code,
      orderId: order.id,
      orderRef: order.orderRef,
      kind: "address_changed",
      actor,
      key: `address-change:${sequence}`,
      at: now,
      details: { from: order.address.postcode, to: address.postcode, area_from: order.areaCode, area_to: area.code },
    });
  });
  return lookupOrder(ctx, carrier, lookup);
}

const deviceLookupInput = z.object({
  device_id: id,
  email: plainText({ error: "Your email address is missing" }).trim().min(1, "Your email address is missing").toLowerCase(),
});

async function findOrderDevice(db: DbOrTx, carrier: CarrierContext, input: z.input<typeof deviceLookupInput>) {
  const { device_id, email } = parseInput(deviceLookupInput, input);
  const [found] = await db
    .select({ device: s.bookingDevices, order: s.orders, kind: s.models.deviceType })
    .from(s.bookingDevices)
    .innerJoin(s.orders, and(eq(s.orders.carrierCode, s.bookingDevices.carrierCode), eq(s.orders.bookingId, s.bookingDevices.bookingId)))
    .innerJoin(s.modelVersions, eq(s.modelVersions.id, s.bookingDevices.modelVersionId))
    .innerJoin(s.models, eq(s.models.id, s.modelVersions.modelId))
    .where(and(eq(s.bookingDevices.carrierCode, carrier.code), eq(s.bookingDevices.id, device_id)));
  if (!found || found.order.email.toLowerCase() !== email) throw new OrderNotFoundError();
  if (found.order.status === "CANCELLED") throw new OrderCancelledError();
  if (isFullyRefunded(found.order)) throw new OrderRefundedError();
  return found;
}

const imeiInput = deviceLookupInput.extend({ imei: plainText({ error: "Please enter your IMEI number." }), customer_update: z.boolean().optional() });

/** Spec §7 POST /orders/devices/{id}/imei: IMEI for phones, serial number for tablets of the single make. */
export async function setOrderDeviceImei(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof imeiInput>, actor: OrderActor = CUSTOMER): Promise<OrderDeviceView> {
  const data = parseInput(imeiInput, input);
  const found = await findOrderDevice(ctx.db, carrier, data);
  const value = checkDeviceIdentifier(carrier, { kind: found.kind, makeId: found.device.makeId }, data.imei);
  await ctx.db.transaction(async (tx) => {
    await tx.update(s.bookingDevices).set({ imei: value }).where(eq(s.bookingDevices.id, found.device.id));
    // The same number entered again is one message.
    await acknowledge(tx, carrier, found.order, "imei-accepted", `${found.device.id}:${value}`, ctx.clock.now());
    await recordOrderEvent(tx, {
      carrierCode: carrier.code,
      orderId: found.order.id,
      orderRef: found.order.orderRef,
      kind: "imei_added",
      actor,
      key: `imei:${found.device.id}:${value}`,
      at: ctx.clock.now(),
      details: { device_id: found.device.id, identifier: identifierKind(found.kind) },
    });
  });
  const view = await lookupOrder(ctx, carrier, { order_ref: String(found.order.orderRef), email: data.email });
  return view.devices.find((d) => d.id === found.device.id)!;
}

export const PROOF_FORMAT_MESSAGE = FIELD_MESSAGES.PROOF_FORMAT;
export const PROOF_SIZE_MESSAGE = FIELD_MESSAGES.PROOF_TOO_LARGE;

const proofInput = deviceLookupInput.extend({ bytes: z.instanceof(Uint8Array, { error: FIELD_MESSAGES.PROOF_MISSING }) });

/**
 * Spec §7 POST /orders/devices/{id}/validation-images: the proof of purchase, checked by its size and
 * whole content (a JPEG or PNG that decodes, never by its name), stored re-encoded through the
 * FileStorage port (ADR 056).
 */
export async function uploadProofOfPurchase(
  ctx: EngineContext,
  carrier: CarrierContext,
  input: z.input<typeof proofInput>,
  actor: OrderActor = CUSTOMER,
): Promise<OrderDeviceView> {
  const data = parseInput(proofInput, input);
  if (data.bytes.byteLength > MAX_PROOF_BYTES) throw new ValidationError({ image: ["PROOF_TOO_LARGE"] });
  // An empty file is no .jpg or .png either (spec §5's message).
  const image = await normaliseProofImage(data.bytes);
  if (!image) throw new ValidationError({ image: ["PROOF_FORMAT"] });
  const found = await findOrderDevice(ctx.db, carrier, data);
  const stored = await ctx.files.put({ carrierCode: carrier.code, name: `proof-${found.device.id}`, contentType: image.type, bytes: image.bytes });
  await ctx.db.transaction(async (tx) => {
    await tx.update(s.bookingDevices).set({ proofFileKey: stored.key, proofUploadedAt: ctx.clock.now() }).where(eq(s.bookingDevices.id, found.device.id));
    await acknowledge(tx, carrier, found.order, "proof-accepted", `${found.device.id}:${stored.key}`, ctx.clock.now());
    await recordOrderEvent(tx, {
      carrierCode: carrier.code,
      orderId: found.order.id,
      orderRef: found.order.orderRef,
      kind: "proof_uploaded",
      actor,
      key: `proof:${found.device.id}:${stored.key}`,
      at: ctx.clock.now(),
      details: { device_id: found.device.id },
    });
  });
  const view = await lookupOrder(ctx, carrier, { order_ref: String(found.order.orderRef), email: data.email });
  return view.devices.find((d) => d.id === found.device.id)!;
}

/* ───────────── technician tracking ───────────── */

/** The simulated van leaves its base this long before the window opens and arrives this long after. */
export const VAN_DEPARTS_BEFORE_MIN = 30;
export const VAN_ARRIVES_AFTER_MIN = 15;
export const REPAIR_MINUTES = 60;

export interface VanLocation {
  job_id: number;
  status: "scheduled" | "at_base" | "on_the_way" | "arrived" | "completed" | "cancelled";
  latitude: number | null;
  longitude: number | null;
  /**
   * Estimated arrival (ISO instant) while the van is on its way or before it leaves: from the reported
   * position and its distance once the technician reports one (ADR 115), none when that is stale.
   */
  eta: string | null;
  /** When the technician's browser reported the position shown; null for the simulated van. */
  position_at: string | null;
  /** The reported position is older than 10 minutes: the page shows it as "last seen at …". */
  stale: boolean;
  /** The engine's time of this answer (the minutes until the arrival count from it). */
  checked_at: string;
  technician_name: string;
  van_registration: string;
  window: { start: string; end: string };
  updated_at: string;
}

const vanInput = z.object({
  job_id: id,
  email: plainText({ error: "Your email address is missing" }).trim().min(1, "Your email address is missing").toLowerCase(),
});

/**
 * Spec §7 GET /vans/location?job_id&email: the technician's reported state and position once they
 * pressed 'on my way' (ADR 099); until then a simulated position from the clock. On the appointment
 * day the van waits at the technician's base, then moves in a straight line toward the customer,
 * arrives within the window, stays for the repair, and the job is completed.
 */
export async function vanLocation(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof vanInput>): Promise<VanLocation> {
  const { job_id, email } = parseInput(vanInput, input);
  const [found] = await ctx.db
    .select({ job: s.jobs, order: s.orders, technician: s.technicians, area: s.serviceAreas })
    .from(s.jobs)
    .innerJoin(s.orders, eq(s.orders.id, s.jobs.orderId))
    .innerJoin(s.technicians, and(eq(s.technicians.carrierCode, s.jobs.carrierCode), eq(s.technicians.id, s.jobs.technicianId)))
    .innerJoin(s.serviceAreas, and(eq(s.serviceAreas.carrierCode, s.orders.carrierCode), eq(s.serviceAreas.code, s.orders.areaCode)))
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.id, job_id)));
  if (!found || found.order.email.toLowerCase() !== email) throw new OrderNotFoundError();
  const now = ctx.clock.now();
  const start = appointmentStart(carrier, found.job.date, found.job.slot);
  const departs = new Date(start.getTime() - VAN_DEPARTS_BEFORE_MIN * 60_000);
  const arrives = new Date(start.getTime() + VAN_ARRIVES_AFTER_MIN * 60_000);
  const done = new Date(arrives.getTime() + REPAIR_MINUTES * 60_000);
  const base: LatLng = { latitude: found.technician.baseLatitude, longitude: found.technician.baseLongitude };
  const address = found.order.address;
  const customer: LatLng =
    address.latitude !== null && address.longitude !== null
      ? { latitude: address.latitude, longitude: address.longitude }
      : { latitude: found.area.centreLatitude, longitude: found.area.centreLongitude };
  const dayStart = appointmentStart(carrier, found.job.date, "00:00");
  const view = (status: VanLocation["status"], point: LatLng | null, eta: Date | null): VanLocation => ({
    job_id: found.job.id,
    status,
    latitude: point ? Math.round(point.latitude * 1e6) / 1e6 : null,
    longitude: point ? Math.round(point.longitude * 1e6) / 1e6 : null,
    eta: eta?.toISOString() ?? null,
    technician_name: found.technician.name,
    van_registration: found.technician.vanRegistration,
    window: { start: start.toISOString(), end: new Date(start.getTime() + 60 * 60_000).toISOString() },
    updated_at: now.toISOString(),
    position_at: null,
    stale: false,
    checked_at: now.toISOString(),
  });
  if (found.job.status === "CANCELLED" || found.order.status === "CANCELLED") return view("cancelled", null, null);
  // A technician who reported in replaces the simulation (ADR 099).
  if (found.job.workStatus === "COMPLETED") return view("completed", customer, null);
  if (found.job.workStatus === "STARTED") return view("arrived", customer, null);
  if (found.job.workStatus === "ON_THE_WAY") {
    // The last reported position, or the base when the browser gave none; the arrival from there (ADR 115).
    const reportedAt = found.job.vanLatitude !== null && found.job.vanLongitude !== null ? found.job.vanPositionAt : null;
    const reported = reportedAt ? { latitude: found.job.vanLatitude!, longitude: found.job.vanLongitude! } : base;
    const since = reportedAt ?? found.job.onTheWayAt ?? now;
    const stale = reportedAt !== null && isStale(reportedAt, now);
    return {
      ...view("on_the_way", reported, stale ? null : estimateArrival(reported, customer, since, now)),
      updated_at: since.toISOString(),
      position_at: reportedAt?.toISOString() ?? null,
      stale,
    };
  }
  if (now < dayStart) return view("scheduled", null, arrives);
  if (now < departs) return view("at_base", base, arrives);
  if (now < arrives) return view("on_the_way", interpolate(base, customer, (now.getTime() - departs.getTime()) / (arrives.getTime() - departs.getTime())), arrives);
  if (now < done) return view("arrived", customer, null);
  return view("completed", customer, null);
}
