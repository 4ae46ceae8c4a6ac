import i18next, { type i18n as I18n } from "i18next";

/**
 * Where a render finds its i18next instance. The server builds one instance per carrier and locale
 * (`i18n.server.ts`) and files it here under the key the root loader returns; the browser has one
 * instance, set up in `entry.client.tsx`. `meta` functions and the root document look it up alike.
 */
const serverInstances = new Map<string, I18n>();

export function registerServerInstance(key: string, instance: I18n): void {
  serverInstances.set(key, instance);
}

export function forgetServerInstance(key: string): void {
  serverInstances.delete(key);
}

export interface I18nRootData {
  locale?: string;
  i18nKey?: string;
  uiTexts?: Record<string, string>;
}

const isBrowser = typeof document !== "undefined";

/** Undefined only on the server for a render without a carrier (the plain error page). */
export function i18nInstanceFor(root: I18nRootData | undefined): I18n | undefined {
  if (isBrowser) return i18next;
  return root?.i18nKey ? serverInstances.get(root.i18nKey) : undefined;
}
