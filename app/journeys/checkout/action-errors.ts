/**
 * What a step shows inline for an engine error its action kept on the page. The action resolved it
 * through the §8 table (`bookingErrorResponse`: the page text or toast text when the table has one,
 * else the server's first message in English, else the table's fallback); the page only translates
 * it, so the table stays out of the step's browser code.
 */
import type { TFunction } from "i18next";
import type { ShownText } from "~/lib/errors/error-table";

export function inlineErrorText(error: { shown: ShownText }, t: TFunction): string {
  return error.shown.key ? t(error.shown.key) : (error.shown.text ?? "");
}

/** A same-site /booking path to go back to (the Referer of a side-basket form), else the fallback. */
export function safeReturnPath(request: Request, fallback: string): string {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.host !== new URL(request.url).host || !url.pathname.startsWith("/booking/")) return fallback;
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}
