import { describe, expect, it } from "vitest";
import { canonicalToken, hashToken, isBookingReference, newBookingReference, newResumeToken } from "./references";

describe("references and tokens", () => {
  it("makes unguessable booking references in Crockford base32", () => {
    const refs = new Set(Array.from({ length: 1000 }, newBookingReference));
    expect(refs.size).toBe(1000);
    for (const ref of refs) expect(isBookingReference(ref)).toBe(true);
  });

  it("reads a token as typed, lower case, without the hyphen, with look-alike letters, or from a scanned link", () => {
    const token = newResumeToken();
    expect(canonicalToken(token.toLowerCase())).toBe(token);
    expect(canonicalToken(token.replace("-", " "))).toBe(token);
    expect(canonicalToken(`https://x.example/continue?code=${token}`)).toBe(token);
    expect(canonicalToken("ABCDE-FGH1O")).toBe("ABCDE-FGH10");
    expect(canonicalToken("ABCDE-FGHIL")).toBe("ABCDE-FGH11");
    expect(canonicalToken("short")).toBeNull();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
