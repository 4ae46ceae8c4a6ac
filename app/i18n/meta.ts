import type { TFunction } from "i18next";
import { i18nInstanceFor, type I18nRootData } from "./instances";

interface RootMatchData extends I18nRootData {
  carrier?: { name: string };
}

const untranslated = ((key: string) => key) as unknown as TFunction;

/**
 * Translations for `meta` functions, which render outside React (titles in the carrier's language):
 * the same instance the page renders with, so titles carry the carrier's overrides too.
 */
export function metaContext(matches: readonly { id: string; data: unknown }[]): { t: TFunction; brand: string } {
  const root = matches.find((match) => match.id === "root")?.data as RootMatchData | undefined;
  const i18n = i18nInstanceFor(root);
  return { t: i18n ? i18n.getFixedT(root?.locale ?? i18n.language) : untranslated, brand: root?.carrier?.name ?? "" };
}

/** The one shape of a document title: '<page> · <brand>', the page part translated. */
export function pageTitle(t: TFunction, key: string, brand: string): string {
  return brandedTitle(t(key), brand);
}

/** For titles whose page part is content (a model or store name), already in the visitor's language. */
export function brandedTitle(page: string, brand: string): string {
  return brand ? `${page} · ${brand}` : page;
}

/** A route's `meta` that only sets its translated title. */
export function titleMeta(key: string) {
  return ({ matches }: { matches: readonly { id: string; data: unknown }[] }) => {
    const { t, brand } = metaContext(matches);
    return [{ title: pageTitle(t, key, brand) }];
  };
}
