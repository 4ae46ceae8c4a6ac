import { AsyncLocalStorage } from "node:async_hooks";
import { createCookie } from "@remix-run/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { verifyPreviewToken, type PreviewCheck } from "@repair/rules/preview-token";
import { env } from "../env.server";

/**
 * Preview of drafts (ADR 086). The CMS links to /preview?token=…&path=…; that route checks the
 * token, sets the `cms_preview` cookie and opens the page with `?cms_preview=<token>`: the query
 * works inside the admin's cross-site frame, where browsers may withhold the cookie; the cookie
 * carries the preview on to the next pages where they do not. Every request with a valid token runs
 * in a preview scope naming the token's carrier: the content client then reads that carrier's
 * drafts, uncached, for this request only, and the response is never cached, never indexed and may
 * be framed by the CMS admin. A cache in front must pass through /preview and any request with the
 * `cms_preview` cookie or query parameter.
 */

export const PREVIEW_COOKIE = "cms_preview";
export const PREVIEW_PATH = "/preview";

export const previewCookie = createCookie(PREVIEW_COOKIE, { path: "/", httpOnly: true });

type PreviewScope = { carrierCode: string };
const previewScope = new AsyncLocalStorage<PreviewScope>();

/** Runs `fn` outside any preview: process-wide timers started while serving one must not read drafts. */
export function outsidePreview<T>(fn: () => T): T {
  return previewScope.exit(fn);
}

/** True while serving a preview of this carrier: its drafts are read instead of what is published. */
export function isPreviewing(carrierCode: string): boolean {
  return previewScope.getStore()?.carrierCode === carrierCode;
}

export function checkPreviewToken(token: unknown): PreviewCheck {
  return verifyPreviewToken(token, env().PREVIEW_SECRET);
}

async function previewClaims(request: Request) {
  const fromQuery = request.query[PREVIEW_COOKIE];
  const cookieHeader = request.headers.cookie;
  const token = typeof fromQuery === "string" ? fromQuery : cookieHeader?.includes(`${PREVIEW_COOKIE}=`) ? await previewCookie.parse(cookieHeader).catch(() => null) : null;
  if (!token) return null;
  const check = checkPreviewToken(token);
  return check.ok ? check.claims : null;
}

/** The CMS admin's origin, which frames the preview. */
function adminOrigin(): string {
  const { CMS_PUBLIC_URL, CMS_URL } = env();
  return new URL(CMS_PUBLIC_URL ?? CMS_URL).origin;
}

function markPreviewResponse(response: Response): void {
  onHeaders(response, function (this: Response) {
    this.setHeader("Cache-Control", "no-store");
    this.setHeader("X-Robots-Tag", "noindex, nofollow");
    this.removeHeader("X-Frame-Options");
    const csp = this.getHeader("Content-Security-Policy");
    if (typeof csp === "string") this.setHeader("Content-Security-Policy", csp.replace("frame-ancestors 'self'", `frame-ancestors 'self' ${adminOrigin()}`));
  });
}

/** Express middleware (the edge, server.ts): runs a request with a valid preview cookie in its carrier's preview scope. */
export function previewRequests(): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    previewClaims(request).then((claims) => {
      if (claims || request.path === PREVIEW_PATH) markPreviewResponse(response);
      if (!claims) return next();
      previewScope.run({ carrierCode: claims.carrierCode }, next);
    }, next);
  };
}
