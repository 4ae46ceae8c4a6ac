/**
 * `npm run seed`: migrates the booking database and seeds it from tenants/ (idempotent: unchanged
 * files are skipped, new carrier folders added). Uses the same environment as the app:
 * DATABASE_URL or BOOKING_DATA_DIR; TENANTS_DIR overrides the tenants folder.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, seedFromTenants, SeedFileError } from "../booking/index";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tenantsDir = path.resolve(process.env.TENANTS_DIR || path.join(root, "tenants"));

async function main(): Promise<number> {
  const database = await openDatabase(process.env);
  try {
    const report = await seedFromTenants(database.db, tenantsDir);
    const changed = report.carriers.filter((c) => c.result !== "unchanged");
    console.log(
      `[engine] ${database.kind} at ${database.location}: catalogue ${report.catalogue}; ` +
        `${report.carriers.length} carriers (${changed.length ? changed.map((c) => `${c.code} ${c.result}`).join(", ") : "all unchanged"})`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SeedFileError) {
      console.error(`[engine] seed file rejected: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
