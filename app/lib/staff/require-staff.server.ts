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
import { endStaffSession, getStaffSession, isIdle, STAFF_HEADERS, type StaffSessionData } from "./staff-session.server";

export interface StaffContext {
  carrier: Carrier;
  locale: Locale;
  account: StaffAccount;
  session: Session<StaffSessionData>;
  /** Headers every staff response carries: no caching, no indexing (the response scope adds the refreshed session cookie). */
  headers: Headers;
}

/** A session is written again at most this often. */
const REFRESH_MS = 60_000;

type Refused = { refused: "absent" | "expired" };

async function toLogin(request: Request, { refused }: Refused): Promise<never> {
  const url = new URL(request.url);
  const back = request.method === "GET" ? `${url.pathname}${url.search}` : url.pathname;
  const target = loginPath(back);
  const withReason = refused === "expired" ? `${target}${target.includes("?") ? "&" : "?"}expired=1` : target;
  await endStaffSession(request);
  throw redirect(withReason, { headers: STAFF_HEADERS });
}

/** The logged-in staff member of this carrier who may use this route; otherwise throws the redirect or the 403. */
export async function requireStaff(request: Request, requirement: StaffRequirement = {}): Promise<StaffContext> {
  const staff = await loggedIn(request);
  if ("refused" in staff) return toLogin(request, staff);
  if (!mayUse(staff.account, requirement)) {
    throw data({ reason: STAFF_FORBIDDEN }, { status: 403, headers: staff.headers });
  }
  return staff;
}

async function loggedIn(request: Request): Promise<StaffContext | Refused> {
  const [{ carrier, locale }, session] = await Promise.all([requireTenant(request), getStaffSession(request)]);
  const staffId = session.get("staffId");
  if (!staffId || session.get("carrierCode") !== carrier.code) return { refused: "absent" };
  const now = Date.now();
  const seenAt = session.get("seenAt");
  if (isIdle(seenAt, now, env().STAFF_SESSION_IDLE_MINUTES)) return { refused: "expired" };

  const account = await contentOrUnavailable(findStaffAccount(carrier.code, staffId));
  if (!account || account.disabled || account.carrierCode !== carrier.code || account.stamp !== session.get("stamp")) return { refused: "absent" };

  // Written again (by the response scope) at most once a minute, so a page view does not always set a cookie.
  if (now - (seenAt ?? 0) > REFRESH_MS) session.set("seenAt", now);
  return { carrier, locale, account, session, headers: new Headers(STAFF_HEADERS) };
}

/** The staff member logged in on this carrier, or null (the log-in page uses it to skip the form). */
export async function currentStaff(request: Request): Promise<StaffContext | null> {
  const staff = await loggedIn(request);
  return "refused" in staff ? null : staff;
}
