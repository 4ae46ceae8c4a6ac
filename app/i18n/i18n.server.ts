import { createHash } from "node:crypto";
import i18next, { type i18n as I18n, type Resource } from "i18next";
import { getUiTexts, onContentInvalidated } from "~/content/content.server";
import type { Carrier } from "~/content/schemas";
import de from "./locales/de.json";
import en from "./locales/en.json";
import { forgetServerInstance, registerServerInstance } from "./instances";
import { COLLEAGUE_NS, COMMON_NS, OVERRIDES_NS, isSectionNamespace, lookupOptions, sectionResource, type Language } from "./namespaces";

const sectionFiles = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { eager: true, import: "default" });

function namespacesOf(language: Language, common: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const namespaces: Record<string, Record<string, unknown>> = { [COMMON_NS]: common };
  for (const [file, texts] of Object.entries(sectionFiles)) {
    const match = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match || match[1] !== language) continue;
    if (isSectionNamespace(match[2]!)) namespaces[match[2]!] = sectionResource(match[2], texts);
    else if (match[2] === COLLEAGUE_NS) namespaces[COLLEAGUE_NS] = texts;
  }
  return namespaces;
}

/** Every namespace of both languages, as the server holds them (the browser loads them one by one). */
export const resources = { en: namespacesOf("en", en), de: namespacesOf("de", de) } satisfies Resource;

/**
 * A complete instance for one locale plus a carrier's flat overrides (`landing.heroTitle`).
 * Synchronous: no backend, every namespace of that locale in memory. The resources are shared, not
 * copied: nothing writes to them except `overrides`, which is built fresh per instance.
 */
export function createI18n(locale: Language, overrides: Record<string, string> = {}): I18n {
  const instance = i18next.createInstance();
  instance.init({
    ...lookupOptions,
    lng: locale,
    ns: [OVERRIDES_NS, ...Object.keys(resources[locale])],
    resources: { [locale]: { ...resources[locale], [OVERRIDES_NS]: {} } },
    initImmediate: false,
  });
  instance.addResources(locale, OVERRIDES_NS, overrides);
  return instance;
}

/** A short fingerprint of a carrier's overrides: part of the instance key and of the page's data. */
export function overridesVersion(overrides: Record<string, string>): string {
  const sorted = Object.keys(overrides)
    .sort()
    .map((key) => [key, overrides[key]]);
  return createHash("sha256").update(JSON.stringify(sorted)).digest("base64url").slice(0, 10);
}

interface CachedInstance {
  key: string;
  instance: I18n;
}

/**
 * One instance per carrier and locale, kept until the carrier's overrides change: a new version
 * (after the CMS webhook invalidated the carrier's content) builds a new one. The previous one stays
 * registered one generation longer so a render already holding its key still finds it.
 */
const current = new Map<string, CachedInstance>();
let generation = 0;
const previous = new Map<string, CachedInstance>();

export function carrierI18n(carrierCode: string, locale: Language, overrides: Record<string, string>): { key: string; instance: I18n } {
  const slot = `${carrierCode}:${locale}`;
  const version = overridesVersion(overrides);
  const cached = current.get(slot);
  if (cached?.key.startsWith(`${slot}:${version}:`)) return cached;
  // The generation keeps a rebuilt instance's key apart from the retired one's.
  const built = { key: `${slot}:${version}:${++generation}`, instance: createI18n(locale, overrides) };
  if (cached) {
    const older = previous.get(slot);
    if (older) forgetServerInstance(older.key);
    previous.set(slot, cached);
  }
  current.set(slot, built);
  registerServerInstance(built.key, built.instance);
  return built;
}

export interface CarrierTexts {
  /** The carrier's CMS ui-text overrides in this language (empty when the CMS could not be read). */
  uiTexts: Record<string, string>;
  /** The instance's registered key (the root loader hands it to the render). */
  key: string;
  /** The site's texts with the overrides first. */
  instance: I18n;
}

/**
 * A carrier's texts in a language, as every page shows them: the site's translations with the
 * carrier's CMS ui-text overrides first. The root loader and the partner API's error messages (ADR 187)
 * both take their texts from here.
 */
export async function carrierTexts(carrier: Carrier, locale: Language): Promise<CarrierTexts> {
  const uiTexts = await getUiTexts(carrier, locale).catch(() => ({}));
  return { uiTexts, ...carrierI18n(carrier.code, locale, uiTexts) };
}

/**
 * The CMS changed a carrier's content (all carriers' when `carrierCode` is absent): its next render
 * builds fresh instances. The dropped ones stay registered one generation, like a replaced version.
 */
export function retireCarrierI18n(carrierCode?: string): void {
  for (const [slot, cached] of current) {
    if (carrierCode && !slot.startsWith(`${carrierCode}:`)) continue;
    const older = previous.get(slot);
    if (older) forgetServerInstance(older.key);
    previous.set(slot, cached);
    current.delete(slot);
  }
}

onContentInvalidated((carrierCode) => retireCarrierI18n(carrierCode));
