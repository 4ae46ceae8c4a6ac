/**
 * `npm run bench:api`: how fast /api/v4 answers the calls a partner's app makes most, on the
 * embedded database (issue 23 item 8: availability and catalogue at 20 connections, p95 ≤ 25 ms).
 *
 * The server is a child process (this file with --serve), so autocannon does not share its event
 * loop: the API's router (booking/http/router.ts, as server.ts mounts it, key checked on every
 * request) over an engine on in-memory PGlite — or, with DATABASE_URL=postgres://…, a fresh
 * database created on that server for the run and dropped after it — seeded with the test
 * catalogue, one carrier and one key with every scope. Each call gets a warm-up run, then BENCH_SECONDS (10) at BENCH_CONNECTIONS
 * (20); p50/p95 over every response. A call that does not answer 200 before the run stops the bench.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { measure, type Load } from "./load";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Served {
  origin: string;
  database: string;
  key: string;
  ref: string;
  ids: { apple: number; iphone15: number; iphone15v128: number };
}

/** PGlite in memory, or a fresh database on the DATABASE_URL server (its `close` drops it), with the test catalogue. */
async function benchDatabase() {
  const [{ openFreshDatabase }, { seedCatalogue }, { catalogueFixture }] = await Promise.all([
    import("../booking/testing/db"),
    import("../booking/catalogue/seed"),
    import("../booking/testing/fixtures"),
  ]);
  const opened = await openFreshDatabase(process.env.DATABASE_URL, { poolMax: Math.max(10, connections), prefix: "bench_api" });
  await seedCatalogue(opened.db, catalogueFixture());
  return opened;
}

/** The child: the API over a seeded engine; prints what the parent needs as one JSON line. */
async function serve() {
  const [{ default: express }, { createTestEngine, newCarrier }, { apiRoutes, API_PREFIX, createApiRouter }, { IDS }] = await Promise.all([
    import("express"),
    import("../booking/testing/engine"),
    import("../booking/http/index"),
    import("../booking/testing/fixtures"),
  ]);
  const opened = await benchDatabase();
  // Limits high enough that no call is refused: the figures are the calls' own, the per-key count
  // (ADR 175, counted in memory and written in batches this far from the limit, ADR 185) included.
  const t = await createTestEngine({ opened, config: { apiRateLimitReads: 1_000_000, apiRateLimitWrites: 1_000_000 } });
  // The test clock moves with the wall clock, so reused answers (ADR 185) age as they would in production.
  setInterval(() => t.clock.advance(100), 100).unref();
  const carrier = await newCarrier(t);
  const known = { ...carrier, defaultLocale: "en", supportedLocales: ["en", "de"] };
  const app = express();
  app.use(
    API_PREFIX,
    createApiRouter({
      routes: apiRoutes,
      engine: async () => t.engine,
      carrier: async (code) => (code === carrier.code ? known : null),
      // The bench calls 127.0.0.1, a host that is no carrier's: the key's carrier answers (ADR 254).
      hostCarrier: async () => null,
      authenticate: (secret) => t.engine.apiKeys.verify(secret),
      // As server.ts: catalogue answers cached until the data changes (the bench changes none).
      onDataChanged: () => undefined,
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  process.once("SIGTERM", () => {
    server.close();
    server.closeAllConnections();
    void opened.close().finally(() => process.exit(0));
  });
  const { key } = await t.engine.apiKeys.issue(carrier.code, { name: "bench", scopes: ["bookings:write", "catalogue:read"], allowedOrigins: [] });
  const { reference } = await t.engine.basket.buildBooking(carrier, { referrer: "bench" });
  await t.engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
  await t.engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
  const served: Served = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    database: `${opened.kind} (${opened.location})`,
    key,
    ref: reference,
    ids: { apple: IDS.apple, iphone15: IDS.iphone15, iphone15v128: IDS.iphone15v128 },
  };
  console.log(JSON.stringify(served));
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

async function main() {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--serve"], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    let started = false;
    const stopped = once(child, "exit").then(([code]) => {
      if (!started) throw new Error(`the API server stopped (${code}) before it started`);
    });
    const [line] = (await Promise.race([once(createInterface({ input: child.stdout! }), "line"), stopped])) as [string];
    started = true;
    const { origin, database, key, ref, ids } = JSON.parse(line) as Served;
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json", "accept-language": "en" };
    const calls = [
      { name: "availability, 10 days", method: "POST" as const, path: `/api/v4/wefix-booking/${ref}/availability`, body: JSON.stringify({ days_to_load: 10 }) },
      { name: "catalogue: device types", method: "GET" as const, path: "/api/v4/device/types" },
      { name: "catalogue: models of a make", method: "GET" as const, path: `/api/v4/models?make_id=${ids.apple}&type_id=1&order_by=priority,asc` },
      { name: "catalogue: versions of a model", method: "GET" as const, path: `/api/v4/models/${ids.iphone15}/versions` },
      { name: "catalogue: one version, its repairs", method: "GET" as const, path: `/api/v4/models/versions/${ids.iphone15v128}?include_warranty_repairs=true` },
    ];
    console.log(`\n/api/v4 on ${database}, ${connections} connections, ${seconds} s per call after a warm-up\n`);
    console.log(`${"call".padEnd(40)}${pad("req/s", 9)}${pad("p50 ms", 9)}${pad("p95 ms", 9)}${pad("errors", 8)}`);
    const results: { name: string; figures: Load }[] = [];
    for (const call of calls) {
      const probe = await fetch(`${origin}${call.path}`, { method: call.method, headers, body: call.body });
      if (probe.status !== 200) throw new Error(`${call.method} ${call.path} answered ${probe.status}: ${await probe.text()}`);
      const options = { url: `${origin}${call.path}`, method: call.method, headers, body: call.body, connections };
      await measure({ ...options, duration: Math.min(seconds, 3) });
      const figures = await measure({ ...options, duration: seconds });
      results.push({ name: call.name, figures });
      console.log(`${call.name.padEnd(40)}${pad(figures.rps.toFixed(0), 9)}${pad(figures.p50.toFixed(1), 9)}${pad(figures.p95.toFixed(1), 9)}${pad(figures.errors, 8)}`);
    }
    const over = results.filter((result) => result.figures.p95 > 25);
    console.log(over.length ? `\np95 over 25 ms: ${over.map((result) => result.name).join(", ")}` : "\nevery call's p95 within 25 ms");
  } finally {
    // The child drops its database (on a Postgres server) before it exits.
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
}

await (process.argv.includes("--serve") ? serve() : main());
