import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./migrate";
import { openDatabase, queryRows } from "./open";
import { ensurePgliteTemplate, pgliteTemplate, templateFile, TEMPLATE_ENV } from "./pglite-template";

const scratch = mkdtempSync(path.join(os.tmpdir(), "pglite-template-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
/** The run's own template (tests/support/pglite-template.setup.ts), or one made here when run without it. */
const runTemplate = process.env[TEMPLATE_ENV] ?? (await ensurePgliteTemplate(scratch));

async function shape(env: Record<string, string>, options?: { migrate?: boolean }): Promise<{ tables: number; buffers: string }> {
  const opened = await openDatabase(env, options);
  try {
    const [tables] = await queryRows<{ n: number }>(opened.db, sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    const [buffers] = await queryRows<{ shared_buffers: string }>(opened.db, sql`show shared_buffers`);
    return { tables: tables!.n, buffers: buffers!.shared_buffers };
  } finally {
    await opened.close();
  }
}

describe("the migrated template in-memory databases start from (ADR 285)", () => {
  it("is kept once per set of migrations: the same folder names the same file, a changed folder another", async () => {
    const cacheDir = path.dirname(runTemplate);
    expect(templateFile(cacheDir)).toBe(runTemplate);
    expect(await ensurePgliteTemplate(cacheDir)).toBe(runTemplate);
    const changed = path.join(scratch, "migrations");
    cpSync(migrationsFolder(), changed, { recursive: true });
    expect(templateFile(cacheDir, changed)).toBe(runTemplate);
    writeFileSync(path.join(changed, "9999_next.sql"), "-- a new migration\n");
    expect(templateFile(cacheDir, changed)).not.toBe(runTemplate);
    expect(pgliteTemplate({ [TEMPLATE_ENV]: runTemplate })?.size).toBeGreaterThan(1_000_000);
    expect(pgliteTemplate({ [TEMPLATE_ENV]: path.join(scratch, "gone.tar") })).toBeUndefined();
  });

  it("gives a migrated database the same tables and buffer pool as migrating from nothing; one opened unmigrated stays empty", async () => {
    const before = process.env[TEMPLATE_ENV];
    try {
      delete process.env[TEMPLATE_ENV];
      const fromNothing = await shape({ BOOKING_DATA_DIR: "memory://" });
      process.env[TEMPLATE_ENV] = runTemplate;
      expect(await shape({ BOOKING_DATA_DIR: "memory://" })).toEqual(fromNothing);
      expect(fromNothing).toEqual({ tables: expect.any(Number), buffers: "16MB" });
      expect(fromNothing.tables).toBeGreaterThan(30);
      expect(await shape({ BOOKING_DATA_DIR: "memory://" }, { migrate: false })).toEqual({ tables: 0, buffers: "16MB" });
    } finally {
      if (before === undefined) delete process.env[TEMPLATE_ENV];
      else process.env[TEMPLATE_ENV] = before;
    }
    // Three databases, one of them from nothing (initdb in WebAssembly): seconds each on a busy machine.
  }, 90_000);
});
