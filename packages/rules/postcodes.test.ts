import { describe, expect, it } from "vitest";
import { POSTCODE_PATTERNS, UK_OUTWARD, validPostcode, validPrefix } from "./postcodes.js";

describe("postcodes of the five countries", () => {
  it.each([
    ["GB", "SW1A 1AA"],
    ["GB", "E1 6AN"],
    ["GB", "W1D1LA"],
    ["GB", "gir 0aa"],
    ["DE", "10115"],
    ["AU", "2000"],
    ["US", "10001"],
    ["US", "10001-1234"],
    ["CA", "M5V 3L9"],
  ])("accepts %s %s", (country, postcode) => {
    expect(validPostcode(country, postcode)).toBe(true);
  });

  it.each([
    ["GB", "Q1 1AA"],
    ["GB", "SW1A"],
    ["DE", "00123"],
    ["AU", "200"],
    ["US", "1000"],
    ["CA", "W5V 3L9"],
    ["FR", "75001"],
    ["toString", "x"],
  ])("refuses %s %s", (country, postcode) => {
    expect(validPostcode(country, postcode)).toBe(false);
  });

  it("keeps the 5-digit ZIP as the US pattern's first group", () => {
    expect(POSTCODE_PATTERNS.US.exec("10001-1234")?.[1]).toBe("10001");
  });

  it("reads a UK outward code (district)", () => {
    expect(["SW1A", "E1", "E14", "W1D", "IV27"].every((code) => UK_OUTWARD.test(code))).toBe(true);
    expect(["SW", "Q1", "SW1A1", "sw1a"].some((code) => UK_OUTWARD.test(code))).toBe(false);
  });
});

describe("postcode prefixes of a service area", () => {
  it.each([
    ["GB", "SW"],
    ["GB", "SW1A"],
    ["GB", "E1"],
    ["GB", "E1W"],
    ["GB", "IV27"],
    ["DE", "101"],
    ["DE", "10115"],
    ["AU", "20"],
    ["US", "100"],
    ["CA", "M5V"],
    ["CA", "M5"],
    ["CA", "M"],
  ])("accepts %s %s", (country, prefix) => {
    expect(validPrefix(country, prefix)).toBe(true);
  });

  it.each([
    ["GB", "SW1A1AA"],
    ["GB", "SW1A1"],
    ["GB", "sw1a"],
    ["GB", "Q1"],
    ["GB", "123"],
    ["DE", "00123"],
    ["DE", "001"],
    ["DE", "AB"],
    ["AU", "20000"],
    ["US", "123456"],
    ["CA", "W5V"],
    ["CA", "W5"],
    ["CA", "M5V1"],
    ["FR", "75"],
  ])("refuses %s %s", (country, prefix) => {
    expect(validPrefix(country, prefix)).toBe(false);
  });
});
