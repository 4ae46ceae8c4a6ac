/**
 * API keys issued by operations in the CMS (ADR 182): the sync takes them from the feed with the
 * carrier, in one transaction under newer-wins; a key deleted in the CMS is revoked; keys issued
 * with `npm run api-key` are never touched; the engine's own revoke and rotate leave CMS keys alone.
 */
import { newApiKeyId, newApiKeySecret } from "@repair/rules/api-keys";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCmsFeedSource } from "../adapters/cms-feed/cms-feed-source";
import * as s from "../db/schema";
import { createOperationsSync, type OperationsSync } from "../operations/sync";
import { catalogueFixture, engineFixture } from "../testing/fixtures";
import { createTestEngine, type TestEngine } from "../testing/engine";
import { startFakeFeed, type FakeFeed } from "../testing/fake-feed";

const CODE = "keys-uk";
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestEngine;
let feed: FakeFeed;
let sync: OperationsSync;

/** A key as the CMS serves it; the plaintext stays with the test (the operator). */
function cmsKey(overrides: Record<string, unknown> = {}) {
  const id = newApiKeyId();
  const { key, secretHash } = newApiKeySecret(id);
  const entry = {
    id,
    name: "Call centre",
    scopes: ["catalogue:read", "bookings:write"],
    allowedOrigins: ["https://Tills.example"],
    secretHash,
    createdAt: "2026-11-01T10:00:00.000Z",
    expiresAt: null as string | null,
    revoked: false,
    rotatedFrom: null as string | null,
    ...overrides,
  };
  return { key, entry };
}

/** The CMS saves: a newer revision with these keys, and the webhook's sync. */
async function save(keys: unknown[]) {
  feed.state.carriers.get(CODE)!.apiKeys = keys;
  feed.publish(CODE, feed.state.carriers.get(CODE)!.engine);
  return (await sync.syncCarrier(CODE)).result;
}

beforeAll(async () => {
  // This suite is about the sync; the key rows' 1 s reuse and its bound are tests/integration/api-limits'.
  t = await createTestEngine({ config: { apiKeyCacheMs: 0 } });
  feed = await startFakeFeed({ catalogue: catalogueFixture(), carriers: { [CODE]: engineFixture({ code: CODE }) } });
  sync = createOperationsSync({ db: t.opened.db, source: createCmsFeedSource({ url: feed.url, token: feed.token }), log: quiet });
  await sync.reconcile();
});
afterAll(async () => {
  await feed?.close();
  await t?.close();
});

describe("API keys from the CMS feed (ADR 182)", () => {
  it("takes a CMS key with the carrier's sync: it authenticates, is marked cms, and keeps only the hash", async () => {
    const { key, entry } = cmsKey();
    expect(await save([entry])).toBe("updated");
    expect(await t.engine.apiKeys.verify(key)).toEqual({
      keyId: entry.id,
      keyName: entry.name,
      carrierCode: CODE,
      scopes: entry.scopes,
      allowedOrigins: ["https://tills.example"],
    });
    const [row] = await t.opened.db.select().from(s.apiKeys).where(eq(s.apiKeys.id, entry.id));
    expect(row).toMatchObject({ source: "cms", secretHash: entry.secretHash, name: "Call centre" });
    expect(JSON.stringify(row)).not.toContain(key.slice(21));
    const listed = (await t.engine.apiKeys.list(CODE)).find((k) => k.id === entry.id);
    expect(listed).toMatchObject({ source: "cms", lastUsedAt: expect.any(String), createdAt: entry.createdAt });
  });

  it("revokes at the next save, keeps a CLI key, and a deleted entry ends its key", async () => {
    const cli = await t.engine.apiKeys.issue(CODE, { name: "till script", scopes: ["stores:read"] });
    const first = cmsKey();
    const second = cmsKey({ name: "Shop app" });
    expect(await save([first.entry, second.entry])).toBe("updated");
    expect(await t.engine.apiKeys.verify(second.key)).not.toBeNull();

    expect(await save([{ ...first.entry, revoked: true }, second.entry])).toBe("updated");
    expect(await t.engine.apiKeys.verify(first.key)).toBeNull();
    expect(await t.engine.apiKeys.verify(second.key)).not.toBeNull();

    // The entry deleted in the CMS: the feed no longer lists it.
    expect(await save([{ ...first.entry, revoked: true }])).toBe("updated");
    expect(await t.engine.apiKeys.verify(second.key)).toBeNull();
    expect((await t.engine.apiKeys.list(CODE)).find((k) => k.id === second.entry.id)?.revokedAt).not.toBeNull();

    // No CMS keys at all: every CMS key has ended, the CLI key works on, untouched.
    await save([]);
    expect((await t.engine.apiKeys.list(CODE)).filter((k) => k.source === "cms" && !k.revokedAt)).toEqual([]);
    expect(await t.engine.apiKeys.verify(cli.key)).toMatchObject({ keyId: cli.id, scopes: ["stores:read"] });
    expect((await t.engine.apiKeys.list(CODE)).find((k) => k.id === cli.id)).toMatchObject({ source: "cli", revokedAt: null });
  });

  it("un-revokes nothing by accident and leaves the copy alone for an older revision", async () => {
    const { key, entry } = cmsKey();
    expect(await save([entry])).toBe("updated");
    const current = feed.state.carriers.get(CODE)!.updatedAt;
    // An older revision arriving late (a slow replica's read) that still had the key revoked: stale.
    feed.state.carriers.get(CODE)!.apiKeys = [{ ...entry, revoked: true }];
    feed.publish(CODE, feed.state.carriers.get(CODE)!.engine, new Date(Date.parse(current) - 60_000).toISOString());
    expect((await sync.syncCarrier(CODE)).result).toBe("stale");
    expect(await t.engine.apiKeys.verify(key)).not.toBeNull();
    // A save that changes nothing is unchanged.
    feed.state.carriers.get(CODE)!.apiKeys = [entry];
    feed.publish(CODE, feed.state.carriers.get(CODE)!.engine, new Date(Date.parse(current) + 1000).toISOString());
    expect((await sync.syncCarrier(CODE)).result).toBe("unchanged");
  });

  it("ends a CMS key at its expiry (a rotation's overlap) like any key", async () => {
    const { key, entry } = cmsKey({ expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    await save([entry]);
    expect(await t.engine.apiKeys.verify(key)).not.toBeNull();
    t.clock.advance(61_000);
    expect(await t.engine.apiKeys.verify(key)).toBeNull();
  });

  it("refuses invalid key data from the feed and keeps the last good copy", async () => {
    const { key, entry } = cmsKey();
    await save([entry]);
    const outcome = await save([{ ...entry, revoked: true, scopes: ["everything"] }]);
    expect(outcome).toBe("invalid");
    expect(await t.engine.apiKeys.verify(key)).not.toBeNull();
    const plaintextSent = await save([{ ...entry, key }]);
    expect(plaintextSent).toBe("invalid");
  });

  it("will not revoke or rotate a CMS key from the command line (the next sync would undo it)", async () => {
    const { entry } = cmsKey();
    await save([entry]);
    await expect(t.engine.apiKeys.revoke(CODE, entry.id)).rejects.toMatchObject({ fields: { id: [expect.stringContaining("issued in the CMS")] } });
    await expect(t.engine.apiKeys.rotate(CODE, entry.id, { overlapUntil: new Date() })).rejects.toMatchObject({ fields: { id: [expect.stringContaining("CMS")] } });
  });
});
