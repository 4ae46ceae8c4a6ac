/** An in-memory PGlite with the migrations applied and the fixture catalogue seeded: one per test file. */
import pg from "pg";
import { openDatabase, type OpenedDatabase } from "../db/open";
import { seedCatalogue } from "../catalogue/seed";
import { seedCarrier } from "../catalogue/seed-carrier";
import { catalogueFixture, engineFixture, type EngineFixtureOptions } from "./fixtures";

export async function openTestDatabase(): Promise<OpenedDatabase> {
  const opened = await openDatabase({ BOOKING_DATA_DIR: "memory://" });
  await seedCatalogue(opened.db, catalogueFixture());
  return opened;
}

/**
 * PGlite in memory, or — with a server URL — a database created on that server for the caller;
 * its `close` also drops it. Not seeded: the benches and tests seed what they need.
 */
export async function openFreshDatabase(serverUrl: string | undefined, options: { poolMax?: number; prefix?: string } = {}): Promise<OpenedDatabase> {
  if (!serverUrl) return openDatabase({ BOOKING_DATA_DIR: "memory://" });
  const name = `${options.prefix ?? "fresh"}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ DATABASE_URL: url.toString(), DATABASE_POOL_MAX: String(options.poolMax ?? 10) });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

let counter = 0;
/** A carrier code nobody else in this database uses, so tests do not share capacity or codes. */
export function uniqueCode(prefix = "t"): string {
  counter += 1;
  return `${prefix}-${process.pid % 1000}-${counter}-${Math.random().toString(36).slice(2, 6)}`;
}

export async function seedTestCarrier(opened: OpenedDatabase, options: EngineFixtureOptions): Promise<void> {
  await seedCarrier(opened.db, engineFixture(options));
}
