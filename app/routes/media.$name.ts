import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/env.server";

/**
 * Pictures of the CMS media library through the site's own origin (ADR 085): /media/<file> reads
 * <CMS_MEDIA_URL>/<file> (default <CMS_URL>/uploads). Strapi names every upload with a hash, so a
 * name never changes content: a year of caching, immutable, and a CDN in front may keep it too.
 * Only images pass; an SVG opened directly runs no script (CSP sandbox).
 */
const fileName = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
const IMAGE_TYPES = /^image\/(png|jpeg|webp|gif|avif|svg\+xml)(;|$)/;

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" } });

export function mediaSource(name: string, settings: { CMS_URL: string; CMS_MEDIA_URL?: string }): URL {
  const base = settings.CMS_MEDIA_URL ?? new URL("/uploads", settings.CMS_URL).href;
  return new URL(`${base.replace(/\/+$/, "")}/${name}`);
}

export async function loader({ params }: LoaderFunctionArgs) {
  const name = fileName.safeParse(params.name);
  if (!name.success) return notFound();
  const settings = env();
  let upstream: Response;
  try {
    upstream = await fetch(mediaSource(name.data, settings), { signal: AbortSignal.timeout(settings.CMS_TIMEOUT_MS) });
  } catch {
    return new Response("Temporarily unavailable", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" } });
  }
  const type = upstream.headers.get("content-type") ?? "";
  if (!upstream.ok || !IMAGE_TYPES.test(type)) {
    await upstream.body?.cancel();
    return notFound();
  }
  const headers = new Headers({
    "Content-Type": type,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  // fetch hands over the decoded body: the upstream length is only right when it sent none encoded.
  const length = upstream.headers.get("content-length");
  if (length && !upstream.headers.get("content-encoding")) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
}
