/**
 * One /api/v4 call (ADR 170): its method and path as the spec writes them (`{ref}` parameters), the
 * scope a key needs, the zod schemas of what it accepts, and a thin handler over one engine
 * operation. The router mounts these and the OpenAPI document is generated from the same list, so the
 * two cannot disagree.
 */
import { z } from "zod";
import type { Engine } from "../engine";
import type { CarrierContextInput } from "../domain/carrier";
import { API_KEY_SCOPES, type ApiKeyScope } from "../api-keys/api-keys";

/** Where server.ts mounts the API. */
export const API_PREFIX = "/api/v4";

export const API_SCOPES = API_KEY_SCOPES;
export type ApiScope = ApiKeyScope;

/** The carrier as the API needs it: the engine's context plus the CMS fields the API reads (locales, settings). */
export type ApiCarrier = CarrierContextInput & {
  defaultLocale?: string;
  supportedLocales?: string[];
  [field: string]: unknown;
};

/** Who is calling: the key's id, carrier, scopes and allowed browser origins. */
export interface ApiPrincipal {
  keyId: string;
  carrierCode: string;
  scopes: readonly string[];
  allowedOrigins: readonly string[];
}

export interface RouteContext<B = unknown, Q = unknown> {
  engine: Engine;
  carrier: ApiCarrier;
  principal: ApiPrincipal;
  params: Record<string, string>;
  body: B;
  query: Q;
  locale: string;
}

export type HttpMethod = "get" | "post" | "put" | "delete";

export interface ApiRoute<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Under /api/v4, with `{name}` parameters (OpenAPI's form). */
  path: string;
  summary: string;
  scope: ApiScope;
  body?: B;
  query?: Q;
  /** A POST that creates or charges: `Idempotency-Key` is honoured (ADR 173). */
  idempotent?: boolean;
  /** The success answer's schema, for the document. */
  response: z.ZodType;
  status?: number;
  /** A read a partner may cache: answered with an ETag (304 for a matching If-None-Match) and this max-age. */
  cache?: { maxAgeSeconds: number };
  handle(context: RouteContext<z.output<B>, z.output<Q>>): Promise<unknown>;
}

export function defineRoute<B extends z.ZodType = z.ZodObject<Record<never, never>>, Q extends z.ZodType = z.ZodObject<Record<never, never>>>(route: ApiRoute<B, Q>): ApiRoute {
  return route as unknown as ApiRoute;
}

/** `/wefix-booking/{ref}/device/{deviceKey}` → `/wefix-booking/:ref/device/:deviceKey`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

/** A matcher for a spec path (one segment per parameter), for 405 and the route/document test. */
export function pathPattern(path: string): RegExp {
  const source = path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}/?$`);
}

/** Success bodies as the spec reads them (§7: `response.data.data`, with `booking_reference` and `booking`). */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
