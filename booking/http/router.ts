/**
 * The partner API's router (ADR 170): an Express router mounted at /api/v4 in server.ts before
 * Remix, the request guard and the render cache. JSON in and out with a body limit; every refusal in
 * the §8 shape (errors.ts), never a 5xx for bad input; keys from the bearer header or the `key`
 * query parameter (ADR 171); CORS only for the key's listed origins; the calls are the route list's
 * (routes.ts), thin adapters over the engine door the pages use.
 */
import { createHash } from "node:crypto";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { Engine } from "../engine";
import { createAnswerCache, etagOf, type CachedAnswer } from "./answer-cache";
import { ApiProblem, INTERNAL_FACTS, errorBody, errorFacts, forbidden, notFound, requestShapeProblem, unauthorized, wrongHost, type Localise } from "./errors";
import { OPENAPI_PATH, openApiDocument } from "./openapi";
import { isMultipart, readUpload, type UploadedFile } from "./upload";
import { API_PREFIX, expressPath, pathPattern, rateClassOf, type ApiCarrier, type ApiPrincipal, type ApiRoute, type ContactReasonView } from "./routes";

export { API_PREFIX } from "./routes";
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

export interface ApiLogger {
  error(details: object, message: string): void;
}

export interface ApiDependencies {
  engine: () => Promise<Engine>;
  /** Every call; this router serves those whose `base` is its own (ADR 176), the document lists them all. */
  routes: readonly ApiRoute[];
  /** Where this router is mounted: /api/v4 (the default, with the document) or another route's `base`. */
  base?: string;
  /** The secret → who is calling; null for an unknown, revoked or expired key (engine.apiKeys.verify). */
  authenticate: (secret: string) => Promise<ApiPrincipal | null>;
  /** The CMS carrier of a key (the app's content client); null when the carrier is gone. */
  carrier: (code: string) => Promise<ApiCarrier | null>;
  /**
   * The code of the carrier whose own host the request names (one of its domains, or `<code>.localhost`),
   * null for a host that is no carrier's (an address, an internal name): a key of another carrier is
   * refused there (ADR 254). The app resolves it as the pages do, without the DEFAULT_CARRIER fallback.
   */
  hostCarrier: (host: string | null) => Promise<string | null>;
  /** X-Forwarded-Host names the host (behind a trusted proxy, TRUST_FORWARDED_HOST), as for the pages. */
  trustForwardedHost?: boolean;
  /** The carrier's contact reasons (the CMS's) in a language: GET /contact-request-reason and the contact form's check (ADR 176). */
  contactReasons?: (carrierCode: string, locale: string) => Promise<ContactReasonView[]>;
  /** Error texts in the caller's language; absent: English as the engine wrote them. */
  localise?: Localise;
  bodyLimitBytes?: number;
  log?: ApiLogger;
  /**
   * Subscribes the router to "this carrier's engine data changed" (null: the catalogue, or every
   * carrier's), on this instance or another (ADR 185). Given, the catalogue calls' answers are kept
   * in memory until then (at most 30 s); absent, every call asks the engine.
   */
  onDataChanged?: (drop: (carrierCode: string | null) => void) => void;
}

type Authorised = { principal: ApiPrincipal; carrier: ApiCarrier; locale: string };
type ApiLocals = { api?: Authorised; upload?: UploadedFile | null };

const NO_QUERY = z.object({}).strict();
const NO_BODY = z.object({}).strict();

/** The first of the request's Accept-Language tags the carrier writes in, else its default (else en). */
export function answerLocale(header: string | undefined, carrier: Pick<ApiCarrier, "defaultLocale" | "supportedLocales"> | null): string {
  const fallback = carrier?.defaultLocale ?? "en";
  const offered = new Set([fallback, ...(carrier?.supportedLocales ?? [])]);
  const wanted = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0] ?? "", q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return wanted.find((entry) => offered.has(entry.language))?.language ?? fallback;
}

/** The key the request carries: the bearer header and/or the `key` query parameter (both must agree). */
export function presentedKey(request: Request): string | null | "conflict" {
  const header = request.get("authorization");
  const bearer = header ? (/^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? "") : null;
  const raw = request.query.key;
  const query = typeof raw === "string" ? raw : raw === undefined ? null : "";
  if (bearer !== null && query !== null && bearer !== query) return "conflict";
  const key = bearer ?? query;
  return key ? key : key === "" ? "conflict" : null;
}

/** The host the caller asked for: X-Forwarded-Host's first only behind a trusted proxy, else Host. */
export function requestHost(request: Request, trustForwardedHost: boolean): string | null {
  const forwarded = trustForwardedHost ? request.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return forwarded || request.get("host") || null;
}

const hasBody = (request: Request) => Number(request.get("content-length") ?? 0) > 0 || request.get("transfer-encoding") !== undefined;
const isJson = (request: Request) => /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(request.get("content-type") ?? "");

/** The paths the routers are mounted at: /api/v4 and any other route's `base` (ADR 176). */
export function apiBases(routes: readonly ApiRoute[]): string[] {
  return [...new Set([API_PREFIX, ...routes.map((route) => route.base ?? API_PREFIX)])];
}

/** Headers a browser page on a listed origin may read (CORS exposes only a few by default). */
const EXPOSED_HEADERS = "RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, ETag, Idempotent-Replayed";

export function createApiRouter(deps: ApiDependencies): Router {
  const router = express.Router({ caseSensitive: true });
  const limit = deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const base = deps.base ?? API_PREFIX;
  const routes = deps.routes.filter((route) => (route.base ?? API_PREFIX) === base);
  const answers = deps.onDataChanged ? createAnswerCache() : null;
  deps.onDataChanged?.((carrierCode) => {
    answers?.drop(carrierCode);
    // A sync may have revoked keys: on this instance they are read afresh at once (elsewhere within 1 s anyway, ADR 185).
    void deps
      .engine()
      .then((engine) => engine.apiKeys.forgetCachedKeys())
      .catch(() => undefined);
  });

  router.use((_request, response, next) => {
    response.setHeader("Cache-Control", "no-store");
    next();
  });

  // CORS preflight: allowed only for an origin the key (sent as the query parameter) lists.
  router.options("*", async (request, response, next) => {
    try {
      const origin = request.get("origin");
      const key = presentedKey(request);
      const principal = origin && typeof key === "string" && key !== "conflict" ? await deps.authenticate(key) : null;
      if (origin && principal?.allowedOrigins.includes(origin)) {
        response.setHeader("Access-Control-Allow-Origin", origin);
        response.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE");
        response.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, Accept-Language");
        response.setHeader("Access-Control-Max-Age", "600");
      }
      response.setHeader("Vary", "Origin");
      response.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  // JSON bodies, and multipart ones for the calls that take a file (checked per call below).
  router.use((request, _response, next) => {
    if (hasBody(request) && !isJson(request) && !isMultipart(request)) return next(new ApiProblem(415, "UNSUPPORTED_MEDIA_TYPE", ["Send the body as application/json."]));
    next();
  });
  router.use(express.json({ limit, strict: true, type: (request) => isJson(request as Request) }));

  // The contract (ADR 174): public, generated once from the same route list, under /api/v4.
  let document: string | undefined;
  if (base === API_PREFIX) {
    router.get(OPENAPI_PATH, (_request, response) => {
      document ??= JSON.stringify(openApiDocument(deps.routes));
      response.setHeader("Cache-Control", "public, max-age=300");
      response.setHeader("Access-Control-Allow-Origin", "*");
      response.type("application/json").send(document);
    });
  }

  /** The CMS's contact reasons; the CMS away is an outage (503), as for the carrier. */
  const contactReasons = async (carrierCode: string, locale: string) => {
    if (!deps.contactReasons) throw new ApiProblem(503, "SERVICE_UNAVAILABLE", ["The contact reasons are not available."], {}, { "Retry-After": "5" });
    return deps.contactReasons(carrierCode, locale).catch((error: unknown) => {
      deps.log?.error({ err: error instanceof Error ? error.message : String(error) }, "api: the contact reasons could not be read");
      throw new ApiProblem(503, "SERVICE_UNAVAILABLE", ["The service is temporarily unavailable. Please try again shortly."], {}, { "Retry-After": "5" });
    });
  };

  /** The key, its carrier and scope, and the origin; sets the CORS header for a listed origin. */
  const authorise = (route: ApiRoute) => async (request: Request, response: Response, next: NextFunction) => {
    try {
      const key = presentedKey(request);
      if (key === null || key === "conflict") throw unauthorized();
      const principal = await deps.authenticate(key);
      if (!principal) throw unauthorized();
      const origin = request.get("origin");
      response.setHeader("Vary", "Origin");
      if (origin) {
        if (!principal.allowedOrigins.includes(origin)) throw new ApiProblem(403, "FORBIDDEN", ["Calls from this browser origin are not allowed for this API key."]);
        response.setHeader("Access-Control-Allow-Origin", origin);
        response.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
      }
      // Key and host agree (ADR 254): another carrier's host does not act for this key's carrier.
      const hostCode = await deps.hostCarrier(requestHost(request, deps.trustForwardedHost ?? false)).catch((error: unknown) => {
        deps.log?.error({ err: error instanceof Error ? error.message : String(error) }, "api: the host's carrier could not be read");
        throw new ApiProblem(503, "SERVICE_UNAVAILABLE", ["The service is temporarily unavailable. Please try again shortly."], {}, { "Retry-After": "5" });
      });
      if (hostCode !== null && hostCode !== principal.carrierCode) throw wrongHost();
      await limitRate(await deps.engine(), principal, route, response);
      // The CMS unreachable (and nothing cached) is an outage, not a bug: 503, like the database away.
      const carrier = await deps.carrier(principal.carrierCode).catch((error: unknown) => {
        deps.log?.error({ err: error instanceof Error ? error.message : String(error) }, "api: the carrier could not be read");
        throw new ApiProblem(503, "SERVICE_UNAVAILABLE", ["The service is temporarily unavailable. Please try again shortly."], {}, { "Retry-After": "5" });
      });
      if (!carrier) throw unauthorized();
      (response.locals as ApiLocals).api = { principal, carrier, locale: answerLocale(request.get("accept-language"), carrier) };
      if (!principal.scopes.includes(route.scope)) throw forbidden(route.scope);
      next();
    } catch (error) {
      next(error);
    }
  };

  /** A multipart body only where the call takes a file (ADR 176); that file is read once the key is known. */
  const acceptBody = (route: ApiRoute) => (request: Request, _response: Response, next: NextFunction) => {
    if (!route.upload && hasBody(request) && isMultipart(request)) return next(new ApiProblem(415, "UNSUPPORTED_MEDIA_TYPE", ["Send the body as application/json."]));
    next();
  };
  const upload = (route: ApiRoute) => async (request: Request, response: Response, next: NextFunction) => {
    if (!route.upload) return next();
    try {
      const { fields, file } = await readUpload(request, route.upload);
      request.body = fields;
      (response.locals as ApiLocals).upload = file;
      next();
    } catch (error) {
      next(error);
    }
  };

  for (const route of routes) {
    router[route.method](expressPath(route.path), acceptBody(route), authorise(route), upload(route), async (request: Request, response: Response, next: NextFunction) => {
      try {
        const { principal, carrier, locale } = (response.locals as ApiLocals).api!;
        const { key: _key, ...rawQuery } = request.query;
        const query = (route.query ?? NO_QUERY).safeParse(rawQuery);
        if (!query.success) throw requestShapeProblem(query.error, "query");
        const body = (route.body ?? NO_BODY).safeParse(request.body ?? {});
        if (!body.success) throw requestShapeProblem(body.error);
        // A catalogue answer this instance has (ADR 185): no engine call, its ETag computed when it was stored.
        const cacheKey = route.cache && answers ? `${locale}\n${route.method} ${route.path}\n${JSON.stringify(request.params)}\n${JSON.stringify(query.data)}` : null;
        const cached = cacheKey ? answers!.get(carrier.code, cacheKey) : null;
        if (cached) return void sendCacheable(request, response, cached, route.cache!.maxAgeSeconds);
        const generation = cacheKey ? answers!.generation(carrier.code) : 0;
        const engine = await deps.engine();
        const claim = route.idempotent ? await claimRequest(engine, principal, request) : null;
        if (claim && claim.kind === "replay") return void response.status(claim.status).setHeader("Idempotent-Replayed", "true").type("application/json").send(claim.json);
        const run = claim?.kind === "run" ? claim.id : null;
        let status = route.status ?? 200;
        let answer: unknown;
        try {
          answer = await route.handle({
            engine,
            carrier,
            principal,
            params: request.params,
            body: body.data,
            query: query.data,
            locale,
            upload: (response.locals as ApiLocals).upload ?? null,
            contactReasons: () => contactReasons(principal.carrierCode, locale),
          });
        } catch (error) {
          const facts = errorFacts(error);
          // A refusal is the call's answer and is replayed; a failure worth retrying (5xx) lets the next request run it.
          if (run === null || !facts || facts.status >= 500) {
            if (run !== null) await engine.apiKeys.releaseIdempotencyKey(run).catch(() => undefined);
            throw error;
          }
          status = facts.status;
          answer = await errorBody(facts, locale, deps.localise, carrier.code);
          for (const [name, value] of Object.entries(facts.headers)) response.setHeader(name, value);
        }
        if (run !== null) await engine.apiKeys.completeIdempotencyKey(run, { status, body: answer });
        if (route.cache && status === 200) {
          const ready = cacheKey ? answers!.put(carrier.code, cacheKey, answer, generation) : cacheableAnswer(answer);
          return void sendCacheable(request, response, ready, route.cache.maxAgeSeconds);
        }
        response.status(status).json(answer);
      } catch (error) {
        next(error);
      }
    });
  }

  // Anything else: 405 where the path is known with other methods, else 404; JSON either way.
  const patterns = routes.map((route) => ({ pattern: pathPattern(route.path), method: route.method.toUpperCase() }));
  router.use((request, response, next) => {
    const allowed = [...new Set(patterns.filter((entry) => entry.pattern.test(request.path)).map((entry) => entry.method))];
    if (allowed.length === 0) return next(notFound());
    response.setHeader("Allow", [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : [])].join(", "));
    next(new ApiProblem(405, "METHOD_NOT_ALLOWED", [`Use ${allowed.join(" or ")} for this path.`]));
  });

  router.use((error: unknown, request: Request, response: Response, _next: NextFunction) => {
    const facts = errorFacts(bodyParserProblem(error) ?? error);
    if (!facts) deps.log?.error({ err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error), path: request.path }, "api call failed");
    const answer = facts ?? INTERNAL_FACTS;
    const api = (response.locals as ApiLocals).api;
    const locale = api?.locale ?? answerLocale(request.get("accept-language"), null);
    for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
    if (response.headersSent) return void response.end();
    errorBody(answer, locale, deps.localise, api?.carrier.code ?? null)
      .catch(() => errorBody(answer, "en"))
      .then((body) => response.status(answer.status).json(body));
  });

  return router;
}

const cacheableAnswer = (answer: unknown): CachedAnswer => {
  const json = JSON.stringify(answer);
  return { json, etag: etagOf(json) };
};

/**
 * A cacheable read (issue 23 item 5): a strong ETag of the exact body; the partner's If-None-Match
 * gets a 304. `private`: the answer is the key's carrier's (and its language's).
 */
function sendCacheable(request: Request, response: Response, { json, etag }: CachedAnswer, maxAgeSeconds: number) {
  response.setHeader("ETag", etag);
  response.setHeader("Cache-Control", `private, max-age=${maxAgeSeconds}`);
  response.setHeader("Vary", "Origin, Authorization, Accept-Language");
  const wanted = (request.get("if-none-match") ?? "").split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (wanted.includes(etag) || wanted.includes("*")) return void response.status(304).end();
  response.status(200).type("application/json").send(json);
}

/**
 * ADR 175: counts the call against its key's limit for its class, shared by every instance through
 * the database. The RateLimit headers go on every answer to a known key; past the limit, 429 with
 * Retry-After (the end of the window).
 */
async function limitRate(engine: Engine, principal: ApiPrincipal, route: ApiRoute, response: Response) {
  const verdict = await engine.apiKeys.consumeRateLimit({ keyId: principal.keyId, rateClass: rateClassOf(route) });
  response.setHeader("RateLimit-Policy", `${verdict.limit};w=${verdict.windowSeconds}`);
  response.setHeader("RateLimit-Limit", String(verdict.limit));
  response.setHeader("RateLimit-Remaining", String(verdict.remaining));
  response.setHeader("RateLimit-Reset", String(verdict.resetSeconds));
  if (verdict.allowed) return;
  const calls = verdict.rateClass === "read" ? "reading calls" : "writing calls";
  throw new ApiProblem(
    429,
    "RATE_LIMITED",
    [`Too many requests: this API key may make ${verdict.limit} ${calls} per ${verdict.windowSeconds} seconds. Try again in ${verdict.resetSeconds} seconds.`],
    {},
    { "Retry-After": String(verdict.resetSeconds) },
  );
}

/** How long a duplicate waits for the first request's answer before it is told to retry (409). */
const IDEMPOTENCY_WAIT_MS = 15_000;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * ADR 173: the `Idempotency-Key` of a creating or charging call. null: no key sent, the call just
 * runs. Same key and same request: the stored answer (a concurrent duplicate waits for it); same
 * key, other request: 422.
 */
async function claimRequest(engine: Engine, principal: ApiPrincipal, request: Request) {
  const idempotencyKey = request.get("idempotency-key");
  if (idempotencyKey === undefined) return null;
  if (!IDEMPOTENCY_KEY.test(idempotencyKey))
    throw new ApiProblem(400, "VALIDATION", ["The Idempotency-Key header must be 1 to 255 visible ASCII characters."], {
      "Idempotency-Key": ["1 to 255 visible ASCII characters."],
    });
  const requestHash = createHash("sha256")
    .update(`${request.method} ${request.baseUrl}${request.path}\n${JSON.stringify(request.body ?? {})}`)
    .digest("hex");
  const until = Date.now() + IDEMPOTENCY_WAIT_MS;
  for (;;) {
    const claim = await engine.apiKeys.claimIdempotencyKey({ keyId: principal.keyId, idempotencyKey, requestHash });
    if (claim.kind === "mismatch") throw new ApiProblem(422, "IDEMPOTENCY_KEY_REUSED", ["This Idempotency-Key was used for a different request."]);
    if (claim.kind !== "in-progress") return claim;
    if (Date.now() >= until)
      throw new ApiProblem(409, "IDEMPOTENCY_IN_PROGRESS", ["A request with this Idempotency-Key is still running; try again shortly."], {}, { "Retry-After": "1" });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** body-parser's errors (`type`, `status`) as the §8 shape's problems. */
function bodyParserProblem(error: unknown): ApiProblem | null {
  if (!error || typeof error !== "object" || !("type" in error) || typeof (error as { type: unknown }).type !== "string") return null;
  const type = (error as { type: string }).type;
  if (type === "entity.too.large") return new ApiProblem(413, "PAYLOAD_TOO_LARGE", ["The request body is too large."]);
  if (type === "encoding.unsupported" || type === "charset.unsupported") return new ApiProblem(415, "UNSUPPORTED_MEDIA_TYPE", ["Send the body as UTF-8 JSON."]);
  if (type === "entity.parse.failed") return new ApiProblem(400, "MALFORMED_JSON", ["The request body is not valid JSON (an object is expected)."]);
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 500 ? new ApiProblem(400, "MALFORMED_JSON", ["The request body could not be read."]) : null;
}
