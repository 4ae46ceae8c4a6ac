import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import de from "./locales/de.json";
import en from "./locales/en.json";

/**
 * `locales/<lng>.json` holds the shared texts; `locales/<lng>/<section>.json` files hold one area
 * each (booking, manage, …) under the key `<section>`, so areas can be edited independently.
 */
const sections = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { eager: true, import: "default" });

function withSections(language: "en" | "de", base: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [file, texts] of Object.entries(sections)) {
    const match = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (match && match[1] === language) merged[match[2]!] = texts;
  }
  return merged;
}

export const resources = {
  en: { translation: withSections("en", en) },
  de: { translation: withSections("de", de) },
} as const;
export const supportedLanguages = ["en", "de"] as const;

/**
 * One i18next instance per render: the carrier's locale plus its per-locale overrides from the
 * CMS (flat keys such as `landing.heroTitle`). Synchronous, so server and browser render alike.
 */
export function createI18n(locale: string, overrides: Record<string, string> = {}): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: "en",
    supportedLngs: [...supportedLanguages],
    resources: structuredClone(resources) as unknown as Record<string, { translation: Record<string, unknown> }>,
    interpolation: { escapeValue: false },
    initImmediate: false,
    returnNull: false,
  });
  for (const [key, value] of Object.entries(overrides)) instance.addResource(locale, "translation", key, value);
  return instance;
}
