import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedAddressProvider } from "../adapters/embedded-addresses";
import { createSandboxGateway, type SandboxGateway, type SandboxLedgerRecord } from "../adapters/sandbox-payments/sandbox-gateway";
import { createSandboxPayLater, type SandboxPayLater, type SandboxPayLaterRecord } from "../adapters/sandbox-pay-later/sandbox-pay-later";
import { createPaymentLedger } from "../db/payment-ledger";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { createEngine } from "../compose";
import type { Engine } from "../engine";
import type { PayLaterProvider } from "../ports/pay-later";
import type { PaymentGateway } from "../ports/payment-gateway";
import { PRICES_GBP } from "../testing/fixtures";
import { createTestEngine, memoryFiles, newCarrier, readyBooking, VALID_DETAILS, type TestEngine } from "../testing/engine";
import { payLaterOrderLines } from "./pay-later";
import { loadBasket } from "./state";
import { findBooking } from "./repository";

let t: TestEngine;
let engine: Engine;
let payLater: SandboxPayLater;
let cards: SandboxGateway;
let uk: CarrierContext;
let plain: CarrierContext;

function engineWith(provider: PayLaterProvider, payments: PaymentGateway = cards): Engine {
  return createEngine({ db: t.opened.db, clock: t.clock, payments, payLater: provider, addresses: createEmbeddedAddressProvider(), files: memoryFiles() });
}

beforeAll(async () => {
  t = await createTestEngine();
  cards = createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(t.opened.db), now: t.clock.now });
  payLater = createSandboxPayLater({ ledger: createPaymentLedger<SandboxPayLaterRecord>(t.opened.db), now: t.clock.now });
  engine = engineWith(payLater);
  uk = await newCarrier(
    t,
    {
      extra: {
        discount_codes: [
          { code: "NINETY", kind: "percent", value: 90, expires_at: null, single_use: false },
          { code: "FIVER", kind: "fixed", value: 500, expires_at: null, single_use: false },
        ],
      },
    },
    { usesKlarna: true, use3DSecure: true },
  );
  plain = await newCarrier(t);
});
afterAll(async () => {
  await t?.close();
});

// Each day holds 6 repairs per area: spread this file's bookings over two working weeks.
const DAYS = ["2025-06-03", "2025-06-04", "2025-06-05", "2025-06-06", "2025-06-09", "2025-06-10", "2025-06-11", "2025-06-12", "2025-06-13"];
let dayIndex = 0;
const book = (carrier: CarrierContext, date?: string) => readyBooking(t, carrier, { date: date ?? DAYS[dayIndex++ % DAYS.length] });

/** Spec §4 "Pay-later payment": save details, update the session, authorise, then charge. */
async function payLaterFlow(e: Engine, carrier: CarrierContext, ref: string, paymentType: "pay_later" | "pay_later_instalments" = "pay_later") {
  await e.basket.setCustomerDetails(carrier, ref, VALID_DETAILS);
  await e.checkout.updatePayLaterSession(carrier, ref);
  const authorization = await e.checkout.authorizePayLater(carrier, ref, { payment_type: paymentType });
  if (!authorization.approved) return { authorization, state: null };
  const state = await e.checkout.charge(carrier, ref, { currency: carrier.currency, token: authorization.authorization_token!, payment_type: paymentType, paid_via_credit: true });
  return { authorization, state };
}

describe("generate-billing-tokens", () => {
  it("gives the card client token and which providers answer, and no pay later where the carrier does not offer it", async () => {
    const { ref } = await book(plain);
    const tokens = await engine.checkout.generateBillingTokens(plain, ref);
    expect(tokens).toMatchObject({
      card_provider: "sandbox",
      pay_later_provider: "sandbox",
      pay_later_client_token: null,
      pay_later_session_id: null,
      pay_later_available: false,
      pay_later_categories: [],
    });
    expect(tokens.card_client_token).toEqual(expect.any(String));
  });

  it("opens the booking's pay-later session once and reports the form available with both categories", async () => {
    const { ref } = await book(uk);
    const first = await engine.checkout.generateBillingTokens(uk, ref);
    expect(first).toMatchObject({ pay_later_available: true, pay_later_categories: ["pay_later", "pay_over_time"], pay_later_session_id: expect.any(String) });
    expect(first.pay_later_client_token).toMatch(/^sandbox\./);
    const again = await engine.checkout.generateBillingTokens(uk, ref);
    expect(again.pay_later_session_id).toBe(first.pay_later_session_id);
  });

  it("offers no pay later below a total of 35", async () => {
    const { ref } = await book(uk);
    await engine.basket.applyDiscountCode(uk, ref, { discount_code: "NINETY" });
    expect((await engine.basket.getBooking(uk, ref)).totals.cart_total).toBeLessThan(3500);
    expect(await engine.checkout.generateBillingTokens(uk, ref)).toMatchObject({ pay_later_available: false, pay_later_session_id: null });
    await expect(engine.checkout.updatePayLaterSession(uk, ref)).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("hides pay later, not the card payment, when the provider is down", async () => {
    const down: PayLaterProvider = { ...payLater, name: "sandbox", createSession: () => Promise.reject(new Error("connect ETIMEDOUT")) };
    const { ref } = await book(uk);
    const tokens = await engineWith(down).checkout.generateBillingTokens(uk, ref);
    expect(tokens).toMatchObject({ pay_later_available: false, card_client_token: expect.any(String) });
  });
});

describe("pay-later order lines", () => {
  it("lists each repair and the promo as lines that add up to the cart total", async () => {
    const { ref } = await book(uk);
    await engine.basket.applyDiscountCode(uk, ref, { discount_code: "FIVER" });
    const booking = await findBooking(t.opened.db, uk, ref);
    const lines = payLaterOrderLines(await loadBasket(t.opened.db, uk, booking, t.clock.now()));
    expect(lines.map((l) => [l.type, l.name, l.totalAmountMinor])).toEqual([
      ["physical", "iPhone 15 128GB: Screen replacement", PRICES_GBP.iphone15.screen],
      ["discount", "Promo code FIVER", -500],
    ]);
    expect(lines.reduce((sum, l) => sum + l.totalAmountMinor, 0)).toBe((await engine.basket.getBooking(uk, ref)).totals.cart_total);
  });
});

describe("pay-later payment (spec §4)", () => {
  it("approved: charges with paid via credit, the pay-later type and the authorisation token, and completes the booking", async () => {
    const { ref } = await book(uk, "2025-06-06");
    const before = payLater.orders().length;
    const { authorization, state } = await payLaterFlow(engine, uk, ref);
    expect(authorization.approved).toBe(true);
    expect(state).toMatchObject({ checkout_status: "SUCCESS", payment_method: "pay_later", paid_via_credit: true });
    const placed = payLater.orders().slice(before);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ category: "pay_later", amountMinor: PRICES_GBP.iphone15.screen, bookingReference: ref });
    const [order] = await t.opened.db.select().from(s.orders).where(eq(s.orders.orderRef, state!.order_id!));
    expect(order).toMatchObject({ paymentType: "pay_later", paidViaCredit: true, transactionId: placed[0]!.id, totalMinor: PRICES_GBP.iphone15.screen });
    // No card was charged, and 3-D Secure (a card rule) did not apply.
    expect(cards.transactions().filter((c) => c.orderId === ref)).toHaveLength(0);
  });

  it("instalments: the order is placed in the pay-over-time category", async () => {
    const { ref } = await book(uk);
    const before = payLater.orders().length;
    const { state } = await payLaterFlow(engine, uk, ref, "pay_later_instalments");
    expect(state).toMatchObject({ checkout_status: "SUCCESS", payment_method: "pay_later_instalments", paid_via_credit: true });
    expect(payLater.orders().slice(before)[0]).toMatchObject({ category: "pay_over_time" });
  });

  it("not approved: nothing is charged and the booking stays payable", async () => {
    const { ref } = await book(uk);
    await engine.basket.setCustomerDetails(uk, ref, { ...VALID_DETAILS, email: "customer+denied@example.com" });
    await engine.checkout.updatePayLaterSession(uk, ref);
    const authorization = await engine.checkout.authorizePayLater(uk, ref, { payment_type: "pay_later" });
    expect(authorization).toEqual({ approved: false, authorization_token: null, show_form: false });
    expect((await engine.basket.getBooking(uk, ref)).checkout_status).toBe("PENDING");
    expect(await engine.checkout.paymentAttempts(uk, ref)).toHaveLength(0);
  });

  it("denies everything when the sandbox is configured to deny", async () => {
    const denying = engineWith(createSandboxPayLater({ outcome: "deny", ledger: createPaymentLedger<SandboxPayLaterRecord>(t.opened.db) }));
    const { ref } = await book(uk);
    const { authorization, state } = await payLaterFlow(denying, uk, ref);
    expect(authorization.approved).toBe(false);
    expect(state).toBeNull();
  });

  it("exactly once: the same pay-later checkout submitted many times at once gives one order and one provider order", async () => {
    const { ref } = await book(uk, "2025-06-05");
    await engine.checkout.updatePayLaterSession(uk, ref);
    const { authorization_token } = await engine.checkout.authorizePayLater(uk, ref, { payment_type: "pay_later" });
    const before = payLater.orders().length;
    const submit = () => engine.checkout.charge(uk, ref, { currency: "GBP", token: authorization_token!, payment_type: "pay_later", paid_via_credit: true });
    const results = await Promise.allSettled(Array.from({ length: 8 }, submit));
    const completed = results.filter((r) => r.status === "fulfilled");
    const others = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason.code);
    expect(completed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(others)).toEqual(others.length ? new Set(["BK07"]) : new Set());
    expect(payLater.orders().slice(before)).toHaveLength(1);
    const booking = await findBooking(t.opened.db, uk, ref);
    expect(await t.opened.db.select().from(s.orders).where(eq(s.orders.bookingId, booking.id))).toHaveLength(1);
  });

  it("replays, never repeats, an order whose answer was lost", async () => {
    let lose = true;
    const lossy: PayLaterProvider = {
      ...payLater,
      name: "sandbox",
      async placeOrder(input) {
        const result = await payLater.placeOrder(input);
        if (lose) {
          lose = false;
          throw new Error("socket hang up");
        }
        return result;
      },
    };
    const e = engineWith(lossy);
    const { ref } = await book(uk);
    await e.checkout.updatePayLaterSession(uk, ref);
    const { authorization_token } = await e.checkout.authorizePayLater(uk, ref, { payment_type: "pay_later" });
    const before = payLater.orders().length;
    const charge = () => e.checkout.charge(uk, ref, { currency: "GBP", token: authorization_token!, payment_type: "pay_later", paid_via_credit: true });
    await expect(charge()).rejects.toMatchObject({ code: "PAYMENT_GATEWAY_ERROR" });
    expect((await charge()).checkout_status).toBe("SUCCESS");
    expect(payLater.orders().slice(before)).toHaveLength(1);
    expect((await e.checkout.paymentAttempts(uk, ref)).map((a) => a.status)).toEqual(["SUCCEEDED"]);
  });

  it("an authorisation that no longer matches gives the card error and leaves the booking payable", async () => {
    const { ref } = await book(uk);
    await expect(engine.checkout.charge(uk, ref, { currency: "GBP", token: "sbx-auth-unknown", payment_type: "pay_later", paid_via_credit: true })).rejects.toMatchObject({
      code: "PAYMENT_CARD_ERROR",
      messages: ["There was a problem confirming payment. Please try again or contact your bank.", "Invalid authorization token"],
    });
    expect((await engine.basket.getBooking(uk, ref)).checkout_status).toBe("PENDING");
  });

  it("refuses pay later where the carrier does not offer it, without paid via credit, or below 35", async () => {
    const { ref } = await book(plain);
    await expect(engine.checkout.charge(plain, ref, { currency: "GBP", token: "x", payment_type: "pay_later", paid_via_credit: true })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    const klarna = await book(uk);
    await expect(engine.checkout.charge(uk, klarna.ref, { currency: "GBP", token: "x", payment_type: "pay_later" })).rejects.toMatchObject({ code: "VALIDATION" });
    await engine.basket.applyDiscountCode(uk, klarna.ref, { discount_code: "NINETY" });
    await expect(engine.checkout.charge(uk, klarna.ref, { currency: "GBP", token: "x", payment_type: "pay_later", paid_via_credit: true })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    expect(await engine.checkout.paymentAttempts(uk, klarna.ref)).toHaveLength(0);
  });

  it("with Klarna the authorisation happens in the browser, so the server-side authorise is refused", async () => {
    const { authorize: _unused, ...browserOnly } = payLater;
    const e = engineWith({ ...browserOnly, name: "klarna" });
    const { ref } = await book(uk);
    await expect(e.checkout.authorizePayLater(uk, ref, { payment_type: "pay_later" })).rejects.toMatchObject({ code: "VALIDATION" });
    expect(e.checkout.paymentProviders()).toEqual({ card: "sandbox", payLater: "klarna" });
  });

  it("refunds a cancelled pay-later order through the pay-later provider", async () => {
    const { ref } = await book(uk, "2025-06-06");
    const { state } = await payLaterFlow(engine, uk, ref);
    const cancelled = await engine.orders.cancelOrder(uk, { order_ref: String(state!.order_id), email: VALID_DETAILS.email });
    expect(cancelled.refund_status).toBe("REFUNDED");
  });
});

describe("billing error flags (spec §3, §8 payment error modal)", () => {
  it("come out of a refused charge as the fields the payment error modal reads", async () => {
    const avs: PaymentGateway = {
      ...cards,
      name: "test",
      sale: async () => ({ ok: false, kind: "card_error", code: "avs", message: "Gateway Rejected: avs", billing: { address: true, phoneNumber: true } }),
    };
    const e = engineWith(payLater, avs);
    const { ref } = await book(plain);
    const failure = await e.checkout.charge(plain, ref, { currency: "GBP", token: "tokencc_x", payment_type: "card" }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "PAYMENT_CARD_ERROR", fields: { billing_address: ["Incorrect billing address"], phone_number: ["Incorrect phone number"] } });
  });

  it("send the customer's phone number with the billing address", async () => {
    let billing: unknown;
    const spy: PaymentGateway = {
      ...cards,
      name: "test",
      sale: async (request) => ((billing = request.billing), { ok: false, kind: "declined", code: "2000", message: "Do Not Honor" }),
    };
    const e = engineWith(payLater, spy);
    const { ref } = await book(plain);
    await e.basket.setCustomerDetails(plain, ref, {
      ...VALID_DETAILS,
      billing_first_name: "Ada",
      billing_last_name: "Lovelace",
      billing_address: { line_1: "2 Whitehall", town: "London", postcode: "SW1A 2AA" },
    });
    await e.checkout.charge(plain, ref, { currency: "GBP", token: "t", payment_type: "card" }).catch(() => undefined);
    expect(billing).toMatchObject({ line1: "2 Whitehall", phone: "+447700900123", countryCode: "GB" });
  });
});

describe("generate-billing-tokens when the card provider fails", () => {
  it("answers the payment gateway error instead of crashing the page", async () => {
    const failing: PaymentGateway = { ...cards, name: "test", clientToken: () => Promise.reject(new Error("No Braintree account is configured")) };
    const { ref } = await book(plain);
    await expect(engineWith(payLater, failing).checkout.generateBillingTokens(plain, ref)).rejects.toMatchObject({
      code: "PAYMENT_GATEWAY_ERROR",
      messages: ["There was a problem confirming payment. Please try again or contact your bank."],
    });
  });
});
