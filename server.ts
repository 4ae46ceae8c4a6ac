import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createFetchHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Edge } from "./app/edge.server";

/**
 * The one web process: Remix pages, resource routes (/healthz, /readyz, the CMS webhook),
 * static assets with long cache headers, compression, security headers and the CSP (ADRs 050, 051),
 * JSON request logs and metrics on a private listener (ADR 052), graceful shutdown.
 *
 * One module graph (ADR 283): this file imports nothing from app/ or booking/. It loads the server
 * build and takes what it needs from the build's `edge` object, so every cache, scope and engine
 * it serves with is the app's own.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(here, process.env.BUILD_DIR ?? "build");
const isDevelopment = process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const viteDevServer = isDevelopment ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } })) : undefined;

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(path.join(buildDir, "server/index.js"))) as ServerBuild);

const edgeOf = (loaded: ServerBuild) => (loaded.entry.module as unknown as { edge: Edge }).edge;
/** The edge of the build serving now: in development Vite's module graph, which a reload of a changed module replaces. */
const currentEdge = async () => edgeOf(typeof build === "function" ? await build() : build);
const started = await currentEdge();

// A bad or unsafe environment stops the start here, naming the variable (ADR 042).
started.env();
const edgeEnv = started.observabilityEnv();
const log = started.logger();

/** Made once per edge object: once in production; in development again after a reload. */
function perEdge<T>(make: (edge: Edge) => T): (edge: Edge) => T {
  const made = new WeakMap<Edge, T>();
  return (edge) => {
    if (!made.has(edge)) made.set(edge, make(edge));
    return made.get(edge)!;
  };
}

/** A middleware of the edge object; in development the current one's, so the scopes it opens are the ones the reloaded app reads. */
function fromEdge(make: (edge: Edge) => RequestHandler): RequestHandler {
  if (typeof build !== "function") return make(started);
  const forEdge = perEdge(make);
  return (request, response, next) => {
    currentEdge().then((edge) => forEdge(edge)(request, response, next), next);
  };
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", edgeEnv.TRUST_FORWARDED_HOST);
app.use(compression());
app.use(fromEdge((edge) => edge.requestLog()));
app.use(fromEdge((edge) => edge.requestObservation()));
app.use(fromEdge((edge) => edge.securityHeaders({ development: isDevelopment, cookieSecure: edgeEnv.COOKIE_SECURE })));
app.use(fromEdge((edge) => edge.cspReportRoute()));
// The partner API (ADR 170): JSON under /api/v4, before the form guard, the render cache and Remix.
app.use(fromEdge((edge) => edge.partnerApiRouter({ trustForwardedHost: edgeEnv.TRUST_FORWARDED_HOST })));

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Fingerprinted build assets never change; everything else in public/ may. The build wrote each
  // as .br and .gz too: those are sent as they are, with Content-Encoding and Vary (ADR 074).
  const precompressed = { enableBrotli: true, orderPreference: ["br", "gzip"], index: false };
  app.use("/assets", expressStaticGzip(path.join(buildDir, "client/assets"), { ...precompressed, serveStatic: { immutable: true, maxAge: "1y" } }));
  app.use(expressStaticGzip(path.join(buildDir, "client"), { ...precompressed, serveStatic: { maxAge: "1h" } }));
}

app.use(fromEdge((edge) => edge.requestGuard({ trustForwardedHost: edgeEnv.TRUST_FORWARDED_HOST })));
app.use(fromEdge((edge) => edge.previewRequests()));
app.use(fromEdge((edge) => edge.keepLanguageAcrossRedirects()));

// The client's address (X-Forwarded-For only with `trust proxy`), for the lookup throttle.
const loadContext = (request: Request, response: Response): AppLoadContext => ({
  clientAddress: request.ip ?? null,
  cspNonce: response.locals.cspNonce as string,
  requestId: String(request.id),
});
// Remix's handler inside the response scope (ADR 163): the request's changed sessions, its toast and
// its cookies are committed onto every answer — documents, data, resource routes, redirects.
const remixOf = perEdge((edge) => edge.withResponseScope(createFetchHandler(build, isDevelopment ? "development" : "production")));
// The booked-page and content-page caches (ADRs 225, 073); not in development, where the sources change under them.
if (!isDevelopment && typeof build !== "function") {
  for (const cache of started.pageCaches({ render: remixOf(started), loadContext })) app.use(cache);
}
// What @remix-run/express's createRequestHandler does, around the scoped handler.
app.all(
  "*",
  fromEdge((edge) => {
    const remix = remixOf(edge);
    return (request: Request, response: Response, next: NextFunction) => {
      remix(createRemixRequest(request, response), loadContext(request, response))
        .then((answer) => sendRemixResponse(response, answer))
        .catch(next);
    };
  }),
);

const server = app.listen(port, host, () => {
  log.info(`[app] listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

// ADR 052: Prometheus metrics on their own listener, never on the public port; bound to loopback
// unless METRICS_HOST names the private network's address (ADR 151).
const metricsHost = started.env().METRICS_HOST;
const metricsServer =
  edgeEnv.METRICS_PORT === null
    ? undefined
    : createServer((request, response) => {
        if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") return void response.writeHead(404).end();
        const { registry } = started.metrics();
        registry.metrics().then(
          (text) => response.writeHead(200, { "Content-Type": registry.contentType }).end(text),
          (error: unknown) => {
            log.error({ err: error }, "metrics could not be collected");
            response.writeHead(500).end();
          },
        );
      });
metricsServer?.on("error", (error) => log.warn({ err: error }, `[app] metrics listener not started on ${metricsHost}:${edgeEnv.METRICS_PORT}`));
metricsServer?.listen(edgeEnv.METRICS_PORT ?? 0, metricsHost, () => log.info(`[app] metrics on http://${metricsHost}:${edgeEnv.METRICS_PORT}/metrics`));

// ADRs 103, 150: a replica told to stop first says so on /readyz while it keeps serving (the drain),
// then finishes its requests and its scheduler pass before it exits; 10 s for that after the drain.
const drainMs = started.env().SHUTDOWN_DRAIN_SECONDS * 1000;
const shutdown = started.gracefulShutdown({
  servers: metricsServer ? [server, metricsServer] : [server],
  closers: () => [...(viteDevServer ? [() => viteDevServer.close()] : []), ...started.shutdownHooks()],
  drainMs,
  drain: started.drainState(),
  timeoutMs: drainMs + 10_000,
  exit: (code) => process.exit(code),
  log,
});
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
