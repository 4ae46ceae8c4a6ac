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
  it("shows the customer's point, no van before the technician is on the way, then the van where their phone reported it (ADR 253)", async () => {
    const carrier = await newCarrier(t);
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-05" });
    await t.engine.basket.setAddress(carrier, ref, { line_1: "10 Downing Street", town: "London", postcode: "SW1A 2AA", latitude: 51.5034, longitude: -0.1276 });
    await t.engine.basket.setDate(carrier, ref, { date: "2025-06-05" });
    const done = await t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    const lookup = { order_ref: String(done.order_id), email: EMAIL };
    const order = await t.engine.orders.lookupOrder(carrier, lookup);
    const technician = { technician_id: order.booking.technician_id, staff_id: "staff-1", job_id: order.job!.id };
    try {
      const before = await t.engine.orders.trackTechnician(carrier, lookup);
      expect(before).toMatchObject({
        order_id: done.order_id,
        date: "2025-06-05",
        timeslot: { start: "08:00", end: "09:00" },
        timezone: "Europe/London",
        customer: { latitude: 51.5034, longitude: -0.1276, approximate: false, address: { line_1: "10 Downing Street", postcode: "SW1A 2AA" } },
        van: { status: "scheduled", latitude: null, eta: null, simulated: false },
      });
      // The appointment day, twenty minutes before the window: still nobody on the way, so still no van.
      t.clock.set("2025-06-05T06:40:00Z");
      expect((await t.engine.orders.trackTechnician(carrier, lookup)).van).toMatchObject({ status: "scheduled", latitude: null, eta: null });
      await t.engine.staff.reportOnMyWay(carrier, { ...technician, latitude: 51.53, longitude: -0.16, accuracy: 10 });
      const first = await t.engine.orders.trackTechnician(carrier, lookup);
      t.clock.set("2025-06-05T06:50:00Z");
      await t.engine.staff.reportVanPosition(carrier, { ...technician, latitude: 51.515, longitude: -0.14, accuracy: 10 });
      const second = await t.engine.orders.trackTechnician(carrier, lookup);
      expect(first.van).toMatchObject({ status: "on_the_way", latitude: 51.53, longitude: -0.16, position_at: "2025-06-05T06:40:00.000Z" });
      expect(second.van).toMatchObject({ status: "on_the_way", latitude: 51.515, longitude: -0.14, position_at: "2025-06-05T06:50:00.000Z" });
      const distance = (v: typeof first.van) => Math.hypot(v.latitude! - 51.5034, v.longitude! + 0.1276);
      expect(distance(second.van)).toBeLessThan(distance(first.van));
      expect(Date.parse(second.van.eta!)).toBeGreaterThanOrEqual(Date.parse("2025-06-05T06:50:00Z"));
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
