import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { env } from "~/env.server";

/**
 * The visitor's session: a signed cookie holding the booking reference (toasts have their own
 * cookie, toast.server.ts).
 * No server state, so any app instance can answer (architecture: stateless app instances).
 * Each carrier has its own host, so the cookie is naturally per carrier.
 */
export interface SessionData {
  bookingRef: string;
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

export function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: Session<SessionData>): Promise<string> {
  return sessionStorage().commitSession(session);
}

/** Whether the request carries a booking session cookie (valid or not). */
export function hasSessionCookie(request: Request): boolean {
  return (request.headers.get("Cookie") ?? "").split(";").some((part) => part.trim().startsWith(`${COOKIE_NAME}=`));
}
