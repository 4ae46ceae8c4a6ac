/**
 * `npm run bench`: the booking engine's two figures that matter for capacity planning.
 *
 *  1. Availability: 30 days of one area while the bookings table holds 100,000 bookings (with their
 *     capacity holds spread over areas, carriers and days).
 *  2. Throughput: whole booking lifecycles per second (build → postcode → device → details → date →
 *     charge → order), sequentially and with concurrent customers.
 *
 * Embedded PGlite in memory by default; with BENCH_DATABASE_URL=postgres://… it creates a fresh
 * database on that server, runs there and drops it. Prints p50 and p95 of each.
 *   BENCH_BOOKINGS (100000), BENCH_AVAILABILITY_RUNS (200), BENCH_LIFECYCLES (200), BENCH_CONCURRENCY (8)
 */
import { performance } from "node:perf_hooks";
import os from "node:os";
import { sql } from "drizzle-orm";
import { createEmbeddedAddressProvider } from "../booking/adapters/embedded-addresses";
import { createSandboxGateway, type SandboxLedgerRecord } from "../booking/adapters/sandbox-payments/sandbox-gateway";
import { seedCarrier, seedCatalogue } from "../booking/catalogue/seed";
import { queryRows, type OpenedDatabase } from "../booking/db/open";
import { createPaymentLedger } from "../booking/db/payment-ledger";
import { createEngine } from "../booking/compose";
import { fixedClock } from "../booking/ports/clock";
import { carrierFixture, catalogueFixture, engineFixture, IDS } from "../booking/testing/fixtures";
import { memoryFiles } from "../booking/testing/engine";
import { openFreshDatabase } from "../booking/testing/db";

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const AVAILABILITY_RUNS = Number(process.env.BENCH_AVAILABILITY_RUNS ?? 200);
const LIFECYCLES = Number(process.env.BENCH_LIFECYCLES ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const serverUrl = process.env.BENCH_DATABASE_URL;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function withDatabase<T>(fn: (opened: OpenedDatabase) => Promise<T>): Promise<T> {
  const opened = await openFreshDatabase(serverUrl, { poolMax: Math.max(10, CONCURRENCY * 2), prefix: "bench" });
  try {
    return await fn(opened);
  } finally {
    await opened.close();
  }
}

async function main() {
  await withDatabase(async (opened) => {
    const { db } = opened;
    console.log(`booking engine bench: ${opened.kind} (${opened.location}), Node ${process.version}, ${os.cpus().length} CPU, ${os.cpus()[0]?.model ?? ""}`);
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
    }
    const [count] = await queryRows<{ n: string }>(db, sql`select count(*) as n from bookings`);
    console.log(`\nfilled ${Number(count!.n).toLocaleString("en-GB")} bookings with their holds in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);
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

    // 3. Whole lifecycles, with the 100,000 bookings still in the tables.
    let n = 0;
    async function lifecycle(): Promise<number> {
      const i = n++;
      const date = `2025-${i % 2 ? "07" : "08"}-${String(1 + (i % 28)).padStart(2, "0")}`;
      const t0 = performance.now();
      const { reference } = await engine.basket.buildBooking(carrier, { referrer: "bench" });
      await engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
      await engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
      await engine.basket.setCustomerDetails(carrier, reference, {
        first_name: "Ada",
        last_name: "Lovelace",
        email: `ada${i}@example.com`,
        phone_number: "07700900123",
        address: { line_1: "1 Parliament Street", town: "London" },
      });
      await engine.basket.loadAvailability(carrier, reference, { start_date: date, days_to_load: 10 });
      await engine.basket.setDate(carrier, reference, { date });
      const done = await engine.checkout.charge(carrier, reference, { currency: "GBP", token: "fake-valid-nonce" });
      if (done.checkout_status !== "SUCCESS") throw new Error("lifecycle did not complete");
      return performance.now() - t0;
    }
    for (const concurrency of [1, CONCURRENCY]) {
      const latencies: number[] = [];
      const started = performance.now();
      let remaining = LIFECYCLES;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (remaining > 0) {
            remaining -= 1;
            latencies.push(await lifecycle());
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `lifecycle (build → postcode → device → details → availability → date → charge), ${LIFECYCLES} bookings, ${concurrency} at a time: ` +
          `${(LIFECYCLES / seconds).toFixed(1)} bookings/s; per booking p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}`,
      );
    }
  });
}

await main();
