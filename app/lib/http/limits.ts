/**
 * Request body rules shared by the Express guard (before Remix reads a byte) and `readForm` (while
 * it reads). ADR 054.
 */
import { MAX_PROOF_BYTES } from "../../booking.server";

/** Largest form post (every page form; the longest, the contact message, is 5,000 characters). */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/** Largest multipart post to the upload route: one proof-of-purchase image plus its form fields. */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_PROOF_BYTES + 256 * 1024;

/** Largest webhook post (CMS entries, Braintree notifications). */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/** The routes that take a file: the proof of purchase and the technician's repair pictures. */
export const UPLOAD_PATHS: readonly string[] = ["/manage/booking", "/store/jobs/picture"];

/** Server-to-server posts with their own content types and signatures, not browser forms (the CMS's redelivery of a partner webhook, ADR 181, included). */
export const WEBHOOK_PATHS: readonly string[] = ["/api/cms-webhook", "/api/braintree-webhook", "/api/ops/webhook-deliveries"];

export const FORM_CONTENT_TYPES: readonly string[] = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A path without Remix's single-fetch `.data` suffix, so a page and its data requests match alike. */
export function routePath(pathname: string): string {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return path === "/_root" ? "/" : path.replace(/\/+$/, "") || "/";
}

export function bodyLimitFor(pathname: string, contentType: string | null | undefined): number {
  const path = routePath(pathname);
  if (WEBHOOK_PATHS.includes(path)) return WEBHOOK_BODY_LIMIT_BYTES;
  if (UPLOAD_PATHS.includes(path) && mediaType(contentType) === "multipart/form-data") return UPLOAD_BODY_LIMIT_BYTES;
  return FORM_BODY_LIMIT_BYTES;
}
