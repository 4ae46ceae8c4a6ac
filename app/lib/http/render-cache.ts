import type { AppLoadContext } from "@remix-run/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { supportedLanguages } from "~/i18n/namespaces";
import { compressedPage, NONCE_SLOT, type RenderedPages } from "./rendered-pages";

/**
 * The render cache at the edge (ADR 073): content pages — landing, FAQ, help, legal, maintenance —
 * and a booking's first page as a visitor without a booking sees it (ADR 089) rendered once per
 * host + locale + content version and served from memory with a strong ETag, already compressed,
 * and Cache-Control for a CDN. Anything that depends on the visitor goes past it to Remix as before:
 * another cookie than the language (a booking session above all), a query string (preview, `?lng=`,
 * `?type=`, a postcode from the landing page), credentials, a method other than GET.
 */
const CONTENT_PAGE = /^\/(?:faqs(?:\/[^/]+)?|help(?:\/[^/]+)?|imprint|privacy|terms|app-terms|maintenance|booking\/(?:postcode|address)-search)?$/;
/** The one cookie a content page may read: the language the visitor picked (ADR 064). */
const LOCALE_COOKIE = "lng";
/** Set by the render for the edge only (the page's carrier); never sent. */
export const CARRIER_HEADER = "x-render-cache-carrier";
const NOT_STORED_HEADERS = new Set(["content-length", "content-encoding", "date", "etag", "cache-control", "vary", "x-request-id", CARRIER_HEADER]);

/** The cache key of a request the cache may answer, or null when it must go to Remix. */
export function renderCacheKey(request: { method: string; protocol: string; host: string; url: string; headers: { cookie?: string; authorization?: string } }): string | null {
  if (request.method !== "GET" || request.headers.authorization) return null;
  const [pathname, query] = splitUrl(request.url);
  if (query !== null || !CONTENT_PAGE.test(pathname)) return null;
  let locale: string | null = null;
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (!name) continue;
    // Only one language cookie, naming a language the site has: a second one (the render reads the
    // first, a key built from the last would file the page under the wrong language) or any other
    // value (every value a key of its own) is rendered for that request alone.
    if (name !== LOCALE_COOKIE || locale !== null) return null;
    locale = value.join("=");
    if (!(supportedLanguages as readonly string[]).includes(locale)) return null;
  }
  return `${request.protocol}://${request.host.toLowerCase()}${pathname}#lng=${locale ?? ""}`;
}

function splitUrl(url: string): [string, string | null] {
  const at = url.indexOf("?");
  return at === -1 ? [url, null] : [url.slice(0, at), url.slice(at + 1)];
}

/** Whether If-None-Match names this page, in whichever coding the client holds it. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const opaque = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return opaque === "*" || opaque === etag || opaque === `${etag}-gz` || opaque === `${etag}-br`;
  });
}

export interface RenderCacheOptions {
  pages: RenderedPages;
  /** Remix's handler (the server build), called for a page the cache does not hold. */
  render: (request: globalThis.Request, loadContext: AppLoadContext) => Promise<globalThis.Response>;
  loadContext: (request: Request, response: Response) => AppLoadContext;
  /** How long a CDN may keep a page, and serve it stale while it asks again. */
  sharedMaxAgeSeconds: number;
}

export function renderCache(options: RenderCacheOptions): RequestHandler {
  const cacheControl = `public, max-age=0, s-maxage=${options.sharedMaxAgeSeconds}, stale-while-revalidate=${options.sharedMaxAgeSeconds * 5}`;
  const rendering = new Map<string, Promise<globalThis.Response | null>>();

  function serve(request: Request, response: Response, page: NonNullable<ReturnType<RenderedPages["get"]>>, outcome: "hit" | "miss") {
    for (const [name, value] of page.headers) response.setHeader(name, value);
    if (page.policy) response.setHeader("Content-Security-Policy", page.policy.replaceAll(NONCE_SLOT, String(response.locals.cspNonce)));
    response.setHeader("Cache-Control", cacheControl);
    // A CDN must keep one copy per coding and per language cookie.
    response.setHeader("Vary", "Accept-Encoding, Cookie");
    const coding = request.acceptsEncodings("br", "gzip", "identity");
    const [body, etag] = coding === "br" ? [page.br, `"${page.etag}-br"`] : coding === "gzip" ? [page.gzip, `"${page.etag}-gz"`] : [page.identity, `"${page.etag}"`];
    response.setHeader("ETag", etag);
    response.setHeader("X-Render-Cache", outcome);
    if (matchesEtag(request.get("if-none-match"), page.etag)) return void response.status(304).end();
    if (coding === "br" || coding === "gzip") response.setHeader("Content-Encoding", coding);
    response.setHeader("Content-Length", body.length);
    response.status(200).end(body);
  }

  /** One render per key at a time: a burst of first visitors waits for the same render. */
  async function renderAndStore(key: string, request: Request, response: Response): Promise<globalThis.Response | null> {
    const renderedUnder = options.pages.contentVersion;
    const nonce = String(response.locals.cspNonce);
    const answer = await options.render(remixRequest(request), { ...options.loadContext(request, response), renderCache: true });
    const carrier = answer.headers.get(CARRIER_HEADER);
    const storable = answer.status === 200 && carrier && !answer.headers.has("set-cookie") && (answer.headers.get("content-type") ?? "").startsWith("text/html");
    if (!storable) return answer;
    const body = Buffer.from(await answer.arrayBuffer());
    // An error page shows its request id: that page belongs to this request alone.
    const requestId = String(request.id ?? "");
    if (requestId && body.includes(requestId)) return new globalThis.Response(body, answer);
    const policy = answer.headers.get("content-security-policy")?.replaceAll(`'nonce-${nonce}'`, `'nonce-${NONCE_SLOT}'`) ?? null;
    const headers = [...answer.headers].filter(([name]) => !NOT_STORED_HEADERS.has(name) && name !== "content-security-policy");
    options.pages.store(key, { carrier, headers, policy, ...(await compressedPage(body)) }, renderedUnder);
    return null;
  }

  return (request: Request, response: Response, next: NextFunction) => {
    const key = renderCacheKey({ method: request.method, protocol: request.protocol, host: publicHost(request), url: request.originalUrl, headers: request.headers });
    if (key === null) return next();
    const cached = options.pages.get(key);
    if (cached) return serve(request, response, cached, "hit");

    let pending = rendering.get(key);
    if (!pending) {
      pending = renderAndStore(key, request, response).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    } else {
      // Another request's render: its answer, if not stored, belongs to that request alone.
      pending = pending.then((answer) => (answer ? Promise.reject(new RenderNotShared()) : null));
    }
    pending
      .then(
        async (answer) => {
          const page = options.pages.get(key);
          if (!answer && page) return serve(request, response, page, "miss");
          if (answer) return sendAnswer(response, answer);
          // Content changed while rendering: this request gets a fresh, uncached answer.
          next();
        },
        (error: unknown) => (error instanceof RenderNotShared ? next() : next(error)),
      )
      .catch(next);
  };
}

class RenderNotShared extends Error {}

/** The request as Remix's Express adapter builds it (GET only, so no body). */
export function remixRequest(request: Request): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return new globalThis.Request(`${request.protocol}://${publicHost(request)}${request.originalUrl}`, { method: "GET", headers });
}

/** Host and port as the adapter resolves them: `request.hostname` follows Express's trust proxy. */
export function publicHost(request: Request): string {
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const forwarded = portOf(request.get("x-forwarded-host"));
  const direct = portOf(request.get("host"));
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(direct) ? direct : null;
  return `${request.hostname}${port === null ? "" : `:${port}`}`;
}

async function sendAnswer(response: Response, answer: globalThis.Response) {
  response.status(answer.status);
  for (const [name, value] of answer.headers) {
    if (name === "set-cookie" || name === CARRIER_HEADER) continue;
    response.setHeader(name, value);
  }
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) response.setHeader("Set-Cookie", cookies);
  response.end(Buffer.from(await answer.arrayBuffer()));
}
