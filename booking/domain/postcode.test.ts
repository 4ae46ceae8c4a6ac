import { describe, expect, it } from "vitest";
import { normalisePostcode, postcodeMatchesPrefix } from "./postcode";

function ok(country: string, raw: string) {
  const result = normalisePostcode(country, raw);
  if (!result.ok) throw new Error(`expected ${raw} to be a valid ${country} postcode`);
  return result;
}

describe("normalisePostcode — UK", () => {
  it.each([
    ["SW1A 1AA", "SW1A1AA", "SW1A", "SW1A 1AA"],
    ["sw1a1aa", "SW1A1AA", "SW1A", "SW1A 1AA"],
    ["  e1 6an ", "E16AN", "E1", "E1 6AN"],
    ["E14 5AB", "E145AB", "E14", "E14 5AB"],
    ["M1 1AE", "M11AE", "M1", "M1 1AE"],
    ["B33 8TH", "B338TH", "B33", "B33 8TH"],
    ["CR2 6XH", "CR26XH", "CR2", "CR2 6XH"],
    ["DN55 1PT", "DN551PT", "DN55", "DN55 1PT"],
    ["W1A 0AX", "W1A0AX", "W1A", "W1A 0AX"],
    ["EC1A 1BB", "EC1A1BB", "EC1A", "EC1A 1BB"],
    ["GIR 0AA", "GIR0AA", "GIR", "GIR 0AA"],
  ])("accepts %s with spaces removed and upper-cased", (raw, postcode, outward, display) => {
    expect(ok("GB", raw)).toEqual({ ok: true, country: "GB", postcode, outward, display });
  });

  it("treats UK as an alias of GB", () => {
    expect(ok("UK", "SW1A 1AA").country).toBe("GB");
  });

  it.each(["", "   ", "SW1A", "SW1A 1A", "12345", "QW1 1AA", "SW1A 1AAA", "SW1A 1CI", "AA 1AA", "E1-6AN"])("rejects %j", (raw) => {
    expect(normalisePostcode("GB", raw)).toEqual({ ok: false });
  });
});

describe("normalisePostcode — other countries", () => {
  it("accepts a 5-digit German PLZ and rejects others", () => {
    expect(ok("DE", " 10115 ")).toMatchObject({ postcode: "10115", outward: "10115", display: "10115" });
    expect(ok("de", "80331").country).toBe("DE");
    for (const bad of ["1011", "101155", "00123", "1O115", "D-10115"]) expect(normalisePostcode("DE", bad)).toEqual({ ok: false });
  });

  it("accepts a 4-digit Australian postcode and rejects others", () => {
    expect(ok("AU", "2000")).toMatchObject({ postcode: "2000", outward: "2000" });
    expect(ok("AU", "0800").postcode).toBe("0800");
    for (const bad of ["200", "20000", "NSW2000"]) expect(normalisePostcode("AU", bad)).toEqual({ ok: false });
  });

  it("accepts a US ZIP and reduces ZIP+4 to five digits", () => {
    expect(ok("US", "10001")).toMatchObject({ postcode: "10001", outward: "10001" });
    expect(ok("US", "10001-1234")).toMatchObject({ postcode: "10001", outward: "10001" });
    expect(ok("US", "100011234").postcode).toBe("10001");
    for (const bad of ["1000", "10001-12", "ABCDE", "10001-12345"]) expect(normalisePostcode("US", bad)).toEqual({ ok: false });
  });

  it("accepts a Canadian A1A 1A1 postcode with its FSA as outward", () => {
    expect(ok("CA", "m5v 3l9")).toEqual({ ok: true, country: "CA", postcode: "M5V3L9", outward: "M5V", display: "M5V 3L9" });
    expect(ok("CA", "K1A0B1").outward).toBe("K1A");
    for (const bad of ["M5V 3L", "W5V 3L9", "M5V 3O9", "D5V 3L9", "12345"]) expect(normalisePostcode("CA", bad)).toEqual({ ok: false });
  });

  it("rejects an unknown country and non-string input", () => {
    expect(normalisePostcode("FR", "75001")).toEqual({ ok: false });
    expect(normalisePostcode("GB", undefined)).toEqual({ ok: false });
  });
});

describe("postcodeMatchesPrefix", () => {
  it("matches a UK district exactly, never a longer district with the same start", () => {
    const e1 = ok("GB", "E1 6AN");
    const e14 = ok("GB", "E14 5AB");
    expect(postcodeMatchesPrefix(e1, "E1")).toBe(true);
    expect(postcodeMatchesPrefix(e14, "E1")).toBe(false);
    expect(postcodeMatchesPrefix(e14, "E14")).toBe(true);
    expect(postcodeMatchesPrefix(ok("GB", "SW1A 1AA"), "sw1a")).toBe(true);
    expect(postcodeMatchesPrefix(ok("GB", "SW1A 1AA"), "SW1")).toBe(false);
  });

  it("matches a UK postcode area by its letters only", () => {
    expect(postcodeMatchesPrefix(ok("GB", "SW19 1AA"), "SW")).toBe(true);
    expect(postcodeMatchesPrefix(ok("GB", "S1 2HE"), "SW")).toBe(false);
    expect(postcodeMatchesPrefix(ok("GB", "M1 1AE"), "M")).toBe(true);
    expect(postcodeMatchesPrefix(ok("GB", "ML1 1AA"), "M")).toBe(false);
  });

  it("matches a UK sector", () => {
    expect(postcodeMatchesPrefix(ok("GB", "SW1A 1AA"), "SW1A1")).toBe(true);
    expect(postcodeMatchesPrefix(ok("GB", "SW1A 2AA"), "SW1A1")).toBe(false);
    expect(postcodeMatchesPrefix(ok("GB", "E1 4AB"), "E1 4")).toBe(true);
    expect(postcodeMatchesPrefix(ok("GB", "E14 4AB"), "E1 4")).toBe(false);
  });

  it("matches other countries on a leading prefix", () => {
    expect(postcodeMatchesPrefix(ok("DE", "10115"), "101")).toBe(true);
    expect(postcodeMatchesPrefix(ok("DE", "20095"), "101")).toBe(false);
    expect(postcodeMatchesPrefix(ok("AU", "2000"), "20")).toBe(true);
    expect(postcodeMatchesPrefix(ok("US", "10001-1234"), "100")).toBe(true);
    expect(postcodeMatchesPrefix(ok("CA", "M5V 3L9"), "M5V")).toBe(true);
    expect(postcodeMatchesPrefix(ok("CA", "M5V 3L9"), "m5")).toBe(true);
    expect(postcodeMatchesPrefix(ok("CA", "K1A 0B1"), "M5V")).toBe(false);
  });

  it("accepts a bare normalised string", () => {
    expect(postcodeMatchesPrefix("E16AN", "E1")).toBe(true);
    expect(postcodeMatchesPrefix("E145AB", "E1")).toBe(false);
    expect(postcodeMatchesPrefix("M5V3L9", "M5V")).toBe(true);
    expect(postcodeMatchesPrefix("not a postcode", "E1")).toBe(false);
  });

  it("never matches an empty prefix", () => {
    expect(postcodeMatchesPrefix(ok("GB", "E1 6AN"), " ")).toBe(false);
  });
});
