/**
 * The header's language link (spec §7, ADR 120). Shared by the server's page and the browser's, so it
 * imports nothing (no zod in the browser, ADR 089).
 */
export const LANGUAGE_PARAM = "lng";

/**
 * The link to this page in `language`: the same path and the whole query, only `lng` replaced, so a
 * booking step keeps its device, the manage page its lookup, the waiting-list offer its token and the
 * payment page its state. The fragment is left out: the server never sees it, and the link must read
 * the same in the server's page and the hydrated one.
 */
export function languageSwitchHref(location: { pathname: string; search: string }, language: string): string {
  const params = new URLSearchParams(location.search);
  params.delete(LANGUAGE_PARAM);
  params.append(LANGUAGE_PARAM, language);
  return `${location.pathname}?${params.toString()}`;
}
