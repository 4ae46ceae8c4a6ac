/**
 * A staff log-in attempt (ADR 096, 097): behind the lock-out, the CMS checks the password (ADR 095),
 * and a success starts a fresh staff session. Every refusal says the same whether or not the
 * account exists; a lock-out says so for any username once it is reached.
 */
import { data, redirect } from "@remix-run/node";
import { getRequestEngine, TooManyAttemptsError } from "~/booking.server";
import type { Carrier } from "~/content/schemas";
import { verifyStaffCredentials } from "~/content/staff.server";
import { ContentUnavailableError } from "~/content/strapi.server";
import { STAFF_HEADERS, startStaffSession } from "~/lib/staff/staff-session.server";
import type { LoginFieldErrors, LoginForm } from "./login-form";

export interface LoginPage {
  username: string;
  redirectTo: string;
  errors: LoginFieldErrors;
  /** Message key of a refusal of the whole form. */
  alert: string | null;
  /** Message key of a notice (logged out, session expired). */
  notice: string | null;
}

export function loginPage(values: Partial<LoginPage>): LoginPage {
  return { username: "", redirectTo: "/store", errors: {}, alert: null, notice: null, ...values };
}

const refused = (login: LoginForm, alert: string, status: number, headers?: HeadersInit) =>
  data(loginPage({ username: login.username, redirectTo: login.redirectTo, alert }), { status, headers: { ...STAFF_HEADERS, ...headers } });

export async function logIn(request: Request, carrier: Carrier, login: LoginForm, clientAddress: string | null) {
  const engine = await getRequestEngine(request);
  try {
    const account = await engine.staff.withStaffLoginThrottle(carrier, { username: login.username, clientAddress }, () =>
      verifyStaffCredentials(carrier.code, login.username, login.password),
    );
    if (!account) return refused(login, "store.login.errors.wrongCredentials", 401);
    // A new session, never the one the request came with (no session fixation).
    startStaffSession({ staffId: account.id, carrierCode: carrier.code, stamp: account.stamp, seenAt: Date.now() });
    throw redirect(login.redirectTo, { headers: STAFF_HEADERS });
  } catch (error) {
    if (error instanceof TooManyAttemptsError) {
      return refused(login, "store.login.errors.tooManyAttempts", 429, { "Retry-After": String(error.retryAfterSeconds) });
    }
    if (error instanceof ContentUnavailableError) return refused(login, "store.login.errors.unavailable", 503);
    throw error;
  }
}
