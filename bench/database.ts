/**
 * The benches' database: PGlite in memory, or — with a server URL — a fresh database created on that
 * server for the run; `drop` closes it and removes it from the server (nothing to remove for PGlite).
 */
import pg from "pg";
import { openDatabase, type OpenedDatabase } from "../booking/db/open";

export async function openBenchDatabase(serverUrl: string | undefined, poolMax: number, prefix = "bench"): Promise<{ opened: OpenedDatabase; drop: () => Promise<void> }> {
  if (!serverUrl) {
    const opened = await openDatabase({ BOOKING_DATA_DIR: "memory://" });
    return { opened, drop: () => opened.close() };
  }
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ DATABASE_URL: url.toString(), DATABASE_POOL_MAX: String(poolMax) });
  return {
    opened,
    drop: async () => {
      await opened.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
