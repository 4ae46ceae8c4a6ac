import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxGateway, type SandboxLedgerRecord } from "../adapters/sandbox-payments/sandbox-gateway";
import { createEmbeddedAddressProvider } from "../adapters/embedded-addresses";
import { createPaymentLedger } from "../db/payment-ledger";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { createEngine } from "../compose";
import type { PaymentOutcomeEvent } from "../events/outcomes";
import type { PaymentGateway } from "../ports/payment-gateway";
import { IDS, PRICES_GBP } from "../testing/fixtures";
import { createTestEngine, memoryFiles, newCarrier, readyBooking, VALID_DETAILS, type TestEngine } from "../testing/engine";

let t: TestEngine;
let carrier: CarrierContext;
beforeAll(async () => {
  t = await createTestEngine();
  carrier = await newCarrier(t);
});
afterAll(async () => {
  await t?.close();
});

const pay = (ref: string, token = "fake-valid-nonce", c = carrier) => t.engine.checkout.charge(c, ref, { currency: c.currency, token, payment_type: "card" });

describe("charge", () => {
  it("takes the cart total once and completes the order: order reference, job and technician", async () => {
    const { ref } = await readyBooking(t, carrier);
    const before = t.payments.transactions().length;
    const done = await pay(ref);
    expect(done).toMatchObject({ checkout_status: "SUCCESS", payment_method: "card" });
    expect(done.order_id).toBeGreaterThanOrEqual(100001);
    const [order] = await t.opened.db.select().from(s.orders).where(eq(s.orders.orderRef, done.order_id!));
    expect(order).toMatchObject({ carrierCode: carrier.code, totalMinor: PRICES_GBP.iphone15.screen, currency: "GBP", date: "2025-06-03", areaCode: "central", status: "BOOKED" });
    expect(order!.technicianId).toMatch(/central/);
    const [job] = await t.opened.db.select().from(s.jobs).where(eq(s.jobs.orderId, order!.id));
    expect(job).toMatchObject({ technicianId: order!.technicianId, slot: order!.slot, date: "2025-06-03" });
    const sales = t.payments.transactions().slice(before);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ amountMinor: PRICES_GBP.iphone15.screen, currency: "GBP", orderId: ref });
    const attempts = await t.engine.checkout.paymentAttempts(carrier, ref);
    expect(attempts.map((a) => [a.status, a.idempotencyKey])).toEqual([["SUCCEEDED", `${carrier.code}:${ref}:${PRICES_GBP.iphone15.screen}:1`]]);
    // The hold became permanent.
    const [hold] = await t.opened.db
      .select()
      .from(s.capacityHolds)
      .where(and(eq(s.capacityHolds.carrierCode, carrier.code), eq(s.capacityHolds.bookingId, order!.bookingId)));
    expect(hold!.expiresAt).toBeNull();
  });

  it("gives consecutive orders consecutive numeric references and spreads jobs over technicians", async () => {
    const a = await pay((await readyBooking(t, carrier, { date: "2025-06-06" })).ref);
    const b = await pay((await readyBooking(t, carrier, { date: "2025-06-06" })).ref);
    expect(b.order_id! - a.order_id!).toBe(1);
    const orders = await t.opened.db
      .select()
      .from(s.orders)
      .where(and(eq(s.orders.carrierCode, carrier.code), eq(s.orders.date, "2025-06-06")));
    expect(new Set(orders.map((o) => o.technicianId)).size).toBe(2);
  });

  it("gives a window taken meanwhile to nobody twice, and a day with no window left its last one, as before (ADR 237)", async () => {
    const tight = await newCarrier(t, { technicians: 1, slots: 2 });
    const [first, second] = [await readyBooking(t, tight, { date: "2025-06-05" }), await readyBooking(t, tight, { date: "2025-06-05" })];
    // Both windows of the only technician are taken by jobs written outside the checkout (staff moved orders there).
    const windows: (typeof s.jobs.$inferSelect)[] = [];
    for (const slot of ["08:00", "09:30"]) {
      const [job] = await t.opened.db
        .insert(s.jobs)
        .values({ carrierCode: tight.code, orderId: 900_000 + windows.length, technicianId: `${tight.code}-central-1`, date: "2025-06-05", slot })
        .returning();
      windows.push(job!);
    }
    // One window frees up: the first payment gets it, the second finds none free and gets the latest window, as the roster-shrank case always did.
    await t.opened.db.update(s.jobs).set({ status: "CANCELLED" }).where(eq(s.jobs.id, windows[0]!.id));
    const a = await pay(first.ref, "fake-valid-nonce", tight);
    const b = await pay(second.ref, "fake-valid-nonce", tight);
    const orders = await t.opened.db.select().from(s.orders).where(eq(s.orders.carrierCode, tight.code));
    const slotOf = (ref: number | null | undefined) => orders.find((o) => o.orderRef === ref)!.slot;
    expect(slotOf(a.order_id)).toBe("08:00");
    expect(slotOf(b.order_id)).toBe("09:30");
    const jobs = await t.opened.db
      .select()
      .from(s.jobs)
      .where(and(eq(s.jobs.carrierCode, tight.code), eq(s.jobs.status, "SCHEDULED")));
    // Every order has its job in its order's window.
    for (const o of orders) expect(jobs.find((j) => j.orderId === o.id)).toMatchObject({ slot: o.slot, technicianId: o.technicianId });
  });

  it("reports a declined card, leaves the booking payable and charges once on the retry", async () => {
    const { ref } = await readyBooking(t, carrier);
    await expect(pay(ref, "fake-processor-declined-visa-nonce")).rejects.toMatchObject({
      code: "PAYMENT_DECLINED",
      messages: ["Your payment method was declined. Please try again with a different card or payment method.", "Do Not Honor"],
    });
    expect((await t.engine.basket.getBooking(carrier, ref)).checkout_status).toBe("PENDING");
    await t.engine.basket.setCustomerDetails(carrier, ref, { ...VALID_DETAILS, first_name: "Augusta" });
    expect((await pay(ref)).checkout_status).toBe("SUCCESS");
    expect((await t.engine.checkout.paymentAttempts(carrier, ref)).map((a) => [a.attempt, a.status])).toEqual([
      [1, "FAILED"],
      [2, "SUCCEEDED"],
    ]);
  });

  it("requires 3-D Secure for a card where the carrier uses it", async () => {
    const secure = await newCarrier(t, {}, { use3DSecure: true });
    const { ref } = await readyBooking(t, secure);
    await expect(pay(ref, "fake-valid-nonce", secure)).rejects.toMatchObject({ code: "PAYMENT_CARD_ERROR" });
    expect((await pay(ref, "fake-three-d-secure-visa-full-authentication-nonce", secure)).checkout_status).toBe("SUCCESS");
  });

  it("answers BK27 when the booking is not ready, the currency is wrong or the total changed", async () => {
    const { reference } = await t.engine.basket.buildBooking(carrier);
    await expect(pay(reference)).rejects.toMatchObject({ code: "BK09" });
    await t.engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
    await expect(pay(reference)).rejects.toMatchObject({ code: "BK27", fields: { devices: expect.any(Array) } });
    await t.engine.basket.addDevice(carrier, reference, { model_version_id: IDS.galaxyS24v128 });
    await expect(pay(reference)).rejects.toMatchObject({ code: "BK27", fields: { problems: expect.any(Array) } });
    const { ref } = await readyBooking(t, carrier);
    await expect(t.engine.checkout.charge(carrier, ref, { currency: "EUR", token: "fake-valid-nonce" })).rejects.toMatchObject({ code: "BK27" });
    await expect(t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce", expected_total: 1 })).rejects.toMatchObject({ code: "BK27" });
    await expect(t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("refuses payment by invoice (spec §7's invoice_payment, ADR 268) with the field named, charging nothing, and pays when it is false", async () => {
    // Its own carrier: the order it makes takes a window the other tests of the shared carrier count on.
    const own = await newCarrier(t);
    const { ref } = await readyBooking(t, own);
    const before = t.payments.transactions().length;
    await expect(t.engine.checkout.charge(own, ref, { currency: "GBP", token: "fake-valid-nonce", invoice_payment: true })).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { invoice_payment: ["Payment by invoice is not offered: pay with the card or pay-later token (invoice_payment false or left out)."] },
      fieldCodes: { invoice_payment: ["INVOICE_PAYMENT_NOT_OFFERED"] },
    });
    expect(t.payments.transactions()).toHaveLength(before);
    expect((await t.engine.basket.getBooking(own, ref)).checkout_status).not.toBe("SUCCESS");
    await expect(t.engine.checkout.charge(own, ref, { currency: "GBP", token: "fake-valid-nonce", invoice_payment: false })).resolves.toMatchObject({
      checkout_status: "SUCCESS",
    });
  });

  it("needs the customer's details and a date (BK13 when the date is missing)", async () => {
    const { reference } = await t.engine.basket.buildBooking(carrier);
    await t.engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
    await t.engine.basket.addDevice(carrier, reference, { model_version_id: IDS.galaxyS24v128, problems: [IDS.screen] });
    const missing = await pay(reference).catch((e) => e);
    expect(missing.code).toBe("BK27");
    expect(Object.keys(missing.fields).sort()).toEqual(["address.line_1", "address.town", "email", "first_name", "last_name", "phone_number"]);
    await t.engine.basket.setCustomerDetails(carrier, reference, VALID_DETAILS);
    await expect(pay(reference)).rejects.toMatchObject({ code: "BK13" });
    expect(await t.engine.checkout.validateBooking(carrier, reference)).toMatchObject({ valid: false, code: "BK13" });
    await t.engine.basket.setDate(carrier, reference, { date: "2025-06-03" });
    expect(await t.engine.checkout.validateBooking(carrier, reference)).toEqual({ valid: true, code: null, messages: [], fields: {} });
  });

  it("requires a store where the carrier takes bookings only for a store", async () => {
    const storeCarrier = await newCarrier(t, {}, { storeRequired: true });
    const { ref } = await readyBooking(t, storeCarrier);
    await expect(pay(ref, "fake-valid-nonce", storeCarrier)).rejects.toMatchObject({ code: "BK27", fields: { store_code: expect.any(Array) } });
    await t.engine.basket.setStore(storeCarrier, ref, { ignore: true });
    expect((await pay(ref, "fake-valid-nonce", storeCarrier)).checkout_status).toBe("SUCCESS");
  });

  it("re-takes an expired hold at checkout when the day still has room", async () => {
    const { ref } = await readyBooking(t, carrier);
    t.clock.advance(45 * 60_000);
    try {
      expect((await t.engine.basket.getBooking(carrier, ref)).availability.date_held).toBe(false);
      expect((await pay(ref)).checkout_status).toBe("SUCCESS");
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("answers BK13 and resets the date when an expired hold's day was taken meanwhile", async () => {
    const tight = await newCarrier(t, { technicians: 1, slots: 1 });
    const { ref } = await readyBooking(t, tight);
    t.clock.advance(45 * 60_000);
    try {
      const rival = await readyBooking(t, tight);
      expect(rival.state.availability.date_held).toBe(true);
      await expect(pay(ref, "fake-valid-nonce", tight)).rejects.toMatchObject({ code: "BK13" });
      expect((await t.engine.basket.getBooking(tight, ref)).date).toBeNull();
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("charges once and makes one order when the same checkout is submitted many times at once", async () => {
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-09" });
    const before = t.payments.transactions().length;
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => pay(ref)));
    const ok = results.filter((r) => r.status === "fulfilled");
    const codes = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason.code);
    expect(ok).toHaveLength(1);
    expect(new Set(codes)).toEqual(new Set(["BK07"]));
    expect(t.payments.transactions().length - before).toBe(1);
    const booking = await t.engine.basket.getBooking(carrier, ref);
    const orders = await t.opened.db.select().from(s.orders).where(eq(s.orders.orderRef, booking.order_id!));
    expect(orders).toHaveLength(1);
  });

  it("replays, never repeats, a charge whose result was lost in a crash, after a restart", async () => {
    const { ref } = await readyBooking(t, carrier);
    // First process: the gateway charges, then the connection dies before the engine hears back.
    const ledger = createPaymentLedger<SandboxLedgerRecord>(t.opened.db);
    const first = createSandboxGateway({ ledger });
    const crashing: PaymentGateway = {
      ...first,
      sale: async (request) => {
        await first.sale(request);
        throw new Error("socket hang up");
      },
    };
    const before = createEngine({ db: t.opened.db, clock: t.clock, payments: crashing, addresses: createEmbeddedAddressProvider(), files: memoryFiles() });
    await expect(before.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" })).rejects.toMatchObject({ code: "PAYMENT_GATEWAY_ERROR" });
    expect((await t.engine.basket.getBooking(carrier, ref)).checkout_status).toBe("PROCESSING");
    // The basket cannot change while the payment's outcome is unknown.
    await expect(t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "TENOFF" })).rejects.toMatchObject({ code: "PAYMENT_IN_PROGRESS" });
    // After a restart: a new gateway instance on the same Postgres ledger, and the customer retries.
    const second = createSandboxGateway({ ledger });
    const after = createEngine({ db: t.opened.db, clock: t.clock, payments: second, addresses: createEmbeddedAddressProvider(), files: memoryFiles() });
    const done = await after.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    expect(done.checkout_status).toBe("SUCCESS");
    expect(second.transactions()).toHaveLength(1);
    expect(first.transactions()[0]!.id).toBe(second.transactions()[0]!.id);
    const attempts = await t.engine.checkout.paymentAttempts(carrier, ref);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.status).toBe("SUCCEEDED");
  });
});

describe("a replica killed mid-payment (ADR 142)", () => {
  // Another replica of the app: its own engine and gateway instance on the same database and ledger.
  const replica = (payments: PaymentGateway, config: Parameters<typeof createEngine>[0]["config"] = {}) =>
    createEngine({ db: t.opened.db, clock: t.clock, payments, addresses: createEmbeddedAddressProvider(), files: memoryFiles(), config });
  const FAST = { paymentHeartbeatMs: 50, paymentSilentMs: 400, paymentWaitMs: 5_000 };
  const until = async (probe: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await probe()); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  };

  it("lets the customer's retry on another replica finish a payment whose replica died after charging: once, in seconds", async () => {
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-10" });
    const ledger = createPaymentLedger<SandboxLedgerRecord>(t.opened.db);
    // The first replica charges, then is killed: no answer, no sign of life any more (no heartbeat).
    const killed = createSandboxGateway({ ledger });
    let charged = false;
    const dying: PaymentGateway = {
      ...killed,
      sale: async (request) => {
        await killed.sale(request);
        charged = true;
        return new Promise(() => undefined);
      },
    };
    void replica(dying, { ...FAST, paymentHeartbeatMs: 3_600_000 }).checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    await until(async () => charged);
    expect((await t.engine.basket.getBooking(carrier, ref)).checkout_status).toBe("PROCESSING");
    // The browser sends the form again; the proxy hands it to the other replica, long before paymentStaleMs.
    const other = createSandboxGateway({ ledger });
    const started = Date.now();
    const done = await replica(other, FAST).checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    expect(done.checkout_status).toBe("SUCCESS");
    expect(Date.now() - started).toBeLessThan(FAST.paymentWaitMs);
    // The gateway replayed the first charge under the attempt's own key: one transaction, one attempt, one order.
    expect(other.transactions().map((sale) => sale.id)).toEqual(killed.transactions().map((sale) => sale.id));
    const attempts = await t.engine.checkout.paymentAttempts(carrier, ref);
    expect(attempts.map((attempt) => [attempt.status, attempt.transactionId])).toEqual([["SUCCEEDED", killed.transactions()[0]!.id]]);
    expect(await t.opened.db.select().from(s.orders).where(eq(s.orders.orderRef, done.order_id!))).toHaveLength(1);
  });

  it("never takes over from a replica that is alive, however long its provider takes", async () => {
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-10" });
    const ledger = createPaymentLedger<SandboxLedgerRecord>(t.opened.db);
    const gateway = createSandboxGateway({ ledger });
    let sales = 0;
    const slow: PaymentGateway = {
      ...gateway,
      sale: async (request) => {
        sales += 1;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        return gateway.sale(request);
      },
    };
    const first = replica(slow, FAST).checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    await until(async () => sales === 1);
    // Silent for longer than paymentSilentMs would mean dead; the heartbeat says otherwise.
    const second = replica(slow, FAST).checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    const [a, b] = await Promise.allSettled([first, second]);
    expect(a).toMatchObject({ status: "fulfilled", value: { checkout_status: "SUCCESS" } });
    expect(b).toMatchObject({ status: "rejected", reason: { code: "BK07" } });
    expect(sales).toBe(1);
    expect(gateway.transactions()).toHaveLength(1);
  });
});

describe("recovering payments nobody sent again (ADR 142)", () => {
  const replica = (payments: PaymentGateway) =>
    createEngine({ db: t.opened.db, clock: t.clock, payments, addresses: createEmbeddedAddressProvider(), files: memoryFiles(), config: { paymentHeartbeatMs: 3_600_000 } });
  const until = async (probe: () => boolean) => {
    for (let i = 0; i < 200 && !probe(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  };
  /** A replica killed during the provider's call, after (`charges`) or before it charged; the customer gives up. */
  async function killedMidPayment(ref: string, charges: boolean) {
    const ledger = createPaymentLedger<SandboxLedgerRecord>(t.opened.db);
    const gateway = createSandboxGateway({ ledger });
    let reached = false;
    const dying: PaymentGateway = {
      ...gateway,
      sale: async (request) => {
        if (charges) await gateway.sale(request);
        reached = true;
        return new Promise(() => undefined);
      },
    };
    void replica(dying).checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    await until(() => reached);
    return { ledger, gateway };
  }
  const confirmations = (orderRef: number) =>
    t.opened.db
      .select()
      .from(s.scheduledJobs)
      .where(and(eq(s.scheduledJobs.orderRef, orderRef), eq(s.scheduledJobs.kind, "booking-confirmed"), eq(s.scheduledJobs.channel, "email")));

  it("completes the order, once, for a payment charged by a replica that died, and confirms it once", async () => {
    const at = t.clock.now();
    try {
      const { ref } = await readyBooking(t, carrier, { date: "2025-06-11" });
      const { ledger, gateway } = await killedMidPayment(ref, true);
      const other = createSandboxGateway({ ledger });
      // Not while the claim is fresh: the payer may still be alive.
      expect(await replica(other).checkout.recoverAbandonedPayments(carrier)).toEqual({ completed: 0, released: 0, unknown: 0 });
      t.clock.advance(t.engine.config.paymentStaleMs);
      expect(await replica(other).checkout.recoverAbandonedPayments(carrier)).toEqual({ completed: 1, released: 0, unknown: 0 });
      const booking = await t.engine.basket.getBooking(carrier, ref);
      expect(booking.checkout_status).toBe("SUCCESS");
      expect(other.transactions().map((sale) => sale.id)).toEqual(gateway.transactions().map((sale) => sale.id));
      expect((await t.engine.checkout.paymentAttempts(carrier, ref)).map((attempt) => attempt.status)).toEqual(["SUCCEEDED"]);
      expect(await confirmations(booking.order_id!)).toHaveLength(1);
      // A second round, on another replica, finds nothing left to do.
      expect(await replica(createSandboxGateway({ ledger })).checkout.recoverAbandonedPayments(carrier)).toEqual({ completed: 0, released: 0, unknown: 0 });
    } finally {
      t.clock.set(at);
    }
  });

  it("makes the booking payable again when the replica died before the provider charged, and charges once when the customer pays", async () => {
    const at = t.clock.now();
    try {
      const { ref } = await readyBooking(t, carrier, { date: "2025-06-11" });
      const { ledger, gateway } = await killedMidPayment(ref, false);
      t.clock.advance(t.engine.config.paymentStaleMs);
      const other = createSandboxGateway({ ledger });
      expect(await replica(other).checkout.recoverAbandonedPayments(carrier)).toEqual({ completed: 0, released: 1, unknown: 0 });
      expect((await t.engine.basket.getBooking(carrier, ref)).checkout_status).toBe("PENDING");
      expect(gateway.transactions()).toHaveLength(0);
      expect(other.transactions()).toHaveLength(0);
      const done = await replica(other).checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
      expect(done.checkout_status).toBe("SUCCESS");
      expect(other.transactions()).toHaveLength(1);
      expect((await t.engine.checkout.paymentAttempts(carrier, ref)).map((attempt) => attempt.status)).toEqual(["FAILED", "SUCCEEDED"]);
    } finally {
      t.clock.set(at);
    }
  });
});

describe("payment outcomes reported to the host (ADR 152)", () => {
  /** An engine on the same database and gateway whose reports the test reads. */
  function observedEngine(payments: PaymentGateway = t.payments) {
    const events: PaymentOutcomeEvent[] = [];
    const engine = createEngine({
      db: t.opened.db,
      clock: t.clock,
      payments,
      addresses: createEmbeddedAddressProvider(),
      files: memoryFiles(),
      outcomes: { payment: (event) => void events.push(event) },
    });
    const charge = (ref: string, token = "fake-valid-nonce") => engine.checkout.charge(carrier, ref, { currency: carrier.currency, token, payment_type: "card" });
    return { events, charge, engine };
  }
  const outcomes = (events: PaymentOutcomeEvent[]) => events.map((event) => event.outcome);

  it("reports a decline and the approved retry, one each", async () => {
    const { events, charge } = observedEngine();
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-12" });
    await expect(charge(ref, "fake-processor-declined-visa-nonce")).rejects.toMatchObject({ code: "PAYMENT_DECLINED" });
    await charge(ref);
    expect(events).toEqual([
      { carrierCode: carrier.code, method: "card", outcome: "declined" },
      { carrierCode: carrier.code, method: "card", outcome: "approved" },
    ]);
  });

  it("reports one approval for twenty submissions of the same checkout, and nothing for a later duplicate", async () => {
    const { events, charge } = observedEngine();
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-10" });
    await Promise.allSettled(Array.from({ length: 20 }, () => charge(ref)));
    await expect(charge(ref)).rejects.toMatchObject({ code: "BK07" });
    expect(outcomes(events)).toEqual(["approved"]);
  });

  it("reports a decline once per declined attempt, however many duplicates waited for it", async () => {
    const { events, charge } = observedEngine();
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-11" });
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => charge(ref, "fake-processor-declined-visa-nonce")));
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    const failedAttempts = (await t.engine.checkout.paymentAttempts(carrier, ref)).filter((attempt) => attempt.status === "FAILED").length;
    expect(failedAttempts).toBeGreaterThanOrEqual(1);
    expect(outcomes(events)).toEqual(Array.from({ length: failedAttempts }, () => "declined"));
  });

  it("reports a lost result as failed and its replay after a restart as the one approval", async () => {
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-13" });
    const ledger = createPaymentLedger<SandboxLedgerRecord>(t.opened.db);
    const first = createSandboxGateway({ ledger });
    const crashing = observedEngine({
      ...first,
      sale: async (request) => {
        await first.sale(request);
        throw new Error("socket hang up");
      },
    });
    await expect(crashing.charge(ref)).rejects.toMatchObject({ code: "PAYMENT_GATEWAY_ERROR" });
    const restarted = observedEngine(createSandboxGateway({ ledger }));
    await restarted.charge(ref);
    await expect(restarted.charge(ref)).rejects.toMatchObject({ code: "BK07" });
    expect(outcomes(crashing.events)).toEqual(["failed"]);
    expect(outcomes(restarted.events)).toEqual(["approved"]);
  });

  it("is not told of an answer refused before any payment (BK27)", async () => {
    const { events, engine } = observedEngine();
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-16" });
    await expect(engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce", expected_total: 1 })).rejects.toMatchObject({ code: "BK27" });
    expect(events).toEqual([]);
  });
});

describe("zero-payment confirmations", () => {
  it("confirms an in-warranty booking without payment (confirm-iw)", async () => {
    const carrier = await newCarrier(t);
    const { ref } = await readyBooking(t, carrier);
    await t.engine.basket.setWarranty(carrier, ref, { in_warranty: true, purchase_date: "2025-01-10" });
    await expect(pay(ref, "fake-valid-nonce", carrier)).rejects.toMatchObject({ code: "BK27" });
    await expect(t.engine.checkout.confirmPromo(carrier, ref)).rejects.toMatchObject({ code: "BK27" });
    const done = await t.engine.checkout.confirmInWarranty(carrier, ref);
    expect(done).toMatchObject({ checkout_status: "SUCCESS", payment_method: "in_warranty", cart: { total_price: 0 } });
  });

  it("takes the warranty repair charge by card where it is chargeable", async () => {
    const chargeable = await newCarrier(t, {}, { warrantyRepairChargeable: true, warrantyRepairCharge: 4900 });
    const { ref } = await readyBooking(t, chargeable);
    await t.engine.basket.setWarranty(chargeable, ref, { in_warranty: true });
    await expect(t.engine.checkout.confirmInWarranty(chargeable, ref)).rejects.toMatchObject({ code: "BK27" });
    await pay(ref, "fake-valid-nonce", chargeable);
    const [order] = await t.opened.db.select().from(s.orders).where(eq(s.orders.carrierCode, chargeable.code));
    expect(order!.totalMinor).toBe(4900);
  });

  it("answers RBK15 at confirmation when the purchase is outside the warranty", async () => {
    const carrier = await newCarrier(t);
    const { ref } = await readyBooking(t, carrier);
    await t.engine.basket.setWarranty(carrier, ref, { in_warranty: true, purchase_date: "2024-07-01" });
    t.clock.set("2025-07-03T08:00:00Z");
    try {
      await t.engine.basket.setDate(carrier, ref, { date: "2025-07-04" });
      await expect(t.engine.checkout.confirmInWarranty(carrier, ref)).rejects.toMatchObject({ code: "RBK15" });
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("confirms a booking whose promo code covers the whole price (confirm-promo)", async () => {
    const carrier = await newCarrier(t);
    const { ref } = await readyBooking(t, carrier);
    await expect(t.engine.checkout.confirmPromo(carrier, ref)).rejects.toMatchObject({ code: "BK27" });
    await t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "TENOFF" });
    await expect(t.engine.checkout.confirmPromo(carrier, ref)).rejects.toMatchObject({ code: "BK27" });
    await t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "FREE" });
    const done = await t.engine.checkout.confirmPromo(carrier, ref);
    expect(done).toMatchObject({ checkout_status: "SUCCESS", payment_method: "promo", cart: { total_price: 0, discount_total: PRICES_GBP.iphone15.screen } });
  });
});

describe("single-use codes", () => {
  it("counts a single-use code as used only when an order completes with it", async () => {
    const codeCarrier = await newCarrier(t);
    const a = await readyBooking(t, codeCarrier);
    const b = await readyBooking(t, codeCarrier, { date: "2025-06-04" });
    await t.engine.basket.applyDiscountCode(codeCarrier, a.ref, { discount_code: "ONCE20" });
    // Applying does not use it up: another basket can apply it too.
    await t.engine.basket.applyDiscountCode(codeCarrier, b.ref, { discount_code: "ONCE20" });
    const paid = await pay(a.ref, "fake-valid-nonce", codeCarrier);
    expect(paid.cart.discount_total).toBe(Math.floor((PRICES_GBP.iphone15.screen * 20 + 50) / 100));
    const stale = await t.engine.basket.getBooking(codeCarrier, b.ref);
    expect(stale.cart).toMatchObject({ discount_code: "ONCE20", discount_code_status: "used", discount_total: 0 });
    await expect(pay(b.ref, "fake-valid-nonce", codeCarrier)).rejects.toMatchObject({ code: "PROMO_ALREADY_USED" });
    const c = await readyBooking(t, codeCarrier, { date: "2025-06-05" });
    await expect(t.engine.basket.applyDiscountCode(codeCarrier, c.ref, { discount_code: "once20" })).rejects.toMatchObject({ code: "PROMO_ALREADY_USED" });
  });
});
