import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { env } from "~/env.server";

/**
 * The visitor's session: a signed cookie holding the booking reference and one-shot toasts.
 * No server state, so any app instance can answer (architecture: stateless app instances).
 * Each carrier has its own host, so the cookie is naturally per carrier.
 */
export interface SessionData {
  bookingRef: string;
}

export type ToastType = "success" | "warning" | "error" | "info";

export interface Toast {
  id: string;
  type: ToastType;
  /** An i18n key, or a message from the server shown as it is. */
  key?: string;
  message?: string;
  params?: Record<string, string | number>;
  durationMs: number;
}

export interface SessionFlashData {
  toast: Toast;
}

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, SessionFlashData>> | undefined;

function sessionStorage() {
  if (!storage) {
    const { SESSION_SECRET, COOKIE_SECURE } = env();
    storage = createCookieSessionStorage<SessionData, SessionFlashData>({
      cookie: {
        name: "__booking",
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

export function getSession(request: Request): Promise<Session<SessionData, SessionFlashData>> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: Session<SessionData, SessionFlashData>): Promise<string> {
  return sessionStorage().commitSession(session);
}

export const DEFAULT_TOAST_MS = 5_000;

export function toast(input: Omit<Toast, "id" | "durationMs"> & { durationMs?: number }): Toast {
  return { durationMs: DEFAULT_TOAST_MS, ...input, id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` };
}
