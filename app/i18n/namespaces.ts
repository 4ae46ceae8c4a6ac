import type { InitOptions } from "i18next";

/**
 * Translation namespaces. `common` is `locales/<lng>.json`; every other namespace is one
 * `locales/<lng>/<name>.json` file whose texts keep their `<name>.` key prefix (`manage.title`),
 * so `t()` call sites need no namespace. Carrier overrides from the CMS live in `overrides`.
 */
export const sectionNamespaces = [
  "booking",
  "booking-checkout",
  "booking-complete",
  "booking-device",
  "booking-location",
  "contact",
  "dev-outbox",
  "manage",
  "manage-lookup",
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
 * The booking pages' texts that only a store colleague sees (ADR 101): every `<key>_colleague`
 * variant and the in-store parts of the checkout and the in-store confirmation, in one file keyed
 * like the sections' own texts (`booking-checkout.repairDate.intro_colleague`), not under a key of
 * its own. The browser loads it only when the booking frame is in in-store mode (ADR 098).
 */
export const COLLEAGUE_NS = "colleague";

/**
 * Lookup order shared by the server's and the browser's instances (so SSR and hydration agree):
 * the carrier's overrides first, then the in-store wording (i18next tries a key's `context` variant
 * namespace by namespace, so the variant must come before the section holding the plain text), then
 * the shared texts, then the area namespaces a route loaded.
 * No fallback language: the parity test keeps German complete, and the browser never loads English
 * for a German page.
 */
export const lookupOptions = {
  defaultNS: OVERRIDES_NS,
  fallbackNS: [COLLEAGUE_NS, COMMON_NS, ...sectionNamespaces],
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

/**
 * What a route's `handle` may declare: `i18n`, the namespaces its pages always load, and
 * `i18nForData`, those it adds for what its loader answered (the booking frame's in-store wording).
 */
export interface I18nHandle {
  i18n?: string | string[];
  i18nForData?: (data: unknown) => string[];
}

/** The namespaces the matched routes declare in their `handle` (always with `common`). */
export function routeNamespaces(matches: readonly { handle?: unknown; data?: unknown }[]): string[] {
  const declared = matches.flatMap((match) => {
    const handle = match.handle as I18nHandle | undefined;
    const i18n = handle?.i18n;
    const always = typeof i18n === "string" ? [i18n] : Array.isArray(i18n) ? i18n.filter((ns): ns is string => typeof ns === "string") : [];
    return typeof handle?.i18nForData === "function" ? [...always, ...handle.i18nForData(match.data)] : always;
  });
  return [...new Set([COMMON_NS, ...declared])];
}

/**
 * `handle.i18n` of the booking flow, by journey (ADR 089): the frame (`routes/booking`) loads
 * `booking` (progress bar, basket, the booking's modals and errors) and each step adds its own
 * journey's texts, so a step never downloads the texts of the others. The engine's
 * device-identifier messages are `booking-device`'s (manage and the technician's steps load it too).
 * `booking-namespaces.test.ts`
 * checks that every text a step's code names is in a namespace it loads; toasts name theirs
 * themselves (root.tsx loads a toast's namespace).
 */
export const BOOKING_FRAME_NAMESPACES: SectionNamespace[] = ["booking"];
/** The frame's loader data names in-store mode (`inStore`); only then do the pages load the colleague wording. */
export function bookingFrameNamespacesForData(data: unknown): string[] {
  return data && typeof data === "object" && "inStore" in data && data.inStore ? [COLLEAGUE_NS] : [];
}
export const LOCATION_NAMESPACES: SectionNamespace[] = ["booking-location"];
export const DEVICE_NAMESPACES: SectionNamespace[] = ["booking-device"];
export const CHECKOUT_NAMESPACES: SectionNamespace[] = ["booking-checkout"];
/** The waiting-list offer page: its texts stay out of every checkout step's download (ADR 098). */
export const WAITING_OFFER_NAMESPACES: SectionNamespace[] = ["booking-checkout", "waiting-offer"];
/** The booking's confirmation page, after payment: its texts stay out of every step before it (ADR 098). */
export const COMPLETE_NAMESPACES: SectionNamespace[] = ["booking-checkout", "booking-complete"];
export const PAYMENT_NAMESPACES: SectionNamespace[] = ["booking-checkout", "payment"];
/** Continuing a booking by its code: the location step's code form and the checkout's summary. */
export const CONTINUE_NAMESPACES: SectionNamespace[] = ["booking-location", "booking-checkout"];
