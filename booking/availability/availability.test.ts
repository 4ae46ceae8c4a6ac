import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { areaForNormalisedPostcode, type ServiceArea } from "../coverage/coverage";
import { normalisePostcode, type NormalisedPostcode } from "../domain/postcode";
import { IDS } from "../testing/fixtures";
import { createTestEngine, newCarrier, type TestEngine } from "../testing/engine";
import { seedTestCarrier } from "../testing/db";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
});
afterAll(async () => {
  await t?.close();
});

/** A booking in the given postcode with one device, ready for a date. */
async function bookingIn(carrier: Parameters<TestEngine["engine"]["basket"]["buildBooking"]>[0], postcode = "E1 6AN") {
  const { reference } = await t.engine.basket.buildBooking(carrier);
  await t.engine.basket.setPostcode(carrier, reference, { postcode });
  await t.engine.basket.addDevice(carrier, reference, { model_version_id: IDS.galaxyS24v128, problems: [IDS.screen] });
  return reference;
}

describe("coverage", () => {
  it("finds the carrier's service area of a postcode, with or without spaces and in any case", async () => {
    const carrier = await newCarrier(t);
    expect(await t.engine.coverage.checkPostcode(carrier, "sw1a2aa")).toEqual({ postcode: "SW1A 2AA", area: { code: "central", name: "London Central" } });
    expect((await t.engine.coverage.checkPostcode(carrier, "E14 5AB")).area.code).toBe("east");
  });

  it("answers BK04 for an invalid postcode and for one no area covers", async () => {
    const carrier = await newCarrier(t);
    await expect(t.engine.coverage.checkPostcode(carrier, "not a postcode")).rejects.toMatchObject({ code: "BK04" });
    await expect(t.engine.coverage.checkPostcode(carrier, "")).rejects.toMatchObject({ code: "BK04" });
    // SW1A covers SW1A 2AA but not SW19.
    await expect(t.engine.coverage.checkPostcode(carrier, "SW19 1AA")).rejects.toMatchObject({ code: "BK04" });
    await expect(t.engine.coverage.checkPostcode(carrier, "M1 1AE")).rejects.toMatchObject({ code: "BK04" });
  });

  it("checks a postcode against the carrier's own country", async () => {
    const de = await newCarrier(t, { country: "DE" }, { countryCode: "DE", currency: "EUR", timezone: "Europe/Berlin" });
    expect((await t.engine.coverage.checkPostcode(de, "10115")).area.code).toBe("berlin");
    await expect(t.engine.coverage.checkPostcode(de, "SW1A 2AA")).rejects.toMatchObject({ code: "BK04" });
  });

  it("prefers the longest matching prefix when areas overlap", () => {
    const area = (code: string, prefixes: string[]) => ({ code, postcodePrefixes: prefixes }) as unknown as ServiceArea;
    const postcode = normalisePostcode("GB", "SW1A 2AA") as NormalisedPostcode;
    expect(areaForNormalisedPostcode([area("wide", ["SW"]), area("narrow", ["SW1A"])], postcode)?.code).toBe("narrow");
  });

  it("covers an address by its coordinates within an area's radius", async () => {
    const carrier = await newCarrier(t);
    const { reference } = await t.engine.basket.buildBooking(carrier);
    const inside = await t.engine.basket.setAddress(carrier, reference, {
      line_1: "10 Downing Street",
      town: "London",
      postcode: "SW1A 2AA",
      latitude: 51.5034,
      longitude: -0.1276,
    });
    expect(inside.availability.area?.code).toBe("central");
    expect(inside.address).toMatchObject({ line_1: "10 Downing Street", latitude: 51.5034, longitude: -0.1276 });
    // The postcode is in a covered district, but the point (Manchester) is far outside every radius.
    await expect(
      t.engine.basket.setAddress(carrier, reference, { line_1: "1 Piccadilly", town: "Manchester", postcode: "SW1A 2AA", latitude: 53.4808, longitude: -2.2426 }),
    ).rejects.toMatchObject({ code: "BK04" });
  });
});

describe("availability", () => {
  it("lists 10 days from today with week day, full date, available and selected", async () => {
    const carrier = await newCarrier(t);
    const ref = await bookingIn(carrier);
    const days = await t.engine.basket.loadAvailability(carrier, ref);
    expect(days).toHaveLength(10);
    expect(days[0]).toEqual({ date: "2025-06-02", week_day: "Monday", full_date: "Monday 2nd June 2025", available: true, selected: false });
    expect(days.map((d) => [d.date.slice(8), d.available])).toEqual([
      ["02", true],
      ["03", true],
      ["04", true],
      ["05", true],
      ["06", true],
      ["07", false],
      ["08", false],
      ["09", true],
      ["10", true],
      ["11", true],
    ]);
  });

  it("offers no same-day appointment after the cut-off in the carrier's time zone", async () => {
    const carrier = await newCarrier(t);
    const ref = await bookingIn(carrier);
    t.clock.set("2025-06-02T11:30:00Z"); // 12:30 in London (BST)
    try {
      const days = await t.engine.basket.loadAvailability(carrier, ref, { days_to_load: 2 });
      expect(days.map((d) => d.available)).toEqual([false, true]);
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("reckons today in the carrier's zone, not the server's", async () => {
    const sydney = await newCarrier(t, { weekdays: [1, 2, 3, 4, 5, 6, 7] }, { timezone: "Australia/Sydney" });
    const ref = await bookingIn(sydney);
    // Sunday 23:00 UTC is Monday 09:00 in Sydney: Monday is today and bookable the same day.
    t.clock.set("2025-06-01T23:00:00Z");
    try {
      const days = await t.engine.basket.loadAvailability(sydney, ref, { days_to_load: 2 });
      expect(days.map((d) => [d.date, d.available])).toEqual([
        ["2025-06-02", true],
        ["2025-06-03", true],
      ]);
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("follows a 7-day roster and closed dates", async () => {
    const carrier = await newCarrier(t, { weekdays: [1, 2, 3, 4, 5, 6, 7], closedDates: ["2025-06-04"] });
    const ref = await bookingIn(carrier);
    const days = await t.engine.basket.loadAvailability(carrier, ref, { days_to_load: 7 });
    expect(days.map((d) => d.available)).toEqual([true, true, false, true, true, true, true]);
  });

  it("loads more days from a start date, and never before today", async () => {
    const carrier = await newCarrier(t);
    const ref = await bookingIn(carrier);
    const more = await t.engine.basket.loadAvailability(carrier, ref, { start_date: "2025-06-12", days_to_load: 10 });
    expect(more[0]!.date).toBe("2025-06-12");
    expect(more.at(-1)!.date).toBe("2025-06-21");
    const past = await t.engine.basket.loadAvailability(carrier, ref, { start_date: "2025-05-01", days_to_load: 1 });
    expect(past[0]!.date).toBe("2025-06-02");
    await expect(t.engine.basket.loadAvailability(carrier, ref, { days_to_load: 500 })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("counts capacity as technicians × slots minus held bookings", async () => {
    // East: one technician with 3 slots a day.
    const carrier = await newCarrier(t);
    const refs = [await bookingIn(carrier), await bookingIn(carrier), await bookingIn(carrier)];
    for (const ref of refs) await t.engine.basket.setDate(carrier, ref, { date: "2025-06-03" });
    const fourth = await bookingIn(carrier);
    const days = await t.engine.basket.loadAvailability(carrier, fourth, { days_to_load: 3 });
    expect(days.map((d) => d.available)).toEqual([true, false, true]);
    // A booking holding the day still sees it available for itself, and selected.
    const own = await t.engine.basket.loadAvailability(carrier, refs[0]!, { days_to_load: 3 });
    expect(own[1]).toMatchObject({ date: "2025-06-03", available: true, selected: true });
    // The area next door has its own capacity.
    const central = await bookingIn(carrier, "SW1A 2AA");
    expect((await t.engine.basket.loadAvailability(carrier, central, { days_to_load: 3 }))[1]!.available).toBe(true);
  });

  it("answers BK13 for a full day and resets the booking's date to null", async () => {
    const carrier = await newCarrier(t);
    const first = await bookingIn(carrier);
    await t.engine.basket.setDate(carrier, first, { date: "2025-06-05" });
    for (let i = 0; i < 2; i++) await t.engine.basket.setDate(carrier, await bookingIn(carrier), { date: "2025-06-04" });
    const last = await bookingIn(carrier);
    await t.engine.basket.setDate(carrier, last, { date: "2025-06-04" });
    await expect(t.engine.basket.setDate(carrier, first, { date: "2025-06-04" })).rejects.toMatchObject({ code: "BK13" });
    const after = await t.engine.basket.getBooking(carrier, first);
    expect(after.date).toBeNull();
    expect(after.availability.date_held).toBe(false);
    // Its old day was released.
    expect((await t.engine.basket.loadAvailability(carrier, last, { start_date: "2025-06-05", days_to_load: 1 }))[0]!.available).toBe(true);
  });

  it("releases the previous day when the date changes", async () => {
    const carrier = await newCarrier(t, { technicians: 1, slots: 1 });
    const a = await bookingIn(carrier, "SW1A 2AA");
    await t.engine.basket.setDate(carrier, a, { date: "2025-06-03" });
    const b = await bookingIn(carrier, "SW1A 2AA");
    expect((await t.engine.basket.loadAvailability(carrier, b, { start_date: "2025-06-03", days_to_load: 1 }))[0]!.available).toBe(false);
    await t.engine.basket.setDate(carrier, a, { date: "2025-06-04" });
    expect((await t.engine.basket.loadAvailability(carrier, b, { start_date: "2025-06-03", days_to_load: 1 }))[0]!.available).toBe(true);
  });

  it("counts a day from the carrier's roster as last synced: a technician added or removed shows at once in availability and holds (ADR 222)", async () => {
    const carrier = await newCarrier(t, { technicians: 1, slots: 1 });
    const a = await bookingIn(carrier, "SW1A 2AA");
    await t.engine.basket.setDate(carrier, a, { date: "2025-06-03" });
    const b = await bookingIn(carrier, "SW1A 2AA");
    const tuesday = async () => (await t.engine.basket.loadAvailability(carrier, b, { start_date: "2025-06-03", days_to_load: 1 }))[0]!.available;
    expect(await tuesday()).toBe(false);
    // The roster and technicians are kept per synced revision: a sync with a second technician is the next revision.
    await seedTestCarrier(t.opened, { code: carrier.code, technicians: 2, slots: 1 });
    // A sync is a change from outside the engine: its availability answers are kept for a clock second (ADR 185).
    t.clock.advance(1_000);
    try {
      expect(await tuesday()).toBe(true);
      expect((await t.engine.basket.setDate(carrier, b, { date: "2025-06-03" })).availability.date_held).toBe(true);
      // Back to one technician, and the second customer gives the day back: its one unit is the first customer's again.
      await seedTestCarrier(t.opened, { code: carrier.code, technicians: 1, slots: 1 });
      await t.engine.basket.abandonBooking(carrier, b);
      const c = await bookingIn(carrier, "SW1A 2AA");
      await expect(t.engine.basket.setDate(carrier, c, { date: "2025-06-04" })).resolves.toMatchObject({ date: "2025-06-04" });
      await expect(t.engine.basket.setDate(carrier, c, { date: "2025-06-03" })).rejects.toMatchObject({ code: "BK13" });
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("refuses weekends, closed days, past days and days beyond the horizon", async () => {
    const carrier = await newCarrier(t);
    const ref = await bookingIn(carrier);
    for (const date of ["2025-06-07", "2025-05-30", "2026-01-05"]) {
      await expect(t.engine.basket.setDate(carrier, ref, { date })).rejects.toMatchObject({ code: "BK13" });
    }
    await expect(t.engine.basket.setDate(carrier, ref, { date: "31/02/2025" })).rejects.toMatchObject({ code: "VALIDATION" });
    // DD/MM/YYYY is accepted as the web's date fields show it.
    expect((await t.engine.basket.setDate(carrier, ref, { date: "03/06/2025" })).date).toBe("2025-06-03");
  });

  it("lets an unpaid draft's hold expire after 30 minutes, giving the capacity back", async () => {
    const carrier = await newCarrier(t, { technicians: 1, slots: 1 });
    const a = await bookingIn(carrier, "SW1A 2AA");
    const held = await t.engine.basket.setDate(carrier, a, { date: "2025-06-03" });
    expect(held.availability.hold_expires_at).toBe("2025-06-02T08:30:00.000Z");
    const b = await bookingIn(carrier, "SW1A 2AA");
    await expect(t.engine.basket.setDate(carrier, b, { date: "2025-06-03" })).rejects.toMatchObject({ code: "BK13" });
    t.clock.advance(31 * 60_000);
    try {
      expect((await t.engine.basket.setDate(carrier, b, { date: "2025-06-03" })).availability.date_held).toBe(true);
      const stale = await t.engine.basket.getBooking(carrier, a);
      expect(stale.date).toBe("2025-06-03");
      expect(stale.availability.date_held).toBe(false);
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("purges expired draft holds without touching live ones", async () => {
    const carrier = await newCarrier(t);
    const stale = await bookingIn(carrier);
    await t.engine.basket.setDate(carrier, stale, { date: "2025-06-03" });
    t.clock.advance(31 * 60_000);
    try {
      const fresh = await bookingIn(carrier);
      await t.engine.basket.setDate(carrier, fresh, { date: "2025-06-03" });
      expect(await t.engine.coverage.purgeExpiredHolds(carrier)).toBe(1);
      expect((await t.engine.basket.getBooking(carrier, fresh)).availability.date_held).toBe(true);
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("gives an area with its own slots per technician a day that capacity, apart from the roster's", async () => {
    // East (one technician) is a remote-style area with one appointment a day; central keeps the roster's 3.
    const carrier = await newCarrier(t, { areaSlots: { east: 1 } });
    const a = await bookingIn(carrier);
    await t.engine.basket.setDate(carrier, a, { date: "2025-06-03" });
    const b = await bookingIn(carrier);
    expect((await t.engine.basket.loadAvailability(carrier, b, { start_date: "2025-06-03", days_to_load: 1 }))[0]!.available).toBe(false);
    await expect(t.engine.basket.setDate(carrier, b, { date: "2025-06-03" })).rejects.toMatchObject({ code: "BK13" });
    expect((await t.engine.basket.setDate(carrier, b, { date: "2025-06-04" })).date).toBe("2025-06-04");
    const central = [await bookingIn(carrier, "SW1A 2AA"), await bookingIn(carrier, "SW1A 2AA")];
    for (const ref of central) expect((await t.engine.basket.setDate(carrier, ref, { date: "2025-06-03" })).availability.date_held).toBe(true);
  });

  it("needs a postcode before dates can be loaded", async () => {
    const carrier = await newCarrier(t);
    const { reference } = await t.engine.basket.buildBooking(carrier);
    await expect(t.engine.basket.loadAvailability(carrier, reference)).rejects.toMatchObject({ code: "BK09" });
    await expect(t.engine.basket.setDate(carrier, reference, { date: "2025-06-03" })).rejects.toMatchObject({ code: "BK09" });
  });
});
