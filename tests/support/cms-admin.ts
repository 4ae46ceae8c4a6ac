/**
 * Raw calls to the running Strapi for tests that check statuses and error messages: the REST API with
 * an API token, or the admin API (content manager) with an admin user's login token.
 */
import { expect } from "vitest";

export type Reply = { status: number; body: any };

const cmsUrl = () => (process.env.CMS_URL ?? "http://127.0.0.1:1437").replace(/\/$/, "");

export async function cmsCall(method: string, path: string, token?: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${cmsUrl()}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** An admin user's token for the admin API. */
export async function adminLogin(email: string, password: string): Promise<string> {
  const reply = await cmsCall("POST", "/admin/login", undefined, { email, password });
  expect(reply.status, `login of ${email}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body.data.token;
}
