import type { NextFunction, Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { LANGUAGE_PARAM } from "~/i18n/language-link";
import { requestedLanguage } from "~/i18n/language.server";
import type { Language } from "~/i18n/namespaces";

/**
 * A language choice survives the redirects that answer it (ADR 120). The header's language link
 * names the language with `?lng=` on the page the visitor is on; the root loader keeps it in the `lng`
 * cookie when it renders that page. But when a loader answers that request with a redirect (a step
 * not reachable, a lookup remembered, maintenance), Remix sends the redirect alone: the root's cookie
 * is not on it, and the page it leads to would be in the old language. So every redirect answering a
 * request that names a language leads to a URL naming the same language, and the page at the end of
 * the chain renders in it and sets the cookie. One rule at the edge, for every loader and action,
 * rather than one in each redirect helper.
 *
 * No carrier is known here: only a language of the site (en, de) is carried; whether the carrier
 * offers it stays `pickLocale`'s decision (app/tenant/tenant.server.ts), which ignores any other.
 */

/**
 * `location` naming `language` too, when it leads to this site (a path, or an absolute URL on the
 * request's host) and names no language of its own. Any other target (another site, a
 * scheme-relative `//host` URL, something unparsable) is returned unchanged.
 */
export function locationKeepingLanguage(location: string, language: Language, requestHost: string): string {
  const relative = location.startsWith("/") && !location.startsWith("//") && !location.startsWith("/\\");
  let target: URL;
  try {
    target = new URL(location, "http://relative.invalid");
  } catch {
    return location;
  }
  if (!relative && (!/^https?:$/.test(target.protocol) || target.host.toLowerCase() !== requestHost.toLowerCase())) return location;
  if (target.searchParams.has(LANGUAGE_PARAM)) return location;
  target.searchParams.append(LANGUAGE_PARAM, language);
  return relative ? `${target.pathname}${target.search}${target.hash}` : target.toString();
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The `Location` a response should carry instead of its own, or null when it stays as it is. */
export function redirectKeepingLanguage(answer: { status: number; location: string | null }, request: { url: string; host: string }): string | null {
  if (!REDIRECT_STATUSES.has(answer.status) || !answer.location) return null;
  const query = request.url.split("#")[0]!.split("?").slice(1).join("?");
  if (!query) return null;
  const language = requestedLanguage(new URLSearchParams(query));
  if (!language) return null;
  const kept = locationKeepingLanguage(answer.location, language, request.host);
  return kept === answer.location ? null : kept;
}

/** The Express middleware: rewrites the `Location` of a redirect just before its headers are sent. */
export function keepLanguageAcrossRedirects(): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    if (!request.originalUrl.includes(`${LANGUAGE_PARAM}=`)) return next();
    onHeaders(response, function (this: Response) {
      const location = this.getHeader("Location");
      const kept = redirectKeepingLanguage(
        { status: this.statusCode, location: typeof location === "string" ? location : null },
        { url: request.originalUrl, host: request.get("host") ?? "" },
      );
      if (kept !== null) this.setHeader("Location", kept);
    });
    next();
  };
}
