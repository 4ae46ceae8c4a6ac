import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema";
import { createTestEngine, newCarrier, type TestEngine } from "../testing/engine";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const rows = async () => ({
  bookings: (await t.opened.db.select({ n: count() }).from(s.bookings))[0]!.n,
  holds: (await t.opened.db.select({ n: count() }).from(s.capacityHolds))[0]!.n,
  devices: (await t.opened.db.select({ n: count() }).from(s.bookingDevices))[0]!.n,
});

describe("a look writes nothing (ADR 191)", () => {
  it("checks postcodes and addresses, and shows an area's availability, without a booking row", async () => {
    const carrier = await newCarrier(t);
    const before = await rows();

    expect(await t.engine.coverage.checkPostcode(carrier, "sw1a2aa")).toMatchObject({ postcode: "SW1A 2AA", area: { code: "central" } });
    await expect(t.engine.coverage.checkPostcode(carrier, "ZE1 0AA")).rejects.toMatchObject({ code: "BK04" });
    await expect(t.engine.coverage.checkPostcode(carrier, "XYZ")).rejects.toMatchObject({ status: 400 });
    await t.engine.coverage.checkAddress(carrier, { line_1: "1 Parliament Street", town: "London", postcode: "SW1A 2AA" });
    await expect(t.engine.coverage.checkAddress(carrier, { line_1: "1 Commercial Street", town: "Lerwick", postcode: "ZE1 0AA" })).rejects.toMatchObject({
      code: "BK04",
    });
    await expect(t.engine.coverage.checkAddress(carrier, { line_1: "", town: "London", postcode: "SW1A 2AA" })).rejects.toMatchObject({ code: "VALIDATION" });
    await t.engine.coverage.areaAvailability(carrier, { areaCode: "central", daysToLoad: 10 });

    expect(await rows()).toEqual(before);
  });
});
