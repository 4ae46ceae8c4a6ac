// What scripts/test.mjs says at the end of a run (issue 38 items 2 and 5, ADR 259), as pure functions
// over the runners' JSON reports: every test's outcome and time, flaky ones by name, the closing line,
// the table of suite times and the ten slowest tests. tests/unit/test-report.test.ts checks them on
// report fixtures.
import path from "node:path";

/**
 * @typedef {"passed" | "failed" | "skipped" | "flaky"} Outcome
 * @typedef {{ suite: string, file: string, title: string, project: string, outcome: Outcome, seconds: number, error?: string }} TestOutcome
 * @typedef {{ passed: number, failed: number, skipped: number, flaky: number }} Totals
 */

const seconds = (ms) => (Number.isFinite(ms) ? ms / 1000 : 0);

/** A failure's first meaningful line, without terminal colours, at most 300 characters. */
const firstLine = (message) =>
  String(message ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trim())
    .find(Boolean)
    ?.slice(0, 300);

/**
 * Every test of a Playwright JSON report. A test that failed and then passed on a retry is `flaky`
 * (Playwright's own word for it), not passed; its time is every try's.
 * @param {any} report the JSON reporter's output
 * @param {{ suite: string, root: string }} where the suite's name and the repository's root (files are named relative to it)
 * @returns {TestOutcome[]}
 */
export function playwrightOutcomes(report, { suite, root }) {
  const testDir = report?.config?.rootDir ?? root;
  /** @type {TestOutcome[]} */
  const outcomes = [];
  const visit = (node, titles) => {
    for (const spec of node.specs ?? []) {
      const file = path.relative(root, path.resolve(testDir, spec.file ?? node.file ?? ""));
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        const outcome = test.status === "expected" ? "passed" : test.status === "flaky" ? "flaky" : test.status === "skipped" ? "skipped" : "failed";
        outcomes.push({
          suite,
          file,
          title: [...titles, spec.title].join(" › "),
          project: test.projectName ?? "",
          outcome,
          seconds: results.reduce((sum, result) => sum + seconds(result.duration), 0),
          ...(outcome === "failed" ? { error: firstLine(results.at(-1)?.error?.message ?? results.at(-1)?.errors?.[0]?.message) } : {}),
        });
      }
    }
    // The top-level suites are the files; the ones inside are describe blocks, part of the title.
    for (const child of node.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const fileSuite of report?.suites ?? []) visit(fileSuite, []);
  return outcomes;
}

/**
 * Every test of a Vitest JSON report. A test that passed after failing (a `retry` option) keeps
 * its earlier tries' errors in `failureMessages`: it is `flaky`, not passed.
 * @param {any} report the JSON reporter's output
 * @param {{ suite: string, root: string }} where
 * @returns {TestOutcome[]}
 */
export function vitestOutcomes(report, { suite, root }) {
  /** @type {TestOutcome[]} */
  const outcomes = [];
  for (const file of report?.testResults ?? []) {
    const name = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      const title = [...(test.ancestorTitles ?? []), test.title].filter(Boolean).join(" › ");
      const retried = (test.failureMessages ?? []).length > 0;
      const outcome = test.status === "passed" ? (retried ? "flaky" : "passed") : test.status === "failed" ? "failed" : "skipped";
      const error = outcome === "failed" ? { error: firstLine(test.failureMessages?.[0]) } : {};
      outcomes.push({ suite, file: name, title, project: suite, outcome, seconds: seconds(test.duration), ...error });
    }
  }
  return outcomes;
}

/** @param {TestOutcome[]} outcomes @returns {Totals} */
export function tally(outcomes) {
  const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  for (const test of outcomes) totals[test.outcome] += 1;
  return totals;
}

/** `file › title (project)`: how a test is named in the lists at the end. */
export const testName = (test) => `${test.file} › ${test.title}${test.project ? ` (${test.project})` : ""}`;

/**
 * The closing line. CI's parser reads its start, `N passed, N failed, N skipped`; the flaky count follows.
 * @param {Totals} totals
 */
export const closingLine = (totals) => `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped, ${totals.flaky} flaky`;

/** The `n` slowest tests, slowest first (skipped ones took no time worth naming). @param {TestOutcome[]} outcomes */
export function slowest(outcomes, n = 10) {
  return outcomes
    .filter((test) => test.outcome !== "skipped")
    .sort((a, b) => b.seconds - a.seconds || testName(a).localeCompare(testName(b)))
    .slice(0, n);
}

/** Columns padded to their widest cell; `right` names the columns aligned right (numbers). */
export function table(headers, rows, right = []) {
  const cells = [headers, ...rows].map((row) => row.map(String));
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
  return cells.map((row) =>
    row
      .map((cell, column) => (right.includes(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd(),
  );
}

/**
 * What the run prints at its end: the suite times (set-up steps included, in the order they ran,
 * and the whole run) and the ten slowest tests.
 * @param {{ times: { name: string, seconds: number }[], totalSeconds: number, outcomes: TestOutcome[] }} run
 * @returns {string[]}
 */
export function summaryLines({ times, totalSeconds, outcomes }) {
  const lines = ["", "Suite times:"];
  const rows = times.map((time) => [time.name, time.seconds.toFixed(1)]);
  lines.push(...table(["suite", "seconds"], [...rows, ["whole run", totalSeconds.toFixed(1)]], [1]).map((line) => `  ${line}`));
  const slow = slowest(outcomes);
  if (slow.length) {
    lines.push("", `${slow.length === 1 ? "The slowest test" : `The ${slow.length} slowest tests`}:`);
    lines.push(
      ...table(
        ["seconds", "suite", "project", "test"],
        slow.map((test) => [test.seconds.toFixed(1), test.suite, test.project, `${test.file} › ${test.title}`]),
        [0],
      ).map((line) => `  ${line}`),
    );
  }
  return lines;
}

/**
 * The tests that passed only on a retry, by name, under "Flaky:" (printed just above the closing
 * line): they do not fail the run, and the closing line counts them as flaky, not passed.
 * @param {TestOutcome[]} outcomes
 * @returns {string[]}
 */
export function flakyLines(outcomes) {
  const flaky = outcomes.filter((test) => test.outcome === "flaky");
  return flaky.length ? ["", "Flaky:", ...flaky.map((test) => `  ${test.suite}: ${testName(test)}`)] : [];
}

/**
 * The tests that failed, by name, each with its error's first line, under "Failed tests:" (printed
 * near the end, so a log's tail names what broke without its reports).
 * @param {TestOutcome[]} outcomes
 * @returns {string[]}
 */
export function failedLines(outcomes) {
  const failed = outcomes.filter((test) => test.outcome === "failed");
  return failed.length ? ["", "Failed tests:", ...failed.flatMap((test) => [`  ${test.suite}: ${testName(test)}`, ...(test.error ? [`    ${test.error}`] : [])])] : [];
}
