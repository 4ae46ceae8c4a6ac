import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { distanceKm as haversineKm } from "@repair/rules/distance";
import { normalisePostcode, postcodeMatchesPrefix } from "../domain/postcode";
import { ADDRESS_BOOK } from "../adapters/embedded-addresses/address-book";
import { catalogueFileSchema, engineFileSchema, type CatalogueFile, type EngineFile } from "./seed-schema";

const root = path.resolve(__dirname, "../..");
const tenantsDir = path.join(root, "tenants");

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

function issues(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n");
}

const tenantFolders = readdirSync(tenantsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"))
  .map((entry) => entry.name)
  .sort();

function parseCatalogue(): CatalogueFile {
  const result = catalogueFileSchema.safeParse(readJson(path.join(tenantsDir, "catalogue.json")));
  if (!result.success) throw new Error(`tenants/catalogue.json is invalid:\n${issues(result.error)}`);
  return result.data;
}

function parseEngine(folder: string): EngineFile {
  const result = engineFileSchema.safeParse(readJson(path.join(tenantsDir, folder, "engine.json")));
  if (!result.success) throw new Error(`tenants/${folder}/engine.json is invalid:\n${issues(result.error)}`);
  return result.data;
}

/** The one haversine (packages/rules/distance.js) over the files' { lat, lng } points. */
const distanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }): number =>
  haversineKm({ latitude: a.lat, longitude: a.lng }, { latitude: b.lat, longitude: b.lng });

describe("tenants/catalogue.json", () => {
  const catalogue = parseCatalogue();

  it("parses with catalogueFileSchema", () => {
    expect(catalogue.models.length).toBeGreaterThan(0);
  });

  it("has a model for every slug in docs/catalogue-slugs.md, and no other", () => {
    const doc = readFileSync(path.join(root, "docs/catalogue-slugs.md"), "utf8");
    const listed = ["Phones:", "Tablets:", "Appliances:"].flatMap((heading) => {
      const section = doc.slice(doc.indexOf(heading) + heading.length).split(/\n\s*\n|\n[A-Z][a-z]+:/)[0]!;
      return section.split(/[\s,]+/).filter((word) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(word));
    });
    expect(listed.length).toBe(35);
    expect(catalogue.models.map((m) => m.slug).sort()).toEqual([...listed].sort());
  });

  it("uses the make and device type ids of docs/catalogue-slugs.md", () => {
    const makes = Object.fromEntries(catalogue.makes.map((m) => [m.id, m.name]));
    expect(makes).toEqual({ 1: "Samsung", 2: "Apple", 3: "Google", 10: "Bosch", 11: "Hotpoint", 12: "Beko" });
    expect(catalogue.device_types.map((t) => t.id).sort()).toEqual([1, 2]);
  });

  it("offers the device problem codes the spec names", () => {
    const codes = catalogue.problems.map((p) => p.code);
    for (const code of ["screen-replacement", "battery-replacement", "back-glass-replacement", "frame-replacement", "charging-port-replacement", "camera-replacement"]) {
      expect(codes).toContain(code);
    }
  });

  it("requires a battery for a screen repair on some iPhones and Pixels only", () => {
    const required = catalogue.models.filter((m) => m.battery_required_for_screen_repair);
    expect(required.some((m) => m.make_ids[0] === 2)).toBe(true);
    expect(required.some((m) => m.make_ids[0] === 3)).toBe(true);
    expect(required.every((m) => m.device_type === "phone" && m.problems.includes("battery-replacement"))).toBe(true);
  });

  it("prices EUR in whole euros, since DE shows no decimals", () => {
    for (const byProblem of Object.values(catalogue.prices)) {
      for (const amounts of Object.values(byProblem)) {
        expect(amounts.EUR.price % 100).toBe(0);
        if (amounts.EUR.non_sale_price !== undefined) expect(amounts.EUR.non_sale_price % 100).toBe(0);
      }
    }
  });

  it("runs a sale on a few repairs and names it", () => {
    const reduced = Object.values(catalogue.prices)
      .flatMap((byProblem) => Object.values(byProblem))
      .filter((a) => a.GBP.non_sale_price);
    expect(reduced.length).toBeGreaterThan(0);
    expect(catalogue.sale_title).not.toBeNull();
  });

  it("asks triage questions for every appliance", () => {
    for (const model of catalogue.models.filter((m) => m.device_type === "appliance")) {
      expect(
        catalogue.triage_questions.some((q) => q.models.includes(model.slug)),
        model.slug,
      ).toBe(true);
    }
  });

  it("has a picture for every model", () => {
    for (const model of catalogue.models) {
      expect(existsSync(path.join(root, "public", model.image_path)), model.image_path).toBe(true);
    }
  });

  it("takes a media-library picture from the CMS, or the model's own demo picture, and nothing else", () => {
    const withPicture = (imagePath: string) => {
      const file = structuredClone(readJson(path.join(tenantsDir, "catalogue.json"))) as { models: { slug: string; image_path: string }[] };
      file.models[0]!.image_path = imagePath;
      return catalogueFileSchema.safeParse(file);
    };
    expect(withPicture("/media/iphone_15_3f2a9c1b7e.svg").success).toBe(true);
    for (const bad of ["/media/../admin", "/media/", "https://evil.example/x.svg", "javascript:alert(1)", "/images/devices/other-model.svg"]) {
      expect(withPicture(bad).success, bad).toBe(false);
    }
  });

  it("rejects a price for a problem the model does not offer", () => {
    const broken = structuredClone(readJson(path.join(tenantsDir, "catalogue.json"))) as { prices: Record<string, Record<string, unknown>> };
    broken.prices["pixel-8a"]!["frame-replacement"] = broken.prices["pixel-8a"]!["screen-replacement"];
    const result = catalogueFileSchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(issues(result.error!)).toContain("pixel-8a does not offer frame-replacement");
  });

  it("rejects a model without a price in every currency", () => {
    const broken = structuredClone(readJson(path.join(tenantsDir, "catalogue.json"))) as {
      prices: Record<string, Record<string, Record<string, unknown>>>;
    };
    delete broken.prices["iphone-13"]!["screen-replacement"]!.CAD;
    expect(catalogueFileSchema.safeParse(broken).success).toBe(false);
  });
});

describe("tenants/<carrier>/engine.json", () => {
  const catalogue = parseCatalogue();
  const engines = new Map(tenantFolders.filter((f) => existsSync(path.join(tenantsDir, f, "engine.json"))).map((f) => [f, parseEngine(f)]));

  it("exists for every carrier folder", () => {
    expect(tenantFolders.length).toBeGreaterThan(0);
    for (const folder of tenantFolders) expect(existsSync(path.join(tenantsDir, folder, "engine.json")), folder).toBe(true);
  });

  it.each(tenantFolders)("%s parses with engineFileSchema and names its own folder", (folder) => {
    expect(engines.get(folder)?.carrier_code).toBe(folder);
  });

  it.each(tenantFolders)("%s agrees with its carrier.json on country and currency", (folder) => {
    const carrierFile = path.join(tenantsDir, folder, "carrier.json");
    if (!existsSync(carrierFile)) return;
    const carrier = readJson(carrierFile) as { countryCode?: string; currency?: string };
    const engine = engines.get(folder)!;
    if (carrier.countryCode) expect(engine.country).toBe(carrier.countryCode);
    if (carrier.currency) expect(engine.currency).toBe(carrier.currency);
  });

  it.each(tenantFolders)("%s overrides prices only of offered model problems", (folder) => {
    for (const override of engines.get(folder)!.price_overrides) {
      const model = catalogue.models.find((m) => m.slug === override.model);
      expect(model?.problems, `${override.model}/${override.problem}`).toContain(override.problem);
    }
  });

  it.each(tenantFolders)("%s has stores with valid postcodes, discount codes and a roster of 5 or 7 days", (folder) => {
    const engine = engines.get(folder)!;
    expect([5, 7]).toContain(engine.roster.working_weekdays.length);
    for (const store of engine.stores) expect(normalisePostcode(engine.country, store.postcode).ok).toBe(true);
    expect(engine.discount_codes.length).toBeGreaterThan(0);
  });

  it("keeps technician ids unique across carriers", () => {
    const ids = [...engines.values()].flatMap((e) => e.service_areas.flatMap((a) => a.technicians.map((t) => t.id)));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("puts every technician's home base near the area served", () => {
    for (const engine of engines.values()) {
      for (const area of engine.service_areas) {
        for (const technician of area.technicians) {
          expect(distanceKm(area.centre, technician.home_base), technician.id).toBeLessThan(area.radius_km + 10);
        }
      }
    }
  });

  it("covers every address of the demo address book with a service area that reaches it", () => {
    const areas = [...engines.values()].flatMap((e) => e.service_areas);
    for (const address of ADDRESS_BOOK) {
      const postcode = normalisePostcode(address.country, address.postal_code);
      expect(postcode.ok, address.postal_code).toBe(true);
      if (!postcode.ok) continue;
      const covering = areas.filter((a) => a.country === address.country && a.postcode_prefixes.some((p) => postcodeMatchesPrefix(postcode, p)));
      expect(covering.length, `${address.line_1}, ${address.postal_code}`).toBeGreaterThan(0);
      for (const area of covering) {
        expect(distanceKm(area.centre, { lat: address.latitude, lng: address.longitude }), `${address.postal_code} in ${area.code}`).toBeLessThanOrEqual(area.radius_km);
      }
    }
  });

  it("rejects a prefix that is not a postcode prefix of the country", () => {
    const [folder] = tenantFolders;
    const broken = structuredClone(readJson(path.join(tenantsDir, folder!, "engine.json"))) as {
      country: string;
      service_areas: { country: string; postcode_prefixes: string[] }[];
    };
    broken.service_areas[0]!.postcode_prefixes.push(broken.country === "GB" ? "SW1AA" : "ABC");
    expect(engineFileSchema.safeParse(broken).success).toBe(false);
  });

  it("rejects a percent discount above 100", () => {
    const [folder] = tenantFolders;
    const broken = structuredClone(readJson(path.join(tenantsDir, folder!, "engine.json"))) as { discount_codes: unknown[] };
    broken.discount_codes.push({ code: "TOOMUCH", kind: "percent", value: 150, expires_at: null, single_use: false });
    expect(engineFileSchema.safeParse(broken).success).toBe(false);
  });

  it("gives the demo stores opening hours", () => {
    for (const folder of ["gadgethub", "skyline"]) {
      for (const store of parseEngine(folder).stores) expect(store.opening_hours.length).toBeGreaterThan(0);
    }
  });

  describe("store opening hours", () => {
    const withHours = (opening_hours?: unknown) => {
      const file = structuredClone(readJson(path.join(tenantsDir, "gadgethub", "engine.json"))) as { stores: Record<string, unknown>[] };
      if (opening_hours === undefined) delete file.stores[0]!.opening_hours;
      else file.stores[0]!.opening_hours = opening_hours;
      return engineFileSchema.safeParse(file);
    };

    it("are optional: a store without them has none", () => {
      const parsed = withHours();
      expect(parsed.success && parsed.data.stores[0]!.opening_hours).toEqual([]);
    });

    it("accept days 1 (Monday) to 7 (Sunday) with HH:MM times", () => {
      expect(
        withHours([
          { days: [1, 2, 3, 4, 5], opens: "09:00", closes: "17:30" },
          { days: [6], opens: "10:00", closes: "16:00" },
        ]).success,
      ).toBe(true);
    });

    it.each([
      ["a day outside 1–7", [{ days: [0], opens: "09:00", closes: "18:00" }]],
      ["an entry without days", [{ days: [], opens: "09:00", closes: "18:00" }]],
      ["a time that is not HH:MM", [{ days: [1], opens: "9am", closes: "18:00" }]],
      ["closing before opening", [{ days: [1], opens: "18:00", closes: "09:00" }]],
      [
        "a day in two entries",
        [
          { days: [1, 2], opens: "09:00", closes: "18:00" },
          { days: [2], opens: "10:00", closes: "16:00" },
        ],
      ],
    ])("reject %s", (_what, hours) => {
      expect(withHours(hours).success).toBe(false);
    });

    it("say what is wrong as the CMS does, at the entry's field (one rule: packages/rules/opening-hours.js)", () => {
      const parsed = withHours([{ days: [1], opens: "18:00", closes: "09:00" }]);
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({ path: ["stores", 0, "opening_hours", 0, "closes"], message: "Opening hours, entry 1: closes (09:00) must be after opens (18:00)." }),
      ]);
    });

    it("keep only days, opens and closes of an entry", () => {
      const parsed = withHours([{ days: [1], opens: "09:00", closes: "18:00", note: "lunch 13-14" }]);
      expect(parsed.success && parsed.data.stores[0]!.opening_hours).toEqual([{ days: [1], opens: "09:00", closes: "18:00" }]);
    });
  });
});
