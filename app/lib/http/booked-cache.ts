import type { AppLoadContext } from "@remix-run/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { supportedLanguages } from "~/i18n/namespaces";
import { CARRIER_HEADER, remixRequest, publicHost } from "./render-cache";
import { compressedPage, NONCE_SLOT, type RenderedPage, type RenderedPages } from "./rendered-pages";

/**
 * The booked-page cache at the edge (ADR 225, after ADRs 220, 223, 224): a booking step rendered for
 * a visitor with a booking is kept per host + path + query + language + content version + catalogue
 * revision + booking reference + booking version, and a repeat view is one query (the version) and
 * the stored bytes. Only steps whose HTML depends on nothing else: the device make and model lists,
 * the basket, the details form. Not the repair date (other visitors' bookings change it, a held day
 * expires), not checkout (its readiness checks the hold against the clock), not a booking with a
 * promo code (its validity window moves with the clock), not a paid booking.
 */
const BOOKED_PAGE = /^\/booking\/(?:basket|details|device\/(?:make|model))$/;
const SESSION_COOKIE = "__booking";
const LOCALE_COOKIE = "lng";
/** A longer query (a model search typed out) is rendered for its request alone. */
const MAX_QUERY = 256;
const NOT_STORED_HEADERS = new Set(["content-length", "content-encoding", "date", "etag", "x-request-id", "content-security-policy", CARRIER_HEADER]);

export interface BookedCandidate {
  /** The `__booking=…` pair as sent. */
  sessionCookie: string;
  locale: string;
  /** Path and query as requested. */
  url: string;
}

/**
 * Whether the cache may answer this request at all, before any read: a GET of a cached step, no
 * credentials, and no cookie but the booking session and the language. Another cookie (a toast, a
 * staff or in-store session, the business account, the test clock, attribution) goes to Remix.
 */
export function bookedCandidate(request: { method: string; url: string; headers: { cookie?: string; authorization?: string } }): BookedCandidate | null {
  if (request.method !== "GET" || request.headers.authorization) return null;
  const at = request.url.indexOf("?");
  const pathname = at === -1 ? request.url : request.url.slice(0, at);
  if (!BOOKED_PAGE.test(pathname)) return null;
  if (at !== -1 && request.url.length - at - 1 > MAX_QUERY) return null;
  let sessionCookie: string | null = null;
  let locale: string | null = null;
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const pair = part.trim();
    if (!pair) continue;
    const name = pair.split("=")[0];
    if (name === SESSION_COOKIE && sessionCookie === null) sessionCookie = pair;
    else if (name === LOCALE_COOKIE && locale === null) {
      locale = pair.slice(LOCALE_COOKIE.length + 1);
      if (!(supportedLanguages as readonly string[]).includes(locale)) return null;
    } else return null;
  }
  if (!sessionCookie) return null;
  return { sessionCookie, locale: locale ?? "", url: request.url };
}

export interface BookedVersion {
  carrierCode: string;
  version: number;
  checkoutStatus: string;
  discountCode: string | null;
  revision: string;
}

export interface BookedCacheOptions {
  pages: RenderedPages;
  /** The content pages' version (ADR 073): every content invalidation on this instance raises it. */
  contentVersion: () => number;
  /** The booking session a cookie header carries (signed: a forged one reads as empty). */
  session: (cookieHeader: string) => Promise<{ bookingRef?: string; writtenOn?: string }>;
  /** The one query per request: the booking's version and the catalogue revision. */
  version: (reference: string) => Promise<BookedVersion | null>;
  /** The UTC day as the booking session keeps it (a session not yet written today is rolled by Remix). */
  today: () => string;
  render: (request: globalThis.Request, loadContext: AppLoadContext) => Promise<globalThis.Response>;
  loadContext: (request: Request, response: Response) => AppLoadContext;
}

/** The cache key of a booked page, or null when the booking is not one whose pages are kept. */
export function bookedKey(host: string, protocol: string, candidate: BookedCandidate, reference: string, found: BookedVersion, contentVersion: number): string | null {
  if (found.checkoutStatus !== "PENDING" || found.discountCode) return null;
  return `booked|${protocol}://${host.toLowerCase()}${candidate.url}#lng=${candidate.locale}|content=${contentVersion}|revision=${found.revision}|ref=${reference}|v=${found.version}`;
}

export function bookedPageCache(options: BookedCacheOptions): RequestHandler {
  function serve(request: Request, response: Response, page: RenderedPage) {
    for (const [name, value] of page.headers) response.setHeader(name, value);
    if (page.policy) response.setHeader("Content-Security-Policy", page.policy.replaceAll(NONCE_SLOT, String(response.locals.cspNonce)));
    const coding = request.acceptsEncodings("br", "gzip", "identity");
    const body = coding === "br" ? page.br : coding === "gzip" ? page.gzip : page.identity;
    if (coding === "br" || coding === "gzip") response.setHeader("Content-Encoding", coding);
    response.setHeader("X-Booked-Cache", "hit");
    response.setHeader("Content-Length", body.length);
    response.status(200).end(body);
  }

  async function answer(request: Request, response: Response, next: NextFunction): Promise<void> {
    const candidate = bookedCandidate({ method: request.method, url: request.originalUrl, headers: request.headers });
    if (!candidate) return next();
    const contentVersion = options.contentVersion();
    let session: { bookingRef?: string; writtenOn?: string };
    let found: BookedVersion | null;
    try {
      session = await options.session(candidate.sessionCookie);
      if (!session.bookingRef || session.writtenOn !== options.today()) return next();
      found = await options.version(session.bookingRef);
    } catch {
      // The database unreachable: Remix answers as it would without the cache (its 503 page).
      return next();
    }
    if (!found) return next();
    const key = bookedKey(publicHost(request), request.protocol, candidate, session.bookingRef, found, contentVersion);
    if (key === null) return next();
    const cached = options.pages.get(key);
    if (cached && cached.carrier === found.carrierCode) return serve(request, response, cached);

    const renderedUnder = options.pages.contentVersion;
    const nonce = String(response.locals.cspNonce);
    const rendered = await options.render(remixRequest(request), { ...options.loadContext(request, response), renderCache: true });
    const body = Buffer.from(await rendered.arrayBuffer());
    const carrier = rendered.headers.get(CARRIER_HEADER);
    const requestId = String(request.id ?? "");
    // Kept only: a whole 200 HTML page of the booking's own carrier's host, setting no cookie, not
    // naming this request (an error page shows its id), rendered while the content stayed the same.
    const storable =
      rendered.status === 200 &&
      carrier === found.carrierCode &&
      !rendered.headers.has("set-cookie") &&
      (rendered.headers.get("content-type") ?? "").startsWith("text/html") &&
      !(requestId && body.includes(requestId)) &&
      contentVersion === options.contentVersion();
    if (storable) {
      const policy = rendered.headers.get("content-security-policy")?.replaceAll(`'nonce-${nonce}'`, `'nonce-${NONCE_SLOT}'`) ?? null;
      const headers = [...rendered.headers].filter(([name]) => !NOT_STORED_HEADERS.has(name));
      // Compressed and stored after the answer (zlib's thread pool), so the first view does not wait for
      // brotli; under its key the page can only be as new as the version or newer, never older.
      void compressedPage(body)
        .then((page) => options.pages.store(key, { carrier, headers, policy, ...page }, renderedUnder))
        .catch(() => undefined);
    }
    response.status(rendered.status);
    for (const [name, value] of rendered.headers) {
      if (name === "set-cookie" || name === CARRIER_HEADER) continue;
      response.setHeader(name, value);
    }
    const cookies = rendered.headers.getSetCookie();
    if (cookies.length) response.setHeader("Set-Cookie", cookies);
    response.setHeader("X-Booked-Cache", storable ? "miss" : "pass");
    response.end(body);
  }

  return (request: Request, response: Response, next: NextFunction) => {
    answer(request, response, next).catch(next);
  };
}
