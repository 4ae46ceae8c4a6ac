import { describe, expect, it } from "vitest";
import { API_KEY_ORIGIN_PATTERN, hashApiKeySecret, newApiKeyId, newApiKeySecret, parseApiKey } from "./api-keys.js";

describe("partner API keys (ADR 171, 182)", () => {
  it("issues rpk_<id>_<secret> whose secret hashes to the stored hash, a new secret each time", () => {
    const id = newApiKeyId();
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const first = newApiKeySecret(id);
    const second = newApiKeySecret(id);
    expect(first.key).toMatch(new RegExp(`^rpk_${id}_[A-Za-z0-9_-]{43}$`));
    expect(first.key).not.toBe(second.key);
    const parsed = parseApiKey(first.key)!;
    expect(parsed.id).toBe(id);
    expect(hashApiKeySecret(parsed.secret)).toBe(first.secretHash);
    expect(first.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.secretHash).not.toContain(parsed.secret);
  });

  it("reads only keys in the format", () => {
    for (const junk of [undefined, 42, "", "rpk_short_x", `rpk_${"g".repeat(16)}_${"a".repeat(43)}`, `Bearer rpk_${"a".repeat(16)}_${"a".repeat(43)}`])
      expect(parseApiKey(junk)).toBeNull();
    expect(() => newApiKeySecret("not-an-id")).toThrow();
  });

  it("accepts origins as scheme and host only", () => {
    expect(API_KEY_ORIGIN_PATTERN.test("https://app.example.com")).toBe(true);
    expect(API_KEY_ORIGIN_PATTERN.test("http://localhost:5173")).toBe(true);
    for (const bad of ["https://app.example.com/", "app.example.com", "https://a.example/path", "https://a.example?x=1", "ftp://a.example"])
      expect(API_KEY_ORIGIN_PATTERN.test(bad)).toBe(false);
  });
});
