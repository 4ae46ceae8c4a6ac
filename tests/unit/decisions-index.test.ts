/**
 * The map of the decisions (docs/decisions/README.md) cannot go stale: every ADR file has one row,
 * every row names a file that exists, and every row says when and what was decided and whether it
 * still stands. An ADR folded into or superseded by another says so at its top, and the ADR it was
 * folded into summarises it under "Amendments".
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const folder = path.resolve(__dirname, "..", "..", "docs", "decisions");
const files = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(path.join(folder, "README.md"), "utf8");

/** The index's table rows that name an ADR: `| [NNN](file.md) | date | decision | status |`. */
const rows = index
  .split("\n")
  .filter((line) => /^\|\s*\[\d{3}\]/.test(line))
  .map((line) => {
    const cells = line
      .replace(/^\|/, "")
      .replace(/\|\s*$/, "")
      .split(" | ")
      .map((cell) => cell.trim());
    const link = /^\[(\d{3})\]\(([^)]+)\)$/.exec(cells[0] ?? "");
    return { line, number: link?.[1], file: link?.[2], date: cells[1] ?? "", summary: cells[2] ?? "", status: cells[3] ?? "", cells: cells.length };
  });
const STATUS = /^(accepted|superseded by (\d{3})|folded into (\d{3}))$/;
const target = (status: string) => {
  const match = STATUS.exec(status);
  return match?.[2] ?? match?.[3];
};
const fileOf = (number: string) => files.find((name) => name.startsWith(`${number}-`));

describe("the map of the decisions", () => {
  it("lists every ADR file once, and only files that exist", () => {
    const listed = rows.map((row) => row.file);
    expect(files.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !name || !files.includes(name))).toEqual([]);
    expect(listed.filter((name, at) => listed.indexOf(name) !== at)).toEqual([]);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("gives each ADR a number of its own, matching its file name", () => {
    const numbers = files.map((name) => name.slice(0, 3));
    expect(numbers.filter((number, at) => numbers.indexOf(number) !== at)).toEqual([]);
    expect(rows.filter((row) => !row.file?.startsWith(`${row.number}-`)).map((row) => row.line)).toEqual([]);
  });

  it("gives every row a date, a one-line decision and a status", () => {
    expect(rows.filter((row) => row.cells !== 4).map((row) => row.line)).toEqual([]);
    expect(rows.filter((row) => !/^\d{4}-\d{2}-\d{2}$/.test(row.date)).map((row) => row.line)).toEqual([]);
    expect(rows.filter((row) => row.summary.length < 10).map((row) => row.line)).toEqual([]);
    expect(rows.filter((row) => !STATUS.test(row.status)).map((row) => row.line)).toEqual([]);
  });

  it("points a folded or superseded ADR at one that is listed and stands", () => {
    const standing = new Set(rows.filter((row) => row.status === "accepted").map((row) => row.number));
    const moved = rows.filter((row) => target(row.status));
    expect(moved.filter((row) => !standing.has(target(row.status))).map((row) => row.line)).toEqual([]);
  });

  it("says a folded or superseded ADR's status at its top, and summarises a folded one where it was folded", () => {
    const problems = rows
      .filter((row) => target(row.status) && row.file && files.includes(row.file))
      .flatMap((row) => {
        const head = readFileSync(path.join(folder, row.file!), "utf8").split("\n").slice(0, 5).join("\n");
        const found: string[] = [];
        if (!head.includes(`Status: ${row.status}`)) found.push(`${row.file} lacks "Status: ${row.status}" at its top`);
        const into = fileOf(target(row.status)!);
        if (row.status.startsWith("folded") && into) {
          const amended = readFileSync(path.join(folder, into), "utf8");
          const amendments = amended.slice(amended.indexOf("## Amendments"));
          if (!amended.includes("## Amendments") || !amendments.includes(`ADR ${row.number}`)) found.push(`${into} does not summarise ADR ${row.number} under "## Amendments"`);
        }
        return found;
      });
    expect(problems).toEqual([]);
  });
});
