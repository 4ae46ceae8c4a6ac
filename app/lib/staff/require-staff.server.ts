/**
 * The one door of every staff route (ADR 096): `requireStaff(request, { roles, permission })` in the
 * loader and the action. Not logged in on this carrier, idle too long, disabled, deleted or with a
 * reset password: the session ends and the person goes to the log-in page, which brings them back
 * here. Logged in but not allowed: a 403 the route's error boundary shows as "you cannot use this
 * page" (never a blank page or a 500).
 */
import { data, redirect, type Session } from "@remix-run/node";
import { STAFF_FORBIDDEN } from "~/components/error-content";
import type { Carrier, Locale } from "~/content/schemas";
import { findStaffAccount } from "~/content/staff.server";
import { env } from "~/env.server";
import { requireTenant, contentOrUnavailable } from "~/tenant/tenant.server";
import { mayUse, type StaffAccount, type StaffRequirement } from "./permissions";
import { loginPath } from "./redirect";
import { getStaffSession, isIdle, STAFF_HEADERS, staffSessionStorage, type StaffSessionData } from "./staff-session.server";

export interface StaffContext {
  carrier: Carrier;
  locale: Locale;
  account: StaffAccount;
  session: Session<StaffSessionData>;
  /** Headers every staff response carries: the refreshed session cookie, no caching, no indexing. */
  headers: Headers;
}

/** A session is written again at most this often, so a page view does not always set a cookie. */
const REFRESH_MS = 60_000;

async function toLogin(request: Request, session: Session<StaffSessionData>, reason?: "expired"): Promise<never> {
  const url = new URL(request.url);
  const back = request.method === "GET" ? `${url.pathname}${url.search}` : url.pathname;
  const target = loginPath(back);
  const withReason = reason ? `${target}${target.includes("?") ? "&" : "?"}expired=1` : target;
  throw redirect(withReason, { headers: { ...STAFF_HEADERS, "Set-Cookie": await staffSessionStorage().destroySession(session) } });
}

/** The logged-in staff member of this carrier who may use this route; otherwise throws the redirect or the 403. */
export async function requireStaff(request: Request, requirement: StaffRequirement = {}): Promise<StaffContext> {
  const [{ carrier, locale }, session] = await Promise.all([requireTenant(request), getStaffSession(request)]);
  const staffId = session.get("staffId");
  if (!staffId || session.get("carrierCode") !== carrier.code) return toLogin(request, session);
  const now = Date.now();
  const seenAt = session.get("seenAt");
  if (isIdle(seenAt, now, env().STAFF_SESSION_IDLE_MINUTES)) return toLogin(request, session, "expired");

  const account = await contentOrUnavailable(findStaffAccount(carrier.code, staffId));
  if (!account || account.disabled || account.carrierCode !== carrier.code || account.stamp !== session.get("stamp")) return toLogin(request, session);

  const headers = new Headers(STAFF_HEADERS);
  if (now - (seenAt ?? 0) > REFRESH_MS) {
    session.set("seenAt", now);
    headers.append("Set-Cookie", await staffSessionStorage().commitSession(session));
  }
  if (!mayUse(account, requirement)) {
    throw data({ reason: STAFF_FORBIDDEN }, { status: 403, headers });
  }
  return { carrier, locale, account, session, headers };
}

/** The staff member logged in on this carrier, or null (the log-in page uses it to skip the form). */
export async function currentStaff(request: Request): Promise<StaffContext | null> {
  try {
    return await requireStaff(request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return null;
    throw thrown;
  }
}
