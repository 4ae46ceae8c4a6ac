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
import * as s from "../db/schema";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { inOrder, type DbOrTx } from "../db/open";
import type { EngineContext } from "../context";
import type { BookingDeviceView } from "../bookings/state";
import type { CarrierContext } from "../domain/carrier";
import { ChangeWindowClosedError, OrderCancelledError, OrderNotFoundError, OrderRefundedError, ValidationError } from "../domain/errors";
import { identifierKind } from "../domain/identifiers";
import { plainText } from "../domain/inputs";
import { addMinutesToClock, fullDate } from "../domain/time";
import { parseInput } from "../domain/validate";
import { orderStateOf, type OrderHistoryEntry, type OrderStateSummary } from "../records/history";
import { type OrderRow, isMailIn, changeDeadline, type ChangeWindow, changeWindow, callOutFee, isFullyRefunded, cancellationQuote, settledCancellation } from "./rules";

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

export async function findOrder(db: DbOrTx, carrier: CarrierContext, lookup: OrderLookup, lock = false): Promise<OrderRow> {
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

export async function orderJob(db: DbOrTx, carrier: CarrierContext, order: OrderRow) {
  const [job] = await db
    .select()
    .from(s.jobs)
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.orderId, order.id)));
  return job ?? null;
}

export function assertChangeable(ctx: EngineContext, carrier: CarrierContext, order: OrderRow): void {
  if (order.status === "CANCELLED") throw new OrderCancelledError();
  if (isFullyRefunded(order)) throw new OrderRefundedError();
  const deadline = changeDeadline(carrier, order);
  if (deadline && ctx.clock.now().getTime() >= deadline.getTime()) throw new ChangeWindowClosedError();
}

/**
 * A date change: with 24 hours' notice; inside the 24 hours where the carrier allows late moves
 * (ADR 251), or by customer service (`byStaff`), until the appointment begins or the technician sets off.
 */
export async function assertDateChangeable(db: DbOrTx, ctx: EngineContext, carrier: CarrierContext, order: OrderRow, byStaff: boolean): Promise<void> {
  if (order.status === "CANCELLED") throw new OrderCancelledError();
  if (isFullyRefunded(order)) throw new OrderRefundedError();
  const window = changeWindow(carrier, order, ctx.clock.now(), await orderJob(db, carrier, order));
  if (window === "closed" || (window === "late" && !carrier.lateDateChanges && !byStaff)) throw new ChangeWindowClosedError();
}

/** Date and address changes move a visit; a repair by post has none (ADR 140). */
export function assertHasVisit(order: OrderRow): void {
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
