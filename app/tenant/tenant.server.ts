import { env } from "~/env.server";
import { requestedLanguage } from "~/i18n/language.server";
import { readLocaleCookie } from "~/lib/cookies.server";
import { getCarriers, refreshCarriersAfterMiss } from "~/content/content.server";
import { ContentUnavailableError } from "~/content/strapi.server";
import type { Carrier, Locale } from "~/content/schemas";
import { resolveTenant } from "./resolve";

export interface Tenant {
  carrier: Carrier;
  locale: Locale;
}

/** Which host the visitor asked for. Forwarded headers count only behind a trusted proxy. */
export function requestHost(request: Request): string | null {
  if (env().TRUST_FORWARDED_HOST) {
    const forwarded = request.headers.get("x-forwarded-host");
    if (forwarded) return forwarded;
  }
  return request.headers.get("host") ?? new URL(request.url).host;
}

export function siteNotFound(): Response {
  return new Response("Site not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function temporarilyUnavailable(): Response {
  return new Response("Temporarily unavailable", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" },
  });
}

/** What the CMS answers; while it cannot answer (ContentUnavailableError), the 503 page. */
export async function contentOrUnavailable<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ContentUnavailableError) throw temporarilyUnavailable();
    throw error;
  }
}

/** The carrier for this request; throws a 404 or 503 Response when there is none. */
export async function requireCarrier(request: Request): Promise<Carrier> {
  const host = requestHost(request);
  const carriers = await contentOrUnavailable(getCarriers());
  const defaultCode = env().DEFAULT_CARRIER;
  let resolution = resolveTenant(host, carriers, defaultCode);
  if (!resolution.carrier || resolution.via === "default") {
    const refreshed = await refreshCarriersAfterMiss().catch(() => null);
    if (refreshed) resolution = resolveTenant(host, refreshed, defaultCode);
  }
  if (!resolution.carrier) throw siteNotFound();
  return resolution.carrier;
}

/**
 * Whether the request's host is one of its carrier's own (a domain, or `<code>.localhost`), not the
 * DEFAULT_CARRIER fallback that answers any host: only such pages are kept by the render cache, so
 * made-up hosts cannot fill it.
 */
export async function hostNamesCarrier(request: Request): Promise<boolean> {
  // The carriers the page was just rendered from (cached); no default and no refresh, so no more I/O.
  const carriers = await getCarriers().catch(() => []);
  return resolveTenant(requestHost(request), carriers).carrier !== null;
}

/**
 * ?lng= (when the carrier offers it; `persist`: the root loader keeps it in the cookie), then the
 * visitor's cookie (when the carrier offers it), then the carrier's default. Anything else is ignored
 * (ADR 120).
 */
export async function pickLocale(request: Request, carrier: Carrier): Promise<{ locale: Locale; persist: boolean }> {
  const offered = carrier.supportedLocales.length > 0 ? carrier.supportedLocales : [carrier.defaultLocale];
  const fromQuery = requestedLanguage(new URL(request.url).searchParams);
  if (fromQuery && (offered as string[]).includes(fromQuery)) return { locale: fromQuery as Locale, persist: true };
  const remembered = await readLocaleCookie(request);
  if (remembered && (offered as string[]).includes(remembered)) return { locale: remembered as Locale, persist: false };
  return { locale: carrier.defaultLocale, persist: false };
}

export async function requireTenant(request: Request): Promise<Tenant> {
  const carrier = await requireCarrier(request);
  return { carrier, locale: (await pickLocale(request, carrier)).locale };
}
