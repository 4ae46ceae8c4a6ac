import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import de from "./locales/de.json";
import en from "./locales/en.json";

export const resources = { en: { translation: en }, de: { translation: de } } as const;
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
