/**
 * The one way an action reads its form (ADR 054): only url-encoded or multipart bodies (415), at most
 * the route's limit, counted while streaming so a chunked post is cut off at the limit too (413),
 * parsed without letting a parser error escape (400), and no field holding control characters or
 * lone surrogates (400) — except in the fields a page names as typed text (`textFields`), which are
 * handed on without those characters and listed by `refusedFields` so the page answers a field error
 * and keeps what was typed (ADR 231). Each failure is a thrown Response the route's ErrorBoundary shows as a page,
 * and which a resource route's caller gets as JSON `{ error: { code, message } }`.
 */
import type { z } from "zod";
import { hasForbiddenCharacters, withoutForbiddenCharacters } from "~/booking.server";
import { bodyLimitFor, FORM_CONTENT_TYPES, mediaType } from "./limits";

export type BodyErrorCode = "MALFORMED_BODY" | "BODY_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "FORBIDDEN_CHARACTERS" | "FOREIGN_ORIGIN" | "CSRF";

const STATUS: Record<BodyErrorCode, number> = {
  MALFORMED_BODY: 400,
  FORBIDDEN_CHARACTERS: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  FOREIGN_ORIGIN: 403,
  CSRF: 403,
};

const MESSAGE: Record<BodyErrorCode, string> = {
  MALFORMED_BODY: "The form could not be read.",
  FORBIDDEN_CHARACTERS: "The form holds characters that are not allowed.",
  BODY_TOO_LARGE: "The form is too large.",
  UNSUPPORTED_MEDIA_TYPE: "Only form posts are accepted.",
  FOREIGN_ORIGIN: "This form was sent from another site.",
  CSRF: "This form has expired. Please reload the page and try again.",
};

/** The Response thrown for a refused request (a JSON body, so fetchers and scripts can read it). */
export function requestError(code: BodyErrorCode, headers?: HeadersInit): Response {
  return Response.json({ error: { code, message: MESSAGE[code] } }, { status: STATUS[code], headers });
}

export function statusOf(code: BodyErrorCode): number {
  return STATUS[code];
}

/** Reads at most `limit` bytes of a body; throws 413 as soon as it would hold more. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) throw requestError("BODY_TOO_LARGE");
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw requestError("MALFORMED_BODY");
    }
    if (step.done) break;
    total += step.value.byteLength;
    if (total > limit) {
      // Stop reading, without cancelling: a cancel destroys the socket before the answer is sent.
      // The connection closes after the answer instead of carrying the rest of the body.
      reader.releaseLock();
      throw requestError("BODY_TOO_LARGE", { Connection: "close" });
    }
    chunks.push(step.value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export interface ReadFormOptions {
  /** Bytes allowed; defaults to the route's limit (limits.ts). */
  limitBytes?: number;
  /**
   * Fields a visitor types into (names, addresses, e-mail, messages). A refused character there is
   * not a 400: the field is handed on with those characters removed and named by `refusedFields`,
   * and the action answers its own page with a field error (ADR 231). Any other field stays a 400.
   */
  textFields?: readonly string[];
}

const REFUSED = new WeakMap<FormData, readonly string[]>();

/** The `textFields` of a form read by `readForm` that held refused characters (removed from the form). */
export function refusedFields(form: FormData): readonly string[] {
  return REFUSED.get(form) ?? [];
}

/** `errors` with `key` under every refused field that has no message yet; the action then must not go on. */
export function withRefusedFieldErrors<E extends Partial<Record<string, string>>>(form: FormData, errors: E, key: string): E {
  const merged: Partial<Record<string, string>> = { ...errors };
  for (const field of refusedFields(form)) merged[field] = key;
  return merged as E;
}

export { UNSUPPORTED_CHARACTERS_KEY } from "./unsupported-characters";

/**
 * A typed query parameter (a search or reason form sent with GET) read like a `textFields` field of
 * `readForm` (ADR 231): its value without refused characters, and whether it held any. The page then
 * shows the field's error with the cleaned value, and does not search or go on with it.
 */
export function queryText(params: URLSearchParams, name: string): { value: string; refused: boolean } {
  const raw = params.get(name) ?? "";
  if (!hasForbiddenCharacters(raw, { multiLine: true })) return { value: raw, refused: false };
  return { value: withoutForbiddenCharacters(raw, { multiLine: true }), refused: true };
}

/** Address-provider container ids: letters, digits and the separators providers use (`GB|RM|ENG|3AS-SW1A`, `GB|postcode|E16LZ`). */
const CONTAINER_ID = /^[\p{L}\p{M}\p{N}|_.~+=-]{1,200}$/u;

/**
 * The address container a search opens (`container`, from a result's link, never typed): a control
 * character, more than 200 characters or anything that is not a provider's id (a script URL) is
 * refused — the page answers the search field's error and searches nothing, instead of handing it on.
 */
export function queryContainer(params: URLSearchParams, name = "container"): { value: string | null; refused: "characters" | "invalid" | null } {
  const raw = params.get(name);
  if (!raw) return { value: null, refused: null };
  if (hasForbiddenCharacters(raw, { multiLine: true })) return { value: null, refused: "characters" };
  return CONTAINER_ID.test(raw) ? { value: raw, refused: null } : { value: null, refused: "invalid" };
}

export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const contentType = request.headers.get("Content-Type");
  if (!FORM_CONTENT_TYPES.includes(mediaType(contentType))) throw requestError("UNSUPPORTED_MEDIA_TYPE");
  const limit = options.limitBytes ?? bodyLimitFor(new URL(request.url).pathname, contentType);
  const bytes = await readLimited(request, limit);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": contentType! } }).formData();
  } catch {
    throw requestError("MALFORMED_BODY");
  }
  const textFields = new Set(options.textFields ?? []);
  const refused = new Map<string, string>();
  for (const [name, value] of form) {
    // Tab and new lines stay allowed here (a textarea sends them); single-line fields refuse them in zod.
    if (hasForbiddenCharacters(name, { multiLine: true })) throw requestError("FORBIDDEN_CHARACTERS");
    if (typeof value !== "string" || !hasForbiddenCharacters(value, { multiLine: true })) continue;
    if (!textFields.has(name) || refused.has(name)) throw requestError("FORBIDDEN_CHARACTERS");
    refused.set(name, withoutForbiddenCharacters(value, { multiLine: true }));
  }
  for (const [name, cleaned] of refused) form.set(name, cleaned);
  if (refused.size) REFUSED.set(form, [...refused.keys()]);
  return form;
}

/** A form's fields through a route's schema; a post that does not fit it is malformed (400), not a 500. */
export function parseFields<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw requestError("MALFORMED_BODY");
  return parsed.data;
}
