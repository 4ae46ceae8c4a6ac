import { describe, expect, it } from "vitest";
import { createPreviewToken, verifyPreviewToken } from "./preview-token.js";

const SECRET = "test-preview-secret-0123456789";
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

describe("preview token", () => {
  it("names its carrier and lasts ten minutes", () => {
    const token = createPreviewToken("fixly", SECRET, NOW);
    expect(verifyPreviewToken(token, SECRET, NOW)).toEqual({ ok: true, claims: { carrierCode: "fixly", expiresAt: NOW + 600_000 } });
    expect(verifyPreviewToken(token, SECRET, NOW + 600_000)).toEqual({ ok: false, reason: "expired" });
  });

  it("is refused when signed with another secret or altered", () => {
    const token = createPreviewToken("fixly", SECRET, NOW);
    expect(verifyPreviewToken(token, "another-secret-0123456789", NOW)).toEqual({ ok: false, reason: "signature" });
    const [, signature] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify({ c: "gadgethub", e: NOW / 1000 + 600 })).toString("base64url")}.${signature}`;
    expect(verifyPreviewToken(forged, SECRET, NOW)).toEqual({ ok: false, reason: "signature" });
  });

  it("is refused when missing or malformed", () => {
    for (const token of [undefined, "", "abc", "a.b.c", "x".repeat(600)]) expect(verifyPreviewToken(token, SECRET, NOW).ok).toBe(false);
  });
});
