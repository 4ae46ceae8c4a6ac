/**
 * The manage screen's order (spec §3 "Booking overview fields (manage and complete screens)"):
 * order reference, repair address and location, date, 1-hour timeslot, phone, e-mail, devices,
 * proof of purchase, IMEI or serial per device, promo code, billing address, promotional event,
 * convenience charge, battery line item. Built from the engine's order and, where the order does
 * not say, its booking.
 */
import type { BookingState, OrderView } from "~/booking.server";

export interface ManageDevice {
  id: number;
  title: string;
  imagePath: string;
  kind: "phone" | "tablet" | "appliance";
  /** IMEI for phones, serial number for tablets of the single make, nothing otherwise (spec §5). */
  identifier: "imei" | "serial" | null;
  imei: string | null;
  proofSupplied: boolean;
  lines: { title: string; price: number }[];
  /** The free battery line (spec §2 basket item, §3 battery line item). */
  freeBattery: string | null;
}

export interface ManageOrder {
  orderRef: string;
  email: string;
  status: "BOOKED" | "CANCELLED";
  /** Date and address changes, free: more than 24 hours before the visit. */
  canChangeOnline: boolean;
  /** Where the order stands against the 24-hour rule (ADR 250): "late" inside the 24 hours, "closed" once the visit has begun. */
  changeWindow: OrderView["change_window"];
  /** Cancelling online: until the visit begins (inside 24 hours with the fee). */
  canCancelOnline: boolean;
  /** Moving the date online: more than 24 hours before, or inside them where the carrier allows late moves (ADR 251). */
  canChangeDateOnline: boolean;
  /** What cancelling now keeps and refunds (minor units), stated before the customer confirms; null: cannot cancel online. */
  cancelQuote: { late: boolean; fee: number; paid: number; kept: number; refund: number; refundedBefore: number } | null;
  /** A cancelled order whose refund is settled: the fee kept and the amount refunded. */
  cancellation: { feeKept: number; refunded: number } | null;
  /** When online changes stop (ISO instant): 24 hours before the window opens; null for a repair by post (no visit). */
  changeDeadline: string | null;
  name: string | null;
  address: { line_1: string; line_2: string; town: string; postcode: string };
  addressLines: string[];
  repairLocation: "doorstep" | "drop_off" | "mail_in";
  /** The repair day; for a repair by post, the day it was booked. */
  date: string;
  /** null for a repair by post: no visit. */
  timeslot: { start: string; end: string } | null;
  /** A repair by post (ADR 140): the carrier's postal address the device goes to, one line each; null for a visit. */
  mailIn: { address: string[] } | null;
  phone: string | null;
  devices: ManageDevice[];
  promoCode: string | null;
  billingAddress: { name: string | null; lines: string[] } | null;
  promotionalEvent: string | null;
  /** The call-out (convenience) charge in minor units, when the carrier has one. */
  convenienceCharge: number | null;
  inWarranty: boolean;
  totals: { fullPrice: number; discount: number; total: number; currency: string };
  technician: { name: string; van: string } | null;
  refundStatus: OrderView["refund_status"];
  /** How far the repair is, as the technician reports it (ADR 099). */
  repairStatus: OrderView["repair_status"];
  /** The order's state from its history (ADR 247): "refunded" closes it like a cancellation. */
  state: OrderView["state"];
  /** What was paid and what was given back of it, in minor units of the order's currency. */
  paidMinor: number;
  refundedMinor: number;
}

/**
 * What the cancel step says about the money (spec §9, ADR 250): what the customer paid in total, what
 * was refunded already (a partial refund by customer service), what is kept and what will be refunded,
 * so the amounts add up to what the rest of the page says was paid.
 */
export function cancelQuoteText(quote: NonNullable<ManageOrder["cancelQuote"]>): { key: string; amounts: Record<string, number> } {
  if (quote.paid <= 0) return { key: "manage.cancel.nothingPaid", amounts: {} };
  if (quote.kept <= 0) return { key: "manage.cancel.fullRefund", amounts: { refund: quote.refund } };
  const paid = quote.paid + quote.refundedBefore;
  if (quote.refundedBefore > 0) return { key: "manage.cancel.refundAfterFeeAndRefund", amounts: { paid, refunded: quote.refundedBefore, kept: quote.kept, refund: quote.refund } };
  return { key: "manage.cancel.refundAfterFee", amounts: { paid, kept: quote.kept, refund: quote.refund } };
}

/** The key of the cancel failure when the fee or refund changed between showing and confirming (the 24 hours began meanwhile, ADR 250). */
export const QUOTE_CHANGED_KEY = "manage.cancel.errors.quoteChanged";

const lines = (address: { line_1: string; line_2: string; town: string; postcode: string }) =>
  [address.line_1, address.line_2, address.town, address.postcode].map((line) => line.trim()).filter(Boolean);

const fullName = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter(Boolean).join(" ") || null;

export function manageOrder(order: OrderView, booking: BookingState | null, mailInAddress: string[] = []): ManageOrder {
  return {
    orderRef: String(order.order_id),
    email: order.details.email,
    status: order.status,
    canChangeOnline: order.can_change_online,
    changeWindow: order.change_window,
    canCancelOnline: order.can_cancel_online,
    canChangeDateOnline: order.can_change_date_online,
    cancelQuote: order.cancellation_quote
      ? {
          late: order.cancellation_quote.late,
          fee: order.cancellation_quote.fee,
          paid: order.cancellation_quote.paid,
          kept: order.cancellation_quote.kept,
          refund: order.cancellation_quote.refund,
          // The engine's `paid` is what is left of the payment; what customer service gave back before is said apart.
          refundedBefore: order.money.refunded_minor,
        }
      : null,
    cancellation: order.cancellation ? { feeKept: order.cancellation.fee_kept, refunded: order.cancellation.refunded } : null,
    changeDeadline: order.change_deadline,
    name: fullName(order.details.first_name, order.details.last_name),
    address: { line_1: order.details.address_1, line_2: order.details.address_2, town: order.details.town, postcode: order.details.postcode },
    addressLines: lines({ line_1: order.details.address_1, line_2: order.details.address_2, town: order.details.town, postcode: order.details.postcode }),
    repairLocation: order.is_mail_in_repair ? "mail_in" : (booking?.repair_location ?? "doorstep"),
    date: order.booking.booking_date,
    timeslot: order.booking.timeslot,
    mailIn: order.is_mail_in_repair ? { address: mailInAddress } : null,
    phone: order.details.phone_number,
    devices: order.devices.map((device) => ({
      id: device.id,
      title: device.title,
      imagePath: device.image_path,
      kind: device.device_type,
      identifier: device.identifier,
      imei: device.imei,
      proofSupplied: device.proof_of_purchase_supplied,
      lines: [
        ...device.selected_problems_pricing.map((line) => ({ title: line.problem.title, price: line.price })),
        ...device.selected_upsells.map((extra) => ({ title: extra.title, price: extra.price })),
      ],
      freeBattery: device.free_battery ? device.free_battery.problem.title : null,
    })),
    promoCode: order.in_warranty === true ? null : order.discount_code,
    billingAddress: order.billing_address ? { name: fullName(booking?.billing_first_name, booking?.billing_last_name), lines: lines(order.billing_address) } : null,
    promotionalEvent: booking?.cart.sale_active ? booking.sale_title : null,
    convenienceCharge: order.cancellation_charge.applies ? order.cancellation_charge.amount : null,
    inWarranty: order.in_warranty === true,
    totals: { fullPrice: order.totals.full_price, discount: order.totals.discount_total, total: order.totals.total_price, currency: order.totals.currency },
    technician: order.trackingVan ? { name: order.trackingVan.technician_name, van: order.trackingVan.van_registration } : null,
    refundStatus: order.refund_status,
    repairStatus: order.repair_status,
    state: order.state,
    paidMinor: order.money.paid_minor,
    refundedMinor: order.money.refunded_minor,
  };
}
