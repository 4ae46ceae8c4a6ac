import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { carrierContext } from "../domain/carrier";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../testing/engine";
import { carrierFixture } from "../testing/fixtures";

const DAY = 24 * 60 * 60_000;

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function rowsOf(reference: string) {
  const [booking] = await t.opened.db.select().from(s.bookings).where(eq(s.bookings.reference, reference));
  if (!booking) return { booking: null, devices: [], holds: [] };
  const devices = await t.opened.db.select().from(s.bookingDevices).where(eq(s.bookingDevices.bookingId, booking.id));
  const holds = await t.opened.db.select().from(s.capacityHolds).where(eq(s.capacityHolds.bookingId, booking.id));
  return { booking, devices, holds };
}

/** Everything a customer typed that the database still has, for these references. */
async function personalDataOf(references: string[]) {
  const rows = await t.opened.db
    .select({ email: s.bookings.email, phone: s.bookings.phoneNumber, last: s.bookings.lastName, address: s.bookings.address })
    .from(s.bookings)
    .where(inArray(s.bookings.reference, references));
  return rows.filter((row) => row.email || row.phone || row.last || row.address);
}

describe("abandoned drafts are purged after the carrier's retention (ADR 193)", () => {
  it("deletes a draft and its personal data once its carrier's days have passed since its last change, and keeps orders and recent drafts", async () => {
    t.clock.set("2025-06-02T08:00:00Z");
    // One carrier keeps drafts 10 days; the other has the default, 30.
    const short: CarrierContext = await newCarrier(t, {}, { draftRetentionDays: 10 });
    const standard = await newCarrier(t);
    expect(standard.draftRetentionDays).toBe(30);

    const abandoned = await readyBooking(t, short, { date: "2025-06-05" });
    const paid = await readyBooking(t, short, { date: "2025-06-05" });
    const order = await t.engine.checkout.charge(short, paid.ref, { currency: "GBP", token: "fake-valid-nonce" });
    const touchedLater = await readyBooking(t, short, { date: "2025-06-05" });
    const standardDraft = await readyBooking(t, standard, { date: "2025-06-05" });
    expect((await rowsOf(abandoned.ref)).devices).toHaveLength(1);
    expect((await rowsOf(abandoned.ref)).holds).toHaveLength(1);

    // Day 6: the visitor comes back to one draft and changes it; its 10 days start again.
    t.clock.advance(6 * DAY);
    await t.engine.basket.setPostcode(short, touchedLater.ref, { postcode: "SW1A 2AA" });

    // Day 9: nothing is old enough yet.
    t.clock.advance(3 * DAY);
    expect((await t.engine.messages.runScheduledJobs()).draftsPurged).toBe(0);

    // Day 11: the untouched draft of the 10-day carrier is gone with its device and hold.
    t.clock.advance(2 * DAY);
    const pass = await t.engine.messages.runScheduledJobs();
    expect(pass.draftsPurged).toBe(1);
    expect(await rowsOf(abandoned.ref)).toEqual({ booking: null, devices: [], holds: [] });
    expect(await personalDataOf([abandoned.ref])).toEqual([]);
    await expect(t.engine.basket.getBooking(short, abandoned.ref)).rejects.toMatchObject({ code: "BK01" });
    // The order, its booking and its devices are kept, and still found by the customer.
    const kept = await rowsOf(paid.ref);
    expect(kept.booking).toMatchObject({ checkoutStatus: "SUCCESS", email: "ada@example.com" });
    expect(kept.devices).toHaveLength(1);
    expect(await t.engine.orders.lookupOrder(short, { order_ref: String(order.order_id), email: "ada@example.com" })).toMatchObject({ order_id: order.order_id });
    // Changed on day 6, and the other carrier's 30 days: kept.
    expect((await rowsOf(touchedLater.ref)).booking).not.toBeNull();
    expect((await rowsOf(standardDraft.ref)).booking).not.toBeNull();

    // Day 17: the draft changed on day 6 goes; day 31: the 30-day carrier's goes too. The order stays.
    t.clock.advance(6 * DAY);
    expect((await t.engine.messages.runScheduledJobs()).draftsPurged).toBe(1);
    expect((await rowsOf(touchedLater.ref)).booking).toBeNull();
    t.clock.advance(14 * DAY);
    expect((await t.engine.messages.runScheduledJobs()).draftsPurged).toBe(1);
    expect((await rowsOf(standardDraft.ref)).booking).toBeNull();
    expect((await rowsOf(paid.ref)).booking).not.toBeNull();
    expect(await personalDataOf([abandoned.ref, touchedLater.ref, standardDraft.ref])).toEqual([]);
  });

  it("never touches a draft being paid, and a scoped pass purges nothing", async () => {
    t.clock.set("2025-08-01T08:00:00Z");
    const carrier = await newCarrier(t, {}, { draftRetentionDays: 1 });
    const paying = await readyBooking(t, carrier, { date: "2025-08-05" });
    await t.opened.db.update(s.bookings).set({ checkoutStatus: "PROCESSING" }).where(eq(s.bookings.reference, paying.ref));
    const idle = await readyBooking(t, carrier, { date: "2025-08-05" });

    t.clock.advance(3 * DAY);
    // The development outbox's pass for one carrier (ADR 091) purges nothing.
    expect((await t.engine.messages.runScheduledJobs({ carrierCode: carrier.code })).draftsPurged).toBe(0);
    expect((await rowsOf(idle.ref)).booking).not.toBeNull();
    await t.engine.messages.runScheduledJobs();
    expect((await rowsOf(idle.ref)).booking).toBeNull();
    expect((await rowsOf(paying.ref)).booking).toMatchObject({ checkoutStatus: "PROCESSING" });
  });

  it("takes the carrier's retention only inside its allowed range (1–365 days, default 30)", () => {
    expect(carrierFixture("retention-default").draftRetentionDays).toBe(30);
    expect(carrierFixture("retention-year", { draftRetentionDays: 365 }).draftRetentionDays).toBe(365);
    for (const days of [0, 366, 2.5]) {
      let refused: unknown = null;
      try {
        carrierContext({ ...carrierFixture("retention-bad"), draftRetentionDays: days });
      } catch (error) {
        refused = error;
      }
      expect(refused).toMatchObject({ code: "VALIDATION" });
      expect(JSON.stringify((refused as { fields: unknown }).fields)).toContain("draftRetentionDays");
    }
  });
});
