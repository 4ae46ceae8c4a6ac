import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCarrier, seedCatalogue } from "../catalogue/seed";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../testing/engine";
import { catalogueFixture, engineFixture, IDS, PRICES_GBP } from "../testing/fixtures";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("a basket priced from the catalogue read once per revision (ADR 210)", () => {
  it("shows every catalogue and carrier price change on the next read, and the price as it was when the change is undone", async () => {
    const carrier = await newCarrier(t);
    const { ref } = await readyBooking(t, carrier);
    const screenPrice = async () => {
      const state = await t.engine.basket.getBooking(carrier, ref);
      const device = Object.values(state.devices)[0]!;
      return { line: device.selected_problems_pricing[0]!.price, total: state.totals.cart_total };
    };
    const before = await screenPrice();
    expect(before.line).toBe(PRICES_GBP.iphone15.screen);
    expect(await screenPrice()).toEqual(before);

    // The carrier's own price (a sync of its data): the next read has it.
    await seedCarrier(t.opened.db, engineFixture({ code: carrier.code, extra: { price_overrides: [{ model: "iphone-15", problem: "screen-replacement", price: 12345 }] } }));
    expect((await screenPrice()).line).toBe(12345);

    // Withdrawn again: the catalogue's price, as before.
    await seedCarrier(t.opened.db, engineFixture({ code: carrier.code }));
    expect(await screenPrice()).toEqual(before);

    // The catalogue's price changes (a catalogue sync): the next read has it.
    const file = catalogueFixture();
    file.prices["iphone-15"]!["screen-replacement"] = { ...file.prices["iphone-15"]!["screen-replacement"]!, GBP: { price: 23456 } };
    await seedCatalogue(t.opened.db, file);
    const after = await screenPrice();
    expect(after.line).toBe(23456);
    expect(after.total).toBe(before.total - before.line + 23456);

    await seedCatalogue(t.opened.db, catalogueFixture());
    expect(await screenPrice()).toEqual(before);

    // The booking's own rows are never kept: a second device shows on the next read.
    await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    const two = await t.engine.basket.getBooking(carrier, ref);
    expect(two.device_count).toBe(2);
    expect(two.totals.cart_total).toBeGreaterThan(before.total);
  });
});
