import { describe, expect, it } from "vitest";
import { showsPolicyPhrase, WITHDRAWAL_NOTICE_COUNTRIES } from "./consumer-law.js";

describe("the withdrawal sentence follows the carrier's country unless operations choose", () => {
  it("shows it by default in Germany and the EU/EEA, not in the UK, Australia, the US or Canada", () => {
    expect(showsPolicyPhrase("country", "DE")).toBe(true);
    expect(showsPolicyPhrase(undefined, "de")).toBe(true);
    expect(showsPolicyPhrase(null, "AT")).toBe(true);
    for (const country of ["GB", "AU", "US", "CA"]) expect(showsPolicyPhrase("country", country), country).toBe(false);
    expect(WITHDRAWAL_NOTICE_COUNTRIES).toHaveLength(30);
  });

  it("is turned off for a German carrier, or on for any other, by the carrier's setting", () => {
    expect(showsPolicyPhrase("off", "DE")).toBe(false);
    expect(showsPolicyPhrase("on", "GB")).toBe(true);
  });
});
