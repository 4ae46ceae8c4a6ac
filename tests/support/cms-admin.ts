/**
 * Raw calls to the running Strapi for tests that check statuses and error messages: the REST API with
 * an API token, or the admin API (content manager) with an admin user's login token. No test
 * framework here: Vitest and Playwright suites both use it, and a failed step throws.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// The tests assert on the JSON Strapi answers, whatever its shape: that assertion is the check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw reply body, read by assertions
export type Reply = { status: number; body: any };

export const cmsUrl = () => (process.env.CMS_URL ?? "http://127.0.0.1:1437").replace(/\/$/, "");

export async function cmsCall(method: string, path: string, token?: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${cmsUrl()}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

function ensure(reply: Reply, wanted: number, what: string): Reply {
  if (reply.status !== wanted) throw new Error(`${what}: expected ${wanted}, got ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply;
}

/**
 * An admin user's token for the admin API. Strapi allows 5 logins per address and client in 5 minutes
 * (its admin rate limit, kept on as in production), and the suites' files, run in separate workers,
 * log in as the same super admin many times within that. So a token is kept in a file per CMS and
 * address for 20 minutes (Strapi's access tokens live 30) and reused by every file and worker.
 */
export async function adminLogin(email: string, password: string): Promise<string> {
  const file = tokenFile(email);
  try {
    const kept = JSON.parse(readFileSync(file, "utf8")) as { token: string; at: number };
    if (Date.now() - kept.at < TOKEN_REUSE_MS) {
      const check = await cmsCall("GET", "/admin/users/me", kept.token);
      if (check.status === 200) return kept.token;
    }
  } catch {
    // no kept token yet, or an unreadable one: log in
  }
  const reply = ensure(await cmsCall("POST", "/admin/login", undefined, { email, password }), 200, `login of ${email}`);
  const token: string = reply.body.data.token;
  writeFileSync(file, JSON.stringify({ token, at: Date.now() }), { mode: 0o600 });
  return token;
}

const TOKEN_REUSE_MS = 20 * 60 * 1000;

function tokenFile(email: string): string {
  const key = createHash("sha256").update(`${cmsUrl()}\n${email.toLowerCase()}`).digest("hex").slice(0, 16);
  return path.join(tmpdir(), `repair-cms-admin-${key}.json`);
}

/**
 * What an administrator does for a new colleague: invite them with a role the CMS bootstrap made
 * ("Carrier editor", "Operations", …; several for a colleague with several jobs), then the colleague registers with a password. Returns the user's id.
 */
export async function inviteAdminUser(adminToken: string, roleName: string | string[], email: string, password: string): Promise<number> {
  const roles = ensure(await cmsCall("GET", "/admin/roles", adminToken), 200, "list roles");
  const names = [roleName].flat();
  const ids = names.map((name) => {
    const role = (roles.body.data as { id: number; name: string }[]).find((r) => r.name === name);
    if (!role) throw new Error(`the CMS bootstrap creates the "${name}" role`);
    return role.id;
  });
  const firstname = names[0]!.split(" ")[0]!;
  const invited = ensure(await cmsCall("POST", "/admin/users", adminToken, { email, firstname, lastname: "User", roles: ids }), 201, `invite ${email}`);
  ensure(
    await cmsCall("POST", "/admin/register", undefined, { registrationToken: invited.body.data.registrationToken, userInfo: { firstname, lastname: "User", password } }),
    200,
    `register ${email}`,
  );
  return invited.body.data.id;
}
