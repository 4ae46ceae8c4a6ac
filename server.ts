import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { env } from "./app/env.server";
import { requestGuardFromEnv } from "./app/lib/http/request-guard";

/**
 * The one web process: Remix pages, resource routes (/healthz, /readyz, the CMS webhook),
 * static assets with long cache headers, compression, security headers, graceful shutdown.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(here, process.env.BUILD_DIR ?? "build");
const isDevelopment = process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

// A bad or unsafe environment stops the start here, naming the variable (ADR 042).
env();

const viteDevServer = isDevelopment
  ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }))
  : undefined;

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(path.join(buildDir, "server/index.js"))) as ServerBuild);

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_FORWARDED_HOST === "true" || process.env.TRUST_FORWARDED_HOST === "1");
app.use(compression());
app.use((_request: Request, response: Response, next: NextFunction) => {
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  response.setHeader("X-Frame-Options", "SAMEORIGIN");
  response.setHeader("Permissions-Policy", "camera=(self), geolocation=(self), microphone=()");
  if (!isDevelopment) response.setHeader("Strict-Transport-Security", "max-age=15552000");
  next();
});

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Fingerprinted build assets never change; everything else in public/ may.
  app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
}

app.use(requestGuardFromEnv());
app.all(
  "*",
  createRequestHandler({
    build,
    mode: isDevelopment ? "development" : "production",
    // The client's address (X-Forwarded-For only with `trust proxy`), for the lookup throttle.
    getLoadContext: (request) => ({ clientAddress: request.ip ?? null }),
  }),
);

const server = app.listen(port, host, () => {
  console.log(`[app] listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[app] ${signal}: closing`);
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  server.close();
  server.closeIdleConnections?.();
  await viteDevServer?.close();
  const closers = (globalThis as { __appShutdownHooks?: (() => Promise<void>)[] }).__appShutdownHooks ?? [];
  await Promise.allSettled(closers.map((close) => close()));
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
