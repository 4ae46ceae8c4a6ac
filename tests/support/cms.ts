/**
 * Talks to the real Strapi the test script started (REST, API tokens). Used by integration and
 * end-to-end tests to read what the CMS holds and to make editor-like changes.
 */
import { existsSync } from "node:fs";
import path from "node:path";

const cmsUrl = () => process.env.CMS_URL ?? "http://127.0.0.1:1437";
const readToken = () => process.env.CMS_READ_TOKEN ?? "";
const writeToken = () => process.env.CMS_WRITE_TOKEN ?? "";

type Query = Record<string, string | number>;

async function request(method: string, path: string, { query = {}, body, token }: { query?: Query; body?: unknown; token: string }) {
  const url = new URL(`/api/${path}`, cmsUrl());
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  const response = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Error(`${method} ${url.pathname} → ${response.status}: ${text.slice(0, 500)}`);
  return json;
}

export interface CmsEntry {
  documentId: string;
  [field: string]: unknown;
}

export async function cmsList(collection: string, query: Query = {}): Promise<CmsEntry[]> {
  const json = await request("GET", collection, { query: { "pagination[pageSize]": 100, ...query }, token: readToken() });
  return json.data;
}

/**
 * The demo carriers seeded from tenants/, without the carriers other tests create and delete while
 * this one runs (a test that picks "the first carrier with these switches" must not pick those).
 */
export async function seededCarriers(query: Query = {}): Promise<CmsEntry[]> {
  const carriers = await cmsList("carriers", query);
  return carriers.filter((carrier) => existsSync(path.join(process.cwd(), "tenants", String(carrier.code), "carrier.json")));
}

export async function cmsCreate(collection: string, data: Record<string, unknown>, query: Query = {}): Promise<CmsEntry> {
  const json = await request("POST", collection, { query: { status: "published", ...query }, body: { data }, token: writeToken() });
  return json.data;
}

export async function cmsUpdate(collection: string, documentId: string, data: Record<string, unknown>, query: Query = {}): Promise<CmsEntry> {
  const json = await request("PUT", `${collection}/${documentId}`, { query: { status: "published", ...query }, body: { data }, token: writeToken() });
  return json.data;
}

export async function cmsDelete(collection: string, documentId: string, query: Query = {}): Promise<void> {
  await request("DELETE", `${collection}/${documentId}`, { query, token: writeToken() });
}

export function uniqueCode(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** A complete, valid carrier for tests that onboard one (mirrors docs/content-model.md). */
export function testCarrier(code: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code,
    name: `Test Brand ${code}`,
    formattedName: `Test Brand ${code} Ltd`,
    email: `help@${code}.example`,
    phone: "020 7946 0000",
    address: "1 Test Street\nLondon",
    registrationDetails: "Registered in England and Wales No. 00000000",
    operatorName: `Test Brand ${code} Ltd`,
    domains: [`${code}.localhost`],
    defaultLocale: "en",
    supportedLocales: ["en"],
    timezone: "Europe/London",
    countryCode: "GB",
    currency: "GBP",
    theme: {
      primaryColor: "#5a189a",
      primaryContrastColor: "#ffffff",
      accentColor: "#9d0208",
      backgroundColor: "#ffffff",
      surfaceColor: "#f3f0f7",
      textColor: "#1b1b1b",
      fontFamily: "Georgia, serif",
      headingFontFamily: "Georgia, serif",
    },
    hasCallOutCharge: true,
    callOutCharge: 5900,
    allowWarrantyRepairs: true,
    inWarrantyStatus: true,
    use3DSecure: true,
    usesKlarna: false,
    payButtonVariant: "pay",
    maxDevicesPerBasket: 5,
    singleMakeId: 2,
    fleetDaysPerWeek: 7,
    maintenance: false,
    ...overrides,
  };
}

export function testLandingPage(code: string, heroTitle: string): Record<string, unknown> {
  return {
    carrierCode: code,
    heroTitle,
    heroSubtitle: "Fixed at your door.",
    sellingPoints: [{ title: "We come to you", text: "Same-day service available" }],
    steps: [{ title: "Enter a postcode", text: "Check we cover you" }],
    popularTitle: "Most popular",
    popularSmartphones: [{ title: "Test Phone X", imagePath: "/images/devices/iphone-15.svg" }],
    popularTablets: [],
  };
}

/** What a test made in the CMS, deleted again, newest first, by `deleteCreated`. */
export type Created = [collection: string, documentId: string, query: Query];

/** `cmsCreate`, noting the entry in `created`. */
export async function cmsCreateNoted(created: Created[], collection: string, data: Record<string, unknown>, query: Query = {}): Promise<CmsEntry> {
  const entry = await cmsCreate(collection, data, query);
  created.push([collection, entry.documentId, query]);
  return entry;
}

export async function deleteCreated(created: Created[]): Promise<void> {
  for (const [collection, documentId, query] of created.reverse()) await cmsDelete(collection, documentId, query).catch(() => undefined);
}

/** Operations' Westminster service area (postcodes SW1A) of a carrier. */
export const westminsterArea = (code: string): Record<string, unknown> => ({
  carrierCode: code,
  code: "westminster",
  name: "Westminster",
  country: "GB",
  postcodePrefixes: ["SW1A"],
  centreLat: 51.501,
  centreLng: -0.1416,
  radiusKm: 5,
});

/** One technician of the Westminster area. */
export const westminsterTechnician = (code: string): Record<string, unknown> => ({
  carrierCode: code,
  technicianId: `${code}-tech-1`,
  name: "Grace Hopper",
  vanRegistration: "LN24 ABC",
  homeBaseLat: 51.49,
  homeBaseLng: -0.13,
  serviceArea: "westminster",
});

/** A roster of hourly windows from 08:00 every day, with `roster`'s differences (the CMS requires the slots and interval). */
export const everyDayRoster = (code: string, roster: Record<string, unknown>): Record<string, unknown> => ({
  carrierCode: code,
  workingWeekdays: [1, 2, 3, 4, 5, 6, 7],
  firstTimeslot: "08:00",
  timeslotMinutes: 60,
  closedDates: [],
  ...roster,
});

/** The carrier's service area Westminster (postcodes SW1A) with one technician; both noted in `created`. */
export async function westminsterAreaWithTechnician(code: string, created: Created[]): Promise<CmsEntry> {
  const area = await cmsCreateNoted(created, "ops-service-areas", westminsterArea(code));
  await cmsCreateNoted(created, "ops-technicians", westminsterTechnician(code));
  return area;
}

/**
 * A new carrier made from nothing, as operations staff would in the admin: the carrier, its English
 * landing copy, one service area (Westminster, postcodes SW1A) with one technician, and a roster of
 * hourly windows from 08:00 every day, with `roster`'s differences. Every entry is noted in `created`.
 */
export async function onboardWestminsterCarrier(
  code: string,
  created: Created[],
  { heroTitle, roster }: { heroTitle: string; roster: Record<string, unknown> },
): Promise<{ carrier: CmsEntry; roster: CmsEntry }> {
  const carrier = await cmsCreateNoted(created, "carriers", testCarrier(code));
  await cmsCreateNoted(created, "landing-pages", testLandingPage(code, heroTitle), { locale: "en" });
  await westminsterAreaWithTechnician(code, created);
  const savedRoster = await cmsCreateNoted(created, "ops-rosters", everyDayRoster(code, roster));
  return { carrier, roster: savedRoster };
}
