import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Issue 37 item 3: an engine module does one job; past 500 lines it is split by job, never grown. */
const LIMIT = 500;
const root = path.resolve(import.meta.dirname, "../../booking");

/**
 * The engine's floors, bottom first (ADR 284): an area imports its own floor or lower, never a higher
 * one, and no two areas import each other (nor close a longer circle). The root modules (context.ts,
 * door.ts, engine.ts, index.ts, compose.ts, config.ts) assemble every area and stand above them all.
 */
const FLOORS: readonly (readonly string[])[] = [
  ["ports"],
  ["db", "domain"],
  ["api-keys", "catalogue", "events", "images", "notifications", "throttle", "tracking"],
  ["records", "availability", "contact", "payments"],
  ["coverage", "webhooks"],
  ["bookings"],
  ["waiting-list"],
  ["orders", "technician", "scheduler"],
  ["service", "operations"],
  ["http", "adapters", "testing"],
];

/**
 * Imports that run up a floor on purpose, as "from -> to" with the reason; a new one needs a line here
 * and in ADR 284. None today: every circle of issue 37 item 3 was broken by a move.
 */
const ALLOWED_UP: Record<string, string> = {};

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : modules(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The area a path under booking/ belongs to; null for the root modules. */
function areaOf(file: string): string | null {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 1 && parts[0] !== ".." ? parts[0]! : null;
}

/** Every import between two areas (static, re-export and dynamic alike), as "from -> to" with the files. */
function areaImports(files: string[]): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const from = areaOf(file);
    if (!from) continue;
    for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), fileName);
      const to = areaOf(target);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), `${path.relative(root, file)} imports ${fileName}`]);
    }
  }
  return edges;
}

describe("the engine's modules (issue 37 item 3)", () => {
  const found = modules(root);

  it(`has no non-test module under booking/ over ${LIMIT} lines`, () => {
    expect(found.length).toBeGreaterThan(100);
    const over = found
      .map((file) => ({ file: path.relative(root, file), lines: readFileSync(file, "utf8").split("\n").length }))
      .filter((entry) => entry.lines > LIMIT)
      .map((entry) => `${entry.file}: ${entry.lines}`);
    expect(over).toEqual([]);
  });

  describe("the engine's floors (ADR 284)", () => {
    const floorOf = new Map(FLOORS.flatMap((areas, floor) => areas.map((area) => [area, floor] as const)));
    const edges = areaImports(found);

    it("gives every area under booking/ a floor, and names only areas that exist", () => {
      const areas = readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
      expect(areas.length).toBeGreaterThan(20);
      expect([...floorOf.keys()].sort()).toEqual(areas);
    });

    it("reads the imports between areas", () => {
      expect(edges.get("bookings -> domain")?.length).toBeGreaterThan(10);
      expect(edges.has("orders -> bookings")).toBe(true);
    });

    it("has no import that runs up a floor, except the listed ones", () => {
      const up = [...edges]
        .filter(([key]) => {
          const [from, to] = key.split(" -> ") as [string, string];
          return floorOf.get(to)! > floorOf.get(from)! && !(key in ALLOWED_UP);
        })
        .map(([key, where]) => `${key}: ${where.join("; ")}`);
      expect(up).toEqual([]);
    });

    it("lists no exception that is no longer needed", () => {
      expect(Object.keys(ALLOWED_UP).filter((key) => !edges.has(key))).toEqual([]);
    });

    it("has no two areas importing each other, nor a longer circle", () => {
      const next = new Map<string, string[]>();
      for (const key of edges.keys()) {
        if (key in ALLOWED_UP) continue;
        const [from, to] = key.split(" -> ") as [string, string];
        next.set(from, [...(next.get(from) ?? []), to]);
      }
      const circles: string[] = [];
      const done = new Set<string>();
      const visit = (area: string, trail: string[]) => {
        if (trail.includes(area)) return void circles.push([...trail.slice(trail.indexOf(area)), area].join(" -> "));
        if (done.has(area)) return;
        for (const to of next.get(area) ?? []) visit(to, [...trail, area]);
        done.add(area);
      };
      for (const area of next.keys()) visit(area, []);
      expect(circles).toEqual([]);
    });
  });
});
