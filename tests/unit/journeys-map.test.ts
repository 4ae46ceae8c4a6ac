/**
 * The map `--changed` runs the end-to-end specs from (tests/e2e/journeys.json, ADR 260) cannot go
 * stale: every spec belongs to a journey, every folder of the app's journeys and of the engine is a
 * journey's or shared, and every path it names exists.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listedFiles, readJourneyMap, specsForChanges, supportImports } from "../../scripts/lib/changed.mjs";

const root = path.resolve(__dirname, "..", "..");
const map = readJourneyMap(root);
const journeys = Object.values(map.journeys);
const known = (file: string) => [...journeys.flatMap((journey) => journey.covers), ...map.shared].some((entry) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry));
/** The entries of a folder as the map names them: folders with a trailing "/", tests and notes left out. */
const entries = (folder: string) =>
  readdirSync(path.join(root, folder))
    .filter((name) => !/\.test\.tsx?$|\.md$/.test(name))
    .map((name) => `${folder}/${name}${statSync(path.join(root, folder, name)).isDirectory() ? "/" : ""}`);

describe("the journeys' map of end-to-end specs", () => {
  it("puts every spec file in at least one journey", () => {
    const specs = readdirSync(path.join(root, "tests", "e2e"))
      .filter((name) => name.endsWith(".spec.ts"))
      .map((name) => `tests/e2e/${name}`);
    const mapped = new Set(journeys.flatMap((journey) => journey.specs));
    expect(specs.filter((spec) => !mapped.has(spec))).toEqual([]);
    expect(specs.length).toBeGreaterThan(0);
  });

  it("names only specs and paths that exist", () => {
    const paths = [...journeys.flatMap((journey) => [...journey.covers, ...journey.specs]), ...map.shared];
    expect(paths.filter((entry) => !existsSync(path.join(root, entry)))).toEqual([]);
  });

  it("gives every folder and file of the app's journeys, the engine and the app a journey, or calls it shared", () => {
    const all = [...entries("app/journeys"), ...entries("booking"), ...entries("app"), ...entries("app/lib"), ...entries("app/routes")].filter(
      // The three folders are looked into (the lines above): their entries are what must be mapped.
      (entry) => !["app/journeys/", "app/lib/", "app/routes/"].includes(entry),
    );
    expect(all.filter((entry) => !known(entry))).toEqual([]);
  });
});

describe("what a change runs", () => {
  it("runs a journey's specs for a change in its code, a changed spec itself, and names shared and unknown files", () => {
    const picked = specsForChanges(map, [
      "app/journeys/manage/order-view.ts",
      "tests/e2e/contact.spec.ts",
      "booking/db/open.ts",
      "booking/new-area/thing.ts",
      "booking/new-area/thing.test.ts",
      "README.md",
    ]);
    expect(picked.journeys).toEqual(["manage"]);
    expect(picked.specs).toEqual([...new Set([...map.journeys.manage!.specs, "tests/e2e/contact.spec.ts"])].sort());
    expect(picked.shared).toEqual(["booking/db/open.ts"]);
    expect(picked.unmapped).toEqual(["booking/new-area/thing.ts"]);
  });

  it("runs the specs of every journey a file belongs to, each once", () => {
    const picked = specsForChanges(map, ["booking/records/message-jobs.ts", "booking/waiting-list/waiting-list.ts"]);
    expect(picked.journeys).toEqual(["messages", "waiting-list"]);
    expect(picked.specs.filter((spec) => spec === "tests/e2e/waiting-list.spec.ts")).toHaveLength(1);
  });

  it("runs the specs that import a changed test helper, directly or through another helper", () => {
    const imports = supportImports(root);
    const direct = specsForChanges(map, ["tests/support/booking-journey.ts"], imports).specs;
    expect(direct).toContain("tests/e2e/toasts.spec.ts");
    expect(direct.every((spec) => imports[spec]!.length > 0)).toBe(true);
    // cms.ts is imported by the helpers as well as by specs: every spec reaching it runs.
    const deep = specsForChanges(map, ["tests/support/cms.ts"], imports).specs;
    expect(deep.length).toBeGreaterThanOrEqual(direct.length);
    expect(
      specsForChanges(map, ["tests/support/child-process.ts"], { "tests/e2e/a.spec.ts": ["tests/support/app.ts"], "tests/support/app.ts": ["tests/support/child-process.ts"] })
        .specs,
    ).toEqual(["tests/e2e/a.spec.ts"]);
  });

  it("reads the test files `vitest list --filesOnly` prints for one project", () => {
    expect(listedFiles("[unit] booking/a.test.ts\n[integration] tests/integration/b.test.ts\n[unit] app/c.test.ts\nsome warning\n", "unit")).toEqual([
      "booking/a.test.ts",
      "app/c.test.ts",
    ]);
  });

  it("reads them for every project of a suite (the unit suite is two, ADR 286)", () => {
    expect(listedFiles("[unit-engine] booking/a.test.ts\n[integration] tests/integration/b.test.ts\n[unit] app/c.test.ts\n", ["unit", "unit-engine"])).toEqual([
      "booking/a.test.ts",
      "app/c.test.ts",
    ]);
  });
});
