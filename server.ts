import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createFetchHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { previewRequests } from "./app/content/preview.server";
import { env } from "./app/env.server";
import { drainState, gracefulShutdown } from "./app/lib/http/graceful-shutdown";
import { keepLanguageAcrossRedirects } from "./app/lib/http/language-redirects";
import { requestGuard } from "./app/lib/http/request-guard";
import { renderCache } from "./app/lib/http/render-cache";
import { RenderedPages, renderedPages } from "./app/lib/http/rendered-pages";
import { bookedPageCache } from "./app/lib/http/booked-cache";
import type { BookedPageSource } from "./app/lib/http/booked-source.server";
import { sessionDay } from "./app/lib/session.server";
import { withResponseScope } from "./app/lib/http/response-scope.server";
import { pinoHttp } from "pino-http";
import { cspReportRoute, securityHeaders } from "./app/lib/observability/edge.server";
import { observabilityEnv } from "./app/lib/observability/env.server";
import { createLogger, loggablePath, logger, requestScope } from "./app/lib/observability/logger.server";
import { metrics, observeRequest } from "./app/lib/observability/metrics.server";
import { requestIdFrom } from "./app/lib/observability/request-id";
import type { PartnerApi } from "./app/lib/api/partner-api.server";
import { API_PREFIX, apiBases, apiReference, apiRoutes, createApiRouter } from "./booking/http/index";

/**
 * The one web process: Remix pages, resource routes (/healthz, /readyz, the CMS webhook),
 * static assets with long cache headers, compression, security headers and the CSP (ADRs 050, 051),
 * JSON request logs and metrics on a private listener (ADR 052), graceful shutdown.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(here, process.env.BUILD_DIR ?? "build");
const isDevelopment = process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const edge = observabilityEnv();
const log = logger();

// A bad or unsafe environment stops the start here, naming the variable (ADR 042).
env();

const viteDevServer = isDevelopment ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } })) : undefined;

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(path.join(buildDir, "server/index.js"))) as ServerBuild);

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", edge.TRUST_FORWARDED_HOST);
app.use(compression());
// ADR 052: one JSON line per request with its id; the id is also the X-Request-Id response header.
app.use(
  pinoHttp({
    logger: createLogger({ withRequestId: false }),
    genReqId: (request, response) => {
      const id = requestIdFrom(request.headers["x-request-id"]);
      response.setHeader("X-Request-Id", id);
      return id;
    },
    customAttributeKeys: { reqId: "requestId" },
    // The id is bound to the request's logger (and so to its line) rather than nested under req.
    quietReqLogger: true,
    serializers: {
      req: (request: { method: string; url: string; raw?: { originalUrl?: string } }) => ({ method: request.method, path: loggablePath(request.raw?.originalUrl ?? request.url) }),
      res: (response: { statusCode: number }) => ({ status: response.statusCode }),
    },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? "error" : response.statusCode >= 400 ? "warn" : "info"),
    customSuccessMessage: (request, response) => `${request.method} ${loggablePath((request as Request).originalUrl ?? request.url)} ${response.statusCode}`,
    customErrorMessage: (request, response) => `${request.method} ${loggablePath((request as Request).originalUrl ?? request.url)} ${response.statusCode}`,
  }),
);
app.use((request: Request, response: Response, next: NextFunction) => {
  const started = process.hrtime.bigint();
  response.once("finish", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    observeRequest({ pathname: request.path, method: request.method, status: response.statusCode, seconds });
  });
  requestScope().run({ requestId: String(request.id) }, next);
});
app.use(securityHeaders({ development: isDevelopment, cookieSecure: edge.COOKIE_SECURE }));
app.use(cspReportRoute());

// The partner API (ADR 170): JSON under /api/v4, before the form guard, the render cache and Remix,
// over the engine door, carriers and texts of the server build (entry.server.tsx exports them).
const partnerApi = async (): Promise<PartnerApi> => ((typeof build === "function" ? await build() : build).entry.module as unknown as { partnerApi: PartnerApi }).partnerApi;
// Its readable reference (ADR 178): Swagger UI from node_modules, same-origin only, at /api/v4/reference.
app.use(API_PREFIX, apiReference());
// Calls the spec places outside /api/v4 (the UK order-address list under /api/repair, ADR 176) get a router of their own.
for (const base of apiBases(apiRoutes)) {
  app.use(
    base,
    createApiRouter({
      base,
      routes: apiRoutes,
      engine: async () => (await partnerApi()).engine(),
      authenticate: async (secret) => (await partnerApi()).authenticate(secret),
      carrier: async (code) => (await partnerApi()).carrier(code),
      hostCarrier: async (host) => (await partnerApi()).hostCarrier(host),
      trustForwardedHost: edge.TRUST_FORWARDED_HOST,
      contactReasons: async (code, locale) => (await partnerApi()).contactReasons(code, locale),
      localise: async (error, locale, carrierCode) => (await partnerApi()).localise(error, locale, carrierCode),
      onDataChanged: (drop) =>
        void partnerApi()
          .then((api) => api.onDataChanged(drop))
          .catch((error: unknown) => log.error({ err: String(error) }, "api: the answer cache is not told of changes; answers stay at most 30 s")),
      log: { error: (details, message) => log.error(details, message) },
    }),
  );
}

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Fingerprinted build assets never change; everything else in public/ may. The build wrote each
  // as .br and .gz too: those are sent as they are, with Content-Encoding and Vary (ADR 074).
  const precompressed = { enableBrotli: true, orderPreference: ["br", "gzip"], index: false };
  app.use("/assets", expressStaticGzip(path.join(buildDir, "client/assets"), { ...precompressed, serveStatic: { immutable: true, maxAge: "1y" } }));
  app.use(expressStaticGzip(path.join(buildDir, "client"), { ...precompressed, serveStatic: { maxAge: "1h" } }));
}

app.use(requestGuard({ trustForwardedHost: edge.TRUST_FORWARDED_HOST }));
// Requests with the CMS's preview cookie or token read drafts and are never cached (ADR 086).
app.use(previewRequests());
// A redirect answering ?lng= leads to a page in that language too (ADR 120).
app.use(keepLanguageAcrossRedirects());

// The client's address (X-Forwarded-For only with `trust proxy`), for the lookup throttle.
const loadContext = (request: Request, response: Response): AppLoadContext => ({
  clientAddress: request.ip ?? null,
  cspNonce: response.locals.cspNonce as string,
  requestId: String(request.id),
});
// Remix's handler inside the response scope (ADR 163): the request's changed sessions, its toast and
// its cookies are committed onto every answer — documents, data, resource routes, redirects.
const remix = withResponseScope(createFetchHandler(build, isDevelopment ? "development" : "production"));
if (!isDevelopment && typeof build !== "function") {
  const ttlSeconds = env().CONTENT_TTL_SECONDS;
  const contentPages = renderedPages({ ttlMs: ttlSeconds * 1000, maxBytes: 64 * 1024 * 1024 });
  // A booked visitor's repeat views, kept per booking version (ADR 225), the repair date and checkout
  // within a clock second (ADR 233); before the content pages.
  if (env().BOOKED_PAGE_CACHE === "on") {
    const source = (build.entry.module as unknown as { bookedPageSource: BookedPageSource }).bookedPageSource;
    app.use(
      bookedPageCache({
        pages: new RenderedPages({ ttlMs: ttlSeconds * 1000, maxBytes: 32 * 1024 * 1024 }),
        contentVersion: () => contentPages.contentVersion,
        session: source.session,
        version: source.version,
        freshness: source.freshness,
        today: () => sessionDay(),
        render: remix,
        loadContext,
      }),
    );
  }
  // Content pages rendered once per host, language and content version (ADR 073); not in development,
  // where the sources change under it.
  app.use(renderCache({ pages: contentPages, render: remix, loadContext, sharedMaxAgeSeconds: ttlSeconds }));
}
// What @remix-run/express's createRequestHandler does, around the scoped handler.
app.all("*", (request: Request, response: Response, next: NextFunction) => {
  remix(createRemixRequest(request, response), loadContext(request, response))
    .then((answer) => sendRemixResponse(response, answer))
    .catch(next);
});

const server = app.listen(port, host, () => {
  log.info(`[app] listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

// ADR 052: Prometheus metrics on their own listener, never on the public port; bound to loopback
// unless METRICS_HOST names the private network's address (ADR 151).
const metricsHost = env().METRICS_HOST;
const metricsServer =
  edge.METRICS_PORT === null
    ? undefined
    : createServer((request, response) => {
        if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") return void response.writeHead(404).end();
        const { registry } = metrics();
        registry.metrics().then(
          (text) => response.writeHead(200, { "Content-Type": registry.contentType }).end(text),
          (error: unknown) => {
            log.error({ err: error }, "metrics could not be collected");
            response.writeHead(500).end();
          },
        );
      });
metricsServer?.on("error", (error) => log.warn({ err: error }, `[app] metrics listener not started on ${metricsHost}:${edge.METRICS_PORT}`));
metricsServer?.listen(edge.METRICS_PORT ?? 0, metricsHost, () => log.info(`[app] metrics on http://${metricsHost}:${edge.METRICS_PORT}/metrics`));

// ADRs 103, 150: a replica told to stop first says so on /readyz while it keeps serving (the drain),
// then finishes its requests and its scheduler pass before it exits; 10 s for that after the drain.
const drainMs = env().SHUTDOWN_DRAIN_SECONDS * 1000;
const shutdown = gracefulShutdown({
  servers: metricsServer ? [server, metricsServer] : [server],
  closers: () => [...(viteDevServer ? [() => viteDevServer.close()] : []), ...((globalThis as { __appShutdownHooks?: (() => Promise<void>)[] }).__appShutdownHooks ?? [])],
  drainMs,
  drain: drainState(),
  timeoutMs: drainMs + 10_000,
  exit: (code) => process.exit(code),
  log,
});
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
