import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierContext } from "../domain/carrier";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../testing/engine";
import { createEngine } from "../compose";
import { TooManyAttemptsError } from "./lookup-throttle";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const EMAIL = "ada@example.com";

async function order(carrier: CarrierContext) {
  const { ref } = await readyBooking(t, carrier, { date: "2025-06-05" });
  const done = await t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
  return { order_ref: String(done.order_id), email: EMAIL };
}

const attempt = (carrier: CarrierContext, lookup: { order_ref: string; email: string }, clientAddress: string | null = "203.0.113.7") =>
  t.engine.orders.lookupOrderThrottled(carrier, lookup, { clientAddress }).then(
    () => "found",
    (error) => error.code as string,
  );

describe("failed order lookups", () => {
  it("refuses an e-mail with 429 after five wrong references in 15 minutes, even with the right one", async () => {
    const carrier = await newCarrier(t);
    const lookup = await order(carrier);
    t.clock.set("2025-06-02T08:00:00Z");
    for (let i = 0; i < 5; i++) expect(await attempt(carrier, { ...lookup, order_ref: String(900000 + i) }, `198.51.100.${i}`)).toBe("ORDER_NOT_FOUND");
    const refused = await t.engine.orders.lookupOrderThrottled(carrier, lookup, { clientAddress: "198.51.100.99" }).catch((e) => e);
    expect(refused).toBeInstanceOf(TooManyAttemptsError);
    expect(refused).toMatchObject({ code: "TOO_MANY_ATTEMPTS", status: 429, messages: ["Too many attempts. Please try again later."] });
    expect(refused.retryAfterSeconds).toBe(15 * 60);
    // The same e-mail in any case and spacing is the same e-mail.
    expect(await attempt(carrier, { ...lookup, email: " ADA@Example.com " }, null)).toBe("TOO_MANY_ATTEMPTS");
    // Another customer is not affected.
    const other = await order(carrier);
    expect(await attempt(carrier, { ...other, email: EMAIL.replace("ada", "bob") }, null)).toBe("ORDER_NOT_FOUND");
    // Refusals are not counted: the window ends 15 minutes after the first failure.
    t.clock.set("2025-06-02T08:14:59Z");
    expect(await attempt(carrier, lookup)).toBe("TOO_MANY_ATTEMPTS");
    t.clock.set("2025-06-02T08:15:01Z");
    expect(await attempt(carrier, lookup)).toBe("found");
    t.clock.set("2025-06-02T08:00:00Z");
  });

  it("refuses a client address after twenty failures across different e-mails", async () => {
    const carrier = await newCarrier(t);
    const lookup = await order(carrier);
    for (let i = 0; i < 20; i++) expect(await attempt(carrier, { order_ref: lookup.order_ref, email: `guess${i}@example.com` }, "192.0.2.1")).toBe("ORDER_NOT_FOUND");
    expect(await attempt(carrier, lookup, "192.0.2.1")).toBe("TOO_MANY_ATTEMPTS");
    expect(await attempt(carrier, lookup, "192.0.2.2")).toBe("found");
    expect(await attempt(carrier, lookup, null)).toBe("found");
  });

  it("counts per carrier: failures on one carrier do not throttle another", async () => {
    const first = await newCarrier(t);
    const second = await newCarrier(t);
    const lookup = await order(second);
    for (let i = 0; i < 5; i++) await attempt(first, { ...lookup, order_ref: "1" });
    expect(await attempt(first, lookup)).toBe("TOO_MANY_ATTEMPTS");
    expect(await attempt(second, lookup)).toBe("found");
  });

  it("does not count a successful lookup or a missing field", async () => {
    const carrier = await newCarrier(t);
    const lookup = await order(carrier);
    for (let i = 0; i < 8; i++) expect(await attempt(carrier, lookup)).toBe("found");
    for (let i = 0; i < 8; i++) expect(await attempt(carrier, { ...lookup, order_ref: "" })).toBe("VALIDATION");
    expect(await attempt(carrier, lookup)).toBe("found");
  });

  it("guards any operation that proves ownership, and shares the count between engines on one database", async () => {
    const carrier = await newCarrier(t);
    const lookup = await order(carrier);
    // A second app instance: its own engine object, the same database.
    const second = createEngine({
      db: t.opened.db,
      clock: t.clock,
      payments: t.payments,
      addresses: { find: async () => [], retrieve: async () => null, geocode: async () => null },
      files: t.files,
    });
    const wrong = { ...lookup, email: "mallory@example.com" };
    for (let i = 0; i < 3; i++) {
      await expect(t.engine.orders.withLookupThrottle(carrier, { email: wrong.email }, () => t.engine.orders.cancelOrder(carrier, wrong))).rejects.toMatchObject({
        code: "ORDER_NOT_FOUND",
      });
    }
    for (let i = 0; i < 2; i++) {
      await expect(second.orders.withLookupThrottle(carrier, { email: wrong.email }, () => second.orders.trackTechnician(carrier, wrong))).rejects.toMatchObject({
        code: "ORDER_NOT_FOUND",
      });
    }
    await expect(second.orders.lookupOrderThrottled(carrier, wrong)).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    await expect(t.engine.orders.withLookupThrottle(carrier, { email: wrong.email }, async () => "never")).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
  });

  it("honours configured limits", async () => {
    const carrier = await newCarrier(t);
    const lookup = await order(carrier);
    const strict = createEngine({
      db: t.opened.db,
      clock: t.clock,
      payments: t.payments,
      addresses: { find: async () => [], retrieve: async () => null, geocode: async () => null },
      files: t.files,
      lookupThrottle: { maxPerEmail: 1, windowMinutes: 1 },
    });
    await expect(strict.orders.lookupOrderThrottled(carrier, { ...lookup, order_ref: "5" })).rejects.toMatchObject({ code: "ORDER_NOT_FOUND" });
    await expect(strict.orders.lookupOrderThrottled(carrier, lookup)).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS", retryAfterSeconds: 60 });
  });
});
