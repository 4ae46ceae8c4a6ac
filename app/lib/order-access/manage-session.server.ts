import { createCookieSessionStorage } from "@remix-run/node";
import { env } from "~/env.server";

/**
 * The order the visitor last loaded on the manage page (spec §6: /manage/confirm requires a loaded
 * order). A signed cookie of its own, next to the booking session, so the booking flow's session
 * shape stays as it is; it lives two hours and holds only what the visitor typed to look it up.
 */
export interface ManageSessionData {
  orderRef: string;
  email: string;
  /** What the last successful change was, for /manage/confirm. */
  lastChange: "cancel" | "date" | "address" | "imei" | "proof";
  /** The CSRF token the page's change forms carry (ADR 055). */
  csrf: string;
}

let storage: ReturnType<typeof createCookieSessionStorage<ManageSessionData>> | undefined;

export function manageSessionStorage() {
  if (!storage) {
    const { SESSION_SECRET, COOKIE_SECURE } = env();
    storage = createCookieSessionStorage<ManageSessionData>({
      cookie: { name: "__manage", httpOnly: true, sameSite: "lax", path: "/", secure: COOKIE_SECURE, secrets: [SESSION_SECRET], maxAge: 2 * 60 * 60 },
    });
  }
  return storage;
}
