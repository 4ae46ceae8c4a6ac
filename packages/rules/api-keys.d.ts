/** Partner API keys (ADR 171, ADR 182); see api-keys.js. Server-only (node:crypto). */
export declare const API_KEY_SCOPES: readonly ["catalogue:read", "bookings:write", "orders:manage", "stores:read"];
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export declare const API_KEY_PATTERN: RegExp;
export declare const API_KEY_ID_PATTERN: RegExp;
export declare const API_KEY_ORIGIN_PATTERN: RegExp;

export declare function hashApiKeySecret(secret: string): string;
export declare function newApiKeyId(): string;
export declare function newApiKeySecret(id: string): { key: string; secretHash: string };
export declare function parseApiKey(presented: unknown): { id: string; secret: string } | null;
