/**
 * `npm run bench:journey`: whole bookings through HTTP, as browsers without JavaScript make them
 * (issue 25 item 2). Every customer is the test suite's HTTP customer (tests/support/http-customer.ts,
 * ADR 141) on undici: it GETs each page, posts each step's form with the hidden fields the page gave
 * it (the CSRF token among them) and its cookies, and follows the redirects itself — postcode search,
 * model, version and colour, the device questions, the basket, the repair date (the first free day;
 * a day another customer took first is chosen again), the details, checkout, the payment page and
 * the offline card form's approved test card, to the complete page. Every fifth presses pay twice
 * at once; both answers must be the same order.
 *
 * Builds the app if its sources changed and starts the production server (server.ts,
 * NODE_ENV=production) on BENCH_PORT against the CMS on CMS_PORT (or one started from DATA_DIR, as
 * bench:web does), with TRUST_FORWARDED_HOST=1 so each customer comes from an address of its own
 * (X-Forwarded-For; per-client limits apply per customer, as on the real site). The engine's
 * database is embedded PGlite in a temporary folder, or with --postgres a private PostgreSQL 15
 * cluster (scripts/pg-cluster.mjs) — pool DATABASE_POOL_MAX (BENCH_POOL_MAX, default 10).
 *
 * For BENCH_CONCURRENCY ("8,32") customers at once, BENCH_JOURNEYS (64) whole bookings each, after a
 * warm-up of 4: bookings/s, p50/p95 per booking, and p50/p95 of every page and post of the journey
 * (to the last byte of the answer). At the end the database is counted (bench/checks.ts): no
 * area-day over its capacity, no booking charged twice.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { fetch as undiciFetch } from "undici";
import { openDatabase } from "../booking/db/open";
import { startPgCluster } from "../scripts/pg-cluster.mjs";
import { ensureAppBuilt } from "../scripts/lib/prepare.mjs";
import {
  bookingInput,
  chooseRepairDate,
  completion,
  connectingDispatcher,
  continueToPayment,
  coveredPostcodeOf,
  createHttpCustomer,
  deviceIntoBasket,
  fillDetails,
  JourneyError,
  pay,
  paymentBody,
  type HttpCustomerOptions,
} from "../tests/support/http-customer";
import { benchCms, startBenchApp } from "./app";
import { anyProblem, countProblems, describeChecks } from "./checks";
import { percentile } from "./load";

const { values: args } = parseArgs({ options: { postgres: { type: "boolean" } }, allowPositionals: false });
const carrierCode = process.env.BENCH_CARRIER ?? "patchpoint";
const countryCode = process.env.BENCH_COUNTRY ?? "GB";
const appPort = Number(process.env.BENCH_PORT ?? 3300);
const cmsPort = Number(process.env.CMS_PORT ?? 1337);
const buildDir = process.env.BENCH_BUILD_DIR ?? "build";
const journeys = Number(process.env.BENCH_JOURNEYS ?? 64);
const levels = (process.env.BENCH_CONCURRENCY ?? "8,32").split(",").map(Number);
const poolMax = process.env.BENCH_POOL_MAX ?? "10";

const pad = (text: string | number, width: number) => String(text).padStart(width);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** Per page or post of the journey (`GET /booking/basket`): every answer's time to its last byte. */
const steps = new Map<string, number[]>();
let customerNo = 0;

function customer() {
  customerNo += 1;
  // Addresses of the documentation range, only ever written into a header: no traffic goes there.
  const address = `198.18.${Math.floor(customerNo / 250) % 250}.${1 + (customerNo % 250)}`;
  const timedFetch: NonNullable<HttpCustomerOptions["fetch"]> = async (url, init) => {
    const started = performance.now();
    const response = (await undiciFetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": address } } as never)) as unknown as Response;
    const step = `${init.method ?? "GET"} ${new URL(url).pathname}`;
    const done = <T>(body: Promise<T>) =>
      body.finally(() => {
        const list = steps.get(step) ?? [];
        list.push(performance.now() - started);
        steps.set(step, list);
      });
    const text = response.text.bind(response);
    const arrayBuffer = response.arrayBuffer.bind(response);
    response.text = () => done(text());
    response.arrayBuffer = () => done(arrayBuffer());
    return response;
  };
  return createHttpCustomer({
    origin: `http://${carrierCode}.localhost:${appPort}`,
    carrier: { code: carrierCode, countryCode },
    dispatcher,
    fetch: timedFetch,
    retryForMs: 60_000,
  });
}

const dispatcher = connectingDispatcher({ address: "127.0.0.1" });

/** One whole booking; the order reference the complete page shows. */
async function journey(i: number): Promise<string> {
  const buyer = customer();
  try {
    const input = bookingInput.parse({ email: `journey${i}-${Date.now().toString(36)}@example.com` });
    await deviceIntoBasket(buyer, { postcode: coveredPostcodeOf(buyer.carrier), model: input.model, make: input.make });
    let chosen: Awaited<ReturnType<typeof chooseRepairDate>> | undefined;
    for (let attempt = 0; !chosen; attempt += 1) {
      try {
        chosen = await chooseRepairDate(buyer);
      } catch (error) {
        // Five days in a row taken by others first: the crowd is rushing the same days; look again.
        if (!(error instanceof JourneyError) || attempt >= 5) throw error;
      }
    }
    const checkout = await fillDetails(buyer, chosen.page, input);
    const payment = await continueToPayment(buyer, checkout);
    const { action, body } = paymentBody(payment, input.card);
    if (i % 5 !== 4) return completion(await pay(buyer, action, body)).orderRef;
    const [first, second] = await Promise.all([pay(buyer, action, body), pay(buyer, action, body)]);
    const orders = [completion(first).orderRef, completion(second).orderRef];
    if (orders[0] !== orders[1]) throw new Error(`a double press answered two orders: ${orders.join(", ")}`);
    return orders[0]!;
  } finally {
    await buyer.close();
  }
}

async function run(concurrency: number, count: number) {
  steps.clear();
  const latencies: number[] = [];
  const orders = new Set<string>();
  const failures: string[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        try {
          orders.add(await journey(i));
          latencies.push(performance.now() - t0);
        } catch (error) {
          failures.push(error instanceof Error ? error.message.slice(0, 200) : String(error));
        }
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies, orders, failures };
}

async function main() {
  const cluster = args.postgres ? await startPgCluster({ log: (message: string) => console.log(message) }) : null;
  if (args.postgres && !cluster) throw new Error("--postgres: no PostgreSQL server binaries");
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-journey-"));
  const engineDir = path.join(dataDir, "booking");
  let app: Awaited<ReturnType<typeof startBenchApp>> | undefined;
  let content: Awaited<ReturnType<typeof benchCms>> | undefined;
  let failed = false;
  try {
    await ensureAppBuilt(buildDir);
    content = await benchCms(cmsPort);
    app = await startBenchApp({
      port: appPort,
      buildDir,
      cmsUrl: content.url,
      env: {
        TRUST_FORWARDED_HOST: "1",
        // The engine's data where this bench can count it after the app stops (PGlite has one user at a time).
        BOOKING_DATA_DIR: engineDir,
        ...(cluster ? { DATABASE_URL: cluster.url, DATABASE_POOL_MAX: poolMax } : {}),
      },
    });
    const database = cluster ? `PostgreSQL 15 (private cluster, pool of ${poolMax})` : "embedded PGlite";
    console.log(`\nWhole bookings through HTTP, no JavaScript: ${carrierCode}, ${database}, Node ${process.version}, ${os.cpus().length} CPU; load average ${load()}`);
    const warm = await run(2, 4);
    if (warm.failures.length) throw new Error(`the warm-up journeys failed: ${warm.failures.join(" | ")}`);
    for (const concurrency of levels) {
      const result = await run(concurrency, journeys);
      const done = result.latencies.length;
      console.log(
        `\n${concurrency} customers at once: ${done} of ${journeys} bookings in ${result.seconds.toFixed(1)} s = ${(done / result.seconds).toFixed(2)} bookings/s; ` +
          `per booking p50 ${(percentile(result.latencies, 0.5) / 1000).toFixed(2)} s, p95 ${(percentile(result.latencies, 0.95) / 1000).toFixed(2)} s; ` +
          `${result.orders.size} distinct orders; load average ${load()}`,
      );
      for (const failure of result.failures.slice(0, 5)) console.log(`  failed: ${failure}`);
      if (result.failures.length) failed = true;
      console.log(`  ${"page or post".padEnd(44)}${pad("count", 7)}${pad("p50 ms", 9)}${pad("p95 ms", 9)}`);
      const total = [...steps.values()].reduce((sum, list) => sum + list.length, 0);
      for (const [step, list] of steps)
        console.log(`  ${step.padEnd(44)}${pad(list.length, 7)}${pad(percentile(list, 0.5).toFixed(1), 9)}${pad(percentile(list, 0.95).toFixed(1), 9)}`);
      console.log(`  (${total} requests, ${(total / Math.max(1, done)).toFixed(1)} per booking)`);
    }
    await app.stop();
    app = undefined;
    const opened = await openDatabase(cluster ? { DATABASE_URL: cluster.url } : { BOOKING_DATA_DIR: engineDir }, { migrate: false });
    try {
      const checks = await countProblems(opened.db, carrierCode);
      console.log(`\nchecked in the database after the runs: ${describeChecks(checks)}`);
      if (anyProblem(checks)) failed = true;
    } finally {
      await opened.close();
    }
  } finally {
    await app?.stop();
    await content?.stop();
    await cluster?.stop();
    await dispatcher.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();
