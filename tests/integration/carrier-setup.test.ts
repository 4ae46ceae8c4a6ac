/**
 * The CMS setup checklist's signed app route (issue 24 item 2, ADR 195, 196): the engine's view of a
 * carrier and the postcode tester, by the rules customers meet; only the CMS can sign a call, a
 * malformed query is a 400, and a carrier the app does not serve is neither viewed nor tested.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../booking/db/schema";
import { createTestEngine, newCarrier, type TestEngine } from "../../booking/testing/engine";
import type { Carrier } from "~/content/schemas";
import { checkDomains, handleCarrierSetup, type CarrierSetupDeps } from "~/lib/ops/carrier-setup.server";
import { signWebhookBody } from "~/lib/webhook-signature.server";

const CMS_SECRET = "carrier-setup-test-secret";
const DOMAIN = "repairs.setup-test.example";

let t: TestEngine;
let served: Carrier;
let unstaffed: Carrier;
let fullyBooked: Carrier;
const lookups: string[] = [];

/** The app's carrier entry: the engine's context plus the CMS fields the route reads (domains). */
const asCarrier = (context: object, domains: string[] = []) => ({ ...context, domains }) as unknown as Carrier;

/** Every day of the booking horizon, closed. */
function closedHorizon(from: string, days: number): string[] {
  const start = new Date(`${from}T00:00:00Z`).getTime();
  return Array.from({ length: days }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

beforeAll(async () => {
  t = await createTestEngine();
  served = asCarrier(await newCarrier(t), [DOMAIN]);
  // Its technicians of 'central' (SW1A …) leave; 'east' keeps its one.
  unstaffed = asCarrier(await newCarrier(t));
  await t.opened.db
    .update(s.technicians)
    .set({ active: false })
    .where(and(eq(s.technicians.carrierCode, unstaffed.code), eq(s.technicians.areaCode, "central")));
  fullyBooked = asCarrier(await newCarrier(t, { closedDates: closedHorizon("2025-06-01", 100) }));
});
afterAll(async () => t?.close());

const deps = (over: Partial<CarrierSetupDeps> = {}): CarrierSetupDeps => ({
  engine: async () => t.engine,
  carriers: async () => [served, unstaffed, fullyBooked],
  secret: CMS_SECRET,
  publicAddresses: ["203.0.113.7"],
  resolve: async (name) => {
    lookups.push(name);
    return name === DOMAIN ? ["203.0.113.7"] : [];
  },
  ...over,
});

const ask = (pathAndQuery: string, signature: string | null = signWebhookBody(pathAndQuery, CMS_SECRET), method = "GET", over: Partial<CarrierSetupDeps> = {}) =>
  handleCarrierSetup(new Request(`http://app.localhost${pathAndQuery}`, { method, headers: signature ? { "x-webhook-signature": signature } : {} }), deps(over));

const postcode = async (carrier: Carrier, code: string) => {
  const response = await ask(`/api/ops/carrier-setup?carrier=${carrier.code}&postcode=${encodeURIComponent(code)}`);
  expect(response.status).toBe(200);
  return (await response.json()).answer;
};

describe("the engine's view of a carrier", () => {
  it("says it is synced and bookable, with its last sync time, and where its domain points", async () => {
    const response = await ask(`/api/ops/carrier-setup?carrier=${served.code}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.known).toBe(true);
    expect(body.engine).toMatchObject({ synced: true, roster: true, areas: 2, staffedAreas: 2, bookable: true });
    expect(Date.parse(body.engine.lastSyncAt)).not.toBeNaN();
    expect(body.domains).toEqual([{ domain: DOMAIN, tlsAllowed: true, addresses: ["203.0.113.7"], pointsHere: true }]);
  });

  it("counts only the areas with a technician as staffed", async () => {
    const body = await (await ask(`/api/ops/carrier-setup?carrier=${unstaffed.code}`)).json();
    expect(body.engine).toMatchObject({ areas: 2, staffedAreas: 1, bookable: true });
  });

  it("answers known: false for a carrier the app does not serve (unpublished), without asking DNS", async () => {
    const before = lookups.length;
    const body = await (await ask("/api/ops/carrier-setup?carrier=not-published-yet")).json();
    expect(body).toEqual({ known: false, engine: null, domains: [] });
    expect(lookups.length).toBe(before);
  });
});

describe("the postcode tester", () => {
  it("names the serving area and the next free day the customer would be offered", async () => {
    const answer = await postcode(served, "sw1a 2aa");
    const days = await t.engine.coverage.areaAvailability(served, { areaCode: "central", daysToLoad: 31 });
    expect(answer).toEqual({ outcome: "served", postcode: "SW1A 2AA", area: { code: "central", name: "London Central" }, nextFreeDay: days.find((d) => d.available)!.date });
  });

  it("gives the reason when none serves it: malformed for the country, not covered, no technician, no free day", async () => {
    expect(await postcode(served, "12345")).toEqual({ outcome: "malformed", country: "GB" });
    expect(await postcode(served, "M1 1AE")).toEqual({ outcome: "not-covered", postcode: "M1 1AE" });
    expect(await postcode(unstaffed, "SW1A 2AA")).toMatchObject({ outcome: "no-technician", area: { code: "central" } });
    // The same carrier's other area still has a technician.
    expect(await postcode(unstaffed, "E1 6AN")).toMatchObject({ outcome: "served", area: { code: "east" } });
    expect(await postcode(fullyBooked, "SW1A 2AA")).toMatchObject({ outcome: "no-free-day", area: { code: "central" } });
  });

  it("answers 404 for a carrier the app does not serve", async () => {
    const path = "/api/ops/carrier-setup?carrier=not-published-yet&postcode=SW1A%202AA";
    expect((await ask(path)).status).toBe(404);
  });
});

describe("the signed channel", () => {
  it("answers 401 without the CMS's signature, or with a signature of another query", async () => {
    const path = `/api/ops/carrier-setup?carrier=${served.code}`;
    expect((await ask(path, null)).status).toBe(401);
    expect((await ask(path, "sha256=00")).status).toBe(401);
    // Signed for one carrier, asked for another: the fence holds on the app's side too.
    expect((await ask(`/api/ops/carrier-setup?carrier=${unstaffed.code}`, signWebhookBody(path, CMS_SECRET))).status).toBe(401);
  });

  it("answers 400 for a malformed query, and 405 for anything but GET", async () => {
    expect((await ask("/api/ops/carrier-setup?carrier=Not%20A%20Code")).status).toBe(400);
    expect((await ask("/api/ops/carrier-setup")).status).toBe(400);
    expect((await ask(`/api/ops/carrier-setup?carrier=${served.code}&postcode=`)).status).toBe(400);
    expect((await ask(`/api/ops/carrier-setup?carrier=${served.code}&postcode=${"1".repeat(21)}`)).status).toBe(400);
    expect((await ask(`/api/ops/carrier-setup?carrier=${served.code}&extra=1`)).status).toBe(400);
    expect((await ask(`/api/ops/carrier-setup?carrier=${served.code}`, undefined, "POST")).status).toBe(405);
  });
});

describe("domain checks", () => {
  const carriers = [asCarrier({ code: "a" }, ["shop.example.com"])];

  it("would refuse a certificate for a .localhost name or one no served carrier has", async () => {
    const resolve = async () => ["203.0.113.7"];
    const [local, other] = await checkDomains(["shop.localhost", "other.example.com"], carriers, { publicAddresses: ["203.0.113.7"], resolve });
    expect(local).toMatchObject({ tlsAllowed: false, addresses: null, pointsHere: null });
    expect(other).toMatchObject({ tlsAllowed: false, pointsHere: true });
  });

  it("gives no verdict without PUBLIC_ADDRESSES or when DNS fails, and says when it points elsewhere", async () => {
    const [unverified] = await checkDomains(["shop.example.com"], carriers, { publicAddresses: [], resolve: async () => ["198.51.100.1"] });
    expect(unverified).toMatchObject({ tlsAllowed: true, addresses: ["198.51.100.1"], pointsHere: null });
    const [failed] = await checkDomains(["shop.example.com"], carriers, { publicAddresses: ["203.0.113.7"], resolve: () => Promise.reject(new Error("SERVFAIL")) });
    expect(failed).toMatchObject({ addresses: null, pointsHere: null });
    const [elsewhere] = await checkDomains(["shop.example.com"], carriers, { publicAddresses: ["203.0.113.7"], resolve: async () => ["198.51.100.1"] });
    expect(elsewhere.pointsHere).toBe(false);
  });
});
