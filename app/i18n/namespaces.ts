import type { InitOptions } from "i18next";

/**
 * Translation namespaces. `common` is `locales/<lng>.json`; every other namespace is one
 * `locales/<lng>/<name>.json` file whose texts keep their `<name>.` key prefix (`manage.title`),
 * so `t()` call sites need no namespace. Carrier overrides from the CMS live in `overrides`.
 */
export const sectionNamespaces = [
  "booking",
  "booking-checkout",
  "booking-device",
  "booking-location",
  "contact",
  "dev-outbox",
  "manage",
  "payment",
] as const;
export type SectionNamespace = (typeof sectionNamespaces)[number];
export const supportedLanguages = ["en", "de"] as const;
export type Language = (typeof supportedLanguages)[number];

export const COMMON_NS = "common";
export const OVERRIDES_NS = "overrides";

/**
 * Lookup order shared by the server's and the browser's instances (so SSR and hydration agree):
 * the carrier's overrides first, then the shared texts, then the area namespaces a route loaded.
 * No fallback language: the parity test keeps German complete, and the browser never loads English
 * for a German page.
 */
export const lookupOptions = {
  defaultNS: OVERRIDES_NS,
  fallbackNS: [COMMON_NS, ...sectionNamespaces],
  fallbackLng: false,
  supportedLngs: [...supportedLanguages],
  load: "languageOnly",
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;

export function isSectionNamespace(value: string): value is SectionNamespace {
  return (sectionNamespaces as readonly string[]).includes(value);
}

/** A section file's texts as its namespace holds them: under the section's own key. */
export function sectionResource(namespace: SectionNamespace, texts: Record<string, unknown>): Record<string, unknown> {
  return { [namespace]: texts };
}

/** The namespaces the matched routes declare in `handle.i18n` (always with `common`). */
export function routeNamespaces(matches: readonly { handle?: unknown }[]): string[] {
  const declared = matches.flatMap((match) => {
    const i18n = (match.handle as { i18n?: unknown } | undefined)?.i18n;
    if (typeof i18n === "string") return [i18n];
    return Array.isArray(i18n) ? i18n.filter((ns): ns is string => typeof ns === "string") : [];
  });
  return [...new Set([COMMON_NS, ...declared])];
}

/**
 * `handle.i18n` for every route under /booking: the booking flow's areas, and `manage`, which holds
 * the engine's device-identifier messages the device steps show too.
 */
export const BOOKING_NAMESPACES: SectionNamespace[] = ["booking", "booking-checkout", "booking-device", "booking-location", "payment", "manage"];
