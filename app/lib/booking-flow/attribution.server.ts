import { createCookie, type Cookie } from "@remix-run/node";
import { z } from "zod";
import { ATTRIBUTION_TOKEN } from "~/lib/attribution-token";
import { env } from "~/env.server";
import { responseScope } from "~/lib/http/response-scope.server";

/**
 * Attribution (spec §7 POST /build: referrer, channel, lucidRef; §9 the referrer of a make; ADR 135).
 *
 * A landing URL may carry `?referrer=<code>&lucidRef=<code>`. Any entry page (the landing `/`,
 * `/booking`, `/booking/start`, postcode and address search) reads them; each is a short token
 * (letters, digits, `. _ ~ -`, at most 64) and a value that is not one is dropped, never an error.
 * Since the entry pages redirect (landing → postcode search → address search, start → search),
 * what was read is kept in a signed cookie of its own for the browser session; the booking built
 * in it copies it. A booking keeps the attribution it was built with: a later landing with another
 * referrer changes the cookie (for the next booking), never a booking already built.
 */
export interface Attribution {
  referrer: string | null;
  lucidRef: string | null;
}

const NONE: Attribution = { referrer: null, lucidRef: null };

const token = z.string().trim().regex(ATTRIBUTION_TOKEN);

/** One value of the URL or the cookie: a short token, else null (junk is dropped). */
export function attributionToken(value: unknown): string | null {
  const parsed = token.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The attribution a URL carries (`referrer`, `lucidRef`; `lucid_ref` too), or null when it carries none that is valid. */
export function attributionFromUrl(url: URL): Attribution | null {
  const referrer = attributionToken(url.searchParams.get("referrer"));
  const lucidRef = attributionToken(url.searchParams.get("lucidRef") ?? url.searchParams.get("lucid_ref"));
  return referrer || lucidRef ? { referrer, lucidRef } : null;
}

let cookie: Cookie | undefined;

function attributionCookie(): Cookie {
  if (!cookie) {
    const { SESSION_SECRET, COOKIE_SECURE } = env();
    // No Max-Age: it ends with the browser session.
    cookie = createCookie("__attribution", { path: "/", sameSite: "lax", httpOnly: true, secure: COOKIE_SECURE, secrets: [SESSION_SECRET] });
  }
  return cookie;
}

const stored = z.object({ referrer: z.unknown().optional(), lucidRef: z.unknown().optional() });

async function fromCookie(request: Request): Promise<Attribution | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__attribution=")) return null;
  const parsed = stored.safeParse(
    await attributionCookie()
      .parse(header)
      .catch(() => null),
  );
  if (!parsed.success) return null;
  const value = { referrer: attributionToken(parsed.data.referrer), lucidRef: attributionToken(parsed.data.lucidRef) };
  return value.referrer || value.lucidRef ? value : null;
}

export interface CapturedAttribution {
  /** What a booking built on this request takes: the URL's, else the cookie's, else none. */
  attribution: Attribution;
}

/**
 * Reads the attribution of an entry page's request: a valid one in the URL replaces the one kept,
 * and the answer (redirects included) keeps it in its cookie across the entry pages' redirects.
 */
export async function captureAttribution(request: Request): Promise<CapturedAttribution> {
  const fromUrl = attributionFromUrl(new URL(request.url));
  const kept = await fromCookie(request);
  if (fromUrl) {
    responseScope().setCookie(attributionCookie(), fromUrl);
    return { attribution: fromUrl };
  }
  return { attribution: kept ?? NONE };
}
