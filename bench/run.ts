/**
 * `npm run bench`: the booking engine's figures that matter for capacity planning (issue 25 item 2).
 *
 *  1. Availability: 30 days of one area while the bookings table holds 100,000 bookings (with their
 *     capacity holds spread over areas, carriers and days).
 *  2. Whole bookings per second through the public engine API, one customer at a time and then 8
 *     and 32 at once: build → postcode → device → availability → date → details → charge (sandbox
 *     gateway, Postgres ledger) → paid order. Customers rush the same days: each takes the first free
 *     day from a start date shared by the crowd and, when another took its last unit first (BK13),
 *     loads the days again and takes the next; every fifth customer presses "pay" twice at once.
 *     After each run the database is counted: no area-day holds more than its capacity, and no
 *     booking has more than one order, succeeded payment attempt or sandbox sale.
 *  3. Where a booking's time goes (PostgreSQL): per engine call its wall time, round trips, time in
 *     queries and time waiting for a pooled connection, and the bench's sessions waiting on a lock.
 *
 * PostgreSQL by default: a private throw-away cluster (scripts/pg-cluster.mjs, Debian's server
 * binaries, fsync off), or a fresh database on BENCH_DATABASE_URL's server (created and dropped).
 * BENCH_DATABASE=pglite runs on embedded PGlite in memory instead.
 *   BENCH_BOOKINGS (100000), BENCH_AVAILABILITY_RUNS (200), BENCH_LIFECYCLES (300 per run),
 *   BENCH_CONCURRENCY ("1,8,32"), BENCH_POOL_MAX (the engine's pool; default DATABASE_POOL_MAX's 10)
 *   BENCH_PG_STATEMENTS=1 (private cluster only): after each level, the statements that took the most
 *   of PostgreSQL's time (pg_stat_statements, reset before the level; BENCH_PG_STATEMENTS_WIDTH: characters shown, 110).
 */
import { performance } from "node:perf_hooks";
import { readFileSync } from "node:fs";
import os from "node:os";
import { sql } from "drizzle-orm";
import { createEmbeddedAddressProvider } from "../booking/adapters/embedded-addresses";
import { createSandboxGateway, type SandboxLedgerRecord } from "../booking/adapters/sandbox-payments/sandbox-gateway";
import { seedCatalogue } from "../booking/catalogue/seed";
import { seedCarrier } from "../booking/catalogue/seed-carrier";
import { queryRows, type OpenedDatabase } from "../booking/db/open";
import { createPaymentLedger } from "../booking/db/payment-ledger";
import { createEngine } from "../booking/compose";
import { BookingCompletedError, DateUnavailableError } from "../booking/domain/errors";
import { fixedClock } from "../booking/ports/clock";
import { carrierFixture, catalogueFixture, engineFixture, IDS } from "../booking/testing/fixtures";
import { memoryFiles } from "../booking/testing/engine";
import { openFreshDatabase } from "../booking/testing/db";
import { startPgCluster } from "../scripts/pg-cluster.mjs";
import { installTrace, sampleLockWaits, traced, type CallTrace } from "./trace";
import { percentile } from "./load";
import { anyProblem, countProblems, describeChecks } from "./checks";

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const AVAILABILITY_RUNS = Number(process.env.BENCH_AVAILABILITY_RUNS ?? 200);
const LIFECYCLES = Number(process.env.BENCH_LIFECYCLES ?? 300);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? "1,8,32").split(",").map(Number);
const POOL_MAX = Number(process.env.BENCH_POOL_MAX ?? 10);
const PG_STATEMENTS = Boolean(process.env.BENCH_PG_STATEMENTS);
/** Technicians × windows of the rushed area-day: 32 customers want each day's 24 units. */
const RUSH_TECHNICIANS = 4;
const RUSH_SLOTS = 6;

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** CPU time (user + system, ms) of each process in `pids` so far, from /proc; a process not readable (gone, or on another machine) is left out. */
function cpuMsOf(pids: number[]): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The fields after the command's closing parenthesis: state is the first, utime the 12th, stime the 13th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // gone, or not on this machine
    }
  }
  return ticks;
}
const pad = (text: string | number, width: number) => String(text).padStart(width);

async function withDatabase<T>(fn: (opened: OpenedDatabase, url: string | undefined) => Promise<T>): Promise<T> {
  let serverUrl = process.env.BENCH_DATABASE_URL;
  let cluster: Awaited<ReturnType<typeof startPgCluster>> = null;
  if (!serverUrl && process.env.BENCH_DATABASE !== "pglite") {
    cluster = await startPgCluster({ log: console.log, settings: PG_STATEMENTS ? ["shared_preload_libraries=pg_stat_statements"] : [] });
    if (!cluster) console.log("no PostgreSQL server binaries: running on embedded PGlite instead");
    serverUrl = cluster?.url;
  }
  try {
    const opened = await openFreshDatabase(serverUrl, { poolMax: POOL_MAX, prefix: "bench" });
    try {
      const url = opened.kind === "postgres" ? opened.location.replace("***", "") : undefined;
      return await fn(opened, url);
    } finally {
      await opened.close();
    }
  } finally {
    await cluster?.stop();
  }
}

const STEPS = ["build", "postcode", "device", "availability", "date", "details", "charge"] as const;
type Step = (typeof STEPS)[number];

interface StepFigures {
  ms: number[];
  queries: number;
  queryMs: number;
  poolWaitMs: number;
  calls: number;
}

async function main() {
  await withDatabase(async (opened, url) => {
    const { db } = opened;
    if (opened.kind === "postgres") installTrace();
    const statementStats = PG_STATEMENTS && opened.kind === "postgres" && !process.env.BENCH_DATABASE_URL;
    if (statementStats) await db.execute(sql`create extension if not exists pg_stat_statements`);
    const load = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ");
    console.log(`booking engine bench: ${opened.kind} (${opened.location}), Node ${process.version}, ${os.cpus().length} CPU, ${os.cpus()[0]?.model ?? ""}`);
    console.log(`engine pool: ${opened.kind === "postgres" ? `${POOL_MAX} connections` : "PGlite, one connection"}; load average ${load()}`);
    const clock = fixedClock("2025-06-02T08:00:00Z");
    await seedCatalogue(db, catalogueFixture());
    // The measured carrier, and three neighbours whose bookings fill the same tables.
    const carriers = ["bench-a", "bench-b", "bench-c", "bench-d"];
    for (const code of carriers) await seedCarrier(db, engineFixture({ code, weekdays: [1, 2, 3, 4, 5, 6, 7], technicians: 40, slots: 6 }));
    const carrier = carrierFixture("bench-a");
    const payments = createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(db), now: clock.now });
    const engine = createEngine({ db, clock, payments, addresses: createEmbeddedAddressProvider(), files: memoryFiles() });

    // 1. Fill the tables: BOOKINGS bookings, each holding a day (orders' permanent holds and drafts' expiring ones).
    const fillStart = performance.now();
    const chunk = 20_000;
    for (let from = 1; from <= BOOKINGS; from += chunk) {
      const to = Math.min(BOOKINGS, from + chunk - 1);
      await db.execute(sql`
        insert into bookings (carrier_code, reference, token_hash, postcode, area_code, date, email, created_at, updated_at)
        select (array['bench-a','bench-b','bench-c','bench-d'])[1 + i % 4],
               upper(substr(md5('ref' || i), 1, 16)), md5('tok' || i), 'SW1A 2AA',
               (array['central','east'])[1 + (i / 4) % 2],
               date '2025-06-02' + ((i / 8) % 120), 'bench' || i || '@example.com', now(), now()
        from generate_series(${from}::int, ${to}::int) as i`);
      await db.execute(sql`
        insert into capacity_holds (carrier_code, area_code, day, booking_id, expires_at)
        select b.carrier_code, b.area_code, b.date, b.id,
               case when b.id % 5 = 0 then timestamptz '2025-06-02 08:30:00+00' else null end
        from bookings b where b.id between ${from} and ${to}`);
      // A paid booking (a permanent hold) has its order, as in a database in use: the orders table is
      // not empty when it is analysed, so its plans are those of a live site (an empty table's statistics
      // gave the booking read a sequential scan of the orders the levels then write).
      await db.execute(sql`
        insert into orders (carrier_code, order_ref, booking_id, email, area_code, date, technician_id, slot, address, currency,
                            full_price_minor, total_minor, cart)
        select b.carrier_code, nextval('order_ref_seq'), b.id, b.email, b.area_code, b.date, 'bench-fill', '08:00',
               '{"line_1":"1 Fill Street","town":"London","postcode":"SW1A 2AA"}'::jsonb, 'GBP', 9900, 9900, '{}'::jsonb
        from bookings b where b.id between ${from} and ${to} and b.id % 5 <> 0`);
    }
    const [count] = await queryRows<{ n: string }>(db, sql`select count(*) as n from bookings`);
    console.log(
      `\nfilled ${Number(count!.n).toLocaleString("en-GB")} bookings with their holds (and the paid ones' orders) in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`,
    );
    await db.execute(sql`analyze`);

    // 2. Availability: 30 days of the busiest area.
    const samples: number[] = [];
    for (let i = 0; i < 20; i++) await engine.coverage.areaAvailability(carrier, { areaCode: "central", startDate: "2025-06-02", daysToLoad: 30 });
    for (let i = 0; i < AVAILABILITY_RUNS; i++) {
      const start = `2025-06-${String(2 + (i % 20)).padStart(2, "0")}`;
      const t0 = performance.now();
      const days = await engine.coverage.areaAvailability(carrier, { areaCode: "central", startDate: start, daysToLoad: 30 });
      samples.push(performance.now() - t0);
      if (days.length !== 30) throw new Error("expected 30 days");
    }
    console.log(`availability, 30 days of one area, ${AVAILABILITY_RUNS} runs: p50 ${ms(percentile(samples, 0.5))}, p95 ${ms(percentile(samples, 0.95))}`);

    // 3. Whole bookings, with the 100,000 bookings still in the tables. Each run has a carrier of its
    // own whose days are tight (RUSH_TECHNICIANS × RUSH_SLOTS units), so its crowd competes for them.
    let runNo = 0;
    for (const concurrency of CONCURRENCY) {
      runNo += 1;
      const code = `rush-${runNo}`;
      await seedCarrier(db, engineFixture({ code, weekdays: [1, 2, 3, 4, 5, 6, 7], technicians: RUSH_TECHNICIANS, slots: RUSH_SLOTS }));
      const rush = carrierFixture(code);
      const figures = new Map<Step, StepFigures>(STEPS.map((step) => [step, { ms: [], queries: 0, queryMs: 0, poolWaitMs: 0, calls: 0 }]));
      const count = (step: Step, call: { ms: number; trace: CallTrace }) => {
        const f = figures.get(step)!;
        f.ms.push(call.ms);
        f.calls += 1;
        f.queries += call.trace.queries;
        f.queryMs += call.trace.queryMs;
        f.poolWaitMs += call.trace.poolWaitMs;
        // BENCH_STATEMENTS=1: every statement of the level's first booking, call by call.
        if (call.trace.statements && f.calls === 1) for (const text of call.trace.statements) console.log(`  ${step.padEnd(13)} ${text}`);
      };
      let n = 0;
      let dateRetries = 0;
      let doublePresses = 0;
      async function lifecycle(): Promise<number> {
        const i = n++;
        const t0 = performance.now();
        const built = await traced(() => engine.basket.buildBooking(rush, { referrer: "bench" }));
        count("build", built);
        const reference = built.result.reference;
        count("postcode", await traced(() => engine.basket.setPostcode(rush, reference, { postcode: "SW1A 2AA" })));
        count("device", await traced(() => engine.basket.addDevice(rush, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] })));
        // The crowd starts from the same day: the first free one is the one everybody wants.
        let start = "2025-06-03";
        for (;;) {
          const days = await traced(() => engine.basket.loadAvailability(rush, reference, { start_date: start, days_to_load: 10 }));
          count("availability", days);
          const free = days.result.find((day) => day.available);
          if (!free) {
            start = days.result.at(-1)!.date;
            continue;
          }
          try {
            count("date", await traced(() => engine.basket.setDate(rush, reference, { date: free.date })));
            break;
          } catch (error) {
            if (!(error instanceof DateUnavailableError)) throw error;
            dateRetries += 1;
            start = free.date;
          }
        }
        count(
          "details",
          await traced(() =>
            engine.basket.setCustomerDetails(rush, reference, {
              first_name: "Ada",
              last_name: "Lovelace",
              email: `ada${i}@example.com`,
              phone_number: "07700900123",
              address: { line_1: "1 Parliament Street", town: "London" },
            }),
          ),
        );
        const pay = () => engine.checkout.charge(rush, reference, { currency: "GBP", token: "fake-valid-nonce" });
        // Every fifth customer presses "pay" twice: both answers must be the one paid order.
        // The second answer is the paid order too, or BK07 when the first had already completed it.
        const charged = await traced(async () => {
          if (i % 5 !== 4) return [await pay()];
          doublePresses += 1;
          const both = await Promise.allSettled([pay(), pay()]);
          for (const press of both) if (press.status === "rejected" && !(press.reason instanceof BookingCompletedError)) throw press.reason;
          return both.flatMap((press) => (press.status === "fulfilled" ? [press.value] : []));
        });
        count("charge", charged);
        if (!charged.result.length || !charged.result.every((done) => done.checkout_status === "SUCCESS")) throw new Error(`booking ${reference} was not paid`);
        return performance.now() - t0;
      }
      const latencies: number[] = [];
      // CPU per booking: the bench's own process (the engine's thread, node-postgres, GC) and the
      // PostgreSQL server's processes when they run on this machine (the bench's private cluster).
      const serverPids = async () => (url ? (await queryRows<{ pid: number }>(db, sql`select pid from pg_stat_activity`)).map((row) => Number(row.pid)) : []);
      const serverCpuBefore = cpuMsOf(await serverPids());
      const appCpuBefore = process.cpuUsage();
      if (statementStats) await db.execute(sql`select pg_stat_statements_reset()`);
      const sampler = url ? sampleLockWaits(url) : null;
      const started = performance.now();
      let remaining = LIFECYCLES;
      let locks: Awaited<ReturnType<NonNullable<typeof sampler>["stop"]>> | undefined;
      try {
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (remaining > 0) {
              remaining -= 1;
              latencies.push(await lifecycle());
            }
          }),
        );
      } finally {
        locks = await sampler?.stop();
      }
      const seconds = (performance.now() - started) / 1000;
      const appCpu = process.cpuUsage(appCpuBefore);
      let serverCpuMs = 0;
      for (const [pid, now] of cpuMsOf(await serverPids())) serverCpuMs += now - (serverCpuBefore.get(pid) ?? 0);
      const checks = await countProblems(db, code);
      console.log(
        `\nwhole bookings, ${concurrency} at a time: ${LIFECYCLES} in ${seconds.toFixed(1)} s = ${(LIFECYCLES / seconds).toFixed(1)} bookings/s; ` +
          `per booking p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}; load average ${load()}`,
      );
      console.log(`  checked in the database: ${describeChecks(checks)} (${doublePresses} customers pressed pay twice; ${dateRetries} dates taken by another first)`);
      console.log(
        `  CPU per booking: the bench's Node process ${ms((appCpu.user + appCpu.system) / 1000 / LIFECYCLES)}` +
          (serverCpuMs ? `, PostgreSQL's processes ${ms(serverCpuMs / LIFECYCLES)} (/proc, backends alive at the level's end)` : ""),
      );
      if (locks)
        console.log(
          `  sessions running a statement: ${locks.active.toFixed(1)} on average, ${locks.waitingOnLock.toFixed(2)} of them waiting on a lock (${locks.samples} samples)`,
        );
      for (const [statement, n] of locks?.top ?? []) console.log(`    waiting ${((100 * n) / locks!.samples).toFixed(0)}% of the time: ${statement}`);
      console.log(`  ${"call".padEnd(14)}${pad("calls", 7)}${pad("p50 ms", 9)}${pad("p95 ms", 9)}${pad("queries", 9)}${pad("query ms", 10)}${pad("pool wait", 11)}`);
      for (const step of STEPS) {
        const f = figures.get(step)!;
        const per = (x: number) => (f.calls ? x / f.calls : 0);
        console.log(
          `  ${step.padEnd(14)}${pad(f.calls, 7)}${pad(percentile(f.ms, 0.5).toFixed(1), 9)}${pad(percentile(f.ms, 0.95).toFixed(1), 9)}` +
            `${pad(per(f.queries).toFixed(1), 9)}${pad(per(f.queryMs).toFixed(1), 10)}${pad(per(f.poolWaitMs).toFixed(1), 11)}`,
        );
      }
      if (statementStats) {
        const top = await queryRows<{ calls: string; total: number; mean: number; rows: string; hit: string; query: string }>(
          db,
          sql`select calls, total_exec_time as total, mean_exec_time as mean, rows, shared_blks_hit as hit, query
              from pg_stat_statements order by total_exec_time desc limit 15`,
        );
        console.log(`  PostgreSQL's time by statement (pg_stat_statements):${pad("calls", 8)}${pad("total ms", 10)}${pad("mean ms", 9)}${pad("buffers/call", 14)}`);
        for (const row of top) {
          const text = row.query.replace(/\s+/g, " ").slice(0, Number(process.env.BENCH_PG_STATEMENTS_WIDTH ?? 110));
          console.log(
            `    ${pad(row.calls, 7)}${pad(Number(row.total).toFixed(0), 10)}${pad(Number(row.mean).toFixed(3), 9)}${pad((Number(row.hit) / Number(row.calls)).toFixed(1), 14)}  ${text}`,
          );
        }
      }
      if (anyProblem(checks) || checks.orders !== LIFECYCLES) {
        throw new Error("the database shows an overbooked day, a booking charged twice or a missing order");
      }
    }
  });
}

await main();
