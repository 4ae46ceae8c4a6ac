import { describe, expect, it } from "vitest";
import { withSecureFlag } from "./secure-cookies";

describe("the Secure cookie rule", () => {
  const cookies = ["__session=abc; Path=/; HttpOnly; SameSite=Lax", "lng=de; Path=/; Max-Age=31536000; SameSite=Lax"];

  it("marks every cookie Secure when the request came over HTTPS", () => {
    expect(withSecureFlag(cookies, true)).toEqual(["__session=abc; Path=/; HttpOnly; SameSite=Lax; Secure", "lng=de; Path=/; Max-Age=31536000; SameSite=Lax; Secure"]);
  });

  it("leaves cookies as they are over plain HTTP", () => {
    expect(withSecureFlag(cookies, false)).toEqual(cookies);
  });

  it("does not add Secure twice to a cookie that already has it", () => {
    expect(withSecureFlag(["__manage=x; Path=/; Secure; HttpOnly", "a=b; secure"], true)).toEqual(["__manage=x; Path=/; Secure; HttpOnly", "a=b; secure"]);
  });
});
