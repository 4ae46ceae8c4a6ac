/**
 * The engine's import boundary (ADR 041): `booking/index.ts` is the engine's whole public surface,
 * so nothing in app/ (test files included) imports a deeper booking/ path; the web app enters it
 * through its door, app/booking.server.ts (house style 2); and the engine never imports the web app. Import specifiers are read with TypeScript's own pre-processor (static,
 * re-export and dynamic imports alike).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const APP = path.join(root, "app");
const BOOKING = path.join(root, "booking");
const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** Where a specifier points on disk (without extension); null for packages. `~/` is the app (vite and tsconfig alias). */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return path.join(APP, specifier.slice(2));
  if (specifier.startsWith(".") || specifier.startsWith("/")) return path.resolve(path.dirname(file), specifier);
  return null;
}

function imports(file: string): { specifier: string; resolved: string | null }[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.map(({ fileName }) => ({ specifier: fileName, resolved: target(file, fileName) }));
}

const inside = (dir: string, resolved: string) => resolved === dir || resolved.startsWith(dir + path.sep);
const withoutExtension = (resolved: string) => resolved.replace(SOURCE, "");
const PUBLIC_ENTRY = [BOOKING, path.join(BOOKING, "index")];

describe("the engine's import boundary", () => {
  const appFiles = sourceFiles(APP);
  const bookingFiles = sourceFiles(BOOKING);

  it("finds the files it guards", () => {
    expect(appFiles.length).toBeGreaterThan(50);
    expect(bookingFiles.length).toBeGreaterThan(50);
  });

  it("lets app/ reach the engine only through booking/index", () => {
    const deeper = appFiles.flatMap((file) =>
      imports(file)
        .filter(({ resolved }) => resolved && inside(BOOKING, resolved) && !PUBLIC_ENTRY.includes(withoutExtension(resolved)))
        .map(({ specifier }) => `${path.relative(root, file)} imports ${specifier}`),
    );
    expect(deeper).toEqual([]);
  });

  it("enters the engine through the door (app/booking.server.ts) and the environment schema only", () => {
    const doors = [path.join(APP, "booking.server.ts"), path.join(APP, "env.server.ts")];
    const elsewhere = appFiles
      .filter((file) => !doors.includes(file))
      .flatMap((file) =>
        imports(file)
          .filter(({ resolved }) => resolved && inside(BOOKING, resolved))
          .map(({ specifier }) => `${path.relative(root, file)} imports ${specifier}`),
      );
    expect(elsewhere).toEqual([]);
  });

  it("keeps the engine free of the web app", () => {
    const upward = bookingFiles.flatMap((file) =>
      imports(file)
        .filter(({ resolved }) => resolved && inside(APP, resolved))
        .map(({ specifier }) => `${path.relative(root, file)} imports ${specifier}`),
    );
    expect(upward).toEqual([]);
  });

  it("asks the engine's capabilities, never compares a provider's name (ADR 040)", () => {
    const PROVIDERS = "braintree|klarna|loqate|recaptcha|sandbox|embedded";
    const comparison = new RegExp(`[!=]==?\\s*["'\`](${PROVIDERS})["'\`]|["'\`](${PROVIDERS})["'\`]\\s*[!=]==?|case\\s+["'\`](${PROVIDERS})["'\`]`, "i");
    const compared = appFiles.filter((file) => comparison.test(readFileSync(file, "utf8"))).map((file) => path.relative(root, file));
    expect(compared).toEqual([]);
  });

  it("would catch a deeper import (the check itself)", () => {
    const file = path.join(APP, "routes", "example.tsx");
    expect(withoutExtension(target(file, "../../booking/domain/errors")!)).toBe(path.join(BOOKING, "domain", "errors"));
    expect(PUBLIC_ENTRY).toContain(withoutExtension(target(file, "../../booking/index.ts")!));
    expect(target(file, "zod")).toBeNull();
  });
});
