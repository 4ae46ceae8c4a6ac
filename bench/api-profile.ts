/**
 * `npx tsx bench/api-profile.ts`: where one partner API call's time goes, part by part, on in-memory
 * PGlite, one call at a time (no queueing): the key's row, the rate-limit UPSERT, the last-use write,
 * each engine read the bench's calls make, and the answer's JSON and ETag. The figures behind ADR 185.
 */
import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import * as s from "../booking/db/schema";
import { createTestEngine, newCarrier } from "../booking/testing/engine";
import { IDS } from "../booking/testing/fixtures";

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const t = await createTestEngine({ config: { apiRateLimitReads: 1_000_000, apiRateLimitWrites: 1_000_000 } });
const carrier = await newCarrier(t);
const { key, id } = await t.engine.apiKeys.issue(carrier.code, { name: "profile", scopes: ["catalogue:read", "bookings:write"] });
const { reference } = await t.engine.basket.buildBooking(carrier, { referrer: "bench" });
await t.engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
await t.engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });

async function time(name: string, fn: (run: number) => Promise<unknown>) {
  for (let run = 0; run < 20; run++) await fn(run);
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await fn(run);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)]!;
  console.log(`${name.padEnd(52)}${at(0.5).toFixed(2).padStart(8)} ms${at(0.95).toFixed(2).padStart(9)} ms`);
}

const db = t.opened.db;
console.log(`one call at a time, ${RUNS} runs each, PGlite in memory         p50        p95`);
await time("key: its row (SELECT by id)", () => db.select().from(s.apiKeys).where(eq(s.apiKeys.id, id)));
await time("key: verify (from the 1 s cache)", () => t.engine.apiKeys.verify(key));
await time("rate limit: one UPSERT (ADR 175, before)", () =>
  db
    .insert(s.apiRateWindows)
    .values({ keyId: id, rateClass: "read", windowStart: new Date(0), count: 1 })
    .onConflictDoUpdate({ target: [s.apiRateWindows.keyId, s.apiRateWindows.rateClass, s.apiRateWindows.windowStart], set: { count: sql`${s.apiRateWindows.count} + 1` } }),
);
await time("rate limit: counted in memory (ADR 185)", () => t.engine.apiKeys.consumeRateLimit({ keyId: id, rateClass: "read" }));
await time("last use: the UPDATE (once a minute per key)", () => db.update(s.apiKeys).set({ lastUsedAt: new Date() }).where(eq(s.apiKeys.id, id)));
await time("engine: device types", () => t.engine.catalogue.listDeviceTypes(carrier, { locale: "en" }));
await time("engine: models of a make", () => t.engine.catalogue.listModels(carrier, { makeId: IDS.apple, typeId: 1 }));
await time("engine: versions of a model", () => t.engine.catalogue.listVersions(carrier, IDS.iphone15));
await time("engine: one version with its repairs", () => t.engine.catalogue.getModelVersion(carrier, IDS.iphone15v128, "en"));
// The clock a second on before each run: never the reused answer.
await time("engine: availability, 10 days (computed)", () => {
  t.clock.advance(1_000);
  return t.engine.basket.loadAvailability(carrier, reference, { days_to_load: 10 });
});
await time("engine: availability, 10 days (reused, ADR 185)", () => t.engine.basket.loadAvailability(carrier, reference, { days_to_load: 10 }));
const version = await t.engine.catalogue.getModelVersion(carrier, IDS.iphone15v128, "en");
await time("answer: JSON and ETag of one version", async () => {
  const json = JSON.stringify({ data: version });
  return createHash("sha256").update(json).digest("base64url");
});
await t.close();
