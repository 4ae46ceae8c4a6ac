/** Partner API keys (ADR 171, ADR 182); see api-keys.js. Server-only (node:crypto). */
export { API_KEY_SCOPES, API_KEY_PATTERN, API_KEY_ID_PATTERN, API_KEY_ORIGIN_PATTERN, type ApiKeyScope } from "./api-key-format";

export declare function hashApiKeySecret(secret: string): string;
export declare function newApiKeyId(): string;
export declare function newApiKeySecret(id: string): { key: string; secretHash: string };
export declare function parseApiKey(presented: unknown): { id: string; secret: string } | null;
