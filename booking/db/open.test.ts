import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, together } from "./open";

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

async function sharedBuffers(env: Record<string, string>): Promise<string> {
  const opened = await openDatabase(env, { migrate: false });
  try {
    const rows = (await opened.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
    return rows.rows[0]!.shared_buffers;
  } finally {
    await opened.close();
  }
}

describe("the embedded database's buffer pool (ADR 216)", () => {
  it("is 16MB unless configured, in memory and in a folder, and a folder reopened takes the configured size", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "pglite-buffers-"));
    folders.push(folder);
    expect(await sharedBuffers({ BOOKING_DATA_DIR: "memory://" })).toBe("16MB");
    expect(await sharedBuffers({ BOOKING_DATA_DIR: path.join(folder, "booking") })).toBe("16MB");
    expect(await sharedBuffers({ BOOKING_DATA_DIR: path.join(folder, "booking"), PGLITE_SHARED_BUFFERS: "32MB" })).toBe("32MB");
    // Three databases started from nothing, two of them written to a folder: seconds each on a busy machine.
  }, 90_000);

  it("refuses a size that is not one, before opening anything", async () => {
    await expect(openDatabase({ BOOKING_DATA_DIR: "memory://", PGLITE_SHARED_BUFFERS: "lots; drop table orders" })).rejects.toThrow(/PGLITE_SHARED_BUFFERS/);
  });
});

describe("independent reads side by side (ADR 219)", () => {
  /** Each step records when it starts and ends; the second would end first if they overlapped. */
  function steps(log: string[]) {
    const step = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`${name} end`);
      return name;
    };
    return [step("slow", 30), step("quick", 1)] as const;
  }

  it("start together outside a transaction and one after another inside one, answering in the order asked", async () => {
    const opened = await openDatabase({ BOOKING_DATA_DIR: "memory://" }, { migrate: false });
    try {
      const outside: string[] = [];
      expect(await together(opened.db, ...steps(outside))).toEqual(["slow", "quick"]);
      expect(outside).toEqual(["slow start", "quick start", "quick end", "slow end"]);
      const inside: string[] = [];
      expect(await opened.db.transaction((tx) => together(tx, ...steps(inside)))).toEqual(["slow", "quick"]);
      expect(inside).toEqual(["slow start", "slow end", "quick start", "quick end"]);
    } finally {
      await opened.close();
    }
  });
});
