/**
 * The catalogue answers the partner API keeps in memory (ADR 185): served with the ETag computed when
 * stored (304 for it), per carrier and language, until the carrier's data or the catalogue changes
 * (the app's change notice, here and from other instances), never from another carrier's answers.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../booking/db/schema";
import { apiRoutes } from "../../booking/http/index";
import { IDS } from "../../booking/testing/fixtures";
import { call, carrierWithKey, startApi, type ApiHarness } from "./api-harness";

let api: ApiHarness;
let key: string;
let carrierCode: string;
let otherKey: string;
const drops: ((carrierCode: string | null) => void)[] = [];
/** What the app does when a sync changed the engine's copy, on this instance or another (content.server.ts). */
const dataChanged = (code: string | null) => drops.forEach((drop) => drop(code));

beforeAll(async () => {
  api = await startApi({ routes: apiRoutes, onDataChanged: (drop) => void drops.push(drop) });
  const issued = await carrierWithKey(api, ["catalogue:read"]);
  key = issued.key;
  carrierCode = issued.carrier.code;
  otherKey = (await carrierWithKey(api, ["catalogue:read"])).key;
});
afterAll(() => api?.close());

const versions = `/models/${IDS.iphone15}/versions`;
const renameVersion = (name: string) => api.t.opened.db.update(s.modelVersions).set({ name }).where(eq(s.modelVersions.id, IDS.iphone15v128));
const nameIn = (body: { data: { id: number; name: string }[] }) => body.data.find((version) => version.id === IDS.iphone15v128)?.name;

describe("catalogue answers kept in memory (ADR 185)", () => {
  it("serves the stored answer and its ETag until the data changes, then the new one", async () => {
    const first = await call(api.url(versions), { key });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    const original = nameIn(first.body)!;

    // The catalogue changes in the database without a notice: the stored answer is still served (at most 30 s).
    await renameVersion("Renamed 128 GB");
    const cached = await call(api.url(versions), { key });
    expect(cached.headers.get("etag")).toBe(etag);
    expect(nameIn(cached.body)).toBe(original);
    const notModified = await call(api.url(versions), { key, headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("cache-control")).toBe("private, max-age=300");

    // The sync's notice for the catalogue (every carrier's): the next answer is read afresh, with a new ETag.
    dataChanged(null);
    const fresh = await call(api.url(versions), { key, headers: { "if-none-match": etag } });
    expect(fresh.status).toBe(200);
    expect(nameIn(fresh.body)).toBe("Renamed 128 GB");
    expect(fresh.headers.get("etag")).not.toBe(etag);

    // A notice for one carrier drops its answers only.
    const otherBefore = await call(api.url(versions), { key: otherKey });
    await renameVersion(original);
    dataChanged(carrierCode);
    expect(nameIn((await call(api.url(versions), { key })).body)).toBe(original);
    expect(nameIn((await call(api.url(versions), { key: otherKey })).body)).toBe(nameIn(otherBefore.body));
    dataChanged(null);
    expect(nameIn((await call(api.url(versions), { key: otherKey })).body)).toBe(original);
  });

  it("keeps answers per language and per query, and still counts every call against the key's limit", async () => {
    const path = `/models/versions/${IDS.iphone15v128}?include_warranty_repairs=true`;
    const english = await call(api.url(path), { key });
    const german = await call(api.url(path), { key, headers: { "accept-language": "de" } });
    expect(english.status).toBe(200);
    expect(german.status).toBe(200);
    expect(german.headers.get("etag")).not.toBe(english.headers.get("etag"));
    expect((await call(api.url(path), { key, headers: { "accept-language": "de" } })).headers.get("etag")).toBe(german.headers.get("etag"));
    const without = await call(api.url(`/models/versions/${IDS.iphone15v128}`), { key });
    expect(without.status).toBe(200);
    // An unknown id is a 404 each time, never kept.
    expect((await call(api.url("/models/versions/999999"), { key })).status).toBe(404);
    expect((await call(api.url("/models/versions/999999"), { key })).status).toBe(404);
    const remaining = Number((await call(api.url(path), { key })).headers.get("ratelimit-remaining"));
    expect(Number((await call(api.url(path), { key })).headers.get("ratelimit-remaining"))).toBe(remaining - 1);
  });

  it("answers a cached call with no key, a revoked key or a missing scope as before: 401, 401, 403", async () => {
    expect((await call(api.url(versions), { key })).status).toBe(200);
    expect((await call(api.url(versions))).status).toBe(401);
    const revoked = await carrierWithKey(api, ["catalogue:read"]);
    expect((await call(api.url(versions), { key: revoked.key })).status).toBe(200);
    await api.t.engine.apiKeys.revoke(revoked.carrier.code, revoked.keyId);
    expect((await call(api.url(versions), { key: revoked.key })).status).toBe(401);
    const bookingsOnly = await carrierWithKey(api, ["bookings:write"]);
    expect((await call(api.url(versions), { key: bookingsOnly.key })).status).toBe(403);
  });
});
