import type { TFunction } from "i18next";
import { createI18n } from "./i18n";

interface RootMatchData {
  locale?: string;
  uiTexts?: Record<string, string>;
  carrier?: { name: string };
}

/** Translations for `meta` functions, which render outside React (titles in the carrier's language). */
export function metaContext(matches: readonly { id: string; data: unknown }[]): { t: TFunction; brand: string } {
  const root = matches.find((match) => match.id === "root")?.data as RootMatchData | undefined;
  const i18n = createI18n(root?.locale ?? "en", root?.uiTexts ?? {});
  return { t: i18n.t.bind(i18n), brand: root?.carrier?.name ?? "" };
}
