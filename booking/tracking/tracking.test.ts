import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../testing/engine";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const EMAIL = "ada@example.com";

describe("technician tracking", () => {
  it("shows the customer's point and the van driving toward it on the appointment day", async () => {
    const carrier = await newCarrier(t);
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-05" });
    await t.engine.basket.setAddress(carrier, ref, { line_1: "10 Downing Street", town: "London", postcode: "SW1A 2AA", latitude: 51.5034, longitude: -0.1276 });
    await t.engine.basket.setDate(carrier, ref, { date: "2025-06-05" });
    const done = await t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    const lookup = { order_ref: String(done.order_id), email: EMAIL };
    try {
      const before = await t.engine.orders.trackTechnician(carrier, lookup);
      expect(before).toMatchObject({
        order_id: done.order_id,
        date: "2025-06-05",
        timeslot: { start: "08:00", end: "09:00" },
        timezone: "Europe/London",
        customer: { latitude: 51.5034, longitude: -0.1276, approximate: false, address: { line_1: "10 Downing Street", postcode: "SW1A 2AA" } },
        van: { status: "scheduled", latitude: null },
      });
      t.clock.set("2025-06-05T06:40:00Z");
      const first = await t.engine.orders.trackTechnician(carrier, lookup);
      t.clock.set("2025-06-05T06:50:00Z");
      const second = await t.engine.orders.trackTechnician(carrier, lookup);
      expect(first.van.status).toBe("on_the_way");
      expect(second.van.status).toBe("on_the_way");
      const distance = (v: typeof first.van) => Math.hypot(v.latitude! - 51.5034, v.longitude! + 0.1276);
      expect(distance(second.van)).toBeLessThan(distance(first.van));
      await expect(t.engine.orders.trackTechnician(carrier, { ...lookup, email: "eve@example.com" })).rejects.toMatchObject({ code: "ORDER_NOT_FOUND" });
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("uses the service area's centre when the address has no point", async () => {
    const carrier = await newCarrier(t);
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-05" });
    const done = await t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    const tracking = await t.engine.orders.trackTechnician(carrier, { order_ref: String(done.order_id), email: EMAIL });
    expect(tracking.customer).toMatchObject({ latitude: 51.5074, longitude: -0.1278, approximate: true });
  });
});
