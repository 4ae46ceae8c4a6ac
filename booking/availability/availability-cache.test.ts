/**
 * The booking availability the engine reuses within a clock second (ADR 185): a day booked through
 * this engine is never shown free afterwards, and a change it cannot see (another instance writing
 * to the same database) shows from the next second.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as s from "../db/schema";
import { IDS } from "../testing/fixtures";
import { createTestEngine, newCarrier, type TestEngine } from "../testing/engine";
import { createAvailabilityCache } from "./availability-cache";

let t: TestEngine;
let other: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
  // A second instance over the same database, as another app process would be.
  other = await createTestEngine({ opened: t.opened });
});
afterAll(async () => {
  await t?.close();
});

type Carrier = Parameters<TestEngine["engine"]["basket"]["buildBooking"]>[0];

async function bookingIn(engine: TestEngine, carrier: Carrier) {
  const { reference } = await engine.engine.basket.buildBooking(carrier);
  await engine.engine.basket.setPostcode(carrier, reference, { postcode: "E1 6AN" });
  await engine.engine.basket.addDevice(carrier, reference, { model_version_id: IDS.galaxyS24v128, problems: [IDS.screen] });
  return reference;
}

const day = "2025-06-04";
const isFree = (days: { date: string; available: boolean }[]) => days.find((entry) => entry.date === day)?.available;

describe("availability reused within a second (ADR 185)", () => {
  it("never shows a day free after it was booked through this engine, even asked again in the same second", async () => {
    // One technician with one window a day: one booking fills the day.
    const carrier = await newCarrier(t, { technicians: 1, slots: 1 });
    const looking = await bookingIn(t, carrier);
    const booking = await bookingIn(t, carrier);
    expect(isFree(await t.engine.basket.loadAvailability(carrier, looking, { start_date: day, days_to_load: 3 }))).toBe(true);
    // Asked at once by many: one answer, the same for all.
    const asked = await Promise.all(Array.from({ length: 5 }, () => t.engine.basket.loadAvailability(carrier, looking, { start_date: day, days_to_load: 3 })));
    expect(asked.map(isFree)).toEqual([true, true, true, true, true]);

    // The test clock stands still: everything below is "the same second".
    await t.engine.basket.setDate(carrier, booking, { date: day });
    expect(isFree(await t.engine.basket.loadAvailability(carrier, looking, { start_date: day, days_to_load: 3 }))).toBe(false);
    await expect(t.engine.basket.setDate(carrier, looking, { date: day })).rejects.toMatchObject({ code: "BK13" });

    // Given back (the booking abandoned): free again at once.
    await t.engine.basket.abandonBooking(carrier, booking);
    expect(isFree(await t.engine.basket.loadAvailability(carrier, looking, { start_date: day, days_to_load: 3 }))).toBe(true);
  });

  it("an answer asked while a booking of the carrier is being written is not kept", async () => {
    const carrier = await newCarrier(t, { technicians: 1, slots: 1 });
    const looking = await bookingIn(t, carrier);
    const booking = await bookingIn(t, carrier);
    const writing = t.engine.basket.setDate(carrier, booking, { date: day });
    const during = t.engine.basket.loadAvailability(carrier, looking, { start_date: day, days_to_load: 3 });
    await Promise.all([writing, during]);
    expect(isFree(await t.engine.basket.loadAvailability(carrier, looking, { start_date: day, days_to_load: 3 }))).toBe(false);
  });

  it("shows a day booked through another instance from the next second", async () => {
    const carrier = await newCarrier(t, { technicians: 1, slots: 1 });
    const looking = await bookingIn(t, carrier);
    const booking = await bookingIn(other, carrier);
    expect(isFree(await t.engine.basket.loadAvailability(carrier, looking, { start_date: day, days_to_load: 3 }))).toBe(true);
    await other.engine.basket.setDate(carrier, booking, { date: day });
    const held = await t.opened.db
      .select()
      .from(s.capacityHolds)
      .where(and(eq(s.capacityHolds.carrierCode, carrier.code), eq(s.capacityHolds.day, day)));
    expect(held).toHaveLength(1);
    // This instance did not see the write: within the same second it may still answer what it had.
    t.clock.advance(1_000);
    expect(isFree(await t.engine.basket.loadAvailability(carrier, looking, { start_date: day, days_to_load: 3 }))).toBe(false);
  });

  it("keeps each carrier's answers apart and forgets a failed computation", async () => {
    const cache = createAvailabilityCache();
    const now = new Date("2025-06-02T08:00:00.000Z");
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.read("a", "k", now, compute)).toBe(1);
    expect(await cache.read("a", "k", now, compute)).toBe(1);
    expect(await cache.read("b", "k", now, compute)).toBe(2);
    const done = cache.writing("a");
    expect(await cache.read("a", "k", now, compute)).toBe(3);
    expect(await cache.read("a", "k", now, compute)).toBe(4);
    done();
    expect(await cache.read("b", "k", now, compute)).toBe(2);
    expect(await cache.read("a", "k", now, compute)).toBe(5);
    expect(await cache.read("a", "k", new Date(now.getTime() + 1_000), compute)).toBe(6);
    await expect(cache.read("c", "k", now, () => Promise.reject(new Error("database away")))).rejects.toThrow("database away");
    expect(await cache.read("c", "k", now, compute)).toBe(7);
  });
});

describe("the engine's page freshness for the booked-page cache (ADR 233)", () => {
  it("tells subscribers each writing operation of a carrier, start and end, and dropAll; a read tells nothing", () => {
    const cache = createAvailabilityCache();
    const told: (string | null)[] = [];
    const unsubscribe = cache.subscribe((carrierCode) => told.push(carrierCode));
    const done = cache.writing("a");
    expect(cache.isWriting("a")).toBe(true);
    expect(cache.isWriting("b")).toBe(false);
    done();
    done();
    expect(cache.isWriting("a")).toBe(false);
    cache.dropAll();
    expect(told).toEqual(["a", "a", null]);
    unsubscribe();
    cache.writing("a")();
    expect(told).toHaveLength(3);
  });

  it("signals a day taken through the engine, not a check of the booking; the version query names the hold's expiry", async () => {
    const carrier = await newCarrier(t, { technicians: 1, slots: 1 });
    const booking = await bookingIn(t, carrier);
    const told: (string | null)[] = [];
    const unsubscribe = t.engine.pageFreshness.subscribe((carrierCode) => told.push(carrierCode));
    try {
      expect((await t.engine.basket.pageVersion(booking))?.holdExpiresAt).toBeNull();
      await t.engine.checkout.validateBooking(carrier, booking);
      await t.engine.basket.loadAvailability(carrier, booking, { start_date: day, days_to_load: 3 });
      expect(told).toEqual([]);
      await t.engine.basket.setDate(carrier, booking, { date: day });
      expect(told).toEqual([carrier.code, carrier.code]);
      const [hold] = await t.opened.db.select().from(s.capacityHolds).where(eq(s.capacityHolds.carrierCode, carrier.code));
      expect(hold?.expiresAt).toBeInstanceOf(Date);
      expect((await t.engine.basket.pageVersion(booking))?.holdExpiresAt).toBe(hold!.expiresAt!.getTime());
      expect(t.engine.pageFreshness.now().getTime()).toBe(t.clock.now().getTime());
    } finally {
      unsubscribe();
    }
  });
});
