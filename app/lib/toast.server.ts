import { createCookieSessionStorage } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/env.server";
import { responseScope } from "~/lib/http/response-scope.server";
import { toast, type Toast } from "./toast";

/**
 * Toasts travel in a flash cookie of their own (ADR 066), not in the booking session: an action
 * flashes one and the response scope sets its cookie with the answer (ADR 163); the root loader
 * reads it once and clears it. Signed like the sessions; no Max-Age, so it ends with the browser
 * session at the latest.
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

/** The one way to show a toast: on the next page the visitor sees; the answer to this request carries its cookie. */
export function flashToast(input: Parameters<typeof toast>[0]): void {
  responseScope().freshSession(toastStorage(), (session) => session.flash("toast", toast(input)));
}

/** The toast waiting for this request, if any; the answer clears it, unless this request flashed a new one. */
export async function takeToast(request: Request): Promise<Toast | null> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  if (!session.has("toast")) return null;
  const parsed = toastShape.safeParse(session.get("toast"));
  await responseScope().destroy(toastStorage(), request, { unlessFresh: true });
  return parsed.success ? parsed.data : null;
}
