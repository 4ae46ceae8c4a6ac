/**
 * The partner API's error texts in the caller's language (ADR 170): the same §8 table and field
 * texts the pages show (error-table.ts, field-texts.ts), from the site's translations. English
 * answers keep the engine's own messages; a code the table does not know (the API's own) stays English.
 */
import type { i18n as I18n } from "i18next";
import { createI18n } from "~/i18n/i18n.server";
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

export function localiseApiError(
  error: { code: string; messages: string[]; fields: Record<string, string[]>; fieldCodes: Record<string, string[]> },
  locale: string,
): { messages: string[]; fields: Record<string, string[]> } {
  if (locale === "en" || !isTableCode(error.code)) return { messages: error.messages, fields: error.fields };
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, messages]) => [
      name,
      messages.map((message, index) => fieldText(error.fieldCodes[name]?.[index], message, (key) => siteText(locale, key) ?? message)),
    ]),
  );
  const shown = firstMessageText(behaviourFor(error.code, "booking", error.messages, error.fieldCodes), error, locale);
  const first = shown.key ? siteText(locale, shown.key) : (shown.text ?? null);
  return { messages: first ? [first] : error.messages, fields };
}
