/**
 * The §8 error contract of /api/v4 (ADR 170): every answer that is not a success is
 * `{ code, messages, field_codes? }`. `messages` is a list (first message first: §8 "the first
 * message") unless fields of the request are at fault (code VALIDATION), when it is keyed by field
 * (§8 "messages.imei or messages"). Engine errors keep their own status and code (DomainError.status);
 * the API's own problems (malformed JSON, no key …) are `ApiProblem`s of the same shape.
 */
import type { ZodError } from "zod";
import { DomainError, type FieldCode } from "../domain/errors";
import { asDatabaseUnavailable } from "../db/unavailable";

/** The API's own codes beside the engine's (`ErrorCode`). */
export const API_ERROR_CODES = [
  "MALFORMED_JSON",
  "MALFORMED_BODY",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "METHOD_NOT_ALLOWED",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_IN_PROGRESS",
  "RATE_LIMITED",
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** A problem the API finds before (or instead of) an engine call. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | "NOT_FOUND" | "VALIDATION",
    readonly messages: string[],
    readonly fields: Record<string, string[]> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(messages[0] ?? code);
  }
}

export const notFound = () => new ApiProblem(404, "NOT_FOUND", ["There is no such call in this API."]);
export const unauthorized = () =>
  new ApiProblem(401, "UNAUTHORIZED", ["A valid API key is required (Authorization: Bearer <key>, or the key query parameter)."], {}, { "WWW-Authenticate": 'Bearer realm="api"' });
export const forbidden = (scope: string) => new ApiProblem(403, "FORBIDDEN", [`This API key lacks the scope ${scope}.`]);
/** A key used on another carrier's host (ADR 254): refused, so a branded app cannot act for the wrong brand. */
export const WRONG_HOST_MESSAGE = "This API key belongs to another carrier. Call the API on the host of the key's own carrier.";
export const wrongHost = () => new ApiProblem(403, "FORBIDDEN", [WRONG_HOST_MESSAGE]);

/** A request whose JSON has the wrong shape (wrong types, unknown or missing fields): 400, keyed by field. */
export function requestShapeProblem(error: ZodError, place: "body" | "query" | "params" = "body"): ApiProblem {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of keys) {
      const name = path.length ? path.map(String).join(".") : place;
      const message = issue.code === "unrecognized_keys" ? "This field is not part of the request." : issue.message;
      (fields[name] ??= []).push(message);
    }
  }
  return new ApiProblem(400, "VALIDATION", Object.values(fields).flat(), fields);
}

/** What the body of an error answer says, before localisation. */
export interface ErrorFacts {
  status: number;
  code: string;
  messages: string[];
  fields: Record<string, string[]>;
  fieldCodes: Record<string, string[]>;
  headers: Record<string, string>;
}

/** The error's status, code and texts; null for a thrown value that is neither (a bug: 500). */
export function errorFacts(error: unknown): ErrorFacts | null {
  if (error instanceof ApiProblem) {
    return { status: error.status, code: error.code, messages: error.messages, fields: error.fields, fieldCodes: {}, headers: error.headers };
  }
  // By class: the router and the engine are one module graph, the server build's (ADR 283).
  if (error instanceof DomainError) {
    // The lookup throttle's 429 (TOO_MANY_ATTEMPTS) says when to try again.
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    const headers: Record<string, string> = typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : {};
    return { status: error.status, code: error.code, messages: error.messages, fields: error.fields, fieldCodes: error.fieldCodes, headers };
  }
  // The web door's answer while the database is away (app/booking.server.ts, ADR 145), or the engine's own error.
  if (asDatabaseUnavailable(error) || (error instanceof Response && error.status === 503)) {
    return {
      status: 503,
      code: "SERVICE_UNAVAILABLE",
      messages: ["The service is temporarily unavailable. Please try again shortly."],
      fields: {},
      fieldCodes: {},
      headers: { "Retry-After": "5" },
    };
  }
  return null;
}

export const INTERNAL_FACTS: ErrorFacts = { status: 500, code: "INTERNAL", messages: ["Something went wrong. Please try again."], fields: {}, fieldCodes: {}, headers: {} };

/** The texts of an error in the answer's language (ADR 170: the web's §8 texts; English as the engine wrote them otherwise). */
/** An error's texts in a language, for the key's carrier when known (its own wording of the texts, ADR 187). */
export type Localise = (
  error: { code: string; messages: string[]; fields: Record<string, string[]>; fieldCodes: Record<string, string[]> },
  locale: string,
  carrierCode?: string | null,
) => LocalisedTexts | Promise<LocalisedTexts>;
type LocalisedTexts = { messages: string[]; fields: Record<string, string[]> };

export interface ErrorBody {
  code: string;
  messages: string[] | Record<string, string[]>;
  fields?: Record<string, string[]>;
  field_codes?: Record<string, FieldCode[] | string[]>;
}

/**
 * The §8 body: a list of messages, or (VALIDATION) the messages keyed by field. English without a
 * carrier keeps the engine's words; with one, its own wording of a text may replace them (ADR 187).
 */
export async function errorBody(facts: ErrorFacts, locale: string, localise?: Localise, carrierCode?: string | null): Promise<ErrorBody> {
  const texts = localise && (locale !== "en" || carrierCode) ? await localise(facts, locale, carrierCode ?? null) : { messages: facts.messages, fields: facts.fields };
  const hasFields = Object.keys(texts.fields).length > 0;
  const hasCodes = Object.keys(facts.fieldCodes).length > 0;
  if (facts.code === "VALIDATION" && hasFields) {
    return { code: facts.code, messages: texts.fields, ...(hasCodes ? { field_codes: facts.fieldCodes } : {}) };
  }
  return { code: facts.code, messages: texts.messages, ...(hasFields ? { fields: texts.fields } : {}), ...(hasCodes ? { field_codes: facts.fieldCodes } : {}) };
}
