import { createCookie, type Cookie, type CookieOptions } from "@remix-run/node";
import { z } from "zod";

/**
 * The app's plain (unsigned, unstructured) cookies, all made with Remix's `createCookie` (ADR 066).
 * The signed sessions live in session.server.ts, manage-session.server.ts and toast.server.ts.
 *
 * Remix writes a cookie's value as base64 JSON. These cookies keep the plain text they have always
 * had on the wire (`lng=de`, `account_type=business`, `engine_clock_offset_ms=-3600000`): cookies
 * browsers already hold, and the one the browser tests set, read as before. The codec below turns
 * Remix's base64 JSON of a string into that text and back; the values are ASCII tokens.
 */
const plainText: Pick<CookieOptions, "encode" | "decode"> = {
  encode: (base64Json) => encodeURIComponent(z.string().parse(JSON.parse(atob(base64Json)))),
  decode: (wire) => btoa(JSON.stringify(decodeURIComponent(wire))),
};

function plainCookie(name: string, options: CookieOptions): Cookie {
  return createCookie(name, { ...options, ...plainText });
}

/** A cookie's value when it is one of `allowed`, else null (a missing, foreign or tampered value). */
async function readToken<T extends string>(cookie: Cookie, request: Request, allowed: z.ZodType<T>): Promise<T | null> {
  const parsed = allowed.safeParse(await cookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/** The language the visitor picked with ?lng= (spec §7), for a year. Readable by scripts, as it always was. */
export const localeCookie = plainCookie("lng", { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });

export function readLocaleCookie(request: Request): Promise<string | null> {
  return readToken(localeCookie, request, z.string().regex(/^[a-z]{2}$/));
}

/** The landing page's `?type=business` (spec §2), remembered for the browser session. */
export const businessCookie = plainCookie("account_type", { path: "/", sameSite: "lax", httpOnly: true });

export async function readBusinessCookie(request: Request): Promise<boolean> {
  return (await readToken(businessCookie, request, z.literal("business"))) !== null;
}

/** Cookie a browser test sets to move the engine's clock for its own requests (ADR 034). */
export const testClockCookie = plainCookie("engine_clock_offset_ms", { path: "/", sameSite: "lax" });

/** The offset in milliseconds (an integer, possibly negative, at most 15 digits), or null. */
export function readTestClockOffset(request: Request): Promise<number | null> {
  return readToken(testClockCookie, request, z.string().regex(/^-?\d{1,15}$/)).then((text) => (text === null ? null : Number(text)));
}
