/**
 * What a step shows inline for an engine error its action kept on the page: the §8 table's page
 * text or toast text when it has one (so the inline note and the toast say the same), else the
 * server's first message in English, else the table's fallback.
 */
import type { TFunction } from "i18next";
import { behaviourFor, shownText, type Place } from "~/lib/errors/error-table";

export interface InlineError {
  code: string;
  messages: string[];
}

export function actionErrorKey(error: InlineError, t: TFunction, locale: string = "en", place: Place = "booking"): string {
  const behaviour = behaviourFor(error.code, place);
  if (behaviour.pageKey) return t(behaviour.pageKey);
  const text = shownText(behaviour, error.messages, locale);
  return text.key ? t(text.key) : (text.text ?? "");
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
