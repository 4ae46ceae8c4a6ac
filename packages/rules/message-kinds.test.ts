import { describe, expect, it } from "vitest";
import { CUSTOMER_MESSAGE_KINDS, PLACEHOLDER_NAMES, PLACEHOLDERS_OF, URL_PLACEHOLDERS } from "./message-kinds.js";

describe("message kinds", () => {
  it("gives every kind its placeholders, and no other key", () => {
    expect(Object.keys(PLACEHOLDERS_OF)).toEqual([...CUSTOMER_MESSAGE_KINDS]);
  });

  it("uses only known placeholder names", () => {
    const known: readonly string[] = PLACEHOLDER_NAMES;
    for (const names of Object.values(PLACEHOLDERS_OF)) expect(names.filter((name) => !known.includes(name))).toEqual([]);
    expect(URL_PLACEHOLDERS.filter((name) => !known.includes(name))).toEqual([]);
  });
});
