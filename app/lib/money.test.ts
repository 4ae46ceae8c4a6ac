import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("shows pounds with two decimals and the symbol first in the UK", () => {
    expect(formatMoney(5900, "GBP", { countryCode: "GB", locale: "en" })).toBe("£59.00");
    expect(formatMoney(123456, "GBP", { countryCode: "GB", locale: "en" })).toBe("£1,234.56");
  });

  it("shows euros in Germany without decimals and with the symbol after the amount", () => {
    expect(formatMoney(9900, "EUR", { countryCode: "DE", locale: "de" })).toBe("99 €");
    expect(formatMoney(9900, "EUR", { countryCode: "DE", locale: "en" })).toBe("99 €");
    expect(formatMoney(149900, "EUR", { countryCode: "DE", locale: "de" })).toBe("1.499 €");
  });

  it("shows Australian, US and Canadian dollars with two decimals", () => {
    expect(formatMoney(9900, "AUD", { countryCode: "AU", locale: "en" })).toBe("$99.00");
    expect(formatMoney(9900, "USD", { countryCode: "US", locale: "en" })).toBe("$99.00");
    expect(formatMoney(9900, "CAD", { countryCode: "CA", locale: "en" })).toBe("$99.00");
  });

  it("formats zero and refuses fractional minor units", () => {
    expect(formatMoney(0, "GBP", { countryCode: "GB", locale: "en" })).toBe("£0.00");
    expect(() => formatMoney(12.5, "GBP", { countryCode: "GB", locale: "en" })).toThrow(TypeError);
  });
});
