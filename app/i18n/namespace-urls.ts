import { COMMON_NS } from "./namespaces";

/**
 * Each namespace file as a fingerprinted build asset (`/assets/manage-<hash>.json`): the content
 * hash is in the name, so the server sends it with `immutable` and a year's max-age. Only the URLs
 * are bundled into the browser's code, never the texts.
 */
const commonFiles = import.meta.glob<string>("./locales/*.json", { query: "?no-inline&url", import: "default", eager: true });
const sectionFiles = import.meta.glob<string>("./locales/*/*.json", { query: "?no-inline&url", import: "default", eager: true });

export function namespaceUrl(language: string, namespace: string): string | undefined {
  return namespace === COMMON_NS ? commonFiles[`./locales/${language}.json`] : sectionFiles[`./locales/${language}/${namespace}.json`];
}
