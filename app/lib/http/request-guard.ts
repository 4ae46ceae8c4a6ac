/**
 * The Express guard in front of Remix for every request that is not GET/HEAD/OPTIONS (ADR 054, 055):
 *
 * - Origin: the Origin header, else the Referer, must name the request's own host (403). A post with
 *   neither is let through: every current browser sends Origin on a cross-site post, so only
 *   non-browser clients send neither, and they carry no visitor's cookies.
 * - Content type: only url-encoded and multipart forms (415); the webhooks keep their own types.
 * - Size: a declared Content-Length over the route's limit is refused before a byte is read (413);
 *   `readForm` counts the streamed bytes of a body without one.
 *
 * A page post of the manage page's proof upload over the limit is sent back to the manage page (303)
 * with the too-large message (ADR 232). A refused page or fetcher request is re-routed, unread, to the `request-rejected` route, which
 * throws the status so its ErrorBoundary renders the carrier's branded page. A webhook or a script
 * asking for JSON gets `{ error: { code, message } }`.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { bodyLimitFor, FORM_CONTENT_TYPES, mediaType, routePath, WEBHOOK_PATHS } from "./limits";
import { PROOF_UPLOAD_PATH, proofTooLargeLocation } from "./proof-problem";

/** Set only by this guard (a client's own is removed): which check refused the request. */
export const REJECTION_HEADER = "x-request-rejected";
export const REJECTION_PATH = "/request-rejected";

export type RejectionCode = "FOREIGN_ORIGIN" | "UNSUPPORTED_MEDIA_TYPE" | "BODY_TOO_LARGE";

export const REJECTION_STATUS: Record<RejectionCode, number> = { FOREIGN_ORIGIN: 403, UNSUPPORTED_MEDIA_TYPE: 415, BODY_TOO_LARGE: 413 };

const REJECTION_MESSAGE: Record<RejectionCode, string> = {
  FOREIGN_ORIGIN: "This form was sent from another site.",
  UNSUPPORTED_MEDIA_TYPE: "Only form posts are accepted.",
  BODY_TOO_LARGE: "The form is too large.",
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function normaliseHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:(80|443)$/, "");
}

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? normaliseHost(parsed.host) : null;
  } catch {
    return null;
  }
}

export interface RequestFacts {
  method: string;
  path: string;
  host: string | undefined;
  origin: string | undefined;
  referer: string | undefined;
  contentType: string | undefined;
  contentLength: string | undefined;
}

/** The check a request fails, or null. Pure, for the unit tests. */
export function rejectionFor(facts: RequestFacts): RejectionCode | null {
  if (SAFE_METHODS.has(facts.method.toUpperCase())) return null;
  const path = routePath(facts.path);
  const webhook = WEBHOOK_PATHS.includes(path);
  if (!webhook) {
    const claimed = facts.origin !== undefined ? facts.origin : facts.referer;
    // `Origin: null` (a sandboxed frame, a redirect chain) names no host and counts as foreign.
    if (claimed !== undefined && (!facts.host || hostOf(claimed) !== normaliseHost(facts.host))) return "FOREIGN_ORIGIN";
    if (!FORM_CONTENT_TYPES.includes(mediaType(facts.contentType))) return "UNSUPPORTED_MEDIA_TYPE";
  }
  const length = Number(facts.contentLength);
  if (facts.contentLength !== undefined && Number.isFinite(length) && length > bodyLimitFor(path, facts.contentType)) return "BODY_TOO_LARGE";
  return null;
}

function wantsJson(request: Request): boolean {
  const accept = request.get("Accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

function requestHost(request: Request, trustForwardedHost: boolean): string | undefined {
  const forwarded = trustForwardedHost ? request.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined;
  return forwarded || request.get("Host");
}

export function requestGuard({ trustForwardedHost = false }: { trustForwardedHost?: boolean } = {}): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    delete request.headers[REJECTION_HEADER];
    // Only a trusted proxy names the host; an untrusted X-Forwarded-Host would also trip Remix's own
    // origin check into a 500.
    if (!trustForwardedHost) delete request.headers["x-forwarded-host"];
    const url = new URL(request.originalUrl, "http://guard.invalid");
    const code = rejectionFor({
      method: request.method,
      path: url.pathname,
      host: requestHost(request, trustForwardedHost),
      origin: request.get("Origin"),
      referer: request.get("Referer"),
      contentType: request.get("Content-Type"),
      contentLength: request.get("Content-Length"),
    });
    if (!code) return next();
    // Nothing below reads the body: Node discards what still arrives, without buffering or parsing it.
    if (WEBHOOK_PATHS.includes(routePath(url.pathname)) || wantsJson(request)) {
      response.status(REJECTION_STATUS[code]).json({ error: { code, message: REJECTION_MESSAGE[code] } });
      return;
    }
    const upload = mediaType(request.get("Content-Type")) === "multipart/form-data";
    if (code === "BODY_TOO_LARGE" && upload && url.pathname.replace(/\/+$/, "") === PROOF_UPLOAD_PATH) {
      // The upload form's own post without JavaScript: back to the manage page, saying the file is too large.
      // As with the 413, Node discards the rest of the body unread.
      response.redirect(303, proofTooLargeLocation(request.originalUrl));
      return;
    }
    request.headers[REJECTION_HEADER] = code;
    if (url.pathname.endsWith(".data")) {
      // A fetcher's or script's post expects an action's answer: the rejection route's action throws it.
      // Its refused Origin must not reach Remix's own origin check, which would answer 500.
      delete request.headers.origin;
      delete request.headers.referer;
      request.url = request.originalUrl = `${REJECTION_PATH}.data`;
    } else {
      // A page post becomes a read of the rejection page, so Remix never opens the body.
      request.method = "GET";
      request.url = request.originalUrl = REJECTION_PATH;
    }
    next();
  };
}
