/** What scripts/test.mjs prints at the end of a run (issue 38 items 2 and 5, ADR 259), on report fixtures. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { closingLine, failedLines, flakyLines, playwrightOutcomes, slowest, summaryLines, tally, vitestOutcomes } from "../../scripts/lib/report.mjs";

const fixture = (name: string) => JSON.parse(readFileSync(path.join(__dirname, "fixtures", name), "utf8"));
const root = "/repo";
const e2e = playwrightOutcomes(fixture("playwright-report.json"), { suite: "e2e", root });
const unit = vitestOutcomes(fixture("vitest-report.json"), { suite: "unit", root });

describe("every test of a run, from the runners' JSON reports", () => {
  it("names a Playwright test by its file from the repository's root, its describe blocks and title, and its project", () => {
    expect(e2e.map((test) => [test.file, test.title, test.project, test.outcome])).toEqual([
      ["tests/e2e/toasts.spec.ts", "a toast hides itself after a while", "chromium", "flaky"],
      ["tests/e2e/toasts.spec.ts", "without JavaScript › the toast is a plain message", "chromium", "passed"],
      ["tests/e2e/booking-journeys.spec.ts", "books a screen repair", "chromium", "passed"],
      ["tests/e2e/booking-journeys.spec.ts", "books a screen repair", "mobile", "failed"],
      ["tests/e2e/booking-journeys.spec.ts", "a carrier without same-day", "chromium", "skipped"],
    ]);
  });

  it("gives a Playwright test the time of every try, its retries included", () => {
    expect(e2e[0]!.seconds).toBeCloseTo(10);
    expect(e2e[3]!.seconds).toBeCloseTo(178);
  });

  it("names a Vitest test by its file and titles; a passing one with an earlier try's error is flaky", () => {
    expect(unit.map((test) => [test.file, test.title, test.outcome, test.seconds])).toEqual([
      ["booking/scheduler/replica-killed.test.ts", "a replica killed while customers pay and their confirmations go out › confirms every order once", "passed", 8.8392],
      ["booking/orders/orders.test.ts", "cancels an order", "passed", 0.12],
      ["booking/orders/orders.test.ts", "changes › of date › moves the visit", "flaky", 0.3105],
      ["booking/orders/orders.test.ts", "changes › refuses a past day", "failed", 0.045],
      ["booking/orders/orders.test.ts", "changes › a todo", "skipped", 0],
    ]);
  });
});

describe("the end of a run", () => {
  it("counts a test that passed only on a retry as flaky, not passed, in the closing line CI reads", () => {
    const totals = tally([...e2e, ...unit]);
    expect(totals).toEqual({ passed: 4, failed: 2, skipped: 2, flaky: 2 });
    const line = closingLine(totals);
    expect(line).toBe("4 passed, 2 failed, 2 skipped, 2 flaky");
    // CI's parser reads the start of the line as before.
    expect(/^(\d+) passed, (\d+) failed, (\d+) skipped/.exec(line)?.slice(1)).toEqual(["4", "2", "2"]);
  });

  it("lists the flaky tests by name and project under 'Flaky:'", () => {
    expect(flakyLines([...e2e, ...unit])).toEqual([
      "",
      "Flaky:",
      "  e2e: tests/e2e/toasts.spec.ts › a toast hides itself after a while (chromium)",
      "  unit: booking/orders/orders.test.ts › changes › of date › moves the visit (unit)",
    ]);
    expect(flakyLines(unit.filter((test) => test.outcome !== "flaky"))).toEqual([]);
  });

  it("lists the failed tests by name and project under 'Failed tests:', each with its error's first line", () => {
    expect(failedLines([...e2e, ...unit])).toEqual([
      "",
      "Failed tests:",
      "  e2e: tests/e2e/booking-journeys.spec.ts › books a screen repair (mobile)",
      "    Error: Timed out 7000ms waiting for expect(locator).toBeVisible()",
      "  unit: booking/orders/orders.test.ts › changes › refuses a past day (unit)",
      "    AssertionError: expected 'booked' to be 'moved'",
    ]);
    expect(failedLines(unit.filter((test) => test.outcome !== "failed"))).toEqual([]);
  });

  it("names the slowest tests, slowest first, leaving skipped ones out", () => {
    expect(slowest([...e2e, ...unit], 3).map((test) => [test.title, test.project, test.seconds])).toEqual([
      ["books a screen repair", "mobile", 178],
      ["books a screen repair", "chromium", 41],
      ["a toast hides itself after a while", "chromium", 10],
    ]);
    expect(slowest([...e2e, ...unit])).toHaveLength(8);
  });

  it("prints the suite times with the whole run, then the ten slowest tests, in aligned columns", () => {
    const lines = summaryLines({
      times: [
        { name: "lint: types (tsc)", seconds: 52.04 },
        { name: "unit", seconds: 118.5 },
        { name: "e2e", seconds: 612 },
      ],
      totalSeconds: 790.3,
      outcomes: [...e2e, ...unit],
    });
    expect(lines.slice(0, 7)).toEqual([
      "",
      "Suite times:",
      "  suite              seconds",
      "  lint: types (tsc)     52.0",
      "  unit                 118.5",
      "  e2e                  612.0",
      "  whole run            790.3",
    ]);
    expect(lines[8]).toBe("The 8 slowest tests:");
    expect(lines[9]).toBe("  seconds  suite  project   test");
    expect(lines[10]).toBe("    178.0  e2e    mobile    tests/e2e/booking-journeys.spec.ts › books a screen repair");
    expect(lines).toHaveLength(18);
  });
});
