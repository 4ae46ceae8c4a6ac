/** The partner API key's format, scopes and origin rule (ADR 171, ADR 182); see api-key-format.js. Browser-safe. */
export declare const API_KEY_SCOPES: readonly ["catalogue:read", "bookings:write", "orders:manage", "stores:read"];
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export declare const API_KEY_PATTERN: RegExp;
export declare const API_KEY_ID_PATTERN: RegExp;
export declare const API_KEY_ORIGIN_PATTERN: RegExp;
