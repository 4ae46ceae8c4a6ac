/**
 * Partner API keys issued by operations in the CMS (issue 23 item 3, ADR 182–184), against the
 * running Strapi and app the test script starts: an operator creates a key in the content manager,
 * the panel's route shows its key once, the key works on the app's /api/v4 after the sync, its last
 * use shows in the panel; a revoke or a deletion in the CMS is a 401 within 2 s on the app and on two
 * more routers over one database; keys issued with the CLI are untouched; Strapi's stored row holds
 * the SHA-256 only. Fence: an operator of one carrier neither sees nor makes another carrier's keys.
 *
 * Needs CMS_URL, APP_URL, CMS_READ_TOKEN and CMS_DATA_DIR (skipped without CMS_URL), like ops-fence.test.ts.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCmsFeedSource } from "../../booking/adapters/cms-feed/cms-feed-source";
import { openDatabase, type OpenedDatabase } from "../../booking/db/open";
import { apiRoutes } from "../../booking/http/index";
import { createOperationsSync, type OperationsSync } from "../../booking/operations/sync";
import { createTestEngine, type TestEngine } from "../../booking/testing/engine";
import { carrierFixture } from "../../booking/testing/fixtures";
import { adminLogin as login, cmsCall as cms, inviteAdminUser } from "../support/cms-admin";
import { call, startApi, type ApiHarness } from "./api-harness";

const CMS_URL = process.env.CMS_URL?.replace(/\/$/, "");
const APP_URL = process.env.APP_URL?.replace(/\/$/, "") ?? "";
const READ_TOKEN = process.env.CMS_READ_TOKEN ?? "";
const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";

const UID = "api::ops-api-key.ops-api-key";
const CARRIER_UID = "api::carrier.carrier";
const cm = (rest = "", uid = UID) => `/content-manager/collection-types/${uid}${rest}`;
/** Seeded carriers with operations data: the operator operates OURS, not THEIRS. */
const OURS = "patchpoint-north";
const THEIRS = "patchpoint";
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The app's answer to a catalogue call with this key. */
const appStatus = async (key: string) => (await call(`${APP_URL}/api/v4/device/types`, { key })).status;

/** Polls until the app answers `status` for the key; the time it took, in ms. */
async function appAnswers(key: string, status: number, withinMs = 2000): Promise<number> {
  const started = Date.now();
  let last = 0;
  while (Date.now() - started < withinMs + 3000) {
    last = await appStatus(key);
    if (last === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the app still answers ${last}, not ${status}`);
}

describe.skipIf(!CMS_URL)("partner API keys issued in the CMS (ADR 182–184)", () => {
  const suffix = randomBytes(4).toString("hex");
  const operator = { email: `keys-operator-${suffix}@repair.localhost`, password: `Keys-${suffix}-Pass1` };
  let adminToken = "";
  let operatorToken = "";
  let operatorId = 0;
  let carrierDocumentId = "";
  const created: string[] = [];
  // Two routers, each over its own engine as two app processes would be, over one database.
  let first: TestEngine;
  let second: TestEngine;
  let one: ApiHarness;
  let two: ApiHarness;
  let sync: OperationsSync;
  let opened: OpenedDatabase;

  /** What the app's webhook handler does on a save: the carrier's sync (here for the two routers' database). */
  const syncRouters = async () => (await sync.changed({ model: UID, carrierCode: OURS })).outcomes.map((o) => o.result);
  const routerStatuses = async (key: string) => [(await call(one.url("/device/types"), { key })).status, (await call(two.url("/device/types"), { key })).status];

  async function createKey(token: string, data: Record<string, unknown>) {
    const reply = await cms("POST", cm(), token, data);
    if (reply.body?.data?.documentId) created.push(reply.body.data.documentId);
    return reply;
  }

  beforeAll(async () => {
    adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    operatorId = await inviteAdminUser(adminToken, "Operations", operator.email, operator.password);
    const carriers = await cms("GET", cm(`?filters[code][$eq]=${OURS}`, CARRIER_UID), adminToken);
    carrierDocumentId = carriers.body.results[0].documentId;
    const attached = await cms("PUT", cm(`/${carrierDocumentId}`, CARRIER_UID), adminToken, { operators: { connect: [{ id: operatorId }] } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    operatorToken = await login(operator.email, operator.password);

    // An empty database the sync fills from the CMS, as a fresh app's is.
    opened = await openDatabase({ BOOKING_DATA_DIR: "memory://" });
    // The routers read a key's row afresh on each call: this suite is about the sync (the 1 s reuse is api-limits').
    const config = { apiRateLimitReads: 1_000_000, apiRateLimitWrites: 1_000_000, apiKeyCacheMs: 0 };
    first = await createTestEngine({ opened, config });
    second = await createTestEngine({ opened: first.opened, config });
    one = await startApi({ routes: apiRoutes }, first);
    two = await startApi({ routes: apiRoutes }, second);
    for (const api of [one, two]) api.carriers.set(OURS, { ...carrierFixture(OURS), defaultLocale: "en", supportedLocales: ["en", "de"] });
    sync = createOperationsSync({ db: first.opened.db, source: createCmsFeedSource({ url: CMS_URL!, token: READ_TOKEN }), log: quiet });
    const catalogue = await sync.syncCatalogue();
    expect(catalogue.result, catalogue.reason).toBe("created");
  }, 120_000);

  afterAll(async () => {
    if (!CMS_URL) return;
    for (const documentId of created) await cms("DELETE", cm(`/${documentId}`), adminToken);
    if (carrierDocumentId && operatorId) await cms("PUT", cm(`/${carrierDocumentId}`, CARRIER_UID), adminToken, { operators: { disconnect: [{ id: operatorId }] } });
    if (operatorId) await cms("DELETE", `/admin/users/${operatorId}`, adminToken);
    await one?.close();
    await two?.close();
    await opened?.close();
  });

  it("issues a key an operator creates, shows it once, stores only its hash, and the key works after the sync", async () => {
    const createdKey = await createKey(operatorToken, {
      carrierCode: OURS,
      name: "Call centre tool",
      scopes: ["catalogue:read", "bookings:write"],
      allowedOrigins: [{ origin: "https://calls.example" }],
      revoked: false,
      // A crafted request cannot plant a hash or choose the key id.
      secretHash: "0".repeat(64),
      keyId: "0123456789abcdef",
    });
    expect(createdKey.status, JSON.stringify(createdKey.body)).toBe(201);
    const documentId = createdKey.body.data.documentId as string;
    const keyId = createdKey.body.data.keyId as string;
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(keyId).not.toBe("0123456789abcdef");
    expect(JSON.stringify(createdKey.body)).not.toContain("secretHash");

    const before = await cms("GET", `/admin/ops-api-keys/${documentId}`, operatorToken);
    expect(before.body).toMatchObject({ keyId, secretIssued: false, revoked: false, engine: null });

    const issued = await cms("POST", `/admin/ops-api-keys/${documentId}/secret`, operatorToken, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const key = issued.body.key as string;
    expect(key).toMatch(new RegExp(`^rpk_${keyId}_[A-Za-z0-9_-]{43}$`));
    // Shown once: a second request (a reload, another tab) gets no key.
    const again = await cms("POST", `/admin/ops-api-keys/${documentId}/secret`, operatorToken, {});
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).not.toContain("rpk_");
    const view = await cms("GET", cm(`/${documentId}`), operatorToken);
    expect(JSON.stringify(view.body)).not.toMatch(/rpk_|secretHash/);

    // Strapi's stored row: the SHA-256 of the secret, never the key or the secret.
    const Database = createRequire(path.resolve(__dirname, "../../cms/package.json"))("better-sqlite3");
    const db = new Database(path.join(process.env.CMS_DATA_DIR!, "data.db"), { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare("select * from ops_api_keys where document_id = ?").get(documentId) as Record<string, unknown>;
      const secret = key.slice(`rpk_${keyId}_`.length);
      expect(row.key_id).toBe(keyId);
      expect(row.secret_hash).toBe(createHash("sha256").update(secret).digest("hex"));
      expect(JSON.stringify(row)).not.toContain(secret);
    } finally {
      db.close();
    }

    // The app took it with the webhook's sync; so do the two routers (their database's first sync of the carrier).
    await appAnswers(key, 200);
    expect(await syncRouters()).toEqual(["created"]);
    expect(await routerStatuses(key)).toEqual([200, 200]);

    // Last use, as the panel reads it from the app over the signed channel.
    const after = await cms("GET", `/admin/ops-api-keys/${documentId}`, operatorToken);
    expect(after.body).toMatchObject({ secretIssued: true, secretIssuedAt: expect.any(String), engine: { known: true, lastUsedAt: expect.any(String), revokedAt: null } });

    // The app's answer to the panel is signed and carries no secret or hash; unsigned or mis-signed: 401.
    const lastUse = `/api/ops/api-keys?carrier=${OURS}`;
    const sign = (secret: string) => `sha256=${createHmac("sha256", secret).update(lastUse).digest("hex")}`;
    expect((await fetch(`${APP_URL}${lastUse}`)).status).toBe(401);
    expect((await fetch(`${APP_URL}${lastUse}`, { headers: { "X-Webhook-Signature": sign("not-the-secret") } })).status).toBe(401);
    const signed = await fetch(`${APP_URL}${lastUse}`, { headers: { "X-Webhook-Signature": sign(process.env.CMS_WEBHOOK_SECRET!) } });
    expect(signed.status).toBe(200);
    const listed = await signed.text();
    expect(listed).toContain(keyId);
    expect(listed).not.toMatch(/rpk_|secretHash|secret_hash/);
    const junk = `/api/ops/api-keys?carrier=${OURS}&more=1`;
    expect(
      (await fetch(`${APP_URL}${junk}`, { headers: { "X-Webhook-Signature": `sha256=${createHmac("sha256", process.env.CMS_WEBHOOK_SECRET!).update(junk).digest("hex")}` } }))
        .status,
    ).toBe(400);

    // Revoked in the CMS: a 401 on the app within 2 s, and on both routers after one sync.
    const cli = await first.engine.apiKeys.issue(OURS, { name: "till script", scopes: ["catalogue:read"] });
    const revoked = await cms("PUT", cm(`/${documentId}`), operatorToken, { revoked: true });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const revokeMs = await appAnswers(key, 401);
    console.log(`[cms-api-keys] revoked in the CMS → 401 on the app after ${revokeMs} ms`);
    expect(revokeMs).toBeLessThan(2000);
    await syncRouters();
    expect(await routerStatuses(key)).toEqual([401, 401]);
    // The CLI key of the same carrier is not the CMS's: untouched.
    expect(await routerStatuses(cli.key)).toEqual([200, 200]);
    expect((await cms("GET", `/admin/ops-api-keys/${documentId}`, operatorToken)).body).toMatchObject({ revoked: true, engine: { revokedAt: expect.any(String) } });
  });

  it("ends a deleted key within 2 s, and rotates with an overlap", async () => {
    const made = await createKey(operatorToken, { carrierCode: OURS, name: "Shop app", scopes: ["catalogue:read"], revoked: false });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const documentId = made.body.data.documentId as string;
    const key = (await cms("POST", `/admin/ops-api-keys/${documentId}/secret`, operatorToken, {})).body.key as string;
    await appAnswers(key, 200);

    const rotated = await cms("POST", `/admin/ops-api-keys/${documentId}/rotate`, operatorToken, { overlapHours: 24 });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(201);
    created.push(rotated.body.documentId);
    const newKey = rotated.body.key as string;
    expect(newKey).not.toBe(key);
    expect(Date.parse(rotated.body.previousExpiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // Both work during the overlap.
    await appAnswers(newKey, 200);
    expect(await appStatus(key)).toBe(200);
    const newEntry = await cms("GET", cm(`/${rotated.body.documentId}`), operatorToken);
    expect(newEntry.body.data).toMatchObject({ name: "Shop app", scopes: ["catalogue:read"], rotatedFrom: made.body.data.keyId });

    await syncRouters();
    expect(await routerStatuses(newKey)).toEqual([200, 200]);
    expect((await cms("DELETE", cm(`/${rotated.body.documentId}`), operatorToken)).status).toBe(200);
    expect(await appAnswers(newKey, 401)).toBeLessThan(2000);
    await syncRouters();
    expect(await routerStatuses(newKey)).toEqual([401, 401]);
  });

  it("refuses bad scopes and origins with the field named", async () => {
    const scopes = await createKey(operatorToken, { carrierCode: OURS, name: "Bad", scopes: ["admin"], revoked: false });
    expect(scopes.status).toBe(400);
    expect(scopes.body.error.message).toContain("Scopes");
    const origin = await createKey(operatorToken, {
      carrierCode: OURS,
      name: "Bad",
      scopes: ["stores:read"],
      allowedOrigins: [{ origin: "https://a.example/path" }],
      revoked: false,
    });
    expect(origin.status).toBe(400);
  });

  it("fences keys to the operator's carriers: another carrier's keys are neither listed, shown, rotated nor created", async () => {
    const theirs = await createKey(adminToken, { carrierCode: THEIRS, name: "Their tool", scopes: ["stores:read"], revoked: false });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const documentId = theirs.body.data.documentId as string;

    const list = await cms("GET", cm("?page=1&pageSize=100"), operatorToken);
    expect(list.status).toBe(200);
    expect(new Set(list.body.results.map((r: { carrierCode: string }) => r.carrierCode))).toEqual(new Set([OURS]));
    expect([403, 404]).toContain((await cms("GET", cm(`/${documentId}`), operatorToken)).status);
    expect((await cms("GET", `/admin/ops-api-keys/${documentId}`, operatorToken)).status).toBe(404);
    expect((await cms("POST", `/admin/ops-api-keys/${documentId}/secret`, operatorToken, {})).status).toBe(404);
    expect((await cms("POST", `/admin/ops-api-keys/${documentId}/rotate`, operatorToken, {})).status).toBe(404);
    expect((await cms("PUT", cm(`/${documentId}`), operatorToken, { revoked: true })).status).toBe(403);
    const planted = await createKey(operatorToken, { carrierCode: THEIRS, name: "Planted", scopes: ["stores:read"], revoked: false });
    expect(planted.status).toBe(403);
    // Not logged in: nothing.
    expect((await cms("GET", `/admin/ops-api-keys/${documentId}`)).status).toBe(401);
    // Their key's secret is still unissued: the operator's tries did not issue it.
    expect((await cms("GET", `/admin/ops-api-keys/${documentId}`, adminToken)).body).toMatchObject({ secretIssued: false });
  });
});
