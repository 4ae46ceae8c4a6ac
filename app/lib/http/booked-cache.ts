import type { AppLoadContext } from "@remix-run/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { supportedLanguages } from "~/i18n/namespaces";
import { CARRIER_HEADER, remixRequest, publicHost } from "./render-cache";
import { compressedPage, NONCE_SLOT, type RenderedPage, type RenderedPages } from "./rendered-pages";

/**
 * The booked-page cache at the edge (ADR 225, after ADRs 220, 223, 224; ADR 233): a booking step
 * rendered for a visitor with a booking is kept per host + path + query + language + content version
 * + catalogue revision + booking reference + booking version, and a repeat view is one query (the
 * version) and the stored bytes. Steps whose HTML depends on nothing else: the postcode form (not a
 * GET that submits a postcode), the device make and model lists, the basket, the details form. The
 * repair date and checkout also move with the clock and with other visitors' bookings (ADR 233):
 * each is kept only within the clock second it was rendered in and never past its hold's expiry, is
 * dropped whenever the engine's availability answers are (an operation of its carrier on this
 * instance), and concurrent misses of one such page share one render. Never a booking with a promo
 * code (its validity window moves with the clock), never a paid booking.
 */
const BOOKED_PAGE = /^\/booking\/(?:basket|details|postcode-search|repair-date|checkout|device\/(?:make|model))$/;
/** Pages whose HTML moves with the clock and other visitors' bookings: kept within a clock second (ADR 233). */
const CLOCKED_PAGE = /^\/booking\/(?:repair-date|checkout)$/;
/** A postcode in the query is a submission (the landing's form): it writes, so it always goes to Remix. */
const SUBMITS = /^\/booking\/postcode-search$/;
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
  if (at !== -1 && SUBMITS.test(pathname) && new URLSearchParams(request.url.slice(at + 1)).has("postcode")) return null;
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
  /** When the booking's hold on its day runs out (ms since the epoch), or null. */
  holdExpiresAt: number | null;
}

/** What the engine tells the edge about time and its carriers' bookings (`engine.pageFreshness`, ADR 233). */
export interface PageFreshness {
  /** The engine's clock (the test clock's process offset included). */
  now(): Date;
  /** Whether an operation that may change the carrier's bookings runs on this instance now. */
  isWriting(carrierCode: string): boolean;
  /** Told a carrier's code (null: every carrier) whenever the engine's availability answers are dropped. */
  subscribe(listener: (carrierCode: string | null) => void): () => void;
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
  /** The engine's clock and its bookings' change signal; without it the repair date and checkout are not kept. */
  freshness?: () => Promise<PageFreshness>;
  render: (request: globalThis.Request, loadContext: AppLoadContext) => Promise<globalThis.Response>;
  loadContext: (request: Request, response: Response) => AppLoadContext;
}

/** The cache key of a booked page, or null when the booking is not one whose pages are kept. */
export function bookedKey(host: string, protocol: string, candidate: BookedCandidate, reference: string, found: BookedVersion, contentVersion: number): string | null {
  if (found.checkoutStatus !== "PENDING" || found.discountCode) return null;
  return `booked|${protocol}://${host.toLowerCase()}${candidate.url}#lng=${candidate.locale}|content=${contentVersion}|revision=${found.revision}|ref=${reference}|v=${found.version}`;
}

/** Whether a page of this path moves with the clock and other visitors' bookings (the repair date, checkout). */
export function clockedPage(url: string): boolean {
  const at = url.indexOf("?");
  return CLOCKED_PAGE.test(at === -1 ? url : url.slice(0, at));
}

/**
 * The validity bound of a clock-bound page whose render began at `startedAt` (the engine's clock, ms):
 * the end of that clock second — the freshness of the engine's availability answers (ADR 185), and
 * never past a cut-off, which falls on a whole second (a window's start less the lead time in
 * minutes, a day's start in the carrier's zone) — and never past the hold's expiry when the page was
 * rendered while the day was held.
 */
export function validUntil(startedAt: number, holdExpiresAt: number | null): number {
  const secondEnd = (Math.floor(startedAt / 1000) + 1) * 1000;
  return holdExpiresAt !== null && holdExpiresAt > startedAt ? Math.min(secondEnd, holdExpiresAt) : secondEnd;
}

/**
 * Which clock-bound pages are kept, by carrier, and the generations that tell a render whether one
 * of its carrier's operations ran meanwhile (ADR 233): the engine's signal drops them and raises the
 * generation; a render that began while one ran, or saw the generation move, is not kept.
 */
export class ClockedPages {
  private readonly keys = new Map<string, Map<string, number>>();
  private readonly generations = new Map<string, number>();
  private everyCarrier = 0;

  constructor(private readonly pages: RenderedPages) {}

  generation(carrierCode: string): string {
    return `${this.everyCarrier}:${this.generations.get(carrierCode) ?? 0}`;
  }

  /** A page kept until `until` (the engine's clock); the names of pages already past it are forgotten as more come. */
  kept(carrierCode: string, key: string, until: number, now: number): void {
    let keys = this.keys.get(carrierCode);
    if (!keys) this.keys.set(carrierCode, (keys = new Map()));
    if (keys.size >= 1_000) for (const [name, bound] of keys) if (bound <= now) keys.delete(name);
    keys.set(key, until);
  }

  /** The engine's signal: the carrier's bookings (null: any carrier's) may have changed on this instance. */
  changed(carrierCode: string | null): void {
    if (carrierCode === null) this.everyCarrier += 1;
    else this.generations.set(carrierCode, (this.generations.get(carrierCode) ?? 0) + 1);
    for (const [carrier, keys] of this.keys) {
      if (carrierCode !== null && carrier !== carrierCode) continue;
      for (const key of keys.keys()) this.pages.drop(key);
      this.keys.delete(carrier);
    }
  }
}

export function bookedPageCache(options: BookedCacheOptions): RequestHandler {
  const clocked = new ClockedPages(options.pages);
  let freshness: Promise<PageFreshness | null> | null = null;
  /** The engine's clock and signal, subscribed to once; null when there is none (clock-bound pages then go to Remix). */
  function engineFreshness(): Promise<PageFreshness | null> {
    if (!options.freshness) return Promise.resolve(null);
    freshness ??= options.freshness().then((found) => {
      found.subscribe((carrierCode) => clocked.changed(carrierCode));
      return found;
    });
    // A failed start (the database away) is tried again with the next request.
    return freshness.catch(() => {
      freshness = null;
      return null;
    });
  }
  /** Concurrent misses of one clock-bound page share its render: the page once kept, or null when it was not. */
  const pending = new Map<string, Promise<RenderedPage | null>>();

  function serve(request: Request, response: Response, page: RenderedPage, how = "hit") {
    for (const [name, value] of page.headers) response.setHeader(name, value);
    if (page.policy) response.setHeader("Content-Security-Policy", page.policy.replaceAll(NONCE_SLOT, String(response.locals.cspNonce)));
    const coding = request.acceptsEncodings("br", "gzip", "identity");
    const body = coding === "br" ? page.br : coding === "gzip" ? page.gzip : page.identity;
    if (coding === "br" || coding === "gzip") response.setHeader("Content-Encoding", coding);
    response.setHeader("X-Booked-Cache", how);
    response.setHeader("Content-Length", body.length);
    response.status(200).end(body);
  }

  async function answer(request: Request, response: Response, next: NextFunction): Promise<void> {
    const candidate = bookedCandidate({ method: request.method, url: request.originalUrl, headers: request.headers });
    if (!candidate) return next();
    const contentVersion = options.contentVersion();
    const moves = clockedPage(candidate.url);
    let session: { bookingRef?: string; writtenOn?: string };
    let found: BookedVersion | null;
    let clock: PageFreshness | null = null;
    try {
      session = await options.session(candidate.sessionCookie);
      if (!session.bookingRef || session.writtenOn !== options.today()) return next();
      [found, clock] = await Promise.all([options.version(session.bookingRef), moves ? engineFreshness() : null]);
    } catch {
      // The database unreachable: Remix answers as it would without the cache (its 503 page).
      return next();
    }
    if (!found || (moves && !clock)) return next();
    const key = bookedKey(publicHost(request), request.protocol, candidate, session.bookingRef, found, contentVersion);
    if (key === null) return next();
    const fresh = (page: RenderedPage) => page.carrier === found.carrierCode && (page.validUntil === undefined || (clock !== null && clock.now().getTime() < page.validUntil));
    const cached = options.pages.get(key);
    if (cached && fresh(cached)) return serve(request, response, cached);
    const shared = pending.get(key);
    if (shared) {
      const page = await shared;
      if (page && fresh(page)) return serve(request, response, page, "shared");
    }

    // A clock-bound page: its bound from the moment the render begins, kept only if no operation of
    // its carrier ran on this instance from then until it is stored.
    const startedAt = clock?.now().getTime() ?? 0;
    const generation = moves && clock && !clock.isWriting(found.carrierCode) ? clocked.generation(found.carrierCode) : null;
    let share: ((page: RenderedPage | null) => void) | null = null;
    if (generation !== null && !pending.has(key)) {
      const sharing = new Promise<RenderedPage | null>((resolve) => (share = resolve));
      pending.set(key, sharing);
      void sharing.then(() => {
        if (pending.get(key) === sharing) pending.delete(key);
      });
    }
    const finish = (page: RenderedPage | null) => (share as ((page: RenderedPage | null) => void) | null)?.(page);

    let rendered: globalThis.Response;
    let body: Buffer;
    try {
      const renderedUnder = options.pages.contentVersion;
      const nonce = String(response.locals.cspNonce);
      rendered = await options.render(remixRequest(request), { ...options.loadContext(request, response), renderCache: true });
      body = Buffer.from(await rendered.arrayBuffer());
      const carrier = rendered.headers.get(CARRIER_HEADER);
      const requestId = String(request.id ?? "");
      // Kept only: a whole 200 HTML page of the booking's own carrier's host, setting no cookie, not
      // naming this request (an error page shows its id), rendered while the content stayed the same;
      // a clock-bound one only when no operation of its carrier ran on this instance meanwhile.
      const storable =
        rendered.status === 200 &&
        carrier === found.carrierCode &&
        !rendered.headers.has("set-cookie") &&
        (rendered.headers.get("content-type") ?? "").startsWith("text/html") &&
        !(requestId && body.includes(requestId)) &&
        contentVersion === options.contentVersion() &&
        (!moves || (generation !== null && generation === clocked.generation(found.carrierCode)));
      if (storable) {
        const policy = rendered.headers.get("content-security-policy")?.replaceAll(`'nonce-${nonce}'`, `'nonce-${NONCE_SLOT}'`) ?? null;
        const headers = [...rendered.headers].filter(([name]) => !NOT_STORED_HEADERS.has(name));
        const bound = moves ? { validUntil: validUntil(startedAt, found.holdExpiresAt) } : {};
        // Compressed and stored after the answer (zlib's thread pool), so the first view does not wait for
        // brotli; under its key the page can only be as new as the version or newer, never older.
        void compressedPage(body, { fast: moves })
          .then((page) => {
            const kept = { carrier, headers, policy, ...page, ...bound };
            if (moves && generation !== clocked.generation(found.carrierCode)) return finish(null);
            if (options.pages.store(key, kept, renderedUnder)) {
              if (kept.validUntil !== undefined && clock) clocked.kept(found.carrierCode, key, kept.validUntil, clock.now().getTime());
              return finish({ ...kept, storedAt: Date.now() });
            }
            finish(null);
          })
          .catch(() => finish(null));
      } else finish(null);
      response.setHeader("X-Booked-Cache", storable ? "miss" : "pass");
    } catch (error) {
      finish(null);
      throw error;
    }
    response.status(rendered.status);
    for (const [name, value] of rendered.headers) {
      if (name === "set-cookie" || name === CARRIER_HEADER) continue;
      response.setHeader(name, value);
    }
    const cookies = rendered.headers.getSetCookie();
    if (cookies.length) response.setHeader("Set-Cookie", cookies);
    response.end(body);
  }

  return (request: Request, response: Response, next: NextFunction) => {
    answer(request, response, next).catch(next);
  };
}
