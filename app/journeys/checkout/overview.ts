/**
 * The booking overview (spec §3 "Booking overview fields (manage and complete screens)"), built
 * from the booking state for the checkout summary (before payment) and the complete page.
 */
import type { BookingState } from "~/booking.server";
import { longDate, timeslotText, type DateLocale } from "~/lib/dates";
import { basketItems, type BasketItem } from "./basket-view";

export interface OverviewAddress {
  name: string | null;
  lines: string[];
}

export interface OverviewDevice extends BasketItem {
  imei: string | null;
  /** Phones take an IMEI, tablets of the single make a serial number (spec §5); other devices none. */
  identifierKind: "imei" | "serial" | null;
  /** The insurance answer of spec §4 device/insurance-status; null: not asked. */
  insured: boolean | null;
}

export interface BookingOverview {
  orderReference: string | null;
  repairAddress: OverviewAddress;
  repairLocation: "doorstep" | "drop_off" | "mail_in";
  dropOffStore: string | null;
  /** A repair by post (ADR 140): the carrier's postal address the device goes to; [] otherwise. */
  mailInAddress: string[];
  date: string | null;
  /** The day as the page shows it in the visitor's language, written here so the browser needs no date code (ADR 098). */
  dateText: string | null;
  /** '08:00–09:00' once the order has its slot; before payment only the one-hour rule is known. */
  timeslot: string | null;
  /** With no timeslot yet: whether it is confirmed at checkout rather than the evening before. */
  confirmedAtCheckout: boolean;
  phone: string | null;
  email: string | null;
  devices: OverviewDevice[];
  promoCode: string | null;
  billingAddress: OverviewAddress | null;
  promotionalEvent: string | null;
  /** The convenience (call-out) charge in minor units, when the carrier has one. */
  convenienceCharge: number | null;
  freeBatteryDevices: string[];
  inWarranty: boolean;
  fullPrice: number;
  discountTotal: number;
  total: number;
}

function addressLines(address: { line_1: string; line_2: string; town: string; postcode: string }): string[] {
  return [address.line_1, address.line_2, address.town, address.postcode].map((line) => line.trim()).filter(Boolean);
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ") || null;

export interface OverviewExtras {
  /** The carrier's single make (tablets of it take a serial number). */
  singleMakeId: number;
  /** The language the day is written in. */
  locale?: DateLocale;
  /** The carrier's locale the arrival window is read in ('en-US': 8:00 – 9:00 AM; ADR 246); the page language without it. */
  timeLocale?: DateLocale;
  timeslot?: string | null;
  /** Paid now, the booking would be confirmed at checkout, not at 18:00 the evening before (spec §1: same-day; ADR 229). */
  confirmedAtCheckout?: boolean;
  dropOffStore?: string | null;
  /** The carrier's postal address when the booking is a repair by post it offers (ADR 140). */
  mailInAddress?: string[];
}

function identifierKind(device: BookingState["devices"][string], singleMakeId: number): OverviewDevice["identifierKind"] {
  if (device.device.device_type === "phone") return "imei";
  if (device.device.device_type === "tablet" && device.model_version.make_id === singleMakeId) return "serial";
  return null;
}

export function bookingOverview(booking: BookingState, extra: OverviewExtras): BookingOverview {
  const items = basketItems(booking);
  const devices: OverviewDevice[] = items.map((item) => {
    const device = booking.devices[item.reference]!;
    // An in-warranty booking (one device) was checked with its IMEI: that is the device's IMEI.
    const imei = device.device.imei ?? (booking.in_warranty === true ? booking.warranty_imei : null);
    return { ...item, imei, identifierKind: identifierKind(device, extra.singleMakeId), insured: device.insured ?? null };
  });
  const address = booking.address;
  const mailIn = booking.is_mail_in_repair && Boolean(extra.mailInAddress?.length);
  return {
    orderReference: booking.order_id === null ? null : String(booking.order_id),
    repairAddress: { name: fullName(booking.first_name, booking.last_name), lines: address ? addressLines(address) : booking.postcode ? [booking.postcode] : [] },
    repairLocation: mailIn ? "mail_in" : booking.repair_location,
    dropOffStore: extra.dropOffStore ?? null,
    mailInAddress: mailIn ? extra.mailInAddress! : [],
    date: booking.date,
    dateText: booking.date ? longDate(booking.date, extra.locale ?? "en") : null,
    timeslot: extra.timeslot ? timeslotText(extra.timeslot, extra.timeLocale ?? extra.locale ?? "en") : null,
    confirmedAtCheckout: extra.confirmedAtCheckout ?? false,
    phone: booking.phone_number,
    email: booking.email,
    devices,
    promoCode: booking.in_warranty === true ? null : booking.discount_code,
    billingAddress: booking.billing_address ? { name: fullName(booking.billing_first_name, booking.billing_last_name), lines: addressLines(booking.billing_address) } : null,
    promotionalEvent: booking.cart.sale_active ? booking.sale_title : null,
    convenienceCharge: booking.cart.call_out_charge.has_call_out_charge ? booking.cart.call_out_charge.amount : null,
    freeBatteryDevices: Object.values(booking.devices)
      .filter((device) => device.free_battery)
      .map((device) => device.device.title),
    inWarranty: booking.in_warranty === true,
    fullPrice: booking.totals.full_price,
    discountTotal: booking.totals.discount_total,
    total: booking.totals.cart_total,
  };
}
