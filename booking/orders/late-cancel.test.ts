/**
 * Late cancellations and moves (spec §9 "24 hours' notice is needed to change or cancel, otherwise
 * the fee applies"; ADR 250, 251): inside 24 hours the customer cancels online, the carrier's
 * call-out charge is kept and the rest refunded through the payment port, once.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedAddressProvider } from "../adapters/embedded-addresses";
import { createSandboxPayLater, type SandboxPayLater, type SandboxPayLaterRecord } from "../adapters/sandbox-pay-later/sandbox-pay-later";
import { createEngine } from "../compose";
import { createPaymentLedger } from "../db/payment-ledger";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import type { Engine } from "../engine";
import type { PaymentGateway } from "../ports/payment-gateway";
import { createTestEngine, memoryFiles, MONDAY_9AM_LONDON, newCarrier, readyBooking, VALID_DETAILS, type TestEngine } from "../testing/engine";

let t: TestEngine;
let payLater: SandboxPayLater;
let withPayLater: Engine;
beforeAll(async () => {
  t = await createTestEngine();
  payLater = createSandboxPayLater({ ledger: createPaymentLedger<SandboxPayLaterRecord>(t.opened.db), now: t.clock.now });
  withPayLater = engineWith(t.payments, payLater);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  t.clock.set(MONDAY_9AM_LONDON);
});

function engineWith(payments: PaymentGateway, provider = payLater): Engine {
  return createEngine({ db: t.opened.db, clock: t.clock, payments, payLater: provider, addresses: createEmbeddedAddressProvider(), files: memoryFiles() });
}

const EMAIL = "ada@example.com";
const TOTAL = 25900;
// Thursday 5 June 2025, 08:00–09:00 London (07:00 UTC): the 24 hours start on Wednesday at 07:00 UTC.
const DAY = "2025-06-05";
const TWENTY_FOUR_HOURS_AND_A_MINUTE = "2025-06-04T06:59:00Z";
const TWENTY_THREE_HOURS_59 = "2025-06-04T07:01:00Z";
const VISIT_BEGUN = "2025-06-05T07:00:00Z";
const REASON = "I will be away from home that day";

async function paidOrder(carrier: CarrierContext) {
  const { ref } = await readyBooking(t, carrier, { date: DAY });
  const done = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
  const sale = t.payments.transactions().find((tx) => tx.orderId === ref)!;
  return { ref, sale, lookup: { order_ref: String(done.order_id), email: EMAIL } };
}

const refunded = async (saleId: string) => (await t.payments.transaction(saleId))!.refundedMinor;

async function cancelMessage(carrier: CarrierContext, orderRef: string) {
  const [row] = await t.opened.db
    .select()
    .from(s.scheduledJobs)
    .where(and(eq(s.scheduledJobs.carrierCode, carrier.code), eq(s.scheduledJobs.orderRef, Number(orderRef)), eq(s.scheduledJobs.kind, "booking-cancelled")));
  return row;
}

describe("cancelling inside 24 hours keeps the call-out charge (spec §9)", () => {
  it("24 hours and a minute before: no fee, a full refund", async () => {
    const carrier = await newCarrier(t);
    const { lookup, sale } = await paidOrder(carrier);
    t.clock.set(TWENTY_FOUR_HOURS_AND_A_MINUTE);
    const before = await t.engine.orders.lookupOrder(carrier, lookup);
    expect(before).toMatchObject({
      change_window: "open",
      can_change_online: true,
      can_cancel_online: true,
      cancellation_quote: { late: false, fee: 0, paid: TOTAL, kept: 0, refund: TOTAL, currency: "GBP" },
    });
    const after = await t.engine.orders.cancelOrder(carrier, lookup);
    expect(after).toMatchObject({ status: "CANCELLED", refund_status: "REFUNDED", cancellation: { fee_kept: 0, refunded: TOTAL, currency: "GBP" }, cancellation_quote: null });
    expect(await refunded(sale.id)).toBe(TOTAL);
  });

  it("23 hours 59 minutes before: the quote states the fee and the refund, and cancelling keeps the fee and refunds the rest through the gateway", async () => {
    const carrier = await newCarrier(t);
    const { lookup, sale } = await paidOrder(carrier);
    t.clock.set(TWENTY_THREE_HOURS_59);
    const before = await t.engine.orders.lookupOrder(carrier, lookup);
    expect(before).toMatchObject({
      change_window: "late",
      can_change_online: false,
      can_cancel_online: true,
      can_change_date_online: false,
      cancellation_quote: { late: true, fee: 5900, paid: TOTAL, kept: 5900, refund: TOTAL - 5900, currency: "GBP" },
      cancellation: null,
    });
    const after = await t.engine.orders.cancelOrder(carrier, lookup);
    expect(after).toMatchObject({ status: "CANCELLED", refund_status: "REFUNDED", cancellation: { fee_kept: 5900, refunded: TOTAL - 5900 } });
    // The sandbox is the Braintree twin (ADR 023): a partial refund of the sale, the fee stays settled.
    expect(await refunded(sale.id)).toBe(TOTAL - 5900);
    const message = await cancelMessage(carrier, lookup.order_ref);
    expect(message?.payload?.values).toEqual({ refund: TOTAL - 5900, feeKept: 5900 });
  });

  it("a second press cancels and refunds once", async () => {
    const carrier = await newCarrier(t);
    const { lookup, sale } = await paidOrder(carrier);
    t.clock.set(TWENTY_THREE_HOURS_59);
    await t.engine.orders.cancelOrder(carrier, lookup);
    await expect(t.engine.orders.cancelOrder(carrier, lookup)).rejects.toMatchObject({ code: "ORDER_CANCELLED" });
    const both = await Promise.allSettled([t.engine.orders.cancelOrder(carrier, lookup), t.engine.orders.cancelOrder(carrier, lookup)]);
    expect(both.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(await refunded(sale.id)).toBe(TOTAL - 5900);
    expect((await t.engine.orders.lookupOrder(carrier, lookup)).cancellation).toEqual({ fee_kept: 5900, refunded: TOTAL - 5900, currency: "GBP" });
  });

  it("two presses at once inside the window refund once", async () => {
    const carrier = await newCarrier(t);
    const { lookup, sale } = await paidOrder(carrier);
    t.clock.set(TWENTY_THREE_HOURS_59);
    // The second press either finds it cancelled or joins the first one's refund (the same idempotency key).
    await Promise.allSettled([t.engine.orders.cancelOrder(carrier, lookup), t.engine.orders.cancelOrder(carrier, lookup)]);
    expect(await refunded(sale.id)).toBe(TOTAL - 5900);
    expect((await t.engine.orders.lookupOrder(carrier, lookup)).cancellation).toEqual({ fee_kept: 5900, refunded: TOTAL - 5900, currency: "GBP" });
  });

  it("a fee larger than what was paid keeps what was paid and refunds nothing, without asking the gateway", async () => {
    const carrier = await newCarrier(t, {}, { callOutCharge: 30000 });
    const { lookup, sale } = await paidOrder(carrier);
    t.clock.set(TWENTY_THREE_HOURS_59);
    expect((await t.engine.orders.lookupOrder(carrier, lookup)).cancellation_quote).toMatchObject({ fee: 30000, paid: TOTAL, kept: TOTAL, refund: 0 });
    const after = await t.engine.orders.cancelOrder(carrier, lookup);
    expect(after.cancellation).toEqual({ fee_kept: TOTAL, refunded: 0, currency: "GBP" });
    expect(await refunded(sale.id)).toBe(0);
  });

  it("a carrier without a call-out charge refunds everything, late or not", async () => {
    const carrier = await newCarrier(t, {}, { hasCallOutCharge: false, callOutCharge: 5900 });
    const { lookup, sale } = await paidOrder(carrier);
    t.clock.set(TWENTY_THREE_HOURS_59);
    expect((await t.engine.orders.lookupOrder(carrier, lookup)).cancellation_quote).toMatchObject({ late: true, fee: 0, kept: 0, refund: TOTAL });
    expect((await t.engine.orders.cancelOrder(carrier, lookup)).cancellation).toMatchObject({ fee_kept: 0, refunded: TOTAL });
    expect(await refunded(sale.id)).toBe(TOTAL);
  });

  it("keeps the fee from a pay-later order too: the matching refund of the captured order", async () => {
    const carrier = await newCarrier(t, {}, { usesKlarna: true, use3DSecure: true });
    const { ref } = await readyBooking(t, carrier, { date: DAY });
    await withPayLater.basket.setCustomerDetails(carrier, ref, VALID_DETAILS);
    await withPayLater.checkout.updatePayLaterSession(carrier, ref);
    const authorization = await withPayLater.checkout.authorizePayLater(carrier, ref, { payment_type: "pay_later" });
    const state = await withPayLater.checkout.charge(carrier, ref, {
      currency: "GBP",
      token: authorization.authorization_token!,
      payment_type: "pay_later",
      paid_via_credit: true,
    });
    const lookup = { order_ref: String(state.order_id), email: EMAIL };
    t.clock.set(TWENTY_THREE_HOURS_59);
    expect((await withPayLater.orders.lookupOrder(carrier, lookup)).cancellation_quote).toMatchObject({ kept: 5900, refund: TOTAL - 5900 });
    const after = await withPayLater.orders.cancelOrder(carrier, lookup);
    expect(after.cancellation).toEqual({ fee_kept: 5900, refunded: TOTAL - 5900, currency: "GBP" });
    // The provider's own record of the captured order: the rest refunded, the fee still captured.
    const placed = payLater.orders().find((order) => order.bookingReference === ref)!;
    const record = await createPaymentLedger<SandboxPayLaterRecord>(t.opened.db).get(`sandbox-pay-later:transaction:${placed.id}`);
    expect(record).toMatchObject({ kind: "transaction", order: { amountMinor: TOTAL, refundedMinor: TOTAL - 5900 } });
  });

  it("after the appointment has begun, or once the technician is on the way, it cannot be cancelled online", async () => {
    const carrier = await newCarrier(t);
    const { lookup, sale } = await paidOrder(carrier);
    t.clock.set(VISIT_BEGUN);
    expect(await t.engine.orders.lookupOrder(carrier, lookup)).toMatchObject({ change_window: "closed", can_cancel_online: false, cancellation_quote: null });
    await expect(t.engine.orders.cancelOrder(carrier, lookup)).rejects.toMatchObject({ code: "ORDER_CHANGE_WINDOW_CLOSED" });
    expect(await refunded(sale.id)).toBe(0);

    const other = await paidOrder(carrier);
    t.clock.set(TWENTY_THREE_HOURS_59);
    const order = await t.engine.orders.lookupOrder(carrier, other.lookup);
    await t.opened.db.update(s.jobs).set({ workStatus: "ON_THE_WAY" }).where(eq(s.jobs.id, order.job!.id));
    expect((await t.engine.orders.lookupOrder(carrier, other.lookup)).can_cancel_online).toBe(false);
    await expect(t.engine.orders.cancelOrder(carrier, other.lookup)).rejects.toMatchObject({ code: "ORDER_CHANGE_WINDOW_CLOSED" });
  });

  it("a gateway that refuses leaves the refund to retry; the retry keeps the fee as it stood when cancelled and refunds once", async () => {
    const carrier = await newCarrier(t);
    const { lookup, sale } = await paidOrder(carrier);
    const refusing = engineWith({ ...t.payments, refund: async () => ({ ok: false, message: "Processor declined the refund" }) });
    t.clock.set(TWENTY_THREE_HOURS_59);
    const failed = await refusing.orders.cancelOrder(carrier, lookup);
    expect(failed).toMatchObject({ status: "CANCELLED", refund_status: "FAILED", cancellation: null });
    expect(await refunded(sale.id)).toBe(0);
    // Pressed again after the visit's time: the fee is the one of the cancellation, not of now.
    t.clock.set(VISIT_BEGUN);
    const retried = await t.engine.orders.cancelOrder(carrier, lookup);
    expect(retried).toMatchObject({ refund_status: "REFUNDED", cancellation: { fee_kept: 5900, refunded: TOTAL - 5900 } });
    expect(await refunded(sale.id)).toBe(TOTAL - 5900);
    await expect(t.engine.orders.cancelOrder(carrier, lookup)).rejects.toMatchObject({ code: "ORDER_CANCELLED" });
    expect(await refunded(sale.id)).toBe(TOTAL - 5900);
  });

  it("after a partial refund by customer service, keeps the fee from what is left", async () => {
    const carrier = await newCarrier(t);
    const { lookup, sale } = await paidOrder(carrier);
    await t.engine.service.refundOrder(
      carrier,
      { id: "ops-1", name: "Olive Ops" },
      { order_ref: lookup.order_ref, amount_minor: 5000, reason: "Goodwill for the late technician", request_key: "late-cancel-refund-1" },
    );
    t.clock.set(TWENTY_THREE_HOURS_59);
    expect((await t.engine.orders.lookupOrder(carrier, lookup)).cancellation_quote).toMatchObject({ paid: TOTAL - 5000, kept: 5900, refund: TOTAL - 5000 - 5900 });
    const after = await t.engine.orders.cancelOrder(carrier, lookup);
    expect(after.cancellation).toEqual({ fee_kept: 5900, refunded: TOTAL - 5900, currency: "GBP" });
    expect(await refunded(sale.id)).toBe(TOTAL - 5900);
    // The partial refund's notice, not sent yet when the customer cancelled, still goes: that money was given back.
    const messages = await t.engine.messages.orderMessages(carrier, Number(lookup.order_ref));
    expect(messages.filter((m) => m.kind === "order-partly-refunded").map((m) => m.state)).toEqual(["pending", "pending"]);
    expect(messages.filter((m) => m.kind === "evening-before" || m.kind === "morning-of").every((m) => m.state === "cancelled")).toBe(true);
  });
});

describe("customer service and the fee inside 24 hours", () => {
  const STAFF = { id: "ops-1", name: "Olive Ops" };

  it("the desk's page shows the fee kept from the customer's late cancellation", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    t.clock.set(TWENTY_THREE_HOURS_59);
    await t.engine.orders.cancelOrder(carrier, lookup);
    const desk = await t.engine.service.serviceOrder(carrier, lookup.order_ref);
    expect(desk.payment).toMatchObject({ total_minor: TOTAL, refunded_minor: TOTAL - 5900, refundable_minor: 5900, fee_kept_minor: 5900, refund_status: "REFUNDED" });
  });

  it("the desk decides for itself: cancelling late without keeping the fee refunds everything", async () => {
    const carrier = await newCarrier(t);
    const { lookup, sale } = await paidOrder(carrier);
    t.clock.set(TWENTY_THREE_HOURS_59);
    await t.engine.service.cancel(carrier, STAFF, {
      order_ref: lookup.order_ref,
      reason: "Customer is in hospital, waive the fee",
      request_key: "late-cancel-desk-1",
      keep_fee: false,
    });
    expect(await refunded(sale.id)).toBe(TOTAL);
    expect((await t.engine.service.serviceOrder(carrier, lookup.order_ref)).payment.fee_kept_minor).toBe(0);
  });
});

describe("moving the date inside 24 hours (ADR 251)", () => {
  it("is refused where the carrier does not allow late moves, and the customer may still cancel", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    t.clock.set(TWENTY_THREE_HOURS_59);
    await expect(t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-10", reason: REASON })).rejects.toMatchObject({ code: "ORDER_CHANGE_WINDOW_CLOSED" });
    await expect(t.engine.orders.changeOrderAddress(carrier, lookup, { line_1: "1 Strand", town: "London", postcode: "WC2N 5DU" })).rejects.toMatchObject({
      code: "ORDER_CHANGE_WINDOW_CLOSED",
    });
    expect(await t.engine.orders.lookupOrder(carrier, lookup)).toMatchObject({ can_change_date_online: false, can_cancel_online: true });
  });

  it("is allowed where the carrier switches late moves on, without a fee, until the visit begins", async () => {
    const carrier = await newCarrier(t, {}, { lateDateChanges: true });
    const { lookup, sale } = await paidOrder(carrier);
    t.clock.set(TWENTY_THREE_HOURS_59);
    expect((await t.engine.orders.lookupOrder(carrier, lookup)).can_change_date_online).toBe(true);
    const { order } = await t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-10", reason: REASON });
    expect(order).toMatchObject({ status: "BOOKED", booking: { booking_date: "2025-06-10" }, change_window: "open" });
    expect(await refunded(sale.id)).toBe(0);

    const other = await paidOrder(carrier);
    t.clock.set(VISIT_BEGUN);
    await expect(t.engine.orders.changeOrderDate(carrier, other.lookup, { date: "2025-06-10", reason: REASON })).rejects.toMatchObject({ code: "ORDER_CHANGE_WINDOW_CLOSED" });
  });

  it("customer service may move a late booking (the desk keeps late moves)", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    t.clock.set(TWENTY_THREE_HOURS_59);
    const { order, log } = await t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-10", reason: REASON, user_id: "ops-1" });
    expect(order.booking.booking_date).toBe("2025-06-10");
    expect(log.user_id).toBe("ops-1");
  });
});
