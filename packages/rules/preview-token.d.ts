/** The preview token of ADR 086; see preview-token.js. Server-only (node:crypto). */
export declare const PREVIEW_TOKEN_TTL_SECONDS: number;
/** The development default; the app and the CMS refuse it in production. */
export declare const DEV_PREVIEW_SECRET: "dev-preview-secret-change-me";

export type PreviewClaims = { carrierCode: string; expiresAt: number };
export type PreviewCheck = { ok: true; claims: PreviewClaims } | { ok: false; reason: "malformed" | "signature" | "expired" };

export declare function createPreviewToken(carrierCode: string, secret: string, now?: number, ttlSeconds?: number): string;
export declare function verifyPreviewToken(token: unknown, secret: string, now?: number): PreviewCheck;
