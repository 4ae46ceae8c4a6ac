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
