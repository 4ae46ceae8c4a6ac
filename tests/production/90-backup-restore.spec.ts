/**
 * Issue 22: backup and restore as docs/deployment.md says. pg_dump of both databases (custom format),
 * restored into a fresh cluster, the shape started on it (Strapi, the release, the replicas, Caddy):
 * every booking, order, message and CMS entry is there, and a customer finds their booking through
 * the restored site.
 */
import { expect, test } from "@playwright/test";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { fetch as undiciFetch } from "undici";
import { agentFor, figure, query, state } from "../support/production";

const run = promisify(execFile);

/** Row counts of every table of a database's public schema but Strapi's own bookkeeping. */
async function counts(database: "booking" | "cms"): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    [],
    database,
  );
  const result: Record<string, number> = {};
  for (const { name } of tables) {
    // Strapi's own state (admin sessions, permissions it re-syncs at start, migrations) is not content.
    if (database === "cms" && /^(strapi_|admin_|up_permissions|i18n_locale)/.test(name)) continue;
    if (database === "booking" && name === "__drizzle_migrations") continue;
    const [row] = await query<{ n: string }>(`select count(*)::text as n from "${name}"`, [], database);
    result[name] = Number(row!.n);
  }
  return result;
}

test("pg_dump of both databases, restored into a fresh cluster: the restored site has every booking, order, message and CMS entry", async () => {
  test.setTimeout(420_000);
  const { startProductionShape } = await import("../../scripts/lib/production-shape.mjs");
  const source = state();
  const [orders] = await query<{ n: string }>("select count(*)::text as n from orders");
  expect(Number(orders!.n), "the suite made bookings before this test").toBeGreaterThan(0);

  // The runbook's backup: both databases, custom format, while the site runs.
  const backups = path.join(source.stateDir, "backups");
  mkdirSync(backups, { recursive: true });
  const dumps = { booking: path.join(backups, "booking.dump"), cms: path.join(backups, "cms.dump") };
  const before = { booking: await counts("booking"), cms: await counts("cms") };
  const started = Date.now();
  for (const database of ["booking", "cms"] as const) {
    const url = database === "booking" ? source.bookingDatabaseUrl : source.cmsDatabaseUrl;
    await run(path.join(source.pgBin, "pg_dump"), ["-Fc", "-f", dumps[database], url]);
  }
  figure("pg_dump of both databases (seconds)", ((Date.now() - started) / 1000).toFixed(1));
  const latest = (await query<{ order_ref: string; email: string }>("select order_ref::text, email from orders order by id desc limit 1"))[0]!;

  // Restore into a fresh cluster with the same secrets (the runbook: "the same .env"), and start.
  const restoredDir = path.join(source.stateDir, "restored");
  mkdirSync(restoredDir, { recursive: true });
  writeFileSync(path.join(restoredDir, "secrets.env"), readFileSync(path.join(source.stateDir, "secrets.env")));
  const restoreStarted = Date.now();
  const restored = await startProductionShape({
    stateDir: restoredDir,
    buildDir: source.buildDir,
    restoreFrom: dumps,
    log: (message: string) => console.log(`[restored] ${message}`),
  });
  try {
    figure("restore into a fresh cluster and start the shape on it (seconds)", ((Date.now() - restoreStarted) / 1000).toFixed(1));
    const pg = await import("pg");
    const countIn = async (url: string, tables: string[]) => {
      const client = new pg.default.Client({ connectionString: url });
      await client.connect();
      try {
        const result: Record<string, number> = {};
        for (const name of tables) result[name] = Number((await client.query(`select count(*)::text as n from "${name}"`)).rows[0].n);
        return result;
      } finally {
        await client.end();
      }
    };
    const after = {
      booking: await countIn(restored.database.url("booking"), Object.keys(before.booking)),
      cms: await countIn(restored.database.url("cms"), Object.keys(before.cms)),
    };
    // Everything that was there is there. (A restored replica may add its own scheduler rows later, never fewer.)
    for (const table of ["bookings", "orders", "booking_devices", "payment_attempts", "payment_ledger", "capacity_holds"])
      expect(after.booking[table], table).toBe(before.booking[table]);
    for (const [table, count] of Object.entries(before.booking)) expect(after.booking[table], table).toBeGreaterThanOrEqual(count);
    expect(after.cms).toEqual(before.cms);
    const [messages] = await query<{ n: string }>("select count(*)::text as n from scheduled_jobs where type = 'message'");
    const restoredMessages = await countIn(restored.database.url("booking"), ["scheduled_jobs"]);
    expect(restoredMessages.scheduled_jobs).toBeGreaterThanOrEqual(Number(messages!.n));
    figure("rows restored (booking, cms)", `${Object.values(after.booking).reduce((a, b) => a + b, 0)}, ${Object.values(after.cms).reduce((a, b) => a + b, 0)}`);

    // The customer of the last order finds it on the restored site, through its Caddy over TLS.
    const carrierOfLatest = (await query<{ carrier_code: string }>("select carrier_code from orders where order_ref = $1", [latest.order_ref]))[0]!.carrier_code;
    const site = restored.urls.find((carrier: { code: string }) => carrier.code === carrierOfLatest)!;
    const agent = agentFor(restored.caRoot);
    const page = await undiciFetch(`${site.url}/manage/booking?order_ref=${latest.order_ref}&email=${encodeURIComponent(latest.email)}`, { dispatcher: agent, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(latest.order_ref);
    await agent.close();
  } finally {
    await restored.stop();
  }
});
