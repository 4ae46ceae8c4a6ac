/**
 * The edge's page caches in front of Remix, in production only (in development the sources change
 * under them): a booked visitor's repeat views, kept per booking version (ADR 225; the repair date
 * and checkout within a clock second, ADR 233), then the content pages rendered once per host,
 * language and content version (ADR 073). Both hold this process's one store of rendered pages,
 * which content invalidation drops from (ADR 283: one module graph, the server build's).
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Request, RequestHandler, Response } from "express";
import { env } from "~/env.server";
import { sessionDay } from "~/lib/session.server";
import { bookedPageCache } from "./booked-cache";
import { bookedPageSource } from "./booked-source.server";
import { renderCache } from "./render-cache";
import { RenderedPages, renderedPages } from "./rendered-pages";

export interface PageCacheOptions {
  /** Remix's handler inside the response scope, called for a page no cache holds. */
  render: (request: globalThis.Request, loadContext: AppLoadContext) => Promise<globalThis.Response>;
  loadContext: (request: Request, response: Response) => AppLoadContext;
}

/** The caches' middleware, in the order they are mounted. */
export function pageCaches({ render, loadContext }: PageCacheOptions): RequestHandler[] {
  const ttlSeconds = env().CONTENT_TTL_SECONDS;
  const contentPages = renderedPages({ ttlMs: ttlSeconds * 1000, maxBytes: 64 * 1024 * 1024 });
  const booked =
    env().BOOKED_PAGE_CACHE === "on"
      ? [
          bookedPageCache({
            pages: new RenderedPages({ ttlMs: ttlSeconds * 1000, maxBytes: 32 * 1024 * 1024 }),
            contentVersion: () => contentPages.contentVersion,
            session: bookedPageSource.session,
            version: bookedPageSource.version,
            freshness: bookedPageSource.freshness,
            today: () => sessionDay(),
            render,
            loadContext,
          }),
        ]
      : [];
  return [...booked, renderCache({ pages: contentPages, render, loadContext, sharedMaxAgeSeconds: ttlSeconds })];
}
