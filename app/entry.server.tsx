/**
 * Remix's default Node entry made explicit (ADR 050): streaming as before, plus the per-request CSP
 * nonce on Remix's and React's inline scripts and the page's Content-Security-Policy, built from
 * the third parties this page loads. A render for the render cache (ADR 073) is the exception: it
 * is rendered whole and without a nonce, and its inline scripts and style are allowed by hash, so the
 * same bytes can be served to every visitor.
 */
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { buildCsp, inlineHashes, originOf, thirdPartiesFor, type ThirdParty } from "~/lib/observability/csp";
import { observabilityEnv } from "~/lib/observability/env.server";
import { browserWidgets, DATABASE_RETRY_AFTER_SECONDS } from "~/booking.server";
import { logger } from "~/lib/observability/logger.server";
import { CARRIER_HEADER } from "~/lib/http/render-cache";
import { hostNamesCarrier } from "~/tenant/tenant.server";
import { RequestInfoProvider } from "~/lib/observability/request-context";
import { pageEnhancements, type Enhancement } from "~/enhance/names";
import { ENHANCEMENT_SCRIPTS } from "~/enhance/urls";
// What the edge (server.ts) takes from the app, read from the server build (ADR 283).
export { edge } from "~/edge.server";

const ABORT_DELAY = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A browser that went away mid-request is not an error of ours.
  if (request.signal.aborted) return;
  logger().error({ err: error, method: request.method }, "unhandled error in a loader, action or render");
};

/**
 * A 503 (the database or the CMS away, ADR 145) says when to come back and is never stored. A
 * route's thrown 503 carries these itself, but Remix builds a page's headers from the routes'
 * `headers` exports, not from the thrown answer, so the page gets them here.
 */
function markUnavailable(status: number, headers: Headers) {
  if (status !== 503) return;
  if (!headers.has("Retry-After")) headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
}

/** The same for a client-side navigation's data request. */
export function handleDataRequest(response: Response) {
  markUnavailable(response.status, response.headers);
  return response;
}

/**
 * The enhancement modules of a page served without hydration (ADR 206), from the matched routes'
 * handles; null when it hydrates. An error page hydrates, and so would a build without the
 * modules' files (none should be) rather than lose the page's behaviour.
 */
function enhancementsOf(remixContext: EntryContext): Enhancement[] | null {
  const { matches, errors } = remixContext.staticHandlerContext;
  if (errors) return null;
  const names = pageEnhancements(matches.map((match) => remixContext.routeModules[match.route.id]?.handle));
  return names && names.every((name) => ENHANCEMENT_SCRIPTS[name]) ? names : null;
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  markUnavailable(responseStatusCode, responseHeaders);
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const requestId = typeof loadContext.requestId === "string" ? loadContext.requestId : undefined;
  if (loadContext.renderCache === true) return renderWhole(request, responseStatusCode, responseHeaders, remixContext, nonce ?? "", requestId);
  if (nonce) responseHeaders.set("Content-Security-Policy", pagePolicy(request, remixContext, nonce));

  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <RequestInfoProvider value={{ nonce, requestId, enhancements: enhancementsOf(remixContext) }}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </RequestInfoProvider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by Remix's handleDocumentRequest.
          if (shellRendered) logger().error({ err: error }, "error while streaming a page");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * The whole page as one string, rendered without a nonce: the policy allows its inline scripts and
 * style by hash. The header still carries this response's nonce (the render cache puts a fresh one
 * in for each visitor); no element uses it.
 */
function renderWhole(request: Request, status: number, headers: Headers, remixContext: EntryContext, nonce: string, requestId: string | undefined): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => {
      const html = Buffer.concat(chunks).toString("utf8");
      headers.set("Content-Type", "text/html; charset=utf-8");
      if (nonce) headers.set("Content-Security-Policy", pagePolicy(request, remixContext, nonce, inlineHashes(html)));
      // Naming the carrier lets the render cache keep the page: not for a host that only fell back to the default carrier.
      const carrier = (remixContext.staticHandlerContext.loaderData.root as { carrier?: { code?: string } } | undefined)?.carrier?.code;
      void hostNamesCarrier(request).then((named) => {
        if (carrier && named) headers.set(CARRIER_HEADER, carrier);
        resolve(new Response(html, { headers, status }));
      });
    });
    const { pipe, abort } = renderToPipeableStream(
      <RequestInfoProvider value={{ requestId, enhancements: enhancementsOf(remixContext) }}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </RequestInfoProvider>,
      {
        onAllReady: () => pipe(sink),
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          logger().error({ err: error }, "error while rendering a cached page");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** The page's policy: payment, contact and tracking add their providers; live chat its widget. */
function pagePolicy(request: Request, remixContext: EntryContext, nonce: string, hashes?: { scripts: string[]; styles: string[] }): string {
  const env = observabilityEnv();
  const { pathname } = new URL(request.url);
  const parties: ThirdParty[] = thirdPartiesFor(pathname, {
    widgets: browserWidgets(env),
    tileUrlTemplate: env.TILE_URL_TEMPLATE,
  });
  const { loaderData, matches } = remixContext.staticHandlerContext;
  const carrier = (loaderData.root as { carrier?: { liveChat?: boolean; liveChatUrl?: string | null } } | undefined)?.carrier;
  const wantsLiveChat = matches.some((match) => (remixContext.routeModules[match.route.id]?.handle as { liveChat?: boolean } | undefined)?.liveChat === true);
  const liveChatOrigin = carrier?.liveChat && wantsLiveChat ? originOf(carrier.liveChatUrl) : null;
  if (liveChatOrigin) parties.push("liveChat");
  return buildCsp({
    nonce,
    hashes,
    parties,
    tileOrigin: originOf(env.TILE_URL_TEMPLATE),
    liveChatOrigin,
    development: process.env.NODE_ENV === "development",
  });
}
