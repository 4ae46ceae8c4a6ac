/**
 * The partner API (/api/v4, ADR 170): the engine served over HTTP to carriers' own apps and tools.
 * The edge mounts `createApiRouter` before Remix, built by the web app's partner API door
 * (app/lib/api/partner-api.server.ts) inside the server build, one module graph with the engine
 * (ADR 283); nothing else in app/ imports this folder (the pages call the engine in-process).
 */
export { API_PREFIX, apiBases, createApiRouter, answerLocale, type ApiDependencies, type ApiLogger } from "./router";
export { API_SCOPES, type ApiCarrier, type ApiPrincipal, type ApiRoute, type ApiScope } from "./routes";
export { errorBody, type ErrorBody, type Localise } from "./errors";
export { apiReference, REFERENCE_PATH } from "./reference";
import { bookingRoutes } from "./bookings";
import { catalogueRoutes } from "./catalogue";
import { orderRoutes } from "./orders";
import { otherRoutes } from "./others";
import type { ApiRoute } from "./routes";

/** Every call the API serves, in mounting order. */
export const apiRoutes: readonly ApiRoute[] = [...bookingRoutes, ...catalogueRoutes, ...orderRoutes, ...otherRoutes];
