import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The preview token of ADR 086: `<base64url payload>.<base64url HMAC-SHA256>` with a secret the CMS
 * and the web app share (PREVIEW_SECRET). It names one carrier and expires after a few minutes, so
 * a leaked preview link neither opens other carriers' drafts nor lasts. The CMS creates it, the app
 * verifies it. Server-only (node:crypto).
 */

export const PREVIEW_TOKEN_TTL_SECONDS = 10 * 60;
/** The development default; the app and the CMS refuse it in production. */
export const DEV_PREVIEW_SECRET = "dev-preview-secret-change-me";

const CODE = /^[a-z0-9][a-z0-9-]*$/;
const sign = (payload, secret) => createHmac("sha256", secret).update(payload).digest("base64url");

export function createPreviewToken(carrierCode, secret, now = Date.now(), ttlSeconds = PREVIEW_TOKEN_TTL_SECONDS) {
  if (!CODE.test(carrierCode)) throw new Error(`not a carrier code: ${carrierCode}`);
  const payload = Buffer.from(JSON.stringify({ c: carrierCode, e: Math.floor(now / 1000) + ttlSeconds })).toString("base64url");
  return `${payload}.${sign(payload, secret)}`;
}

export function verifyPreviewToken(token, secret, now = Date.now()) {
  if (typeof token !== "string" || token.length > 512) return { ok: false, reason: "malformed" };
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length) return { ok: false, reason: "malformed" };
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "signature" };
  let claims;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (typeof claims.c !== "string" || !CODE.test(claims.c) || typeof claims.e !== "number") return { ok: false, reason: "malformed" };
  if (claims.e * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, claims: { carrierCode: claims.c, expiresAt: claims.e * 1000 } };
}
