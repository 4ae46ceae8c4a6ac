import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { queryRows, type OpenedDatabase } from "../db/open";
import * as s from "../db/schema";
import { carrierFixture, IDS, PRICES_GBP, engineFixture } from "../testing/fixtures";
import { openTestDatabase, seedTestCarrier, uniqueCode } from "../testing/db";
import { getModelVersion, listColours, listDeviceKinds, listDeviceTypes, listExtras, listMakes, listModels, listProblems, listTriageQuestions, listVersions } from "./queries";
import { seedCatalogue, seedFromTenants } from "./seed";
import { seedCarrier } from "./seed-carrier";
import { catalogueFixture } from "../testing/fixtures";

let opened: OpenedDatabase;
const code = uniqueCode("cat");
const uk = carrierFixture(code);

beforeAll(async () => {
  opened = await openTestDatabase();
  await seedTestCarrier(opened, {
    code,
    extra: { price_overrides: [{ model: "galaxy-s24", problem: "screen-replacement", price: 17900, non_sale_price: 19900 }] },
  });
});
afterAll(async () => {
  await opened?.close();
});

describe("seeding", () => {
  it("leaves everything unchanged when the same files are seeded again", async () => {
    const count = async () =>
      (await queryRows(opened.db, sql`select (select count(*) from catalogue_prices) + (select count(*) from service_areas) + (select count(*) from discount_codes) as n`))[0];
    const before = await count();
    expect(await seedCatalogue(opened.db, catalogueFixture())).toBe("unchanged");
    expect(
      await seedCarrier(
        opened.db,
        engineFixture({ code, extra: { price_overrides: [{ model: "galaxy-s24", problem: "screen-replacement", price: 17900, non_sale_price: 19900 }] } }),
      ),
    ).toBe("unchanged");
    expect(await count()).toEqual(before);
  });

  it("keeps a discount code's usage when the carrier file changes", async () => {
    const other = uniqueCode("cat");
    await seedCarrier(opened.db, engineFixture({ code: other }));
    await opened.db
      .update(s.discountCodes)
      .set({ usedAt: new Date("2025-01-01T00:00:00Z") })
      .where(eq(s.discountCodes.carrierCode, other));
    expect(await seedCarrier(opened.db, engineFixture({ code: other, slots: 4 }))).toBe("updated");
    const codes = await opened.db.select().from(s.discountCodes).where(eq(s.discountCodes.carrierCode, other));
    expect(codes.every((c) => c.usedAt?.toISOString() === "2025-01-01T00:00:00.000Z")).toBe(true);
    const [roster] = await opened.db.select().from(s.carrierRosters).where(eq(s.carrierRosters.carrierCode, other));
    expect(roster?.slotsPerTechnicianPerDay).toBe(4);
  });

  it("deactivates a service area that left the file instead of deleting it", async () => {
    const other = uniqueCode("cat");
    const file = engineFixture({ code: other });
    await seedCarrier(opened.db, file);
    await seedCarrier(opened.db, { ...file, service_areas: file.service_areas.slice(0, 1) });
    const areas = await opened.db.select().from(s.serviceAreas).where(eq(s.serviceAreas.carrierCode, other));
    expect(areas.map((a) => [a.code, a.active])).toEqual([
      ["central", true],
      ["east", false],
    ]);
  });

  it("seeds the demo tenants/ folder twice with the same result, adding new carrier folders", async () => {
    const tenants = path.resolve(__dirname, "../../tenants");
    const fresh = await (await import("../db/open")).openDatabase({ BOOKING_DATA_DIR: "memory://" });
    try {
      const first = await seedFromTenants(fresh.db, tenants);
      expect(first.catalogue).toBe("created");
      expect(first.carriers.length).toBeGreaterThan(0);
      expect(first.carriers.every((c) => c.result === "created")).toBe(true);
      const second = await seedFromTenants(fresh.db, tenants);
      expect(second.catalogue).toBe("unchanged");
      expect(second.carriers.every((c) => c.result === "unchanged")).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe("catalogue queries", () => {
  it("lists the makes of a device type that have models", async () => {
    const makes = await listMakes(opened.db, uk, { typeId: 1 });
    expect(makes.map((m) => m.name)).toEqual(["Samsung", "Apple"]);
    expect((await listMakes(opened.db, uk, { typeId: 2 })).map((m) => m.name)).toEqual(["Bosch"]);
  });

  it("shows a single-make carrier only its make", async () => {
    const single = carrierFixture(code, { singleMakeOnly: true, singleMakeId: IDS.apple });
    expect((await listMakes(opened.db, single, { typeId: 1 })).map((m) => m.id)).toEqual([IDS.apple]);
    expect(await listModels(opened.db, single, { makeId: IDS.samsung, typeId: 1 })).toEqual([]);
  });

  it("lists device types and the kinds of device a make has", async () => {
    expect((await listDeviceTypes(opened.db, uk, { locale: "de" })).map((t) => t.title)).toEqual(["Smartphones und Tablets", "Haushaltsgeräte"]);
    expect((await listDeviceKinds(opened.db, uk, { makeId: IDS.apple })).map((k) => k.code)).toEqual(["phone", "tablet"]);
  });

  it("lists models in priority order and searches by every word of the name", async () => {
    const apple = await listModels(opened.db, uk, { makeId: IDS.apple, typeId: 1 });
    expect(apple.map((m) => m.slug)).toEqual(["iphone-15", "iphone-se-2022", "ipad-10th-gen"]);
    expect((await listModels(opened.db, uk, { makeId: IDS.apple, typeId: 1, deviceType: "tablet" })).map((m) => m.slug)).toEqual(["ipad-10th-gen"]);
    expect((await listModels(opened.db, uk, { makeId: IDS.apple, typeId: 1, search: "iphone 15" })).map((m) => m.slug)).toEqual(["iphone-15"]);
    expect(await listModels(opened.db, uk, { makeId: IDS.apple, typeId: 1, search: "100%" })).toEqual([]);
  });

  it("lists versions with the full model code, and colours", async () => {
    const versions = await listVersions(opened.db, uk, IDS.iphone15);
    expect(versions.map((v) => [v.id, v.name, v.full_model_code])).toEqual([
      [IDS.iphone15v128, "128GB", "A3090"],
      [IDS.iphone15v256, "256GB", "A3090"],
    ]);
    expect((await listColours(opened.db, uk, IDS.iphone15, "de")).map((c) => c.name)).toEqual(["Schwarz", "Rosé"]);
  });

  it("prices problems in the carrier's currency in minor units, with the sale price reduction", async () => {
    const problems = await listProblems(opened.db, uk, IDS.iphone15);
    const screen = problems.find((p) => p.code === "screen-replacement")!;
    expect(screen).toMatchObject({ price: PRICES_GBP.iphone15.screen, non_sale_price: 29900, price_has_reduction: true, currency: "GBP" });
    const battery = problems.find((p) => p.code === "battery-replacement")!;
    expect(battery).toMatchObject({ price: PRICES_GBP.iphone15.battery, non_sale_price: PRICES_GBP.iphone15.battery, price_has_reduction: false });
    const euro = carrierFixture(code, { currency: "EUR", countryCode: "DE", timezone: "Europe/Berlin" });
    expect((await listProblems(opened.db, euro, IDS.iphone15)).find((p) => p.code === "battery-replacement")!.price).toBe(PRICES_GBP.iphone15.battery + 1000);
  });

  it("uses the carrier's own price where it has one and the catalogue's otherwise", async () => {
    const own = await listProblems(opened.db, uk, IDS.galaxyS24);
    expect(own.find((p) => p.code === "screen-replacement")).toMatchObject({ price: 17900, non_sale_price: 19900, price_has_reduction: true });
    const other = carrierFixture("someone-else");
    expect((await listProblems(opened.db, other, IDS.galaxyS24)).find((p) => p.code === "screen-replacement")!.price).toBe(PRICES_GBP.galaxyS24.screen);
  });

  it("describes a model version with battery_required_for_screen_repair, extras and back-glass question", async () => {
    const detail = await getModelVersion(opened.db, uk, IDS.iphone15v256);
    expect(detail.full_title).toBe("iPhone 15 256GB");
    expect(detail.model.battery_required_for_screen_repair).toBe(true);
    expect(detail.ask_back_glass).toBe(true);
    expect(detail.ask_frame).toBe(false);
    expect(detail.extras.map((e) => [e.code, e.price])).toEqual([
      ["screen-protector", 1499],
      ["premium-service", 2500],
    ]);
    expect(detail.sale_title).toBe("Spring repair sale");
  });

  it("lists upsell extras for a kind of device and the appliance triage questions", async () => {
    expect((await listExtras(opened.db, uk, "appliance")).map((e) => e.code)).toEqual(["premium-service"]);
    const questions = await listTriageQuestions(opened.db, uk, IDS.washer, "de");
    expect(questions.map((q) => [q.code, q.required])).toEqual([
      ["switches-on", true],
      ["noise", false],
    ]);
    expect(questions[0]!.options.map((o) => o.label)).toEqual(["Ja", "Nein"]);
  });
});
