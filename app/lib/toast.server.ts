import { createCookieSessionStorage } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/env.server";
import type { Toast } from "./toast";

/**
 * Toasts travel in a flash cookie of their own (ADR 066), not in the booking session: an action
 * flashes one by adding this cookie to its response, and the root loader reads it once and clears
 * it. Signed like the sessions; no Max-Age, so it ends with the browser session at the latest.
 */
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>> | undefined;

function toastStorage() {
  if (!storage) {
    const { SESSION_SECRET, COOKIE_SECURE } = env();
    storage = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
      cookie: { name: "__toast", httpOnly: true, sameSite: "lax", path: "/", secure: COOKIE_SECURE, secrets: [SESSION_SECRET] },
    });
  }
  return storage;
}

const toastShape: z.ZodType<Toast> = z.object({
  id: z.string(),
  type: z.enum(["success", "warning", "error", "info"]),
  key: z.string().optional(),
  message: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  durationMs: z.number(),
});

/** Adds the Set-Cookie that shows `toast` on the next page the visitor sees. */
export async function flashToast(headers: Headers, toast: Toast): Promise<void> {
  const session = await toastStorage().getSession();
  session.flash("toast", toast);
  headers.append("Set-Cookie", await toastStorage().commitSession(session));
}

/** The toast waiting for this request, if any, and the Set-Cookie that clears it (the root loader's). */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  const session = await toastStorage().getSession(cookieHeader);
  if (!session.has("toast")) return { toast: null, setCookie: null };
  const parsed = toastShape.safeParse(session.get("toast"));
  return { toast: parsed.success ? parsed.data : null, setCookie: await toastStorage().destroySession(session) };
}
