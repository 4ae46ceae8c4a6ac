import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const here = path.dirname(new URL(import.meta.url).pathname);

describe("demo tenant seed files", () => {
  it("pass the content-model check (fields, enums, placeholders, contrast, logos)", () => {
    const output = execFileSync(process.execPath, [path.join(here, "check.mjs")], { encoding: "utf8" });
    expect(output).toMatch(/11 carriers OK|\d+ carriers OK/);
  });

  it("say the same number of working days on the landing page as the engine's roster", () => {
    const codes = readdirSync(here).filter((name) => !name.startsWith("_") && existsSync(path.join(here, name, "carrier.json")));
    expect(codes.length).toBeGreaterThanOrEqual(10);
    for (const code of codes) {
      const carrier = JSON.parse(readFileSync(path.join(here, code, "carrier.json"), "utf8"));
      const engine = JSON.parse(readFileSync(path.join(here, code, "engine.json"), "utf8"));
      expect(engine.roster.working_weekdays.length, code).toBe(carrier.fleetDaysPerWeek);
    }
  });
});
