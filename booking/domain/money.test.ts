import { describe, expect, it } from "vitest";
import { formatMinorUnits } from "./money";

describe("money in the engine's messages, as the web app shows it", () => {
  it("shows pounds with two decimals and the symbol first in the UK", () => {
    expect(formatMinorUnits(5900, "GBP", "GB", "en")).toBe("£59.00");
    expect(formatMinorUnits(123456, "GBP", "GB", "en")).toBe("£1,234.56");
  });

  it("shows euros in Germany without decimals and with the symbol after the amount, in both languages", () => {
    expect(formatMinorUnits(9900, "EUR", "DE", "de")).toBe("99 €");
    expect(formatMinorUnits(9900, "EUR", "DE", "en")).toBe("99 €");
    expect(formatMinorUnits(149900, "EUR", "DE", "de")).toBe("1.499 €");
  });

  it("shows dollars with two decimals in Australia, the US and Canada", () => {
    for (const [currency, country] of [
      ["AUD", "AU"],
      ["USD", "US"],
      ["CAD", "CA"],
    ] as const) {
      expect(formatMinorUnits(9900, currency, country, "en")).toBe("$99.00");
    }
  });

  it("writes a UK amount the German way for a German-speaking customer", () => {
    expect(formatMinorUnits(5900, "GBP", "GB", "de")).toBe("59,00 £");
  });

  it("formats zero and refuses fractional minor units", () => {
    expect(formatMinorUnits(0, "GBP", "GB", "en")).toBe("£0.00");
    expect(() => formatMinorUnits(12.5, "GBP", "GB", "en")).toThrow(TypeError);
  });
});
