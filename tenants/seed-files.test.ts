import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PLACEHOLDERS_OF, type CustomerMessageKind } from "../booking/notifications/template-kinds";

const here = path.dirname(new URL(import.meta.url).pathname);

describe("demo tenant seed files", () => {
  it("pass the content-model check (fields, enums, placeholders, contrast, logos)", () => {
    const output = execFileSync(process.execPath, [path.join(here, "check.mjs")], { encoding: "utf8" });
    expect(output).toMatch(/11 carriers OK|\d+ carriers OK/);
  });

  it("give customer messages only the placeholders each message fills when it is sent", () => {
    const files = [path.join(here, "_shared", "content.en.json"), path.join(here, "_shared", "content.de.json")];
    for (const code of readdirSync(here)) for (const locale of ["en", "de"]) files.push(path.join(here, code, `content.${locale}.json`));
    const templates = files
      .filter((file) => existsSync(file))
      .flatMap((file) => (JSON.parse(readFileSync(file, "utf8")).messageTemplates ?? []).map((t: Record<string, string>) => ({ file, ...t })));
    expect(templates.length).toBeGreaterThanOrEqual(22);
    for (const { file, kind, subject, emailBody, smsText } of templates) {
      const used = [...`${subject} ${emailBody} ${smsText}`.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]);
      const allowed: readonly string[] = PLACEHOLDERS_OF[kind as CustomerMessageKind];
      expect(
        used.filter((name) => !allowed.includes(name)),
        `${path.relative(here, file)} ${kind}`,
      ).toEqual([]);
    }
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
