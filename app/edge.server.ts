/**
 * Everything the edge (server.ts: Express, the listeners, the shutdown) takes from the web app, as
 * one object of the server build (ADR 283). server.ts imports nothing from app/: it loads the build
 * (build/server/index.js in production, Vite's module graph in development) and reads this object
 * from its entry (entry.server.tsx), so the render and booked caches, the request guard, the
 * response and request scopes, the logger, the metrics, the engine and the partner API exist once
 * per process, as plain module state.
 */
import { previewRequests } from "~/content/preview.server";
import { env } from "~/env.server";
import { partnerApiRouter } from "~/lib/api/partner-api.server";
import { drainState, gracefulShutdown } from "~/lib/http/graceful-shutdown";
import { keepLanguageAcrossRedirects } from "~/lib/http/language-redirects";
import { pageCaches } from "~/lib/http/page-caches.server";
import { requestGuard } from "~/lib/http/request-guard";
import { withResponseScope } from "~/lib/http/response-scope.server";
import { cspReportRoute, requestLog, requestObservation, securityHeaders } from "~/lib/observability/edge.server";
import { observabilityEnv } from "~/lib/observability/env.server";
import { logger } from "~/lib/observability/logger.server";
import { metrics } from "~/lib/observability/metrics.server";
import { shutdownHooks } from "~/lib/process.server";

export const edge = {
  /** The parsed environment: a bad or unsafe one throws, naming the variable (ADR 042). */
  env,
  observabilityEnv,
  logger,
  /** The Prometheus registry the private metrics listener serves (ADR 052). */
  metrics,
  // The middleware, in the order server.ts mounts it.
  requestLog,
  requestObservation,
  securityHeaders,
  cspReportRoute,
  /** The partner API (ADR 170): JSON under /api/v4 and the bases its routes name. */
  partnerApiRouter,
  requestGuard,
  /** Requests with the CMS's preview cookie or token read drafts and are never cached (ADR 086). */
  previewRequests,
  /** A redirect answering ?lng= leads to a page in that language too (ADR 120). */
  keepLanguageAcrossRedirects,
  /** Production only: the booked-page and render caches (ADRs 225, 073). */
  pageCaches,
  /** Remix's handler inside the response scope (ADR 163). */
  withResponseScope,
  // The shutdown (ADRs 103, 150): the drain /readyz reports, and what closes after the last request.
  drainState,
  gracefulShutdown,
  shutdownHooks,
};

export type Edge = typeof edge;
