import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxSenders } from "../adapters/outbox/outbox-senders";
import type { CarrierContext } from "../domain/carrier";
import { OUTBOX_SENDER, sendersFromEnv, withSenders } from "../notifications/senders";
import { createTestEngine, newCarrier, readyBooking, staticMessageContent, type TestEngine } from "../testing/engine";
import { SEARCH_PAGE_SIZE, searchTerms } from "./service";

let t: TestEngine;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "service-outbox-"));
  t = await createTestEngine({ notifications: withSenders(createOutboxSenders({ dir }), sendersFromEnv({}, OUTBOX_SENDER)), messageContent: staticMessageContent() });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const OPS = { id: "staff-7", name: "Olive Ops" };
const REASON = "customer called about the booking";
let keys = 0;
const key = () => `form-key-${++keys}-${Date.now()}`;

/** A paid order (card, 259.00 GBP) on Thursday 5 June 2025; the clock is Monday 2 June, 09:00 London. */
async function paidOrder(carrier: CarrierContext, details: Record<string, unknown> = {}, date = "2025-06-05") {
  const { ref } = await readyBooking(t, carrier, { date, details });
  const done = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
  return done.order_id as number;
}

describe("search terms", () => {
  it("reads a reference, an e-mail, a phone number and a postcode as the booking flow does", () => {
    const gb = { countryCode: "GB" as const };
    expect(searchTerms(gb, " 100123 ")).toMatchObject({ orderRef: 100123, email: null, postcode: null });
    expect(searchTerms(gb, "Ada@Example.com")).toMatchObject({ email: "ada@example.com", orderRef: null, phone: null });
    expect(searchTerms(gb, "07700 900123").phone).toBe("+447700900123");
    expect(searchTerms(gb, "+44 (0)7700-900123").phone).toBe("+447700900123");
    expect(searchTerms(gb, "sw1a2aa").postcode).toBe("SW1A 2AA");
    expect(searchTerms({ countryCode: "DE" }, "030 1234567").phone).toBe("+49301234567");
    expect(searchTerms(gb, "")).toEqual({ orderRef: null, email: null, phone: null, postcode: null });
  });
});

describe("order search", () => {
  it("finds the carrier's order by reference, e-mail in any case, phone in any notation and postcode", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    for (const query of [String(orderRef), "ADA@example.COM", "07700900123", "+44 7700 900 123", "sw1a 2aa"]) {
      const found = await t.engine.service.searchOrders(carrier, { query });
      expect(
        found.orders.map((o) => o.order_ref),
        query,
      ).toEqual([orderRef]);
      expect(found.orders[0]).toMatchObject({
        name: "Ada Lovelace",
        email: "ada@example.com",
        phone_number: "+447700900123",
        postcode: "SW1A 2AA",
        total_minor: 25900,
        currency: "GBP",
      });
    }
    expect((await t.engine.service.searchOrders(carrier, { query: "nobody@example.com" })).total).toBe(0);
    expect((await t.engine.service.searchOrders(carrier, { query: "   " })).orders).toEqual([]);
  });

  it("never shows another carrier's orders, by any term, and answers ORDER_NOT_FOUND for their reference", async () => {
    const mine = await newCarrier(t);
    const other = await newCarrier(t);
    const theirs = await paidOrder(other, { email: "eve@example.com", phone_number: "07700 900999" });
    for (const query of [String(theirs), "eve@example.com", "07700900999", "SW1A 2AA"]) {
      expect((await t.engine.service.searchOrders(mine, { query })).orders, query).toEqual([]);
    }
    const direct = await t.engine.service.serviceOrder(mine, theirs).catch((e) => e);
    expect(direct.code).toBe("ORDER_NOT_FOUND");
    const refund = await t.engine.service.refundOrder(mine, OPS, { order_ref: theirs, reason: REASON, request_key: key(), amount_minor: 100 }).catch((e) => e);
    expect(refund.code).toBe("ORDER_NOT_FOUND");
    const resend = await t.engine.service.resendMessage(mine, OPS, { order_ref: theirs, message_id: 1, reason: REASON, request_key: key() }).catch((e) => e);
    expect(resend.code).toBe("ORDER_NOT_FOUND");
    // Their order is untouched.
    expect((await t.engine.service.serviceOrder(other, theirs)).payment.refunded_minor).toBe(0);
  });

  it("pages the results, newest first", async () => {
    const carrier = await newCarrier(t);
    const refs: number[] = [];
    // Two a day over the working days from Tuesday 3 June, within each day's capacity.
    const days = ["03", "04", "05", "06", "09", "10", "11", "12", "13", "16", "17"].map((d) => `2025-06-${d}`);
    for (let i = 0; i < SEARCH_PAGE_SIZE + 2; i++) refs.push(await paidOrder(carrier, {}, days[i % days.length]));
    const first = await t.engine.service.searchOrders(carrier, { query: "ada@example.com" });
    const second = await t.engine.service.searchOrders(carrier, { query: "ada@example.com", page: 2 });
    expect(first).toMatchObject({ total: SEARCH_PAGE_SIZE + 2, pages: 2, page: 1 });
    expect(first.orders).toHaveLength(SEARCH_PAGE_SIZE);
    expect(second.orders.map((o) => o.order_ref)).toEqual(refs.slice(0, 2).reverse());
    expect(first.orders[0]!.order_ref).toBe(refs.at(-1));
  });
});

describe("the order page", () => {
  it("shows devices, payment, job and technician, messages with their state and the actions", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    await t.engine.messages.runScheduledJobs({ carrierCode: carrier.code });
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    expect(page.order.devices[0]).toMatchObject({ title: "iPhone 15 128GB" });
    expect(page.order.job).not.toBeNull();
    expect(page.order.trackingVan?.technician_name).toBeTruthy();
    expect(page.payment).toMatchObject({ total_minor: 25900, refunded_minor: 0, refundable_minor: 25900, currency: "GBP" });
    const confirmation = page.messages.filter((m) => m.kind === "booking-confirmed");
    expect(confirmation.map((m) => [m.channel, m.state]).sort()).toEqual([
      ["email", "sent"],
      ["sms", "sent"],
    ]);
    expect(page.date_changes).toEqual([]);
    expect(page.actions).toEqual([]);
  });
});

describe("resend", () => {
  it("sends the same message again once per form, and records who and why", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    await t.engine.messages.runScheduledJobs({ carrierCode: carrier.code });
    const email = (await t.engine.service.serviceOrder(carrier, orderRef)).messages.find((m) => m.kind === "booking-confirmed" && m.channel === "email")!;
    const form = key();
    const first = await t.engine.service.resendMessage(carrier, OPS, { order_ref: orderRef, message_id: email.id, reason: REASON, request_key: form });
    const again = await t.engine.service.resendMessage(carrier, OPS, { order_ref: orderRef, message_id: email.id, reason: REASON, request_key: form });
    expect(again.id).toBe(first.id);
    await t.engine.messages.runScheduledJobs({ carrierCode: carrier.code });
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    const confirmations = page.messages.filter((m) => m.kind === "booking-confirmed" && m.channel === "email");
    expect(confirmations.map((m) => m.state)).toEqual(["sent", "sent"]);
    expect(page.actions).toMatchObject([
      { action: "resend", staff_id: "staff-7", staff_name: "Olive Ops", reason: REASON, state: "done", details: { kind: "booking-confirmed", channel: "email" } },
    ]);
  });

  it("refuses a short reason and another order's message", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    const otherRef = await paidOrder(carrier);
    const otherMessage = (await t.engine.service.serviceOrder(carrier, otherRef)).messages[0]!;
    const short = await t.engine.service.resendMessage(carrier, OPS, { order_ref: orderRef, message_id: otherMessage.id, reason: "asked", request_key: key() }).catch((e) => e);
    expect(short.fieldCodes).toEqual({ reason: ["REASON_TOO_SHORT"] });
    const wrong = await t.engine.service.resendMessage(carrier, OPS, { order_ref: orderRef, message_id: otherMessage.id, reason: REASON, request_key: key() }).catch((e) => e);
    expect(wrong.fieldCodes).toEqual({ message_id: ["MESSAGE_UNKNOWN"] });
    expect((await t.engine.service.serviceOrder(carrier, orderRef)).actions).toEqual([]);
  });
});

describe("refund", () => {
  it("refunds part, once per form, and never more than was paid", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    const form = key();
    const first = await t.engine.service.refundOrder(carrier, OPS, { order_ref: orderRef, amount_minor: 5000, reason: REASON, request_key: form });
    expect(first).toMatchObject({ message: null, action: { action: "refund", amount_minor: 5000, state: "done" } });
    // The second press of the same form refunds nothing more.
    const again = await t.engine.service.refundOrder(carrier, OPS, { order_ref: orderRef, amount_minor: 5000, reason: REASON, request_key: form });
    expect(again.action.id).toBe(first.action.id);
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    expect(page.payment).toMatchObject({ refunded_minor: 5000, refundable_minor: 20900 });
    const transaction = await t.payments.transaction(page.payment.transaction_id!);
    expect(transaction?.refundedMinor).toBe(5000);

    const tooMuch = await t.engine.service.refundOrder(carrier, OPS, { order_ref: orderRef, amount_minor: 20901, reason: REASON, request_key: key() }).catch((e) => e);
    expect(tooMuch.fieldCodes).toEqual({ amount_minor: ["REFUND_TOO_LARGE"] });
    const zero = await t.engine.service.refundOrder(carrier, OPS, { order_ref: orderRef, amount_minor: 0, reason: REASON, request_key: key() }).catch((e) => e);
    expect(zero.fieldCodes).toEqual({ amount_minor: ["REFUND_AMOUNT_INVALID"] });

    // The rest (no amount: everything left), then nothing is left.
    const rest = await t.engine.service.refundOrder(carrier, OPS, { order_ref: orderRef, reason: REASON, request_key: key() });
    expect(rest.action.amount_minor).toBe(20900);
    const after = await t.engine.service.serviceOrder(carrier, orderRef);
    expect(after.payment).toMatchObject({ refunded_minor: 25900, refundable_minor: 0, refund_status: "REFUNDED" });
    expect((await t.payments.transaction(after.payment.transaction_id!))?.refundedMinor).toBe(25900);
    const more = await t.engine.service.refundOrder(carrier, OPS, { order_ref: orderRef, amount_minor: 1, reason: REASON, request_key: key() }).catch((e) => e);
    expect(more.fieldCodes).toEqual({ amount_minor: ["REFUND_TOO_LARGE"] });
  });

  it("two presses of different forms at once never refund more than was paid", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    const results = await Promise.allSettled([
      t.engine.service.refundOrder(carrier, OPS, { order_ref: orderRef, amount_minor: 20000, reason: REASON, request_key: key() }),
      t.engine.service.refundOrder(carrier, OPS, { order_ref: orderRef, amount_minor: 20000, reason: REASON, request_key: key() }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    expect(page.payment.refunded_minor).toBe(20000);
    expect((await t.payments.transaction(page.payment.transaction_id!))?.refundedMinor).toBe(20000);
  });

  it("a cancellation after a partial refund gives back only what is left, and keeps the fee when asked", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    await t.engine.service.refundOrder(carrier, OPS, { order_ref: orderRef, amount_minor: 5000, reason: REASON, request_key: key() });
    const cancelled = await t.engine.service.cancel(carrier, OPS, { order_ref: orderRef, reason: REASON, request_key: key(), keep_fee: true });
    expect(cancelled).toMatchObject({ action: "cancel", details: { keep_fee: true, refund_status: "REFUNDED" } });
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    // 259.00 paid, 50.00 refunded by hand, the 59.00 call-out charge kept: 150.00 back at the cancellation.
    expect(page.payment.refunded_minor).toBe(25900 - 5900);
    expect((await t.payments.transaction(page.payment.transaction_id!))?.refundedMinor).toBe(25900 - 5900);
    expect(page.order.status).toBe("CANCELLED");
  });
});

describe("change date and address", () => {
  it("moves the order through the customer's date change; the log names the staff member", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    const days = await t.engine.service.serviceAvailability(carrier, orderRef);
    const day = days.find((d) => d.available && d.date !== "2025-06-05")!;
    const moved = await t.engine.service.changeDate(carrier, OPS, { order_ref: orderRef, date: day.date, reason: REASON, request_key: key() });
    expect(moved).toMatchObject({ action: "change-date", details: { original_date: "2025-06-05", new_date: day.date } });
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    expect(page.order.booking.booking_date).toBe(day.date);
    expect(page.date_changes).toMatchObject([{ user_id: "staff-7", original_date: "2025-06-05", new_date: day.date, reason: REASON }]);
    expect(page.messages.some((m) => m.kind === "date-changed")).toBe(true);
  });

  it("changes the address through the customer's rules (an uncovered postcode is refused, nothing recorded)", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    const refused = await t.engine.service
      .changeAddress(carrier, OPS, { order_ref: orderRef, line_1: "1 Main Street", town: "Leeds", postcode: "LS1 1AA", reason: REASON, request_key: key() })
      .catch((e) => e);
    expect(refused.code).toBeTruthy();
    expect((await t.engine.service.serviceOrder(carrier, orderRef)).actions).toEqual([]);
    const changed = await t.engine.service.changeAddress(carrier, OPS, {
      order_ref: orderRef,
      line_1: "10 Downing Street",
      town: "London",
      postcode: "sw1a 2aa",
      reason: REASON,
      request_key: key(),
    });
    expect(changed).toMatchObject({ action: "change-address", details: { to: "SW1A 2AA" } });
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    expect(page.order.details.address_1).toBe("10 Downing Street");
    expect(page.messages.some((m) => m.kind === "address-changed")).toBe(true);
  });
});

describe("moving to a chosen day and arrival window (ADR 256)", () => {
  it("lists a day's windows and moves the order into the one chosen; the log, the order and the customer's messages say that window", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    const before = await t.engine.service.serviceOrder(carrier, orderRef);
    expect(before.order.booking.timeslot).toEqual({ start: "08:00", end: "09:00" });
    const windows = await t.engine.service.serviceWindows(carrier, orderRef, { date: "2025-06-06" });
    expect(windows).toEqual([
      { start: "08:00", end: "09:00", available: true, current: false },
      { start: "09:30", end: "10:30", available: true, current: false },
      { start: "11:00", end: "12:00", available: true, current: false },
    ]);
    // The order's own window is not offered on its own day; the others are.
    const own = await t.engine.service.serviceWindows(carrier, orderRef, { date: "2025-06-05" });
    expect(own.map((w) => [w.start, w.available, w.current])).toEqual([
      ["08:00", false, true],
      ["09:30", true, false],
      ["11:00", true, false],
    ]);

    const moved = await t.engine.service.changeDate(carrier, OPS, { order_ref: orderRef, date: "2025-06-06", slot: "09:30", reason: REASON, request_key: key() });
    expect(moved.details).toMatchObject({ original_date: "2025-06-05", new_date: "2025-06-06", original_window: "08:00", new_window: "09:30" });
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    expect(page.order.booking).toMatchObject({ booking_date: "2025-06-06", timeslot: { start: "09:30", end: "10:30" } });
    expect(page.date_changes).toMatchObject([{ user_id: "staff-7", original_date: "2025-06-05", new_date: "2025-06-06" }]);
    // The customer's own manage page reads the same window.
    expect((await t.engine.orders.lookupOrder(carrier, { order_ref: String(orderRef), email: "ada@example.com" })).booking.timeslot).toEqual({ start: "09:30", end: "10:30" });

    // Another window of the same day is a move too.
    await t.engine.service.changeDate(carrier, OPS, { order_ref: orderRef, date: "2025-06-06", slot: "11:00", reason: REASON, request_key: key() });
    expect((await t.engine.service.serviceOrder(carrier, orderRef)).order.booking.timeslot).toEqual({ start: "11:00", end: "12:00" });
    // The same day and window again is no move.
    const same = await t.engine.service.changeDate(carrier, OPS, { order_ref: orderRef, date: "2025-06-06", slot: "11:00", reason: REASON, request_key: key() }).catch((e) => e);
    expect(same.fieldCodes).toEqual({ date: ["DATE_UNCHANGED"] });

    // Each move's message states its own day and window, as sent.
    await t.engine.messages.runScheduledJobs({ carrierCode: carrier.code });
    const after = await t.engine.service.serviceOrder(carrier, orderRef);
    const texts = await t.engine.service.serviceMessageTexts(carrier, orderRef);
    const moves = after.messages.filter((m) => m.kind === "date-changed" && m.channel === "email").sort((a, b) => a.id - b.id);
    expect(moves).toHaveLength(2);
    const textOf = (id: number) => texts.find((m) => m.id === id)!;
    expect(textOf(moves[0]!.id).text).toContain("Friday, 6 June 2025, 09:30–10:30");
    expect(textOf(moves[1]!.id).text).toContain("Friday, 6 June 2025, 11:00–12:00");
    const sms = after.messages.find((m) => m.kind === "date-changed" && m.channel === "sms")!;
    expect(textOf(sms.id)).toMatchObject({ recipient: "+447700900123", subject: null });
    expect(textOf(sms.id).text).toMatch(/has moved to Friday, 6 June 2025, (09:30-10:30|11:00-12:00)/);
  });

  it("refuses a window no technician is free in, one that is over, one the roster does not have and a malformed one; nothing moves", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    // Both technicians' 08:00 on Monday 9 June are taken (each new order gets the first free window).
    await paidOrder(carrier, { email: "one@example.com" }, "2025-06-09");
    await paidOrder(carrier, { email: "two@example.com" }, "2025-06-09");
    const windows = await t.engine.service.serviceWindows(carrier, orderRef, { date: "2025-06-09" });
    expect(windows.map((w) => [w.start, w.available])).toEqual([
      ["08:00", false],
      ["09:30", true],
      ["11:00", true],
    ]);
    const refusal = (date: string, slot: string) =>
      t.engine.service.changeDate(carrier, OPS, { order_ref: orderRef, date, slot, reason: REASON, request_key: key() }).catch((e) => e);
    const taken = await refusal("2025-06-09", "08:00");
    expect(taken).toMatchObject({ code: "VALIDATION", fieldCodes: { slot: ["WINDOW_UNAVAILABLE"] } });
    // Today (Monday 2 June, 09:00): the 08:00 window is over.
    expect((await refusal("2025-06-02", "08:00")).fieldCodes).toEqual({ slot: ["WINDOW_UNAVAILABLE"] });
    expect((await refusal("2025-06-09", "10:00")).fieldCodes).toEqual({ slot: ["WINDOW_UNAVAILABLE"] });
    expect((await refusal("2025-06-09", "9am")).fieldCodes).toEqual({ slot: ["WINDOW_UNAVAILABLE"] });
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    expect(page.order.booking).toMatchObject({ booking_date: "2025-06-05", timeslot: { start: "08:00" } });
    expect(page.date_changes).toEqual([]);
    expect(page.actions).toEqual([]);
    // A free window of that day is taken by the move.
    await t.engine.service.changeDate(carrier, OPS, { order_ref: orderRef, date: "2025-06-09", slot: "09:30", reason: REASON, request_key: key() });
    expect((await t.engine.service.serviceOrder(carrier, orderRef)).order.booking).toMatchObject({ booking_date: "2025-06-09", timeslot: { start: "09:30" } });
  });

  it("respects the day's capacity: a full day offers no window and a free-looking window on it is refused (OR04)", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    // Tuesday 10 June: five orders and a customer's booking still being made hold the area's six units; one window has no job.
    for (let i = 0; i < 5; i++) await paidOrder(carrier, { email: `full${i}@example.com` }, "2025-06-10");
    await readyBooking(t, carrier, { date: "2025-06-10", details: { email: "draft@example.com" } });
    const windows = await t.engine.service.serviceWindows(carrier, orderRef, { date: "2025-06-10" });
    expect(windows.every((w) => !w.available)).toBe(true);
    const refused = await t.engine.service.changeDate(carrier, OPS, { order_ref: orderRef, date: "2025-06-10", slot: "11:00", reason: REASON, request_key: key() }).catch((e) => e);
    expect(refused.code).toBe("OR04");
    expect((await t.engine.service.serviceOrder(carrier, orderRef)).order.booking.booking_date).toBe("2025-06-05");
  });

  it("the customer's own move still takes the first free window of the day", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    const { order } = await t.engine.orders.changeOrderDate(carrier, { order_ref: String(orderRef), email: "ada@example.com" }, { date: "2025-06-06", reason: REASON });
    expect(order.booking.timeslot).toEqual({ start: "08:00", end: "09:00" });
  });
});

describe("refund quote and the messages written out (ADR 255)", () => {
  it("states what a refund would give back, refused as the refund is, and records nothing", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    expect(await t.engine.service.refundQuote(carrier, { order_ref: orderRef, reason: REASON })).toMatchObject({ amount_minor: 25900, currency: "GBP", reason: REASON });
    expect((await t.engine.service.refundQuote(carrier, { order_ref: orderRef, reason: REASON, amount_minor: 5000 })).amount_minor).toBe(5000);
    const tooMuch = await t.engine.service.refundQuote(carrier, { order_ref: orderRef, reason: REASON, amount_minor: 25901 }).catch((e) => e);
    expect(tooMuch.fieldCodes).toEqual({ amount_minor: ["REFUND_TOO_LARGE"] });
    const zero = await t.engine.service.refundQuote(carrier, { order_ref: orderRef, reason: REASON, amount_minor: 0 }).catch((e) => e);
    expect(zero.fieldCodes).toEqual({ amount_minor: ["REFUND_AMOUNT_INVALID"] });
    const short = await t.engine.service.refundQuote(carrier, { order_ref: orderRef, reason: "because" }).catch((e) => e);
    expect(short.fieldCodes).toEqual({ reason: ["REASON_TOO_SHORT"] });
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    expect(page.payment.refunded_minor).toBe(0);
    expect(page.actions).toEqual([]);
    expect((await t.payments.transaction(page.payment.transaction_id!))?.refundedMinor ?? 0).toBe(0);
  });

  it("writes each message out as the sender renders it: subject and text of the e-mail, the SMS, their recipients", async () => {
    const carrier = await newCarrier(t);
    const orderRef = await paidOrder(carrier);
    await t.engine.messages.runScheduledJobs({ carrierCode: carrier.code });
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    const texts = await t.engine.service.serviceMessageTexts(carrier, orderRef);
    expect(texts.map((m) => m.id).sort()).toEqual(page.messages.map((m) => m.id).sort());
    const email = page.messages.find((m) => m.kind === "booking-confirmed" && m.channel === "email")!;
    const sms = page.messages.find((m) => m.kind === "booking-confirmed" && m.channel === "sms")!;
    const emailText = texts.find((m) => m.id === email.id)!;
    expect(emailText.recipient).toBe("ada@example.com");
    expect(emailText.subject).toContain(String(orderRef));
    expect(emailText.text).toContain("Thursday, 5 June 2025, 08:00–09:00");
    expect(emailText.text).toContain("08:00–09:00");
    const smsText = texts.find((m) => m.id === sms.id)!;
    expect(smsText).toMatchObject({ recipient: "+447700900123", subject: null });
    expect(smsText.text).toContain(String(orderRef));
    // Another carrier's order is not found.
    const other = await newCarrier(t);
    expect((await t.engine.service.serviceMessageTexts(other, orderRef).catch((e) => e)).code).toBe("ORDER_NOT_FOUND");
  });
});
