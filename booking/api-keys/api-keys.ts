/**
 * Partner API keys (issue 23, ADR 171). A key is `rpk_<id>_<secret>`: the id (16 hex digits) finds
 * the row, the secret (32 random bytes, base64url) proves it. Only the secret's SHA-256 is stored:
 * a secret of 256 random bits cannot be guessed or brute-forced from its hash, so a slow password
 * hash would only cost every API call time. Compared in constant time; expired and revoked keys are
 * refused; a rotated key keeps working until its overlap ends. Keyed by carrier code (no carrier
 * rule is involved), so operations' tools can manage keys without the CMS's carrier entry.
 */
import { timingSafeEqual } from "node:crypto";
import { API_KEY_ID_PATTERN, API_KEY_ORIGIN_PATTERN, API_KEY_SCOPES, hashApiKeySecret, newApiKeyId, newApiKeySecret, parseApiKey, type ApiKeyScope } from "@repair/rules/api-keys";
import { and, desc, eq, isNull, lt, notInArray, or } from "drizzle-orm";
import { z } from "zod";
import type { EngineContext } from "../context";
import type { BookingTransaction } from "../db/open";
import * as s from "../db/schema";
import { NotFoundError, ValidationError } from "../domain/errors";
import { parseInput } from "../domain/validate";

export { API_KEY_SCOPES, type ApiKeyScope };

/** Last use is written at most this often per key, so a busy key does not write on every call. */
export const LAST_USED_THROTTLE_MS = 60_000;

const carrierCode = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "carrier code: lower-case letters, digits and hyphens");
const origin = z.string().trim().regex(API_KEY_ORIGIN_PATTERN, "an origin is scheme and host (and port), e.g. https://app.example.com");
const issueInput = z.object({
  name: z.string().trim().min(1).max(120),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1),
  allowedOrigins: z.array(origin).max(20).default([]),
  expiresAt: z.coerce.date().nullish(),
});
const keyId = z.string().regex(API_KEY_ID_PATTERN, "an API key id is 16 hex digits");
const rotateInput = z.object({ overlapUntil: z.coerce.date() });

export interface ApiKeyView {
  id: string;
  carrierCode: string;
  name: string;
  scopes: string[];
  allowedOrigins: string[];
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  rotatedFrom: string | null;
  /** Where the key was issued: `cli` (`npm run api-key`) or `cms` (operations' CMS entry, synced; ADR 182). */
  source: ApiKeySource;
}

export type ApiKeySource = "cli" | "cms";

export interface IssuedApiKey extends ApiKeyView {
  /** The whole key: shown once, never stored. */
  key: string;
}

export interface VerifiedApiKey {
  keyId: string;
  /** The key's name as the carrier gave it: the order's history names the partner by it (ADR 247). */
  keyName?: string;
  carrierCode: string;
  scopes: string[];
  allowedOrigins: string[];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function view(row: typeof s.apiKeys.$inferSelect): ApiKeyView {
  return {
    id: row.id,
    carrierCode: row.carrierCode,
    name: row.name,
    scopes: row.scopes,
    allowedOrigins: row.allowedOrigins,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
    rotatedFrom: row.rotatedFrom,
    source: row.source,
  };
}

export async function issueApiKey(ctx: EngineContext, carrier: unknown, input: z.input<typeof issueInput>, rotatedFrom: string | null = null): Promise<IssuedApiKey> {
  const code = parseInput(carrierCode, carrier, "carrier");
  const data = parseInput(issueInput, input);
  const id = newApiKeyId();
  const { key, secretHash } = newApiKeySecret(id);
  const [row] = await ctx.db
    .insert(s.apiKeys)
    .values({
      id,
      carrierCode: code,
      name: data.name,
      scopes: [...new Set(data.scopes)],
      allowedOrigins: [...new Set(data.allowedOrigins.map((entry) => entry.toLowerCase()))],
      secretHash,
      createdAt: ctx.clock.now(),
      expiresAt: data.expiresAt ?? null,
      rotatedFrom,
    })
    .returning();
  return { ...view(row!), key };
}

type KeyRow = typeof s.apiKeys.$inferSelect;

/**
 * Who a presented key belongs to, or null (unknown, wrong secret, expired, revoked). Records the
 * use, at most once a minute per key. The key's row is read from the database at most once per
 * `config.apiKeyCacheMs` (1 s) per instance (ADR 185): a revoke through this instance holds at once
 * (it forgets the row), through another instance within that time. The secret, expiry and revocation
 * are checked on every call against the row.
 */
export function createApiKeyVerifier(ctx: EngineContext) {
  const rows = new Map<string, { row: KeyRow; readAt: number; clockAt: number }>();
  // Fresh by the wall clock and by the engine's (a test clock moved an hour ahead reads the key again).
  const fresh = (age: number) => age >= 0 && age < ctx.config.apiKeyCacheMs;
  const read = async (id: string): Promise<KeyRow | undefined> => {
    const cached = rows.get(id);
    if (cached && fresh(Date.now() - cached.readAt) && fresh(ctx.clock.now().getTime() - cached.clockAt)) return cached.row;
    const [row] = await ctx.db.select().from(s.apiKeys).where(eq(s.apiKeys.id, id));
    if (row) rows.set(id, { row, readAt: Date.now(), clockAt: ctx.clock.now().getTime() });
    else rows.delete(id);
    return row;
  };
  return {
    async verify(presented: unknown): Promise<VerifiedApiKey | null> {
      const parsed = parseApiKey(presented);
      if (!parsed) return null;
      const { id, secret } = parsed;
      const row = await read(id);
      const expected = Buffer.from(row?.secretHash ?? "0".repeat(64), "hex");
      const matches = timingSafeEqual(expected, Buffer.from(hashApiKeySecret(secret), "hex"));
      if (!row || !matches) return null;
      const now = ctx.clock.now();
      // A revoke is never in the future: its time is a record of when (the CMS sync's is the server's time).
      if (row.revokedAt) return null;
      if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return null;
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_THROTTLE_MS) {
        // The cached row carries the use too, so the next calls within the minute do not write again.
        row.lastUsedAt = now;
        await ctx.db
          .update(s.apiKeys)
          .set({ lastUsedAt: now })
          .where(and(eq(s.apiKeys.id, id), or(isNull(s.apiKeys.lastUsedAt), lt(s.apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_THROTTLE_MS)))));
      }
      return { keyId: row.id, keyName: row.name, carrierCode: row.carrierCode, scopes: row.scopes, allowedOrigins: row.allowedOrigins };
    },
    /** This instance changed the key (revoked, rotated): the next call reads it afresh. */
    forget(id: string) {
      rows.delete(id);
    },
    /** The carrier data changed (a sync, here or announced by another instance): every key is read afresh. */
    forgetAll() {
      rows.clear();
    },
  };
}

async function ownKey(ctx: EngineContext, carrier: unknown, id: unknown) {
  const code = parseInput(carrierCode, carrier, "carrier");
  const [row] = await ctx.db
    .select()
    .from(s.apiKeys)
    .where(and(eq(s.apiKeys.id, parseInput(keyId, id, "id")), eq(s.apiKeys.carrierCode, code)));
  if (!row) throw new NotFoundError("The API key");
  // The CMS is the source of its keys: a revoke or rotation here would be undone by the next sync.
  if (row.source === "cms") throw new ValidationError({ id: ["This key was issued in the CMS: revoke or rotate it on its entry there (Operations → API keys)."] });
  return row;
}

/** Ends a key at once (idempotent: a revoked key stays revoked at its first time). */
export async function revokeApiKey(ctx: EngineContext, carrier: unknown, id: unknown): Promise<ApiKeyView> {
  const row = await ownKey(ctx, carrier, id);
  if (row.revokedAt) return view(row);
  const [updated] = await ctx.db.update(s.apiKeys).set({ revokedAt: ctx.clock.now() }).where(eq(s.apiKeys.id, row.id)).returning();
  return view(updated!);
}

/**
 * A new key with the old one's name, scopes, origins and expiry; the old key keeps working until
 * `overlapUntil` (or its own earlier expiry), so a partner can deploy the new secret without a gap.
 */
export async function rotateApiKey(ctx: EngineContext, carrier: unknown, id: unknown, input: z.input<typeof rotateInput>): Promise<{ issued: IssuedApiKey; previous: ApiKeyView }> {
  const row = await ownKey(ctx, carrier, id);
  const { overlapUntil } = parseInput(rotateInput, input);
  if (row.revokedAt) throw new NotFoundError("The API key");
  const issued = await issueApiKey(
    ctx,
    row.carrierCode,
    { name: row.name, scopes: row.scopes as ApiKeyScope[], allowedOrigins: row.allowedOrigins, expiresAt: row.expiresAt },
    row.id,
  );
  const ends = row.expiresAt && row.expiresAt.getTime() < overlapUntil.getTime() ? row.expiresAt : overlapUntil;
  const [previous] = await ctx.db.update(s.apiKeys).set({ expiresAt: ends }).where(eq(s.apiKeys.id, row.id)).returning();
  return { issued, previous: view(previous!) };
}

/** The carrier's keys, newest first, with their last use (never a secret). */
export async function listApiKeys(ctx: EngineContext, carrier: unknown): Promise<ApiKeyView[]> {
  const code = parseInput(carrierCode, carrier, "carrier");
  const rows = await ctx.db.select().from(s.apiKeys).where(eq(s.apiKeys.carrierCode, code)).orderBy(desc(s.apiKeys.createdAt), desc(s.apiKeys.id));
  return rows.map(view);
}

// ---------------------------------------------------------------- keys issued in the CMS (ADR 182)

const isoTime = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

/**
 * A key as the CMS feed serves it with its carrier (ADR 182): the operations entry's fields and the
 * SHA-256 of its secret, never the secret. An entry whose secret is not issued yet is not served.
 */
export const cmsApiKeySchema = z.strictObject({
  id: keyId,
  name: z.string().trim().min(1).max(120),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1),
  allowedOrigins: z.array(origin).max(20),
  secretHash: z.string().regex(/^[0-9a-f]{64}$/, "a hex SHA-256"),
  createdAt: isoTime,
  expiresAt: isoTime.nullable(),
  revoked: z.boolean(),
  rotatedFrom: keyId.nullable(),
});
export type CmsApiKey = z.output<typeof cmsApiKeySchema>;

/**
 * Makes the carrier's CMS keys what the CMS says, inside the sync's transaction (newer wins is the
 * caller's): each key upserted by id; a CMS key the CMS no longer has is revoked (a deleted entry
 * must not keep working). Keys issued with `npm run api-key` (`source = cli`) are never touched, and
 * a CMS key's id that is a CLI key's (it cannot happen by chance: 64 random bits) is skipped.
 * Last use stays the engine's. Returns how many rows changed.
 */
export async function applyCmsApiKeys(tx: BookingTransaction, carrier: string, keys: readonly CmsApiKey[], now: Date): Promise<number> {
  const existing = new Map((await tx.select().from(s.apiKeys).where(eq(s.apiKeys.carrierCode, carrier))).map((row) => [row.id, row]));
  let changed = 0;
  for (const key of keys) {
    const row = existing.get(key.id);
    if (row && row.source !== "cms") continue;
    const values = {
      name: key.name,
      scopes: [...new Set(key.scopes)],
      allowedOrigins: [...new Set(key.allowedOrigins.map((entry) => entry.toLowerCase()))],
      secretHash: key.secretHash,
      createdAt: key.createdAt,
      expiresAt: key.expiresAt,
      revokedAt: key.revoked ? (row?.revokedAt ?? now) : null,
      rotatedFrom: key.rotatedFrom,
    };
    if (row && JSON.stringify(view({ ...row, ...values })) === JSON.stringify(view(row))) continue;
    // Another carrier's key under this id (cannot happen by chance) is left alone: `where` on the update.
    await tx
      .insert(s.apiKeys)
      .values({ id: key.id, carrierCode: carrier, source: "cms", ...values })
      .onConflictDoUpdate({ target: s.apiKeys.id, set: values, setWhere: and(eq(s.apiKeys.source, "cms"), eq(s.apiKeys.carrierCode, carrier)) });
    changed += 1;
  }
  const kept = keys.map((key) => key.id);
  const gone = await tx
    .update(s.apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(s.apiKeys.carrierCode, carrier), eq(s.apiKeys.source, "cms"), isNull(s.apiKeys.revokedAt), kept.length ? notInArray(s.apiKeys.id, kept) : undefined))
    .returning({ id: s.apiKeys.id });
  return changed + gone.length;
}
