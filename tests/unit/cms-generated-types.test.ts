import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Strapi's generated types (cms/types/generated, issue 37 item 4) are committed, so they must say what
 * the content types' and components' schemas say now: scripts/cms-types.mjs writes them afresh into a
 * temporary folder (as `strapi ts:generate-types` does, in seconds) and each must equal the committed
 * file. Stale? `node scripts/cms-types.mjs` writes them into cms/types/generated.
 */
const repo = path.resolve(import.meta.dirname, "../..");
const ARTIFACTS = ["contentTypes.d.ts", "components.d.ts"];
const out = mkdtempSync(path.join(tmpdir(), "cms-types-check-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("Strapi's generated types", () => {
  it("are what the content types and components generate now", () => {
    // Its own process: Strapi's shutdown removes every listener of the process it runs in.
    execFileSync(process.execPath, [path.join(repo, "scripts", "cms-types.mjs"), out], { cwd: repo, stdio: "pipe", env: { ...process.env, STRAPI_TELEMETRY_DISABLED: "true" } });
    for (const artifact of ARTIFACTS) {
      const generated = readFileSync(path.join(out, "generated", artifact), "utf8");
      expect(generated).toContain("export interface");
      const committed = readFileSync(path.join(repo, "cms", "types", "generated", artifact), "utf8");
      expect(committed, `cms/types/generated/${artifact} is stale: run node scripts/cms-types.mjs`).toBe(generated);
    }
  }, 90_000);
});
