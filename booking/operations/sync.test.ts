import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCmsFeedSource } from "../adapters/cms-feed/cms-feed-source";
import { openDatabase, type OpenedDatabase } from "../db/open";
import * as s from "../db/schema";
import { carrierFixture, catalogueFixture, engineFixture } from "../testing/fixtures";
import { createTestEngine, type TestEngine } from "../testing/engine";
import { startFakeFeed, type FakeFeed } from "../testing/fake-feed";
import { createOperationsSync, routeChange, type OperationsLogger, type OperationsSync } from "./sync";

function captureLog() {
  const lines: { level: string; fields: object; message: string }[] = [];
  const at = (level: string) => (fields: object, message: string) => void lines.push({ level, fields, message });
  const log: OperationsLogger = { info: at("info"), warn: at("warn"), error: at("error") };
  return { log, lines };
}

const uk = carrierFixture("feed-uk");
const de = carrierFixture("feed-de", { countryCode: "DE", currency: "EUR", timezone: "Europe/Berlin" });

let opened: OpenedDatabase;
let feed: FakeFeed;
let t: TestEngine;
let sync: OperationsSync;
let logged: ReturnType<typeof captureLog>;

beforeAll(async () => {
  opened = await openDatabase({ BOOKING_DATA_DIR: "memory://" });
  feed = await startFakeFeed({
    catalogue: catalogueFixture(),
    carriers: { "feed-uk": engineFixture({ code: "feed-uk" }), "feed-de": engineFixture({ code: "feed-de", country: "DE" }) },
  });
  t = await createTestEngine({ opened });
  logged = captureLog();
  sync = createOperationsSync({ db: opened.db, source: createCmsFeedSource({ url: feed.url, token: feed.token }), log: logged.log });
});
afterAll(async () => {
  sync?.stop();
  await feed?.close();
  await opened?.close();
});

const storedRevision = async (code: string) => (await opened.db.select().from(s.carrierSeeds).where(eq(s.carrierSeeds.carrierCode, code)))[0]?.sourceUpdatedAt?.toISOString();
const availableDates = async (carrier = uk, areaCode = "central") =>
  (await t.engine.coverage.areaAvailability(carrier, { areaCode, startDate: "2025-06-02", daysToLoad: 5 })).filter((d) => d.available).map((d) => d.date);

describe("operations sync from the CMS feed", () => {
  it("fills an empty engine copy: the catalogue first, then every carrier", async () => {
    const outcomes = await sync.reconcile();
    expect(outcomes).toEqual([
      { subject: "catalogue", result: "created" },
      { subject: "feed-uk", result: "created" },
      { subject: "feed-de", result: "created" },
    ]);
    expect(await t.engine.coverage.checkPostcode(uk, "SW1A 2AA")).toMatchObject({ area: { code: "central" } });
    expect(await t.engine.coverage.checkPostcode(de, "10115")).toMatchObject({ area: { code: "berlin" } });
    expect(await storedRevision("feed-uk")).toBe(feed.state.carriers.get("feed-uk")!.updatedAt);
  });

  it("reconciles only what has a newer revision than the copy", async () => {
    feed.state.fetched = [];
    const outcomes = await sync.reconcile();
    expect(outcomes).toEqual([{ subject: "catalogue", result: "stale" }]);
    expect(feed.state.fetched).toEqual(["catalogue", "carriers"]);
  });

  it("applies a newer revision at once: a closed date leaves availability", async () => {
    expect(await availableDates()).toContain("2025-06-04");
    feed.publish("feed-uk", engineFixture({ code: "feed-uk", closedDates: ["2025-06-04"] }));
    const { route, outcomes } = await sync.changed({ model: "api::ops-roster.ops-roster", carrierCode: "feed-uk" });
    expect(route).toBe("carrier");
    expect(outcomes).toEqual([{ subject: "feed-uk", result: "updated" }]);
    expect(await availableDates()).not.toContain("2025-06-04");
  });

  it("ignores an older or equal delivery (newer wins)", async () => {
    const current = feed.state.carriers.get("feed-uk")!.updatedAt;
    feed.publish("feed-uk", engineFixture({ code: "feed-uk", closedDates: [] }), current);
    expect((await sync.syncCarrier("feed-uk")).result).toBe("stale");
    feed.publish("feed-uk", engineFixture({ code: "feed-uk", closedDates: [] }), new Date(Date.parse(current) - 60_000).toISOString());
    expect((await sync.syncCarrier("feed-uk")).result).toBe("stale");
    expect(await availableDates()).not.toContain("2025-06-04");
    expect(await storedRevision("feed-uk")).toBe(current);
  });

  it("keeps the last good copy when the feed sends invalid data, and logs why", async () => {
    const before = await storedRevision("feed-uk");
    const broken = { ...engineFixture({ code: "feed-uk" }), roster: { ...engineFixture({ code: "feed-uk" }).roster, closed_dates: ["2025-13-45"] } };
    feed.publish("feed-uk", broken, new Date(Date.parse(before!) + 60_000).toISOString());
    const outcome = await sync.syncCarrier("feed-uk");
    expect(outcome).toMatchObject({ subject: "feed-uk", result: "invalid" });
    expect(outcome.reason).toContain("engine.roster.closed_dates.0");
    expect(logged.lines.some((l) => l.level === "warn" && l.message.includes("feed-uk rejected, keeping the last good copy"))).toBe(true);
    expect(await storedRevision("feed-uk")).toBe(before);
    expect(await availableDates()).not.toContain("2025-06-04");

    feed.state.catalogue = { updatedAt: "2027-01-01T00:00:00.000Z", catalogue: { ...catalogueFixture(), makes: [] } };
    expect(await sync.syncCatalogue()).toMatchObject({ subject: "catalogue", result: "invalid" });
    expect((await t.engine.catalogue.listMakes(uk, { typeId: 1 })).length).toBeGreaterThan(0);
    feed.state.catalogue = { updatedAt: "2027-01-01T00:00:00.000Z", catalogue: catalogueFixture() };
  });

  it("keeps the copy while the CMS is down, and catches up by reconcile once it is back", async () => {
    feed.publish("feed-uk", engineFixture({ code: "feed-uk", closedDates: ["2025-06-05"] }), "2027-06-01T00:00:00.000Z");
    feed.state.down = 503;
    expect((await sync.reconcile()).map((o) => o.result)).toEqual(["unavailable", "unavailable"]);
    expect(await availableDates()).toContain("2025-06-05");
    feed.state.down = null;
    const outcomes = await sync.reconcile();
    expect(outcomes).toContainEqual({ subject: "feed-uk", result: "updated" });
    expect(outcomes.some((o) => o.subject === "feed-de")).toBe(false);
    expect(await availableDates()).not.toContain("2025-06-05");
    expect(await availableDates()).toContain("2025-06-04");
  });

  it("is refused without the right token", async () => {
    const wrong = createOperationsSync({ db: opened.db, source: createCmsFeedSource({ url: feed.url, token: "not-the-token" }), log: captureLog().log });
    expect(await wrong.syncCarrier("feed-uk")).toMatchObject({ result: "unavailable", reason: expect.stringContaining("HTTP 401") });
  });

  it("reconciles on its own once started, after the first delay, until stopped", async () => {
    feed.state.fetched = [];
    sync.start(0, 0.05);
    expect(feed.state.fetched).toEqual([]);
    await expect.poll(() => feed.state.fetched.includes("carriers"), { timeout: 5_000 }).toBe(true);
    sync.stop();
  });

  it("leaves a carrier the feed does not know as it is", async () => {
    expect(await sync.syncCarrier("nobody-here")).toEqual({ subject: "nobody-here", result: "unknown" });
  });

  it("lets concurrent syncs of one carrier take turns and ends on the newest revision", async () => {
    const newest = feed.publish("feed-de", engineFixture({ code: "feed-de", country: "DE", slots: 5 }));
    feed.state.fetched = [];
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => sync.changed({ model: "api::ops-technician.ops-technician", carrierCode: "feed-de" })));
    expect(outcomes.flatMap((o) => o.outcomes.map((x) => x.result))).toContain("updated");
    // One run, plus at most one follow-up for everything that arrived meanwhile.
    expect(feed.state.fetched.filter((p) => p === "carriers/feed-de").length).toBeLessThanOrEqual(2);
    expect(await storedRevision("feed-de")).toBe(newest);
  });
});

describe("routing CMS changes by model uid", () => {
  it("sends catalogue types to the catalogue, operations types and the carrier entry to their carrier, and ignores the rest", () => {
    expect(routeChange({ model: "api::catalogue-model.catalogue-model", carrierCode: null })).toBe("catalogue");
    expect(routeChange({ model: "api::ops-service-area.ops-service-area", carrierCode: "patchpoint" })).toBe("carrier");
    expect(routeChange({ model: "api::ops-discount-code.ops-discount-code", carrierCode: null })).toBe("all");
    expect(routeChange({ model: "carrier", carrierCode: "patchpoint" })).toBe("carrier");
    expect(routeChange({ model: "carrier", carrierCode: null })).toBe("ignored");
    expect(routeChange({ model: "api::landing-page.landing-page", carrierCode: null })).toBe("ignored");
  });
});

describe("the demo tenants as the CMS serves them", () => {
  const tenants = path.resolve(__dirname, "../../tenants");
  it("syncs tenants/catalogue.json and every tenants/<code>/engine.json in the feed's shape", async () => {
    const read = (file: string) => JSON.parse(readFileSync(file, "utf8"));
    const codes = readdirSync(tenants, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith("_") && existsSync(path.join(tenants, e.name, "engine.json")))
      .map((e) => e.name);
    const demo = await startFakeFeed({
      catalogue: read(path.join(tenants, "catalogue.json")),
      carriers: Object.fromEntries(codes.map((c) => [c, read(path.join(tenants, c, "engine.json"))])),
    });
    const db = await openDatabase({ BOOKING_DATA_DIR: "memory://" });
    try {
      const demoSync = createOperationsSync({ db: db.db, source: createCmsFeedSource({ url: demo.url, token: demo.token }), log: captureLog().log });
      const outcomes = await demoSync.reconcile();
      expect(outcomes.map((o) => o.result)).toEqual(["created", ...codes.map(() => "created")]);
    } finally {
      await db.close();
      await demo.close();
    }
  }, 120_000);
});

describe("a carrier the CMS stops serving", () => {
  it("takes no new bookings once its roster or last staffed area is gone, and sells again when it is back", async () => {
    const gone = carrierFixture("feed-gone");
    const engine = engineFixture({ code: "feed-gone" });
    const cms = await startFakeFeed({ catalogue: catalogueFixture(), carriers: { "feed-gone": engine } });
    const db = await openDatabase({ BOOKING_DATA_DIR: "memory://" });
    try {
      const captured = captureLog();
      const goneSync = createOperationsSync({ db: db.db, source: createCmsFeedSource({ url: cms.url, token: cms.token }), log: captured.log });
      const goneEngine = await createTestEngine({ opened: db });
      await goneSync.reconcile();
      expect(await goneEngine.engine.coverage.checkPostcode(gone, "SW1A 2AA")).toMatchObject({ area: { code: "central" } });

      // Its last technician is deleted: the feed no longer lists it and answers 404 for it.
      cms.state.carriers.delete("feed-gone");
      const outcomes = await goneSync.reconcile();
      expect(outcomes).toContainEqual({ subject: "feed-gone", result: "withdrawn" });
      await expect(goneEngine.engine.coverage.checkPostcode(gone, "SW1A 2AA")).rejects.toMatchObject({ code: "BK04" });
      expect(captured.lines.some((l) => l.level === "warn" && /no longer serves carrier feed-gone/.test(l.message))).toBe(true);
      // Asked again, nothing more to withdraw.
      expect(await goneSync.syncCarrier("feed-gone")).toEqual({ subject: "feed-gone", result: "unknown" });

      // A technician is added again, with the very same data as before: it sells again.
      cms.publish("feed-gone", engine);
      await goneSync.reconcile();
      expect(await goneEngine.engine.coverage.checkPostcode(gone, "SW1A 2AA")).toMatchObject({ area: { code: "central" } });
    } finally {
      await db.close();
      await cms.close();
    }
  });
});
