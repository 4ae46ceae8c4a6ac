import { describe, expect, it } from "vitest";
import { invalidateContent } from "~/content/content.server";
import { carrierI18n, createI18n, resources } from "./i18n.server";
import { i18nInstanceFor } from "./instances";
import { COLLEAGUE_NS, COMMON_NS, bookingFrameNamespacesForData, routeNamespaces, sectionNamespaces } from "./namespaces";

function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

const allNamespaces = [COMMON_NS, COLLEAGUE_NS, ...sectionNamespaces];

describe("i18n catalogues", () => {
  it("has a file for every namespace in both languages, and no file outside a namespace", () => {
    expect(Object.keys(resources.en).sort()).toEqual([...allNamespaces].sort());
    expect(Object.keys(resources.de).sort()).toEqual([...allNamespaces].sort());
  });

  it.each(allNamespaces)("has every English key of %s in German and no German-only key", (namespace) => {
    const en = keysOf(resources.en[namespace]).sort();
    expect(en.length).toBeGreaterThan(0);
    expect(keysOf(resources.de[namespace]).sort()).toEqual(en);
  });

  it("keeps each area's texts under its own key prefix, so t() call sites need no namespace", () => {
    const t = createI18n("en").t;
    expect(t("manage-lookup.title")).not.toBe("manage-lookup.title");
    expect(t("booking-checkout.basket.title")).not.toBe("booking-checkout.basket.title");
  });

  it("holds in the colleague wording booking texts keyed like their section's, never one the section also has", () => {
    for (const key of keysOf(resources.en[COLLEAGUE_NS])) {
      const [section] = key.split(".");
      expect(key).toMatch(/^booking(-[a-z]+)?\./);
      expect(keysOf(resources.en[section!]), key).not.toContain(key);
      // An in-store variant replaces a text the customer sees in the section itself.
      if (key.endsWith("_colleague")) expect(keysOf(resources.en[section!]), key).toContain(key.replace(/_colleague$/, ""));
    }
  });

  it("finds a text's in-store variant with the colleague context and the customer's wording without it", () => {
    const t = createI18n("en").t;
    expect(t("booking-checkout.repairDate.intro", { context: "colleague" })).toBe(
      (resources.en[COLLEAGUE_NS] as { "booking-checkout": { repairDate: { intro_colleague: string } } })["booking-checkout"].repairDate.intro_colleague,
    );
    expect(t("booking-checkout.repairDate.intro")).toMatch(/^Pick the day/);
    expect(t("booking-checkout.basket.title", { context: "colleague" })).toBe(t("booking-checkout.basket.title"));
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

describe("server i18n instances", () => {
  it("builds one instance per carrier and locale, not one per request", () => {
    const first = carrierI18n("acme", "de", { "landing.heroTitle": "Hallo" });
    const second = carrierI18n("acme", "de", { "landing.heroTitle": "Hallo" });
    expect(second.instance).toBe(first.instance);
    expect(carrierI18n("acme", "en", {}).instance).not.toBe(first.instance);
    expect(carrierI18n("other", "de", {}).instance).not.toBe(first.instance);
    expect(i18nInstanceFor({ i18nKey: first.key })).toBe(first.instance);
  });

  it("builds a new instance when the carrier's overrides change", () => {
    const before = carrierI18n("acme-change", "en", { "landing.heroTitle": "Old" });
    const after = carrierI18n("acme-change", "en", { "landing.heroTitle": "New" });
    expect(after.instance).not.toBe(before.instance);
    expect(after.instance.t("landing.heroTitle")).toBe("New");
    expect(before.instance.t("landing.heroTitle")).toBe("Old");
  });

  it("rebuilds a carrier's instances after the CMS webhook invalidated its content", () => {
    const before = carrierI18n("acme-hook", "en", {});
    const untouched = carrierI18n("bystander", "en", {});
    invalidateContent({ model: "ui-text", carrierCode: "acme-hook" });
    expect(carrierI18n("acme-hook", "en", {}).instance).not.toBe(before.instance);
    expect(carrierI18n("bystander", "en", {}).instance).toBe(untouched.instance);
    expect(i18nInstanceFor({ i18nKey: before.key })).toBe(before.instance);
  });
});

describe("route namespaces", () => {
  it("always includes the shared texts and adds what the matched routes declare", () => {
    expect(routeNamespaces([{ handle: undefined }, { handle: { i18n: ["manage"] } }, { handle: { i18n: "contact" } }])).toEqual([COMMON_NS, "manage", "contact"]);
  });

  it("adds the colleague wording to the booking pages only in in-store mode", () => {
    const frame = { i18n: ["booking"], i18nForData: bookingFrameNamespacesForData };
    expect(routeNamespaces([{ handle: frame, data: { inStore: null } }])).toEqual([COMMON_NS, "booking"]);
    expect(routeNamespaces([{ handle: frame, data: undefined }])).toEqual([COMMON_NS, "booking"]);
    expect(routeNamespaces([{ handle: frame, data: { inStore: { storeCode: "S1" } } }])).toEqual([COMMON_NS, "booking", COLLEAGUE_NS]);
  });
});
