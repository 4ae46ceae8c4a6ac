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
  "store",
  "waiting-offer",
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
 * `handle.i18n` of the booking flow, by journey (ADR 089): the frame (`routes/booking`) loads
 * `booking` (progress bar, basket, the booking's modals and errors) and each step adds its own
 * journey's texts, so a step never downloads the texts of the others. Device steps also load
 * `manage`, which holds the engine's device-identifier messages. `booking-namespaces.test.ts`
 * checks that every text a step's code names is in a namespace it loads; toasts name theirs
 * themselves (root.tsx loads a toast's namespace).
 */
export const BOOKING_FRAME_NAMESPACES: SectionNamespace[] = ["booking"];
export const LOCATION_NAMESPACES: SectionNamespace[] = ["booking-location"];
export const DEVICE_NAMESPACES: SectionNamespace[] = ["booking-device", "manage"];
export const CHECKOUT_NAMESPACES: SectionNamespace[] = ["booking-checkout"];
/** The waiting-list offer page: its texts stay out of every checkout step's download (ADR 098). */
export const WAITING_OFFER_NAMESPACES: SectionNamespace[] = ["booking-checkout", "waiting-offer"];
export const PAYMENT_NAMESPACES: SectionNamespace[] = ["booking-checkout", "payment"];
/** Continuing a booking by its code: the location step's code form and the checkout's summary. */
export const CONTINUE_NAMESPACES: SectionNamespace[] = ["booking-location", "booking-checkout"];
