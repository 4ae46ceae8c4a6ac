import { createHmac } from "node:crypto";
import { createCookieSessionStorage, type HeadersFunction, type Session } from "@remix-run/node";
import { env } from "~/env.server";
import { responseScope } from "~/lib/http/response-scope.server";

/**
 * The staff session (ADR 096): a signed, HttpOnly, SameSite=Lax cookie of its own (`__staff`),
 * beside and independent of the customer's booking session, signed with its own key. It holds who
 * logged in on which carrier, the account's password stamp and when it was last used; the account
 * itself is read from the CMS on every request. An idle session ends after
 * STAFF_SESSION_IDLE_MINUTES; the cookie lives no longer than that either.
 */
export interface StaffSessionData {
  staffId: string;
  carrierCode: string;
  stamp: string;
  /** Epoch milliseconds of the last request. */
  seenAt: number;
}

export const STAFF_COOKIE = "__staff";

/** Every staff answer: never stored by a cache, never indexed by a search engine. */
export const STAFF_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

/** A staff route's `headers`: the document gets what its loader, action or error answered with. */
export const staffDocumentHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const [name, value] of Object.entries(STAFF_HEADERS)) headers.set(name, value);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    const retryAfter = source?.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
  return headers;
};

/** STAFF_SESSION_SECRET, or a key derived from SESSION_SECRET that signs nothing else. */
export function staffSessionSecret(config: { STAFF_SESSION_SECRET?: string; SESSION_SECRET: string }): string {
  return config.STAFF_SESSION_SECRET ?? createHmac("sha256", config.SESSION_SECRET).update("staff-session").digest("base64url");
}

let storage: ReturnType<typeof createCookieSessionStorage<StaffSessionData>> | undefined;

export function staffSessionStorage() {
  if (!storage) {
    const config = env();
    storage = createCookieSessionStorage<StaffSessionData>({
      cookie: {
        name: STAFF_COOKIE,
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: config.COOKIE_SECURE,
        secrets: [staffSessionSecret(config)],
        maxAge: config.STAFF_SESSION_IDLE_MINUTES * 60,
      },
    });
  }
  return storage;
}

/** The request's staff session; the response scope writes it again when it changed (ADR 163). */
export function getStaffSession(request: Request): Promise<Session<StaffSessionData>> {
  return responseScope().session(staffSessionStorage(), request);
}

/** A new staff session in place of the request's (a log-in: no session fixation). */
export function startStaffSession(data: StaffSessionData): void {
  responseScope().freshSession(staffSessionStorage(), (session: Session<StaffSessionData>) => {
    for (const [name, value] of Object.entries(data)) session.set(name as keyof StaffSessionData, value);
  });
}

/** Ends the staff session: the answer clears its cookie. */
export function endStaffSession(request: Request): Promise<void> {
  return responseScope().destroy(staffSessionStorage(), request);
}

/** Whether a session last used at `seenAt` has been idle too long at `now`. */
export function isIdle(seenAt: number | undefined, now: number, idleMinutes: number): boolean {
  return typeof seenAt !== "number" || now - seenAt > idleMinutes * 60_000;
}
