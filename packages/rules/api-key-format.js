/**
 * The partner API key's format, scopes and origin rule (ADR 171, ADR 182), without node:crypto, so
 * the CMS admin panel (a browser bundle) offers the same scopes and checks origins the same way as
 * the engine. Generating and hashing keys is api-keys.js (server-only).
 */

/** What a key may do; each /api/v4 call names the one it needs (booking/http/routes.ts). */
export const API_KEY_SCOPES = /** @type {const} */ (["catalogue:read", "bookings:write", "orders:manage", "stores:read"]);

/** `rpk_`, 16 hex digits of id, `_`, 43 base64url characters of secret. */
export const API_KEY_PATTERN = /^rpk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
/** A key's public id: safe to show and log. */
export const API_KEY_ID_PATTERN = /^[0-9a-f]{16}$/;
/** An allowed browser origin: scheme and host (and port), nothing after. */
export const API_KEY_ORIGIN_PATTERN = /^https?:\/\/[^/\s?#]+$/;
