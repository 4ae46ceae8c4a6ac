/**
 * The partner API's error texts in the caller's language (ADR 170): the same §8 table and field
 * texts the pages show (error-table.ts, field-texts.ts), from the site's translations. English
 * answers keep the engine's own messages; a code the table does not know (the API's own) stays English.
 */
import type { i18n as I18n } from "i18next";
import { createI18n, type CarrierTexts } from "~/i18n/i18n.server";
import { supportedLanguages, type Language } from "~/i18n/namespaces";
import { ERROR_TABLE, behaviourFor, fieldText, firstMessageText } from "~/lib/errors/error-table";

const instances = new Map<Language, I18n>();

/** A site text by its i18n key in a language the site has; null when there is none. */
export function siteText(locale: string, key: string): string | null {
  if (!(supportedLanguages as readonly string[]).includes(locale)) return null;
  const language = locale as Language;
  let instance = instances.get(language);
  if (!instance) instances.set(language, (instance = createI18n(language)));
  return instance.exists(key) ? instance.t(key) : null;
}

const isTableCode = (code: string) => Object.hasOwn(ERROR_TABLE, code);

/**
 * An error's texts in `locale` for the carrier whose `texts` (carrierTexts: the site's with its CMS
 * ui-text overrides first) are given — what its pages show for the same error (ADR 187). In English
 * a text the carrier overrides reads as it wrote it, any other keeps the engine's own words.
 */
export function localiseApiError(
  error: { code: string; messages: string[]; fields: Record<string, string[]>; fieldCodes: Record<string, string[]> },
  locale: string,
  texts?: Pick<CarrierTexts, "uiTexts" | "instance">,
): { messages: string[]; fields: Record<string, string[]> } {
  if (!isTableCode(error.code)) return { messages: error.messages, fields: error.fields };
  const english = locale === "en";
  if (english && !texts?.uiTexts) return { messages: error.messages, fields: error.fields };
  const text = (key: string): string | null => {
    if (english) return texts?.uiTexts[key] ?? null;
    if (texts) return texts.instance.exists(key) ? texts.instance.t(key) : null;
    return siteText(locale, key);
  };
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, messages]) => [
      name,
      messages.map((message, index) => fieldText(error.fieldCodes[name]?.[index], message, (key) => text(key) ?? message)),
    ]),
  );
  const shown = firstMessageText(behaviourFor(error.code, "booking", error.messages, error.fieldCodes), error, locale);
  const first = shown.key ? text(shown.key) : english ? null : (shown.text ?? null);
  return { messages: first ? [first] : error.messages, fields };
}
