import { describe, expect, it } from "vitest";
import { csrfTokenMatches, newCsrfToken } from "./csrf.server";

describe("CSRF tokens", () => {
  it("are long, random and url-safe", () => {
    const token = newCsrfToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCsrfToken()).not.toBe(token);
  });

  it("match only the session's own token", () => {
    const token = newCsrfToken();
    expect(csrfTokenMatches(token, token)).toBe(true);
    expect(csrfTokenMatches(token, newCsrfToken())).toBe(false);
    expect(csrfTokenMatches(token, token.slice(1))).toBe(false);
    expect(csrfTokenMatches(token, null)).toBe(false);
    expect(csrfTokenMatches(undefined, "")).toBe(false);
    expect(csrfTokenMatches(token, new File([token], "token.txt"))).toBe(false);
  });
});
