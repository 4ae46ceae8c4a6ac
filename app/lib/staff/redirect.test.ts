import { describe, expect, it } from "vitest";
import { loginPath, sameSitePath } from "./redirect";

describe("where a staff log-in returns to", () => {
  it("keeps a path of this site with its query", () => {
    expect(sameSitePath("/store/area?day=2026-11-25")).toBe("/store/area?day=2026-11-25");
  });

  it("refuses other origins and anything that is not a plain path", () => {
    for (const input of ["https://evil.example/", "//evil.example/store", "/\\evil.example", "javascript:alert(1)", "store", "/store\n/x", "", null, 42]) {
      expect(sameSitePath(input), String(input)).toBe("/store");
    }
  });

  it("never returns to the log-in or log-out page", () => {
    expect(sameSitePath("/store/login?redirectTo=/store/area")).toBe("/store");
    expect(sameSitePath("/store/logout")).toBe("/store");
  });

  it("builds the log-in address that comes back", () => {
    expect(loginPath("/store/area")).toBe("/store/login?redirectTo=%2Fstore%2Farea");
    expect(loginPath("/store")).toBe("/store/login");
  });
});
