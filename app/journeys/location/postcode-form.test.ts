import { describe, expect, it } from "vitest";
import { isBusinessAccount, parsePostcodeForm, refusedPostcodeOutcome } from "./postcode-form";

describe("the postcode form", () => {
  it("removes spaces before the check", () => {
    expect(parsePostcodeForm(" e1  6an ")).toEqual({ ok: true, postcode: "e16an" });
  });

  it("says 'Please enter a postcode' when empty or only whitespace", () => {
    for (const value of [undefined, "", "   \t"]) expect(parsePostcodeForm(value)).toEqual({ ok: false, errorKey: "landing.postcodeMissing" });
  });

  it("says 'Please enter a valid postcode.' for something far too long to be one", () => {
    expect(parsePostcodeForm("SW1A 1AA SW1A 1AA")).toEqual({ ok: false, errorKey: "landing.postcodeInvalid" });
  });

  it("sends a refused postcode to the external options only for carriers with an additional landing page", () => {
    expect(refusedPostcodeOutcome({ additionalLandingPage: true })).toBe("repair-type");
    expect(refusedPostcodeOutcome({ additionalLandingPage: false })).toBe("inline");
  });
});

describe("business accounts", () => {
  const url = (query = "") => new URL(`http://x.localhost/booking/postcode-search${query}`);

  it("come from ?type=business or the landing page's cookie, for carriers with business accounts", () => {
    expect(isBusinessAccount({ businessAccounts: true }, url("?type=business"), false)).toBe(true);
    expect(isBusinessAccount({ businessAccounts: true }, url(), true)).toBe(true);
    expect(isBusinessAccount({ businessAccounts: true }, url("?type=personal"), false)).toBe(false);
  });

  it("are ignored for carriers without them", () => {
    expect(isBusinessAccount({ businessAccounts: false }, url("?type=business"), true)).toBe(false);
  });
});
