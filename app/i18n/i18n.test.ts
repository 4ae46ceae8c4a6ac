import { describe, expect, it } from "vitest";
import de from "./locales/de.json";
import en from "./locales/en.json";
import { createI18n, resources } from "./i18n";

function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe("i18n catalogues", () => {
  it("has every English key in German and no German-only key", () => {
    expect(keysOf(resources.de.translation).sort()).toEqual(keysOf(resources.en.translation).sort());
    expect(keysOf(de).length).toBe(keysOf(en).length);
  });

  it("renders the carrier's locale and applies its per-locale overrides", () => {
    const german = createI18n("de", { "landing.heroTitle": "Wir kommen zu dir!" });
    expect(german.t("landing.heroTitle")).toBe("Wir kommen zu dir!");
    expect(german.t("maintenance.title")).toBe("Buchung wegen Wartungsarbeiten nicht verfügbar");
    expect(createI18n("en").t("maintenance.title")).toBe("Booking down for Maintenance");
  });

  it("keeps the spec's texts word for word", () => {
    const t = createI18n("en").t;
    expect(t("help.notSolved")).toBe("This didnt solve my issue");
    expect(t("landing.postcodeMissing")).toBe("Please enter a postcode");
    expect(t("landing.postcodeInvalid")).toBe("Please enter a valid postcode.");
  });
});
