import { describe, expect, it } from "vitest";
import type { BookingState, OrderView } from "~/booking.server";
import { cancelQuoteText, manageOrder } from "./order-view";

function order(overrides: Partial<OrderView> = {}): OrderView {
  return {
    order_id: 100123,
    reference: "ABCDEFGHJKMNPQRS",
    status: "BOOKED",
    booking: { order_id: 100123, booking_date: "2025-06-05", full_date: "Thursday 5th June 2025", technician_id: "t1", timeslot: { start: "08:00", end: "09:00" } },
    job: { id: 7 },
    is_mail_in_repair: false,
    details: {
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      phone_number: "+447700900123",
      address_1: "1 Parliament Street",
      address_2: "",
      town: "London",
      postcode: "SW1A 2AA",
    },
    billing_address: { line_1: "2 Other Road", line_2: "", town: "Leeds", postcode: "LS1 6HD" },
    devices: [
      {
        id: 11,
        title: "iPhone 15 128GB",
        image_path: "/images/devices/iphone-15.svg",
        device_type: "phone",
        device_make: "Apple",
        identifier: "imei",
        imei: null,
        imei_status: "not_supplied",
        proof_of_purchase_supplied: true,
        selected_problems_pricing: [{ problem: { id: 1, code: "screen-replacement", title: "Screen replacement" }, price: 25900, non_sale_price: 29900 }],
        free_battery: { problem: { id: 2, code: "battery-replacement", title: "Battery replacement" }, price: 0, non_sale_price: 8900 },
        selected_upsells: [{ id: 1, code: "screen-protector", title: "Screen protector", price: 1499 }],
      },
    ],
    trackingVan: { technician_name: "Tech", van_registration: "VAN1" },
    totals: { full_price: 27399, discount_total: 2740, total_price: 24659, currency: "GBP" },
    discount_code: "TENOFF",
    payment_type: "card",
    in_warranty: false,
    can_change_online: true,
    change_window: "open",
    can_cancel_online: true,
    can_change_date_online: true,
    cancellation_quote: { late: false, fee: 0, paid: 24659, kept: 0, refund: 24659, currency: "GBP" },
    cancellation: null,
    change_deadline: "2025-06-04T07:00:00.000Z",
    cancellation_charge: { applies: true, amount: 5900, currency: "GBP" },
    cancelled_at: null,
    repair_status: "booked",
    repaired_at: null,
    refund_status: null,
    state: "booked",
    money: { paid_minor: 24659, refunded_minor: 0, fee_kept_minor: 0, currency: "GBP" },
    closed: false,
    history: [],
    created_at: "2025-06-02T08:00:00.000Z",
    ...overrides,
  };
}

const booking = {
  repair_location: "doorstep",
  billing_first_name: "Ada",
  billing_last_name: "King",
  sale_title: "Spring repair sale",
  cart: { sale_active: true },
} as unknown as BookingState;

describe("the manage screen's order (spec §3 booking overview fields)", () => {
  it("carries every overview field", () => {
    const view = manageOrder(order(), booking);
    expect(view).toMatchObject({
      orderRef: "100123",
      name: "Ada Lovelace",
      addressLines: ["1 Parliament Street", "London", "SW1A 2AA"],
      repairLocation: "doorstep",
      date: "2025-06-05",
      timeslot: { start: "08:00", end: "09:00" },
      phone: "+447700900123",
      email: "ada@example.com",
      promoCode: "TENOFF",
      billingAddress: { name: "Ada King", lines: ["2 Other Road", "Leeds", "LS1 6HD"] },
      promotionalEvent: "Spring repair sale",
      convenienceCharge: 5900,
      totals: { fullPrice: 27399, discount: 2740, total: 24659, currency: "GBP" },
    });
    expect(view.devices[0]).toMatchObject({
      identifier: "imei",
      imei: null,
      proofSupplied: true,
      lines: [
        { title: "Screen replacement", price: 25900 },
        { title: "Screen protector", price: 1499 },
      ],
      freeBattery: "Battery replacement",
    });
  });

  it("shows no promo code on a warranty repair, no sale outside one, no charge without one", () => {
    const view = manageOrder(order({ in_warranty: true, cancellation_charge: { applies: false, amount: 0, currency: "GBP" } }), {
      ...booking,
      cart: { sale_active: false },
    } as unknown as BookingState);
    expect(view).toMatchObject({ promoCode: null, promotionalEvent: null, convenienceCharge: null, inWarranty: true });
    expect(manageOrder(order(), null)).toMatchObject({ repairLocation: "doorstep", promotionalEvent: null, billingAddress: { name: null } });
  });
});

describe("what the cancel step says about the money (spec §9, ADR 250)", () => {
  const late = (refundedBefore: number) =>
    manageOrder(
      order({
        change_window: "late",
        cancellation_quote: { late: true, fee: 5900, paid: 24659 - refundedBefore, kept: 5900, refund: 24659 - refundedBefore - 5900, currency: "GBP" },
        state: refundedBefore ? "partly_refunded" : "booked",
        money: { paid_minor: 24659, refunded_minor: refundedBefore, fee_kept_minor: 0, currency: "GBP" },
      }),
      booking,
    ).cancelQuote!;

  it("says what was paid, what is kept and what will be refunded", () => {
    expect(cancelQuoteText(late(0))).toEqual({ key: "manage.cancel.refundAfterFee", amounts: { paid: 24659, kept: 5900, refund: 18759 } });
  });

  it("after a partial refund by customer service, says the whole payment and the part given back already, so the amounts add up to what was paid", () => {
    const said = cancelQuoteText(late(1000));
    expect(said).toEqual({ key: "manage.cancel.refundAfterFeeAndRefund", amounts: { paid: 24659, refunded: 1000, kept: 5900, refund: 17759 } });
    expect(said.amounts.refunded! + said.amounts.kept! + said.amounts.refund!).toBe(said.amounts.paid);
  });

  it("without a fee, only the refund; with nothing paid online, that there is nothing to refund", () => {
    expect(cancelQuoteText({ late: false, fee: 0, paid: 23659, kept: 0, refund: 23659, refundedBefore: 1000 })).toEqual({
      key: "manage.cancel.fullRefund",
      amounts: { refund: 23659 },
    });
    expect(cancelQuoteText({ late: true, fee: 5900, paid: 0, kept: 0, refund: 0, refundedBefore: 0 })).toEqual({ key: "manage.cancel.nothingPaid", amounts: {} });
  });
});
