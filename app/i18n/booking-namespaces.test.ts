import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_TABLE, FIELD_KEYS, PLACE_RULES } from "~/lib/errors/error-table";
import * as namespaces from "./namespaces";

/**
 * The browser loads only the namespaces a page's routes declare in `handle.i18n` (ADR 064), and
 * each booking step declares only its own journey's (ADR 089). A text of a namespace the page did
 * not load would show as its key once the page hydrates, so: every text a booking step's code names
 * — in the route module, the modules it imports and the server modules that give it keys — must be
 * in `common` or a namespace the step or one of its parent routes declares.
 *
 * The error table and its field texts are not followed from a step's imports (they name texts of every area); their texts
 * are checked by the engine operation that raises them instead, at the end. Toasts are not: root.tsx
 * loads a toast's own namespace. The staff permission tags (`store.booking`, read for in-store mode)
 * look like keys but are not texts.
 */
const appDir = path.resolve(__dirname, "..");
const KEY = new RegExp(`["'\`](${namespaces.sectionNamespaces.join("|")})\\.[A-Za-z0-9_$.{}-]+`, "g");
const NOT_FOLLOWED = /(\/lib\/errors\/error-table|\/lib\/errors\/field-texts|\/i18n\/namespaces|\/lib\/staff\/permissions)\.ts$/;

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/") ? path.join(appDir, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  const file = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ending) => base + ending).find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return file && !NOT_FOLLOWED.test(file) ? file : null;
}

/** Each namespace a module and what it imports name, with one file naming it. */
function namedNamespaces(file: string, seen = new Map<string, Set<string>>()): Map<string, Set<string>> {
  if (seen.has(file) || file.endsWith(".json")) return seen;
  const source = readFileSync(file, "utf8");
  seen.set(file, new Set([...source.matchAll(KEY)].map((match) => match[1]!)));
  for (const match of source.matchAll(/(?:import|export)[^"';]*?from\s+["']([^"']+)["']|import\s+["']([^"']+)["']/g)) {
    const imported = resolveImport(file, (match[1] ?? match[2])!);
    if (imported) namedNamespaces(imported, seen);
  }
  return seen;
}

const routeFiles = [path.join(appDir, "routes"), ...readdirSync(path.join(appDir, "journeys")).map((journey) => path.join(appDir, "journeys", journey, "routes"))]
  .filter((folder) => existsSync(folder))
  .flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => /^booking[.\w$-]*\.tsx$/.test(name))
      .map((name) => path.join(folder, name)),
  );
const byRouteName = new Map(routeFiles.map((file) => [path.basename(file, ".tsx"), file]));

/** `booking.device.make` sits in `booking.device` and `booking`; a segment ending in `_` is not a parent. */
function routeChain(name: string): string[] {
  const segments = name.split(".");
  const parents = segments.slice(0, -1).flatMap((segment, at) => (segment.endsWith("_") ? [] : [segments.slice(0, at + 1).join(".")]));
  return [...parents, name].filter((route) => byRouteName.has(route));
}

function declared(file: string): string[] {
  const named = /export const handle = \{[^}]*i18n: ([A-Z_]+)/.exec(readFileSync(file, "utf8"))?.[1];
  if (!named) return [];
  const list = (namespaces as Record<string, unknown>)[named];
  expect(Array.isArray(list), `${named} in namespaces.ts`).toBe(true);
  return list as string[];
}

describe("the texts a booking step loads", () => {
  it("finds the booking routes", () => {
    expect(byRouteName.has("booking")).toBe(true);
    expect(byRouteName.has("booking.postcode-search")).toBe(true);
    expect(routeChain("booking.device.make")).toEqual(["booking", "booking.device", "booking.device.make"]);
    expect(routeChain("booking.drop-off-locations_.location")).toEqual(["booking", "booking.drop-off-locations_.location"]);
  });

  it.each([...byRouteName.keys()].filter((name) => name !== "booking"))("%s names only texts of namespaces it loads", (name) => {
    const chain = routeChain(name);
    const loaded = new Set(chain.flatMap((route) => declared(byRouteName.get(route)!)));
    const missing: string[] = [];
    for (const route of chain) {
      for (const [file, named] of namedNamespaces(byRouteName.get(route)!)) {
        for (const namespace of named) if (!loaded.has(namespace)) missing.push(`${namespace} (${path.relative(appDir, file)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("keeps the first step's texts small: postcode search loads the frame's and the location step's only", () => {
    const loaded = routeChain("booking.postcode-search").flatMap((route) => declared(byRouteName.get(route)!));
    expect(loaded.sort()).toEqual(["booking", "booking-location"]);
  });
});

describe("the error table's texts a booking page shows in place (not as a toast)", () => {
  const namespaceOf = (key: string) => key.split(".")[0]!;
  const loadedBy = (...lists: string[][]) => new Set(["landing", "errors", ...namespaces.BOOKING_FRAME_NAMESPACES, ...lists.flat()]);
  const inline = (behaviour: { show: string; key?: string; fallbackKey?: string; pageKey?: string }) =>
    behaviour.show === "toast" ? [behaviour.pageKey] : [behaviour.key, behaviour.fallbackKey, behaviour.pageKey];

  it("device steps load the field texts of the identifier, warranty and device checks, and the warranty modal's", () => {
    const loaded = loadedBy(namespaces.DEVICE_NAMESPACES);
    const deviceCodes = Object.entries(FIELD_KEYS).filter(([code]) => /^(IMEI|SERIAL|IDENTIFIER|PURCHASE_DATE|DATE_FORMAT|FAULT|MODEL|PROBLEMS|COLOUR|TRIAGE)_/.test(code));
    expect(deviceCodes.length).toBeGreaterThan(10);
    for (const [code, key] of deviceCodes) if (key) expect(loaded.has(namespaceOf(key)), `${code}: ${key}`).toBe(true);
    expect(loaded.has(namespaceOf(ERROR_TABLE.WARRANTY_REPAIR_NOT_OFFERED.key))).toBe(true);
  });

  it("the payment and checkout pages, where a charge is made, load the payment-in-progress notice", () => {
    const key = ERROR_TABLE.PAYMENT_IN_PROGRESS.pageKey;
    for (const list of [namespaces.CHECKOUT_NAMESPACES, namespaces.PAYMENT_NAMESPACES]) expect(loadedBy(list).has(namespaceOf(key))).toBe(true);
  });

  it("every booking place's own texts are the booking frame's, the location steps' or the checkout's", () => {
    const loaded = loadedBy(namespaces.LOCATION_NAMESPACES, namespaces.CONTINUE_NAMESPACES);
    for (const [place, rule] of Object.entries(PLACE_RULES).filter(([place]) => place.startsWith("booking"))) {
      const behaviours = [...Object.values((rule as { codes?: object }).codes ?? {}), (rule as { otherwise?: object }).otherwise].filter(Boolean) as Parameters<typeof inline>[0][];
      for (const key of behaviours.flatMap(inline)) if (key) expect(loaded.has(namespaceOf(key)), `${place}: ${key}`).toBe(true);
    }
  });
});
