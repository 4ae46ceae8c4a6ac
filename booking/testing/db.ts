/** An in-memory PGlite with the migrations applied and the fixture catalogue seeded: one per test file. */
import { openDatabase, type OpenedDatabase } from "../db/open";
import { seedCarrier, seedCatalogue } from "../catalogue/seed";
import { catalogueFixture, engineFixture, type EngineFixtureOptions } from "./fixtures";

export async function openTestDatabase(): Promise<OpenedDatabase> {
  const opened = await openDatabase({ BOOKING_DATA_DIR: "memory://" });
  await seedCatalogue(opened.db, catalogueFixture());
  return opened;
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
