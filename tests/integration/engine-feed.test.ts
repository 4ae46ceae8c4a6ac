// The engine feed of /work/ops-contract.md against the running Strapi the test script starts:
// every seeded carrier's operations data and the catalogue read back exactly as tenants/ has them,
// a change bumps the carrier's revision, invalid data is refused on save with a message naming the
// field, and the seed leaves admin edits alone across a restart.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { catalogueFileSchema, engineFileSchema } from "../../booking/catalogue/seed-schema";
import { withEngineDefaults } from "../../cms/src/engine-feed/ops-defaults";
import { uniqueCode } from "../support/cms";
import { cmsCall as call } from "../support/cms-admin";

const CMS_URL = process.env.CMS_URL?.replace(/\/$/, "");
const READ_TOKEN = process.env.CMS_READ_TOKEN ?? "";
const WRITE_TOKEN = process.env.CMS_WRITE_TOKEN ?? "";
const CONTROL = process.env.TEST_CONTROL_URL;
const tenants = path.resolve(__dirname, "../../tenants");
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));
const seededCarriers = fs.readdirSync(tenants).filter((name) => fs.existsSync(path.join(tenants, name, "engine.json")));

const feed = (route: string) => call("GET", `/api/engine-feed/${route}`, READ_TOKEN);
const create = (collection: string, data: Record<string, unknown>) => call("POST", `/api/${collection}`, WRITE_TOKEN, { data });

/** Lists in a fixed order (by code, id or slug), so two files compare regardless of entry order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(canonical);
    const key = (item: unknown) => {
      const { code, id, slug, model } = item as Record<string, unknown>;
      return String(code ?? id ?? slug ?? model ?? JSON.stringify(item));
    };
    return items.every((item) => item && typeof item === "object") ? [...items].sort((a, b) => key(a).localeCompare(key(b))) : items;
  }
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, canonical(v)]));
  return value;
}

const created: [string, string][] = [];
async function createOk(collection: string, data: Record<string, unknown>): Promise<string> {
  const reply = await create(collection, data);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  created.push([collection, reply.body.data.documentId]);
  return reply.body.data.documentId;
}

/** The refusal of a save: 400, and the message says what is wrong with which field. */
async function refused(collection: string, data: Record<string, unknown>, message: RegExp): Promise<void> {
  const reply = await create(collection, data);
  if (reply.body?.data?.documentId) created.push([collection, reply.body.data.documentId]);
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.error.message).toMatch(message);
}

describe.skipIf(!CMS_URL)("engine feed", () => {
  afterAll(async () => {
    for (const [collection, documentId] of created.splice(0).reverse()) await call("DELETE", `/api/${collection}/${documentId}`, WRITE_TOKEN);
  });

  it("refuses a request without the read token", async () => {
    for (const route of ["catalogue", "carriers", "carriers/patchpoint"]) {
      const reply = await call("GET", `/api/engine-feed/${route}`);
      expect([401, 403]).toContain(reply.status);
    }
  });

  it("lists every seeded carrier with its revision time", async () => {
    const reply = await feed("carriers");
    expect(reply.status).toBe(200);
    const codes = reply.body.carriers.map((c: { code: string }) => c.code);
    expect(codes).toEqual(expect.arrayContaining(seededCarriers));
    for (const carrier of reply.body.carriers) expect(new Date(carrier.updatedAt).toISOString()).toBe(carrier.updatedAt);
  });

  it.each(seededCarriers)("serves %s exactly as tenants/<code>/engine.json", async (code) => {
    const reply = await feed(`carriers/${code}`);
    expect(reply.status).toBe(200);
    expect(reply.body.code).toBe(code);
    expect(canonical(reply.body.engine)).toEqual(canonical(withEngineDefaults(readJson(path.join(tenants, code, "engine.json")))));
    expect(engineFileSchema.safeParse(reply.body.engine).error).toBeUndefined();
  });

  it("serves the catalogue as tenants/catalogue.json, each model with its media-library picture", async () => {
    const reply = await feed("catalogue");
    expect(reply.status).toBe(200);
    const file = readJson(path.join(tenants, "catalogue.json"));
    const served = reply.body.catalogue;
    // The seed put the generated pictures into the media library and linked each model to its own.
    for (const model of served.models) {
      expect(model.image_path).toMatch(new RegExp(`^/media/${model.slug.replace(/-/g, "_")}_[a-z0-9]+\\.svg$`));
    }
    const withFilePictures = { ...served, models: served.models.map((model: { slug: string }) => ({ ...model, image_path: `/images/devices/${model.slug}.svg` })) };
    expect(canonical(withFilePictures)).toEqual(canonical(file));
    expect(catalogueFileSchema.safeParse(served).error).toBeUndefined();
  });

  it("answers 404 for a carrier it does not know", async () => {
    expect((await feed("carriers/no-such-carrier")).status).toBe(404);
  });

  it("bumps a carrier's revision on every change, deletions included", async () => {
    const revision = async () => (await feed("carriers/patchpoint-north")).body.updatedAt as string;
    const before = await revision();
    const code = `FEED${Date.now().toString(36).toUpperCase()}`;
    const reply = await create("ops-discount-codes", { carrierCode: "patchpoint-north", code, kind: "fixed", value: 500, singleUse: false });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const afterCreate = await revision();
    expect(afterCreate > before).toBe(true);
    const served = (await feed("carriers/patchpoint-north")).body.engine.discount_codes.find((d: { code: string }) => d.code === code);
    expect(served).toEqual({ code, kind: "fixed", value: 500, starts_at: null, expires_at: null, usage_limit: null, single_use: false });

    expect((await call("DELETE", `/api/ops-discount-codes/${reply.body.data.documentId}`, WRITE_TOKEN)).status).toBe(204);
    const afterDelete = await revision();
    expect(afterDelete > afterCreate).toBe(true);
    expect((await feed("carriers/patchpoint-north")).body.engine.discount_codes.map((d: { code: string }) => d.code)).not.toContain(code);
  });

  it("bumps the catalogue's revision on a catalogue change", async () => {
    const before = (await feed("catalogue")).body.updatedAt;
    const prices = await call("GET", "/api/catalogue-prices?filters[model][$eq]=pixel-8a&filters[problem][$eq]=camera-replacement&populate=amounts", READ_TOKEN);
    const price = prices.body.data[0];
    const amounts = price.amounts.map(({ currency, price: p, nonSalePrice }: { currency: string; price: number; nonSalePrice: number | null }) => ({
      currency,
      price: p,
      nonSalePrice,
    }));
    const reply = await call("PUT", `/api/catalogue-prices/${price.documentId}`, WRITE_TOKEN, { data: { amounts } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await feed("catalogue")).body.updatedAt > before).toBe(true);
  });
});

describe.skipIf(!CMS_URL)("operations data is validated on save", () => {
  const carrier = "patchpoint";
  const area = { carrierCode: carrier, code: "", name: "Test area", country: "GB", centreLat: 51.5, centreLng: -0.1, radiusKm: 5 };

  afterAll(async () => {
    for (const [collection, documentId] of created.splice(0).reverse()) await call("DELETE", `/api/${collection}/${documentId}`, WRITE_TOKEN);
  });

  it("refuses a malformed postcode prefix, naming it", async () => {
    await refused("ops-service-areas", { ...area, code: uniqueCode("bad-prefix"), postcodePrefixes: ["SW1A", "12345"] }, /Postcode prefixes: '12345' is not a GB postcode prefix/);
  });

  it("accepts a well-formed area, and refuses a technician in an area the carrier does not have", async () => {
    const code = uniqueCode("good-area");
    await createOk("ops-service-areas", { ...area, code, postcodePrefixes: ["N1"] });
    await refused(
      "ops-technicians",
      { carrierCode: carrier, technicianId: uniqueCode("tech"), name: "T", vanRegistration: "AB12 CDE", homeBaseLat: 51.5, homeBaseLng: -0.1, serviceArea: "nowhere" },
      /Service area: carrier patchpoint has no service area with code nowhere/,
    );
  });

  it("serves a new area once it has a technician, and keeps its code while technicians work there", async () => {
    const code = uniqueCode("new-area");
    const areaId = await createOk("ops-service-areas", { ...area, code, postcodePrefixes: ["N7"] });
    const served = async () => (await feed(`carriers/${carrier}`)).body.engine.service_areas.map((a: { code: string }) => a.code);
    expect(await served()).not.toContain(code);
    await createOk("ops-technicians", {
      carrierCode: carrier,
      technicianId: uniqueCode("tech"),
      name: "New Tech",
      vanRegistration: "AB12 CDE",
      homeBaseLat: 51.55,
      homeBaseLng: -0.11,
      serviceArea: code,
    });
    expect(await served()).toContain(code);
    const renamed = await call("PUT", `/api/ops-service-areas/${areaId}`, WRITE_TOKEN, { data: { code: `${code}-x` } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.message).toMatch(/1 technician\(s\) work in/);
  });

  it("refuses a price override for a model or problem the catalogue does not have", async () => {
    await refused("ops-price-overrides", { carrierCode: carrier, model: "iphone-99", problem: "screen-replacement", price: 100 }, /Model: iphone-99 is not in the catalogue/);
    await refused(
      "ops-price-overrides",
      { carrierCode: carrier, model: "iphone-15", problem: "appliance-leaking", price: 100 },
      /Problem: iphone-15 cannot be booked for appliance-leaking/,
    );
  });

  it("refuses a roster with no working day, and a closed date in another format", async () => {
    const roster = { carrierCode: uniqueCode("roster"), slotsPerTechnicianPerDay: 4, closedDates: [] };
    await refused("ops-rosters", { ...roster, workingWeekdays: [] }, /Working weekdays: the roster has no working day/);
    await refused("ops-rosters", { ...roster, workingWeekdays: [1, 2], closedDates: ["25.12.2026"] }, /Closed dates: "25.12.2026" is not a date in the form YYYY-MM-DD/);
  });

  it("refuses store opening hours that close before they open, and serves good ones as entered", async () => {
    const store = {
      carrierCode: carrier,
      name: "Test store",
      addressLine1: "1 Test Street",
      town: "London",
      postcode: "N1 9GU",
      latitude: 51.53,
      longitude: -0.12,
      dropOffAvailable: false,
    };
    await refused(
      "ops-stores",
      { ...store, code: uniqueCode("HOURS").toUpperCase(), openingHours: [{ days: [1, 2, 3, 4, 5], opens: "18:00", closes: "09:00" }] },
      /Opening hours, entry 1: closes \(09:00\) must be after opens \(18:00\)/,
    );
    const code = uniqueCode("HOURS").toUpperCase();
    const hours = [
      { days: [1, 2, 3, 4, 5, 6], opens: "09:00", closes: "18:00" },
      { days: [7], opens: "11:00", closes: "17:00" },
    ];
    await createOk("ops-stores", { ...store, code, openingHours: hours });
    const served = (await feed(`carriers/${carrier}`)).body.engine.stores.find((s: { code: string }) => s.code === code);
    expect(served.opening_hours).toEqual(hours);
  });

  it("serves a partner's webhook endpoint with its ticked events and the secret the CMS made, and refuses a URL with a password (ADR 179)", async () => {
    await refused("ops-webhook-endpoints", { carrierCode: carrier, url: "https://user:pw@partner.example/hooks" }, /URL: the address must not contain a user name or password/);
    const id = await createOk("ops-webhook-endpoints", {
      carrierCode: carrier,
      url: "https://partner.example/hooks",
      description: "Call centre",
      orderCancelled: false,
      jobOnTheWay: false,
    });
    const engine = (await feed(`carriers/${carrier}`)).body.engine;
    expect(engineFileSchema.safeParse(engine).error).toBeUndefined();
    const served = engine.webhooks.find((w: { id: string }) => w.id === id);
    expect(served).toMatchObject({ url: "https://partner.example/hooks", enabled: true, description: "Call centre", secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    expect(served.events).toEqual(["order.created", "order.date_changed", "order.address_changed", "order.refunded", "job.started", "job.completed"]);
  });

  it("refuses a discount code the carrier already has", async () => {
    await refused(
      "ops-discount-codes",
      { carrierCode: carrier, code: "WELCOME10", kind: "percent", value: 5, singleUse: false },
      /Discount code WELCOME10 already exists for carrier patchpoint/,
    );
  });

  it("accepts the same discount code for another carrier", async () => {
    await createOk("ops-discount-codes", { carrierCode: "patchpoint-north", code: "WELCOME10", kind: "percent", value: 5, singleUse: false });
  });

  it("refuses a price of 0 for a paid repair, and negative or fractional minor units", async () => {
    const override = { carrierCode: carrier, model: "iphone-15", problem: "camera-replacement" };
    await refused("ops-price-overrides", { ...override, price: 0 }, /Price is 0: a paid repair cannot cost nothing/);
    await refused("ops-price-overrides", { ...override, price: 49.99 }, /minor units/);
    const amounts = ["GBP", "EUR", "AUD", "USD", "CAD"].map((currency) => ({ currency, price: 1000 }));
    await refused(
      "catalogue-prices",
      { model: "iphone-15", problem: "screen-replacement", amounts: [{ currency: "GBP", price: -5 }, ...amounts.slice(1)] },
      /amounts GBP price cannot be negative|must be larger than or equal to 0/,
    );
    await refused(
      "catalogue-prices",
      { model: "iphone-15", problem: "screen-replacement", amounts: [{ currency: "GBP", price: 0 }, ...amounts.slice(1)] },
      /amounts GBP price is 0/,
    );
  });
});

describe.skipIf(!CMS_URL || !CONTROL)("seeding leaves admin edits alone", () => {
  it("keeps an edited and a deleted entry as the admin left them across a restart", async () => {
    const codes = await call("GET", "/api/ops-discount-codes?filters[carrierCode][$eq]=bluegum&pagination[pageSize]=100", READ_TOKEN);
    const byCode = new Map(codes.body.data.map((d: { code: string; documentId: string }) => [d.code, d.documentId]));
    const edited = await call("PUT", `/api/ops-discount-codes/${byCode.get("GDAY10")}`, WRITE_TOKEN, { data: { value: 12 } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const deletedCode = "SPRING2024";
    expect((await call("DELETE", `/api/ops-discount-codes/${byCode.get(deletedCode)}`, WRITE_TOKEN)).status).toBe(204);

    expect((await fetch(`${CONTROL}/cms/stop`, { method: "POST" })).status).toBe(204);
    expect((await fetch(`${CONTROL}/cms/start`, { method: "POST" })).status).toBe(204);

    const served = (await feed("carriers/bluegum")).body.engine.discount_codes as { code: string; value: number }[];
    expect(served.find((d) => d.code === "GDAY10")?.value).toBe(12);
    expect(served.map((d) => d.code)).not.toContain(deletedCode);

    // Back to the demo data for the suites that follow.
    const after = await call("GET", "/api/ops-discount-codes?filters[carrierCode][$eq]=bluegum&filters[code][$eq]=GDAY10", READ_TOKEN);
    await call("PUT", `/api/ops-discount-codes/${after.body.data[0].documentId}`, WRITE_TOKEN, { data: { value: 10 } });
    await create("ops-discount-codes", { carrierCode: "bluegum", code: deletedCode, kind: "percent", value: 15, expiresAt: "2024-05-31T23:59:59Z", singleUse: false });
  }, 240_000);
});
