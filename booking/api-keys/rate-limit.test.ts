import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema";
import { createTestEngine, type TestEngine } from "../testing/engine";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine({ now: "2025-06-02T08:00:10Z", config: { apiRateLimitReads: 4, apiRateLimitWrites: 2, apiRateWindowSeconds: 60 } });
});
afterAll(() => t?.close());

const consume = (keyId: string, rateClass: "read" | "write") => t.engine.apiKeys.consumeRateLimit({ keyId, rateClass });

describe("the partner API's rate limit (ADR 175)", () => {
  it("counts each call once, even in parallel, and refuses past the limit until the window ends", async () => {
    const verdicts = await Promise.all(Array.from({ length: 6 }, () => consume("key-a", "read")));
    expect(verdicts.map((verdict) => verdict.remaining).sort()).toEqual([0, 0, 0, 1, 2, 3]);
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(4);
    // The window started at 08:00:00; 10 s of it are gone.
    expect(verdicts[0]).toMatchObject({ limit: 4, windowSeconds: 60, resetSeconds: 50, rateClass: "read" });
    t.clock.advance(50_000);
    expect(await consume("key-a", "read")).toMatchObject({ allowed: true, remaining: 3, resetSeconds: 60 });
  });

  it("counts reads and writes, and each key, apart", async () => {
    expect(await consume("key-b", "write")).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
    expect(await consume("key-b", "write")).toMatchObject({ allowed: true, remaining: 0 });
    expect(await consume("key-b", "write")).toMatchObject({ allowed: false, remaining: 0 });
    expect(await consume("key-b", "read")).toMatchObject({ allowed: true, limit: 4, remaining: 3 });
    expect(await consume("key-c", "write")).toMatchObject({ allowed: true, remaining: 1 });
  });

  it("purges the windows before the previous one when a new window starts", async () => {
    t.clock.advance(3 * 60_000);
    await consume("key-d", "read");
    const starts = (await t.opened.db.select({ windowStart: s.apiRateWindows.windowStart }).from(s.apiRateWindows)).map((row) => row.windowStart.getTime());
    const current = Math.floor(t.clock.now().getTime() / 60_000) * 60_000;
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(current - 60_000);
  });
});

describe("counting in memory far from the limit (ADR 185)", () => {
  const LIMITS = { apiRateLimitReads: 100, apiRateLimitWrites: 100, apiRateWindowSeconds: 60, apiRateFlushMs: 20 };
  let one: TestEngine;
  let two: TestEngine;
  beforeAll(async () => {
    one = await createTestEngine({ now: "2025-06-02T08:00:00Z", config: LIMITS });
    two = await createTestEngine({ now: "2025-06-02T08:00:00Z", opened: one.opened, config: LIMITS });
  });
  afterAll(() => one?.close());

  const sharedCount = async (keyId: string) =>
    (await one.opened.db.select({ keyId: s.apiRateWindows.keyId, count: s.apiRateWindows.count }).from(s.apiRateWindows))
      .filter((row) => row.keyId === keyId)
      .reduce((sum, row) => sum + row.count, 0);

  it("writes every call to the shared count within the flush interval", async () => {
    for (let call = 0; call < 30; call++) await one.engine.apiKeys.consumeRateLimit({ keyId: "batched", rateClass: "read" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await sharedCount("batched")).toBe(30);
  });

  it("two instances together allow the limit, and at most each other's share (5 % of it) more", async () => {
    const verdicts = [];
    for (let call = 0; call < 150; call++) {
      const engine = call % 2 === 0 ? one : two;
      verdicts.push(await engine.engine.apiKeys.consumeRateLimit({ keyId: "shared", rateClass: "write" }));
    }
    const allowed = verdicts.filter((verdict) => verdict.allowed).length;
    expect(allowed).toBeGreaterThanOrEqual(100);
    expect(allowed).toBeLessThanOrEqual(100 + 5);
    // Once past the limit, every call is refused from the shared count, on both instances.
    expect(verdicts.slice(-20).every((verdict) => !verdict.allowed)).toBe(true);
    await one.engine.apiKeys.flushRateLimits();
    await two.engine.apiKeys.flushRateLimits();
    expect(await sharedCount("shared")).toBe(150);
  });
});

describe("the recurring purge of the API's spent rows (ADR 186)", () => {
  let p: TestEngine;
  beforeAll(async () => {
    p = await createTestEngine({ now: "2025-06-02T08:00:00Z", config: { apiRateLimitReads: 4, apiRateWindowSeconds: 60 } });
  });
  afterAll(() => p?.close());

  it("deletes idempotency answers older than 24 hours and rate windows that can no longer count; keeps the rest", async () => {
    const claim = (idempotencyKey: string) => p.engine.apiKeys.claimIdempotencyKey({ keyId: "purged", idempotencyKey, requestHash: "h" });
    const old = await claim("day-old");
    if (old.kind !== "run") throw new Error(`expected a run, got ${old.kind}`);
    await p.engine.apiKeys.completeIdempotencyKey(old.id, { status: 201, body: { ok: true } });
    await p.engine.apiKeys.consumeRateLimit({ keyId: "purged", rateClass: "read" });
    await p.engine.messages.runScheduledJobs();

    p.clock.advance(24 * 60 * 60_000 - 60_000);
    await claim("recent");
    // A replay just inside the 24 hours still answers the first answer.
    expect(await claim("day-old")).toMatchObject({ kind: "replay", status: 201 });
    p.clock.advance(2 * 60_000);

    // No call has come since: only the scheduler's purge removes the day-old answer and the old window.
    const pass = await p.engine.messages.runScheduledJobs();
    expect(pass.apiRowsPurged).toBe(2);
    const keys = (await p.opened.db.select({ key: s.apiIdempotency.idempotencyKey }).from(s.apiIdempotency)).map((row) => row.key);
    expect(keys).toEqual(["recent"]);
    expect(await p.opened.db.select().from(s.apiRateWindows)).toEqual([]);
    // The answer is gone: the same key runs the call again.
    expect(await claim("day-old")).toMatchObject({ kind: "run" });
  });
});
