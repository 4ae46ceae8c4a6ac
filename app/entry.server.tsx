/**
 * Remix's default Node entry made explicit (ADR 050): streaming as before, plus the per-request CSP
 * nonce on Remix's and React's inline scripts and the page's Content-Security-Policy, built from
 * the third parties this page loads.
 */
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { buildCsp, originOf, thirdPartiesFor, type ThirdParty } from "~/lib/observability/csp";
import { observabilityEnv } from "~/lib/observability/env.server";
import { browserWidgets } from "~/booking.server";
import { logger } from "~/lib/observability/logger.server";
import { RequestInfoProvider } from "~/lib/observability/request-context";

const ABORT_DELAY = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A browser that went away mid-request is not an error of ours.
  if (request.signal.aborted) return;
  logger().error({ err: error, method: request.method }, "unhandled error in a loader, action or render");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const requestId = typeof loadContext.requestId === "string" ? loadContext.requestId : undefined;
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
      <RequestInfoProvider value={{ nonce, requestId }}>
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

/** The page's policy: payment, contact and tracking add their providers; live chat its widget. */
function pagePolicy(request: Request, remixContext: EntryContext, nonce: string): string {
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
    parties,
    tileOrigin: originOf(env.TILE_URL_TEMPLATE),
    liveChatOrigin,
    development: process.env.NODE_ENV === "development",
  });
}
