import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { env } from "~/env.server";
import { responseScope } from "~/lib/http/response-scope.server";

/**
 * The visitor's session: a signed cookie holding the booking reference (toasts have their own
 * cookie, toast.server.ts).
 * No server state, so any app instance can answer (architecture: stateless app instances).
 * Each carrier has its own host, so the cookie is naturally per carrier.
 */
export interface SessionData {
  bookingRef: string;
  /** The UTC day (YYYY-MM-DD) the cookie was last written: its 30 days roll at most once a day. */
  writtenOn: string;
}

const COOKIE_NAME = "__booking";

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

function sessionStorage() {
  if (!storage) {
    const { SESSION_SECRET, COOKIE_SECURE } = env();
    storage = createCookieSessionStorage<SessionData>({
      cookie: {
        name: COOKIE_NAME,
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: COOKIE_SECURE,
        secrets: [SESSION_SECRET],
        maxAge: 60 * 60 * 24 * 30,
      },
    });
  }
  return storage;
}

/**
 * The request's booking session, committed with the answer by the response scope (ADR 163). It is
 * written when its data changed, and otherwise at most once a UTC day while it holds a booking or
 * came with the request — its 30 days roll from the last day of a visit, and a repeat view the same
 * day carries no `Set-Cookie`, so a booked page can be kept (ADR 220, 223). It is never written for
 * a visitor who has no booking and sent no session cookie: an empty session says nothing, and a page
 * without cookies is the same for every first visitor (the render cache, ADR 089).
 */
export function getSession(request: Request): Promise<Session<SessionData>> {
  const cookieSent = hasSessionCookie(request);
  return responseScope().session(sessionStorage(), request, { keep: (session: Session<SessionData>) => rollOncePerDay(session, cookieSent) });
}

/** The UTC day of `now`, as the session keeps it. */
export function sessionDay(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/**
 * Whether the answer must write the session although its data may not have changed: once a day, for a
 * session worth keeping. Stamps the day, so a session written for another reason is stamped too.
 */
function rollOncePerDay(session: Session<SessionData>, cookieSent: boolean): boolean {
  if (!cookieSent && !session.has("bookingRef")) return false;
  const today = sessionDay();
  if (session.get("writtenOn") === today) return false;
  session.set("writtenOn", today);
  return true;
}

/** Whether the request carries a booking session cookie (valid or not). */
export function hasSessionCookie(request: Request): boolean {
  return (request.headers.get("Cookie") ?? "").split(";").some((part) => part.trim().startsWith(`${COOKIE_NAME}=`));
}

/** The booking session a cookie header carries, read without a response scope (the booked-page cache at the edge, ADR 225). */
export async function readBookingSession(cookieHeader: string): Promise<{ bookingRef?: string; writtenOn?: string }> {
  const session = await sessionStorage().getSession(cookieHeader);
  return { bookingRef: session.get("bookingRef"), writtenOn: session.get("writtenOn") };
}
