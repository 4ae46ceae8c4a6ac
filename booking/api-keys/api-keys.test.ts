import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as s from "../db/schema";
import { createTestEngine, type TestEngine } from "../testing/engine";
import { LAST_USED_THROTTLE_MS } from "./api-keys";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
});
afterAll(() => t?.close());

describe("partner API keys (ADR 171)", () => {
  it("issues a key whose secret is shown once and stored only as its SHA-256", async () => {
    const issued = await t.engine.apiKeys.issue("fixfast", { name: "Tills", scopes: ["bookings:write", "catalogue:read"], allowedOrigins: ["https://Tills.example"] });
    expect(issued.key).toMatch(/^rpk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.opened.db.select().from(s.apiKeys).where(eq(s.apiKeys.id, issued.id));
    expect(JSON.stringify(row)).not.toContain(issued.key.slice(21));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.engine.apiKeys.verify(issued.key)).toEqual({
      keyId: issued.id,
      // The key's name: the order's history names the partner by it (ADR 247).
      keyName: "Tills",
      carrierCode: "fixfast",
      scopes: ["bookings:write", "catalogue:read"],
      allowedOrigins: ["https://tills.example"],
    });
  });

  it("refuses a wrong secret, a malformed key, an expired and a revoked key", async () => {
    const issued = await t.engine.apiKeys.issue("fixfast", { name: "A", scopes: ["bookings:write"] });
    const wrong = issued.key.slice(0, -1) + (issued.key.endsWith("A") ? "B" : "A");
    expect(await t.engine.apiKeys.verify(wrong)).toBeNull();
    expect(await t.engine.apiKeys.verify("rpk_nope")).toBeNull();
    expect(await t.engine.apiKeys.verify(undefined)).toBeNull();
    const expired = await t.engine.apiKeys.issue("fixfast", { name: "B", scopes: ["bookings:write"], expiresAt: new Date(t.clock.now().getTime() - 1000) });
    expect(await t.engine.apiKeys.verify(expired.key)).toBeNull();
    await t.engine.apiKeys.revoke("fixfast", issued.id);
    expect(await t.engine.apiKeys.verify(issued.key)).toBeNull();
  });

  it("rotates with an overlap: the old key works until the given time, the new one after", async () => {
    const old = await t.engine.apiKeys.issue("fixfast", { name: "App", scopes: ["orders:manage"] });
    const until = new Date(t.clock.now().getTime() + 60_000);
    const { issued, previous } = await t.engine.apiKeys.rotate("fixfast", old.id, { overlapUntil: until });
    expect(previous.expiresAt).toBe(until.toISOString());
    expect(issued).toMatchObject({ name: "App", scopes: ["orders:manage"], rotatedFrom: old.id });
    expect(await t.engine.apiKeys.verify(old.key)).not.toBeNull();
    t.clock.advance(61_000);
    expect(await t.engine.apiKeys.verify(old.key)).toBeNull();
    expect(await t.engine.apiKeys.verify(issued.key)).not.toBeNull();
  });

  it("lists a carrier's keys with their last use, written at most once a minute", async () => {
    const issued = await t.engine.apiKeys.issue("listed", { name: "L", scopes: ["stores:read"] });
    await t.engine.apiKeys.verify(issued.key);
    const first = (await t.engine.apiKeys.list("listed"))[0]!.lastUsedAt;
    expect(first).toBe(t.clock.now().toISOString());
    t.clock.advance(LAST_USED_THROTTLE_MS / 2);
    await t.engine.apiKeys.verify(issued.key);
    expect((await t.engine.apiKeys.list("listed"))[0]!.lastUsedAt).toBe(first);
    t.clock.advance(LAST_USED_THROTTLE_MS);
    await t.engine.apiKeys.verify(issued.key);
    expect((await t.engine.apiKeys.list("listed"))[0]!.lastUsedAt).toBe(t.clock.now().toISOString());
    expect(await t.engine.apiKeys.list("nobody")).toEqual([]);
  });

  it("manages only the carrier's own keys", async () => {
    const issued = await t.engine.apiKeys.issue("fixfast", { name: "Own", scopes: ["stores:read"] });
    await expect(t.engine.apiKeys.revoke("other", issued.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(t.engine.apiKeys.issue("fixfast", { name: "x", scopes: ["admin" as never] })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});
