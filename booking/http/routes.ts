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
import type { ApiRateClass } from "../api-keys/rate-limit";
import { ApiProblem } from "./errors";
import type { UploadSpec, UploadedFile } from "./upload";
import type { OrderActor } from "../records/history";

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
  /** The key's name (ADR 247): what the order's history says made a change through the API. */
  keyName?: string;
  carrierCode: string;
  scopes: readonly string[];
  allowedOrigins: readonly string[];
}

/** A contact reason as the CMS gives it for the carrier (spec §3 "Contact reason. id, title"). */
export interface ContactReasonView {
  id: number;
  title: string;
}

export interface RouteContext<B = unknown, Q = unknown> {
  engine: Engine;
  carrier: ApiCarrier;
  principal: ApiPrincipal;
  params: Record<string, string>;
  body: B;
  query: Q;
  locale: string;
  /** The file of a call that takes one (`upload`); null when none was sent. */
  upload: UploadedFile | null;
  /** The key's carrier's contact reasons in the answer's language (the CMS's, ADR 176). */
  contactReasons: () => Promise<ContactReasonView[]>;
}

export type HttpMethod = "get" | "post" | "put" | "delete";

export interface ApiRoute<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Under `base` (/api/v4 unless it says otherwise), with `{name}` parameters (OpenAPI's form). */
  path: string;
  /** Where a call the spec places outside /api/v4 is mounted (ADR 176: the UK order-address list under /api/repair). */
  base?: string;
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
  /** A call that takes one file as multipart/form-data (ADR 176): its field, size and types; `body` then states the text fields. */
  upload?: UploadSpec;
  /** The rate-limit class the call counts against (ADR 175); default: `read` for a GET, `write` otherwise. */
  rateClass?: ApiRateClass;
  handle(context: RouteContext<z.output<B>, z.output<Q>>): Promise<unknown>;
}

export function defineRoute<B extends z.ZodType = z.ZodObject<Record<never, never>>, Q extends z.ZodType = z.ZodObject<Record<never, never>>>(route: ApiRoute<B, Q>): ApiRoute {
  return route as unknown as ApiRoute;
}

/** The class a call's rate limit counts it in (ADR 175). */
export const rateClassOf = (route: Pick<ApiRoute, "method" | "rateClass">): ApiRateClass => route.rateClass ?? (route.method === "get" ? "read" : "write");

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

/** An order device's id in the path: a number, else there is no such device (404). */
export function deviceId(value: string | undefined): number {
  if (!value || !/^\d{1,12}$/.test(value)) throw new ApiProblem(404, "NOT_FOUND", ["The device was not found."]);
  return Number(value);
}

/** Success bodies as the spec reads them (§7: `response.data.data`, with `booking_reference` and `booking`). */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** The partner key as the order's history names it (ADR 247): its name, or its id when it has none. */
export const partnerActor = (principal: ApiPrincipal): OrderActor => ({ type: "partner", id: principal.keyId, name: principal.keyName?.trim() || principal.keyId });

/**
 * The body's `carrier` (spec §7 postcode, address, store, call-back, contact): the key decides the
 * carrier, so another one is refused (400, naming the field), never silently ignored.
 */
export function assertKeyCarrier(carrier: Pick<ApiCarrier, "code">, sent: string | null | undefined): void {
  if (sent === undefined || sent === null || sent === carrier.code) return;
  const message = `This API key acts for the carrier ${carrier.code}: send carrier ${carrier.code} or leave it out.`;
  throw new ApiProblem(400, "VALIDATION", [message], { carrier: [message] });
}

/** A country the spec's client names (`country_code`, `{country}`): the carrier's own, as ISO alpha-2; another is refused. */
export function assertKeyCountry(carrier: Pick<ApiCarrier, "countryCode">, sent: string | undefined, field: string): void {
  if (sent === undefined || sent.toUpperCase() === carrier.countryCode) return;
  const message = `The address lookup searches the carrier's country only: send ${carrier.countryCode} or leave it out.`;
  throw new ApiProblem(400, "VALIDATION", [message], { [field]: [message] });
}
