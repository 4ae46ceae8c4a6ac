/**
 * Per-key rate limits shared across app instances (issue 23 item 5, ADR 175): two routers, each over
 * its own engine as two app processes would be, over one database (PostgreSQL with TEST_DATABASE_URL). They share each key's count; the
 * 429 (RATE_LIMITED, Retry-After) arrives after the limit; the window's end resets it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../booking/http/index";
import { seedCatalogue } from "../../booking/catalogue/seed";
import { openFreshDatabase } from "../../booking/testing/db";
import { createTestEngine, type TestEngine } from "../../booking/testing/engine";
import { catalogueFixture } from "../../booking/testing/fixtures";
import { call, carrierWithKey, startApi, type ApiHarness } from "./api-harness";

const LIMITS = { apiRateLimitReads: 5, apiRateLimitWrites: 3, apiRateWindowSeconds: 60 };

let first: TestEngine;
let second: TestEngine;
let one: ApiHarness;
let two: ApiHarness;
let key: string;
let code: string;

/** On PostgreSQL when the test run has one (TEST_DATABASE_URL: a database of this file's, dropped at the end), else PGlite shared by both. */
async function sharedDatabase() {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return undefined;
  const opened = await openFreshDatabase(server, { prefix: "api_limits" });
  await seedCatalogue(opened.db, catalogueFixture());
  return opened;
}

beforeAll(async () => {
  first = await createTestEngine({ opened: await sharedDatabase(), config: LIMITS });
  second = await createTestEngine({ opened: first.opened, config: LIMITS });
  one = await startApi({ routes: apiRoutes }, first);
  two = await startApi({ routes: apiRoutes }, second);
  const issued = await carrierWithKey(one);
  key = issued.key;
  code = issued.carrier.code;
  two.carriers.set(code, one.carriers.get(code)!);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await first?.close();
});

/** Both instances' clocks move together, as real ones do. */
const advance = (ms: number) => {
  first.clock.advance(ms);
  second.clock.advance(ms);
};

const limitHeaders = (headers: Headers) => ({
  limit: headers.get("ratelimit-limit"),
  remaining: headers.get("ratelimit-remaining"),
  reset: headers.get("ratelimit-reset"),
  policy: headers.get("ratelimit-policy"),
});

describe("per-key rate limits (ADR 175)", () => {
  it("shares one key's count between two instances and answers 429 after the limit, until the window ends", async () => {
    const settings = (api: ApiHarness) => call(api.url(`/wefix-booking/carrier/${code}`), { key });
    const answers = [];
    for (const api of [one, two, one, two, one]) answers.push(await settings(api));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.headers.get("ratelimit-remaining"))).toEqual(["4", "3", "2", "1", "0"]);
    // The test clock stands at the start of a minute: the whole window is ahead.
    expect(limitHeaders(answers[0]!.headers)).toEqual({ limit: "5", remaining: "4", reset: "60", policy: "5;w=60" });

    const refused = await settings(two);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: "RATE_LIMITED", messages: [expect.stringContaining("5 reading calls per 60 seconds")] });
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(limitHeaders(refused.headers)).toMatchObject({ limit: "5", remaining: "0" });
    expect((await settings(one)).status).toBe(429);

    advance(45_000);
    const later = await settings(one);
    expect(later.status).toBe(429);
    expect(later.headers.get("retry-after")).toBe("15");

    advance(15_000);
    const reset = await settings(two);
    expect(reset.status).toBe(200);
    expect(limitHeaders(reset.headers)).toMatchObject({ remaining: "4", reset: "60" });
  });

  it("counts writes apart from reads, and another key of the same carrier apart", async () => {
    advance(60_000);
    for (let read = 0; read < 5; read++) expect((await call(one.url("/device/types"), { key })).status).toBe(200);
    expect((await call(one.url("/device/types"), { key })).status).toBe(429);
    const builds = [];
    for (const api of [one, two, one, two]) builds.push(await call(api.url("/wefix-booking/build"), { method: "POST", key, body: {} }));
    expect(builds.map((answer) => answer.status)).toEqual([201, 201, 201, 429]);
    expect(builds[0]!.headers.get("ratelimit-limit")).toBe("3");
    expect(builds[3]!.body.code).toBe("RATE_LIMITED");
    // A POST that changes nothing is a read (availability, validate): refused with the reads here.
    const ref = builds[0]!.body.data.booking_reference;
    expect(await call(two.url(`/wefix-booking/${ref}/validate`), { method: "POST", key })).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });

    const other = (await one.t.engine.apiKeys.issue(code, { name: "second", scopes: ["bookings:write", "catalogue:read"] })).key;
    expect((await call(two.url("/device/types"), { key: other })).headers.get("ratelimit-remaining")).toBe("4");
  });

  it("puts the headers on refusals too, and exposes them to a listed browser origin", async () => {
    advance(60_000);
    const { key: browserKey } = await carrierWithKey(one, ["bookings:write"], ["https://partner.example"]);
    const unknown = await call(one.url("/wefix-booking/NOPE123"), { key: browserKey, headers: { origin: "https://partner.example" } });
    expect(unknown.status).toBe(404);
    expect(limitHeaders(unknown.headers)).toMatchObject({ limit: "5", remaining: "4" });
    expect(unknown.headers.get("access-control-expose-headers")).toContain("RateLimit-Remaining");
    expect(unknown.headers.get("access-control-expose-headers")).toContain("Retry-After");
    // No key, no count: a 401 has nothing to count against.
    const anonymous = await call(one.url("/wefix-booking/NOPE123"));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("ratelimit-limit")).toBeNull();
  });
});

describe("a revoked or rotated key on every instance (issue 23 item 8)", () => {
  it("a key revoked through one instance answers 401 there at once and on the other within 2 s, and nothing else of the carrier's keys changes", async () => {
    advance(60_000);
    const { key: doomed, keyId } = await carrierWithKey(one, ["catalogue:read"]);
    const carrierOfKey = (await one.t.engine.apiKeys.verify(doomed))!.carrierCode;
    two.carriers.set(carrierOfKey, one.carriers.get(carrierOfKey)!);
    const kept = (await one.t.engine.apiKeys.issue(carrierOfKey, { name: "kept", scopes: ["catalogue:read"] })).key;
    // Both instances have served the key (any cache they keep is warm) before the revoke.
    expect((await call(one.url("/device/types"), { key: doomed })).status).toBe(200);
    expect((await call(two.url("/device/types"), { key: doomed })).status).toBe(200);

    await one.t.engine.apiKeys.revoke(carrierOfKey, keyId);
    const revokedAt = Date.now();
    // The instance that revoked it refuses it at once; the other reuses a key's row for up to 1 s (ADR 185).
    expect((await call(one.url("/device/types"), { key: doomed })).status).toBe(401);
    let onTwo = await call(two.url("/device/types"), { key: doomed });
    // Still accepted: 200, or 429 once this test's polling has used up the key's 5 reads.
    while ((onTwo.status === 200 || onTwo.status === 429) && Date.now() - revokedAt < 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      onTwo = await call(two.url("/device/types"), { key: doomed });
    }
    expect(onTwo.status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(2_000);
    expect(onTwo.body).toEqual({ code: "UNAUTHORIZED", messages: [expect.any(String)] });
    // And stays refused on both.
    for (const api of [one, two, one, two]) expect((await call(api.url("/device/types"), { key: doomed })).status).toBe(401);
    expect((await call(two.url("/device/types"), { key: kept })).status).toBe(200);
  });

  it("a rotated key keeps working on both instances for the overlap, then only the new one does", async () => {
    advance(60_000);
    const { key: old, keyId } = await carrierWithKey(one, ["catalogue:read"]);
    const carrierOfKey = (await one.t.engine.apiKeys.verify(old))!.carrierCode;
    two.carriers.set(carrierOfKey, one.carriers.get(carrierOfKey)!);
    const { issued } = await two.t.engine.apiKeys.rotate(carrierOfKey, keyId, { overlapUntil: new Date(second.clock.now().getTime() + 60 * 60_000) });
    for (const api of [one, two]) {
      expect((await call(api.url("/device/types"), { key: old })).status).toBe(200);
      expect((await call(api.url("/device/types"), { key: issued.key })).status).toBe(200);
    }
    advance(60 * 60_000 + 1_000);
    for (const api of [one, two]) {
      expect((await call(api.url("/device/types"), { key: old })).status).toBe(401);
      expect((await call(api.url("/device/types"), { key: issued.key })).status).toBe(200);
    }
  });
});
