import { createHash, randomBytes } from "node:crypto";

/**
 * Partner API keys (ADR 171, ADR 182): the format `rpk_<id>_<secret>`, the scopes, the origin rule
 * and the hash, shared by the engine (booking/api-keys, `npm run api-key`) and the CMS (keys issued
 * by operations), so a key is generated and checked the same way wherever it is issued.
 * Server-only (node:crypto).
 */

export { API_KEY_SCOPES, API_KEY_PATTERN, API_KEY_ID_PATTERN, API_KEY_ORIGIN_PATTERN } from "./api-key-format.js";
import { API_KEY_ID_PATTERN, API_KEY_PATTERN } from "./api-key-format.js";

/** The hex SHA-256 of a key's secret part: all that is ever stored of it. */
export function hashApiKeySecret(secret) {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** A new key id (8 random bytes in hex). */
export function newApiKeyId() {
  return randomBytes(8).toString("hex");
}

/**
 * A new secret for the key `id`: the whole key (shown once) and the hash to store. A secret of 256
 * random bits cannot be brute-forced from its hash, so a fast hash is right (ADR 171).
 */
export function newApiKeySecret(id) {
  if (!API_KEY_ID_PATTERN.test(id)) throw new Error(`not an API key id: ${id}`);
  const secret = randomBytes(32).toString("base64url");
  return { key: `rpk_${id}_${secret}`, secretHash: hashApiKeySecret(secret) };
}

/** The id and secret of a presented key, or null when it is not in the key format. */
export function parseApiKey(presented) {
  if (typeof presented !== "string") return null;
  const match = API_KEY_PATTERN.exec(presented);
  return match ? { id: match[1], secret: match[2] } : null;
}
