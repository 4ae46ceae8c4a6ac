/**
 * Managing an order (spec §4 "Order lookup", "Cancel booking", "Change date", "Change address",
 * "IMEI per device", "Proof of purchase"; §7 "Orders"). The customer proves ownership with the order
 * reference and the e-mail; a wrong one of either gives the same ORDER_NOT_FOUND.
 *
 * 24 hours' notice (spec §9, ADR 250): inside 24 hours of the appointment the customer can still
 * cancel online, and the carrier's call-out charge is kept from the refund; date changes there only
 * where the carrier allows late moves (ADR 251, no fee for the move), address changes not at all
 * (ORDER_CHANGE_WINDOW_CLOSED, spec §6 wording). Once the appointment has begun, or the technician
 * is on the way, nothing changes online.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { enqueueMessage } from "../scheduler/message-jobs";
import { enqueueWebhookEvent } from "../webhooks/events";
import { cancelOrderMessages, rescheduleOrderMessages } from "../scheduler/messages";
import { inOrder, type BookingTransaction, type DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { EngineContext } from "../context";
import {
  activeTechnicians,
  appointmentStart,
  claimFirstWindow,
  holdDay,
  loadAreaRoster,
  loadAvailability,
  openSlotTimes,
  releaseHold,
  slotTimes,
  type AvailabilityDay,
} from "../availability/availability";
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
  NotFoundError,
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
  /**
   * The customer's e-mail, which must be the order's; null only where a partner's API key of the
   * order's carrier vouches for the caller (ADR 267: the spec's load-days and proof upload send none).
   */
  email: plainText({ error: "Your email address is missing" }).trim().min(1, "Your email address is missing").toLowerCase().nullable(),
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
  if (!order || (email !== null && order.email.toLowerCase() !== email)) throw new OrderNotFoundError();
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
  /** Where the order stands against the 24-hour rule now (ADR 250); a cancelled order: "closed". */
  change_window: ChangeWindow;
  /** The customer may cancel online now: until the appointment begins (inside 24 hours with the fee). */
  can_cancel_online: boolean;
  /** The customer may move the date online now: with 24 hours' notice, or inside it where the carrier allows late moves (ADR 251). */
  can_change_date_online: boolean;
  /**
   * What cancelling now would keep and give back (ADR 250), null when it cannot be cancelled online:
   * `fee` is the carrier's call-out charge when the cancellation is late (else 0), `kept` the part of
   * it kept from what is left of the payment (never more than that), `refund` the rest.
   */
  cancellation_quote: { late: boolean; fee: number; paid: number; kept: number; refund: number; currency: string } | null;
  /** A cancelled order whose refund is settled: what was kept (the fee) and what was refunded; null otherwise. */
  cancellation: { fee_kept: number; refunded: number; currency: string } | null;
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

/**
 * Where the order stands against the 24-hour rule at `at` (ADR 250): "open" before the deadline (a
 * mail-in order always), "late" inside the 24 hours before the visit, "closed" once the appointment
 * has begun or the technician has reported a step (on the way, started, completed).
 */
export type ChangeWindow = "open" | "late" | "closed";
function changeWindow(carrier: CarrierContext, order: OrderRow, at: Date, job: Pick<typeof s.jobs.$inferSelect, "workStatus"> | null = null): ChangeWindow {
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

async function orderJob(db: DbOrTx, carrier: CarrierContext, order: OrderRow) {
  const [job] = await db
    .select()
    .from(s.jobs)
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.orderId, order.id)));
  return job ?? null;
}

/** Everything paid was given back (customer service's refunds, ADR 247): the order is closed like a cancelled one. */
export const isFullyRefunded = (order: Pick<OrderRow, "transactionId" | "totalMinor" | "refundedMinor">): boolean =>
  !!order.transactionId && order.totalMinor > 0 && order.refundedMinor >= order.totalMinor;

/** Address changes (and anything else but cancelling and late moves): only with 24 hours' notice. */
function assertChangeable(ctx: EngineContext, carrier: CarrierContext, order: OrderRow): void {
  if (order.status === "CANCELLED") throw new OrderCancelledError();
  if (isFullyRefunded(order)) throw new OrderRefundedError();
  const deadline = changeDeadline(carrier, order);
  if (deadline && ctx.clock.now().getTime() >= deadline.getTime()) throw new ChangeWindowClosedError();
}

/**
 * A date change: with 24 hours' notice; inside the 24 hours where the carrier allows late moves
 * (ADR 251), or by customer service (`byStaff`), until the appointment begins or the technician sets off.
 */
async function assertDateChangeable(db: DbOrTx, ctx: EngineContext, carrier: CarrierContext, order: OrderRow, byStaff: boolean): Promise<void> {
  if (order.status === "CANCELLED") throw new OrderCancelledError();
  if (isFullyRefunded(order)) throw new OrderRefundedError();
  const window = changeWindow(carrier, order, ctx.clock.now(), await orderJob(db, carrier, order));
  if (window === "closed" || (window === "late" && !carrier.lateDateChanges && !byStaff)) throw new ChangeWindowClosedError();
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
  // Cancelled, refunded in full or completed (the history's state, ADR 247): closed whatever the clock says.
  const window: ChangeWindow = order.status === "BOOKED" && !summary.closed ? changeWindow(carrier, order, ctx.clock.now(), job ?? null) : "closed";
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
    change_window: window,
    can_cancel_online: window !== "closed",
    can_change_date_online: !mailIn && (window === "open" || (window === "late" && carrier.lateDateChanges)),
    cancellation_quote: window === "closed" ? null : { late: window === "late", ...cancellationQuote(carrier, order, window === "late"), currency: order.currency },
    cancellation: settledCancellation(order),
    cancellation_charge: { applies: carrier.hasCallOutCharge, amount: callOutFee(carrier), currency: carrier.currency },
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

function cancellationRefund(carrier: CarrierContext, order: OrderRow, keepFee: boolean): number {
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

/** A window's start as the roster writes it ('08:00'). */
const windowStart = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, FIELD_MESSAGES.WINDOW_UNAVAILABLE);

const changeDateInput = z.object({
  date: calendarDate,
  /**
   * The arrival window's start chosen on that day (customer service, ADR 256): it must be one of the
   * day's windows still open and free for a technician of the area. Absent: the first free window,
   * as the customer's own move gives (spec §4 "Change date").
   */
  slot: windowStart.optional().nullable(),
  /**
   * null: the move is made without one and the date-change log call records it next (spec §7: PUT
   * date sends the date alone, then POST /technicians/log/date-change; ADR 267). Absent is refused.
   */
  reason: reasonInput.nullable(),
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
 * Moves the order's job into the chosen window of `day` with a technician of its area who is free
 * then (ADR 256): each candidate's window is claimed without waiting, as a payment claims one (ADR
 * 237), and read free after the claim; the least-loaded technician first. None free:
 * WINDOW_UNAVAILABLE. The caller holds the area-day's capacity lock (holdDay).
 */
async function moveJobToWindow(tx: BookingTransaction, carrier: CarrierContext, order: OrderRow, day: string, slot: string) {
  const [job] = await tx
    .select()
    .from(s.jobs)
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.orderId, order.id)));
  const technicians = await activeTechnicians(tx, carrier, order.areaCode);
  const dayJobs = () =>
    tx
      .select({ id: s.jobs.id, technicianId: s.jobs.technicianId, slot: s.jobs.slot })
      .from(s.jobs)
      .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.date, day), eq(s.jobs.status, "SCHEDULED")));
  const others = (await dayJobs()).filter((j) => j.id !== job!.id);
  const load = (id: string) => others.filter((j) => j.technicianId === id).length;
  let candidates = technicians
    .filter((t) => !others.some((j) => j.technicianId === t.id && j.slot === slot))
    .sort((a, b) => load(a.id) - load(b.id) || a.id.localeCompare(b.id))
    .map((t) => ({ technicianId: t.id, slot }));
  while (candidates.length) {
    const index = await claimFirstWindow(tx, carrier, day, candidates);
    // Every free technician's window is being given by a payment still running: not free now.
    if (index === null) break;
    const claimed = candidates[index]!;
    const taken = (await dayJobs()).some((j) => j.id !== job!.id && j.technicianId === claimed.technicianId && j.slot === slot);
    if (!taken) {
      await tx.update(s.jobs).set({ technicianId: claimed.technicianId, date: day, slot }).where(eq(s.jobs.id, job!.id));
      return { job: job!, technicianId: claimed.technicianId, slot };
    }
    candidates = candidates.filter((_, i) => i !== index);
  }
  throw new ValidationError({ slot: ["WINDOW_UNAVAILABLE"] });
}

export interface OrderWindow {
  start: string;
  end: string;
  /** A technician of the area is free then, and the window is still open (not over, not too close). */
  available: boolean;
  /** The order's own window now. */
  current: boolean;
}

const orderWindowsInput = z.object({ date: calendarDate });

/**
 * The arrival windows of one day the order may move to (ADR 256): the roster's windows of the day,
 * each available when the day has room for the order (its own hold not counted) and some active
 * technician of the area has no other job then. The move checks the same again under its locks.
 */
export async function orderWindows(ctx: EngineContext, carrier: CarrierContext, lookup: OrderLookup, input: z.input<typeof orderWindowsInput>): Promise<OrderWindow[]> {
  const { date } = parseInput(orderWindowsInput, input);
  const order = await findOrder(ctx.db, carrier, lookup);
  if (order.status === "CANCELLED") throw new OrderCancelledError();
  assertHasVisit(order);
  const now = ctx.clock.now();
  const [[day], roster, technicians, jobs] = await Promise.all([
    loadAvailability(ctx.db, carrier, now, { areaCode: order.areaCode, startDate: date, daysToLoad: 1, excludeBookingId: order.bookingId }),
    loadAreaRoster(ctx.db, carrier, order.areaCode),
    activeTechnicians(ctx.db, carrier, order.areaCode),
    ctx.db
      .select({ technicianId: s.jobs.technicianId, slot: s.jobs.slot, orderId: s.jobs.orderId })
      .from(s.jobs)
      .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.date, date), eq(s.jobs.status, "SCHEDULED"))),
  ]);
  // A day before today is moved to today by the availability: nothing of it is offered.
  const dayOpen = day?.date === date && day.available;
  const open = new Set(openSlotTimes(roster, carrier, now, date));
  return slotTimes(roster).map((start) => {
    const current = order.date === date && order.slot === start;
    const free = technicians.some((t) => !jobs.some((j) => j.orderId !== order.id && j.technicianId === t.id && j.slot === start));
    return { start, end: addMinutesToClock(start, roster.timeslotMinutes), available: dayOpen && open.has(start) && free && !current, current };
  });
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
    await assertDateChangeable(tx, ctx, carrier, order, !!data.user_id);
    // A chosen window may be another one on the same day; without one, the day must change.
    if (data.date === order.date && (!data.slot || data.slot === order.slot)) throw new ValidationError({ date: ["DATE_UNCHANGED"] });
    const now = ctx.clock.now();
    const roster = data.slot ? await loadAreaRoster(tx, carrier, order.areaCode) : null;
    // A window the roster does not have, or one already over or too close on that day, is never free.
    if (roster && !openSlotTimes(roster, carrier, now, data.date).includes(data.slot!)) throw new ValidationError({ slot: ["WINDOW_UNAVAILABLE"] });
    try {
      // Takes the new day under its capacity lock; the order's single hold row moves there.
      await holdDay(tx, carrier, now, { bookingId: order.bookingId, areaCode: order.areaCode, day: data.date, expiresAt: null });
    } catch (error) {
      if (error instanceof DateUnavailableError) throw new OrderDateUnavailableError("Sorry, that date is not available. Please choose another date.");
      throw error;
    }
    const { job, technicianId, slot } = data.slot
      ? await moveJobToWindow(tx, carrier, order, data.date, data.slot)
      : await moveJob(tx, carrier, order, order.areaCode, data.date, now);
    await tx.update(s.orders).set({ date: data.date, technicianId, slot, updatedAt: now }).where(eq(s.orders.id, order.id));
    await tx.update(s.bookings).set({ date: data.date, updatedAt: now }).where(eq(s.bookings.id, order.bookingId));
    if (data.date !== order.date) await rescheduleOrderMessages(tx, carrier, order.orderRef, data.date, now);
    const minutes = roster?.timeslotMinutes ?? (await loadAreaRoster(tx, carrier, order.areaCode)).timeslotMinutes;
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
        reason: data.reason ?? "",
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
    // After the history, so the partners' event carries the order's state with this move (ADR 247).
    // The message states the day and window of this move, whatever happens to the order later.
    await announceChange(tx, carrier, order, "date-changed", now, {
      method: "REQUEST",
      visit: { date: data.date, window: { start: slot, end: addMinutesToClock(slot, minutes) } },
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

const technicianInput = z.string().trim().min(1).max(80);

/** Spec §3 "Date-change log": the entry the spec's client sends after PUT /orders/{id}/date. */
const dateChangeEntryInput = z.object({
  jobId: id,
  userId: z
    .union([z.string().trim().max(80), z.number().int()])
    .nullish()
    .transform((value) => (value === undefined || value === null || value === "" ? null : String(value))),
  original_date: calendarDate,
  new_date: calendarDate,
  reason: reasonInput,
  original_technician: technicianInput,
  new_technician: technicianInput,
});

/**
 * Spec §7 POST /technicians/log/date-change (ADR 267): the log entry of a move the order's history
 * holds. The move itself (PUT /orders/{id}/date) wrote the entry with its dates and technicians; this
 * records the entry's reason (and user) where the move was made without one, and answers an entry
 * already recorded the same way as it is. An entry no move of the job matches, or one that states
 * another reason or user than the one recorded, contradicts the history: refused, naming the field.
 */
export async function recordDateChange(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof dateChangeEntryInput>): Promise<DateChangeLogEntry[]> {
  const data = parseInput(dateChangeEntryInput, input);
  const contradiction = (field: keyof typeof data, message: string) => new ValidationError({ [field]: [message] });
  await ctx.db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: s.jobs.id })
      .from(s.jobs)
      .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.id, data.jobId)));
    if (!job) throw new NotFoundError("The job");
    const moves = await tx
      .select()
      .from(s.dateChangeLog)
      .where(and(eq(s.dateChangeLog.carrierCode, carrier.code), eq(s.dateChangeLog.jobId, job.id)))
      .orderBy(asc(s.dateChangeLog.id))
      .for("update");
    const toDay = moves.filter((move) => move.newDate === data.new_date);
    if (!toDay.length) throw contradiction("new_date", "The order's history has no move of this job to new_date: PUT /orders/{id}/date moves it first.");
    const fromDay = toDay.filter((move) => move.originalDate === data.original_date);
    if (!fromDay.length) throw contradiction("original_date", `The job was moved to ${data.new_date} from ${toDay.at(-1)!.originalDate}, not from original_date.`);
    const move = [...fromDay].reverse().find((entry) => entry.originalTechnician === data.original_technician && entry.newTechnician === data.new_technician);
    if (!move) {
      const last = fromDay.at(-1)!;
      const field = last.originalTechnician !== data.original_technician ? "original_technician" : "new_technician";
      throw contradiction(field, `The move's ${field.replace("_", " ")} was ${field === "original_technician" ? last.originalTechnician : last.newTechnician}.`);
    }
    if (move.userId !== null && data.userId !== null && move.userId !== data.userId) throw contradiction("userId", `The move was logged for user ${move.userId}.`);
    if (move.reason && move.reason !== data.reason) throw contradiction("reason", "The move was logged with another reason.");
    if (move.reason === data.reason && (data.userId === null || move.userId === data.userId)) return;
    await tx
      .update(s.dateChangeLog)
      .set({ reason: data.reason, userId: move.userId ?? data.userId })
      .where(eq(s.dateChangeLog.id, move.id));
    // The move's entry in the order's history carries the reason too.
    await tx
      .update(s.orderEvents)
      .set({ details: sql`${s.orderEvents.details} || ${JSON.stringify({ reason: data.reason })}::jsonb` })
      .where(and(eq(s.orderEvents.carrierCode, carrier.code), eq(s.orderEvents.eventKey, `date-change:${move.id}`)));
  });
  return dateChangeLog(ctx, carrier, data.jobId);
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
  /** The order's e-mail; null only where a partner's key of the carrier vouches (ADR 267). */
  email: plainText({ error: "Your email address is missing" }).trim().min(1, "Your email address is missing").toLowerCase().nullable(),
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
  if (!found || (email !== null && found.order.email.toLowerCase() !== email)) throw new OrderNotFoundError();
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
  const view = await lookupOrder(ctx, carrier, { order_ref: String(found.order.orderRef), email: found.order.email });
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
  const view = await lookupOrder(ctx, carrier, { order_ref: String(found.order.orderRef), email: found.order.email });
  return view.devices.find((d) => d.id === found.device.id)!;
}

/* ───────────── technician tracking ───────────── */

/**
 * The development simulation's van (ADR 035, kept behind TRACKING_SIMULATED_VAN by ADR 253): it leaves
 * its base this long before the window opens and arrives this long after. Never used otherwise.
 */
export const VAN_DEPARTS_BEFORE_MIN = 30;
export const VAN_ARRIVES_AFTER_MIN = 15;
export const REPAIR_MINUTES = 60;

export interface VanLocation {
  job_id: number;
  /**
   * From the technician's steps only (ADR 253): `scheduled` until they press "on my way", then
   * `on_the_way`, `arrived` once their start checklist says the customer is present, `completed` with
   * the repair. `at_base` only from the development simulation (`simulated`).
   */
  status: "scheduled" | "at_base" | "on_the_way" | "arrived" | "completed" | "cancelled";
  /** The technician's last reported position; null before one (never a guess). */
  latitude: number | null;
  longitude: number | null;
  /**
   * Estimated arrival (ISO instant) from a fresh reported position and its distance (ADR 115); null
   * before a position is reported, once it is stale, and once the technician has arrived.
   */
  eta: string | null;
  /** When the technician's browser reported the position shown; null for none (and for the simulation). */
  position_at: string | null;
  /** The reported position is older than 10 minutes: it is shown as the last known one, with its time. */
  stale: boolean;
  /** The engine's time of this answer (the minutes until the arrival count from it). */
  checked_at: string;
  /** True only with the development switch TRACKING_SIMULATED_VAN: the van shown is simulated, not reported (ADR 253). */
  simulated: boolean;
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
 * Spec §7 GET /vans/location?job_id&email: what the technician reported and nothing else (ADR 253).
 * Before "on my way" no van and no estimate, only the appointment window; on the way the last
 * reported position and the arrival from it (ADR 115), or none while the phone has shared none;
 * "arrived" and "completed" from the technician's steps. With the development switch
 * (`config.simulatedVan`) a job nobody has reported on shows the clock's simulated van, marked `simulated`.
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
  const address = found.order.address;
  const customer: LatLng =
    address.latitude !== null && address.longitude !== null
      ? { latitude: address.latitude, longitude: address.longitude }
      : { latitude: found.area.centreLatitude, longitude: found.area.centreLongitude };
  const view = (status: VanLocation["status"], point: LatLng | null, eta: Date | null, simulated = false): VanLocation => ({
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
    simulated,
  });
  if (found.job.status === "CANCELLED" || found.order.status === "CANCELLED") return view("cancelled", null, null);
  // The technician's steps (ADR 099): the start checklist ("the customer is present") is the arrival.
  if (found.job.workStatus === "COMPLETED") return view("completed", null, null);
  if (found.job.workStatus === "STARTED") return view("arrived", null, null);
  if (found.job.workStatus === "ON_THE_WAY") {
    // The last reported position and the arrival from it (ADR 115); none while the phone has shared none.
    const reportedAt = found.job.vanLatitude !== null && found.job.vanLongitude !== null ? found.job.vanPositionAt : null;
    if (!reportedAt) return { ...view("on_the_way", null, null), updated_at: (found.job.onTheWayAt ?? now).toISOString() };
    const reported = { latitude: found.job.vanLatitude!, longitude: found.job.vanLongitude! };
    const stale = isStale(reportedAt, now);
    return {
      ...view("on_the_way", reported, stale ? null : estimateArrival(reported, customer, reportedAt, now)),
      updated_at: reportedAt.toISOString(),
      position_at: reportedAt.toISOString(),
      stale,
    };
  }
  if (!ctx.config.simulatedVan) return view("scheduled", null, null);
  return simulatedVan(carrier, found, start, customer, now, view);
}

/**
 * The development simulation (ADR 035; ADR 253 keeps it behind TRACKING_SIMULATED_VAN): on the
 * appointment day the van waits at the technician's base, drives in a straight line toward the
 * customer, arrives within the window, stays for the repair. Every answer is marked `simulated`.
 */
function simulatedVan(
  carrier: CarrierContext,
  found: { job: typeof s.jobs.$inferSelect; technician: typeof s.technicians.$inferSelect },
  start: Date,
  customer: LatLng,
  now: Date,
  view: (status: VanLocation["status"], point: LatLng | null, eta: Date | null, simulated: boolean) => VanLocation,
): VanLocation {
  const departs = new Date(start.getTime() - VAN_DEPARTS_BEFORE_MIN * 60_000);
  const arrives = new Date(start.getTime() + VAN_ARRIVES_AFTER_MIN * 60_000);
  const done = new Date(arrives.getTime() + REPAIR_MINUTES * 60_000);
  const base: LatLng = { latitude: found.technician.baseLatitude, longitude: found.technician.baseLongitude };
  const dayStart = appointmentStart(carrier, found.job.date, "00:00");
  if (now < dayStart) return view("scheduled", null, arrives, true);
  if (now < departs) return view("at_base", base, arrives, true);
  if (now < arrives) return view("on_the_way", interpolate(base, customer, (now.getTime() - departs.getTime()) / (arrives.getTime() - departs.getTime())), arrives, true);
  if (now < done) return view("arrived", customer, null, true);
  return view("completed", customer, null, true);
}
