import { describe, expect, it } from "vitest";
import { cancelPhrase, cancelPhraseMatches } from "./cancel-phrase";

describe("cancel confirmation phrase", () => {
  it("asks for CANCEL-REPAIR in English and REPARATUR-ABBRECHEN in German", () => {
    expect(cancelPhrase("en")).toBe("CANCEL-REPAIR");
    expect(cancelPhrase("de")).toBe("REPARATUR-ABBRECHEN");
  });

  it("accepts the phrase in any case and with surrounding spaces (ADR 030)", () => {
    expect(cancelPhraseMatches("CANCEL-REPAIR", "en")).toBe(true);
    expect(cancelPhraseMatches("  cancel-repair ", "en")).toBe(true);
    expect(cancelPhraseMatches("Reparatur-Abbrechen", "de")).toBe(true);
  });

  it("rejects a cancel phrase that differs from CANCEL-REPAIR", () => {
    for (const typed of ["CANCEL REPAIR", "CANCELREPAIR", "CANCEL-REPAIRS", "C ANCEL-REPAIR", "", undefined, null, 42]) {
      expect(cancelPhraseMatches(typed, "en")).toBe(false);
    }
  });

  it("rejects the other language's phrase", () => {
    expect(cancelPhraseMatches("REPARATUR-ABBRECHEN", "en")).toBe(false);
    expect(cancelPhraseMatches("CANCEL-REPAIR", "de")).toBe(false);
  });
});
