import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Issue 37 item 3: an engine module does one job; past 500 lines it is split by job, never grown. */
const LIMIT = 500;
const root = path.resolve(import.meta.dirname, "../../booking");

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : modules(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

describe("the engine's modules (issue 37 item 3)", () => {
  it(`has no non-test module under booking/ over ${LIMIT} lines`, () => {
    const found = modules(root);
    expect(found.length).toBeGreaterThan(100);
    const over = found
      .map((file) => ({ file: path.relative(root, file), lines: readFileSync(file, "utf8").split("\n").length }))
      .filter((entry) => entry.lines > LIMIT)
      .map((entry) => `${entry.file}: ${entry.lines}`);
    expect(over).toEqual([]);
  });
});
