import { describe, expect, it } from "vitest";
import { LOOKUP_UNSUPPORTED_CHARACTERS_KEY, parseLookupLink } from "./lookup-link.server";

describe("parseLookupLink", () => {
  it("reads a link's order reference and e-mail as the lookup form does", () => {
    expect(parseLookupLink(new URLSearchParams({ order_ref: " 100042 ", email: "ada@example.com" }))).toEqual({
      ok: true,
      lookup: { order_ref: "100042", email: "ada@example.com" },
    });
  });

  it("makes a control character in the order reference its field's error, keeping the e-mail and the reference without it (ADR 231)", () => {
    expect(parseLookupLink(new URLSearchParams({ order_ref: "1000\u000042", email: "ada@example.com" }))).toEqual({
      ok: false,
      refused: true,
      errors: { order_ref: LOOKUP_UNSUPPORTED_CHARACTERS_KEY },
      values: { order_ref: "100042", email: "ada@example.com" },
    });
  });

  it("keeps the missing-field message beside a refused one", () => {
    expect(parseLookupLink(new URLSearchParams({ order_ref: "", email: "ada@\u0007example.com" }))).toEqual({
      ok: false,
      refused: true,
      errors: { order_ref: "manage-lookup.errors.orderRefMissing", email: LOOKUP_UNSUPPORTED_CHARACTERS_KEY },
      values: { order_ref: "", email: "ada@example.com" },
    });
  });

  it("answers a link without a value as not refused", () => {
    expect(parseLookupLink(new URLSearchParams({ email: "ada@example.com" }))).toMatchObject({
      ok: false,
      refused: false,
      errors: { order_ref: "manage-lookup.errors.orderRefMissing" },
    });
  });
});
