/** The partner API (issue 23): API keys (ADR 171), the answers kept for `Idempotency-Key` (ADR 173), the rate-limit windows (ADR 175). */
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * A carrier's API key: only the SHA-256 of its secret is kept (the secret is shown once, at issue).
 * `expires_at` also ends a rotated key's overlap; `revoked_at` ends it at once.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    /** The public key id, part of the key itself (`rpk_<id>_<secret>`). */
    id: text("id").primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    name: text("name").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    allowedOrigins: jsonb("allowed_origins").$type<string[]>().notNull().default([]),
    /** Hex SHA-256 of the secret part. */
    secretHash: text("secret_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    /** The key this one replaced (rotation). */
    rotatedFrom: text("rotated_from"),
    /** `cli`: issued by `npm run api-key`; `cms`: an operations entry in the CMS, kept by the sync (ADR 182). */
    source: text("source").$type<"cli" | "cms">().notNull().default("cli"),
  },
  (t) => [index("api_keys_carrier_idx").on(t.carrierCode)],
);

export type IdempotencyState = "pending" | "done";

/**
 * One `Idempotency-Key` of one API key: the request's hash and, once answered, the answer. The row
 * is inserted (pending) before the call runs, so a concurrent duplicate finds it and never runs.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    keyId: text("key_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** SHA-256 of method, path and body: the same key with another request is a 422. */
    requestHash: text("request_hash").notNull(),
    state: text("state").$type<IdempotencyState>().notNull(),
    responseStatus: integer("response_status"),
    /** The answer's JSON as it was sent (text, not jsonb: a replay must be byte for byte the same). */
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_idempotency_key_idx").on(t.keyId, t.idempotencyKey), index("api_idempotency_created_idx").on(t.createdAt)],
);

/** The two classes of calls a key's rate limit counts apart (ADR 175). */
export type ApiRateClass = "read" | "write";

/**
 * One key's calls of one class in one fixed window (ADR 175): one UPSERT per call adds one, so every
 * app instance counts into the same row. Rows of past windows are purged as new windows start.
 */
export const apiRateWindows = pgTable(
  "api_rate_windows",
  {
    keyId: text("key_id").notNull(),
    rateClass: text("rate_class").$type<ApiRateClass>().notNull(),
    windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.rateClass, t.windowStart] }), index("api_rate_windows_start_idx").on(t.windowStart)],
);
