// The URL policy on save (docs/decisions/058-url-policy.md), against a running Strapi: a carrier
// whose live chat URL is a script is refused with a plain-words message, through the REST API, the
// admin's content manager (what an editor's save calls) and as a carrier-limited editor.
//
// Needs CMS_URL (skipped without it), CMS_WRITE_TOKEN and the super admin's login (dev defaults).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminLogin, type Reply } from "../support/cms-admin";
import { testCarrier } from "../support/cms";

const CMS_URL = process.env.CMS_URL?.replace(/\/$/, "");
const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const WRITE_TOKEN = process.env.CMS_WRITE_TOKEN;

const CARRIER = "api::carrier.carrier";
const cm = (rest = "") => `/content-manager/collection-types/${CARRIER}${rest}`;
const MESSAGE = "Live chat URL must be a web address starting with https://";

async function call(method: string, path: string, token?: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${CMS_URL}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function login(email: string, password: string): Promise<string> {
  const reply = await call("POST", "/admin/login", undefined, { email, password });
  expect(reply.status, `login of ${email}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body.data.token;
}

function expectRefused(reply: Reply, message = MESSAGE) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.error.name).toBe("ValidationError");
  expect(reply.body.error.message).toContain(message);
}

describe.skipIf(!CMS_URL)("URL policy on save: the CMS refuses script addresses", () => {
  const suffix = randomBytes(4).toString("hex");
  const code = `urlpolicy-${suffix}`;
  const editorEmail = `url-editor-${suffix}@repair.localhost`;
  const editorPassword = `Editor-${suffix}-Pass1`;
  let carrierId = "";
  let adminToken = "";
  let editorToken = "";
  let editorId: number | undefined;

  beforeAll(async () => {
    if (!WRITE_TOKEN) throw new Error("CMS_WRITE_TOKEN must be set (and the CMS started with it)");
    const created = await call("POST", "/api/carriers?status=published", WRITE_TOKEN, {
      data: testCarrier(code, { liveChat: true, liveChatUrl: "https://chat.example/widget.js" }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    carrierId = created.body.data.documentId;

    adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
    const roles = await call("GET", "/admin/roles", adminToken);
    const role = (roles.body.data as { id: number; name: string }[]).find((r) => r.name === "Carrier editor");
    const invited = await call("POST", "/admin/users", adminToken, { email: editorEmail, firstname: "Url", lastname: "Editor", roles: [role!.id] });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    editorId = invited.body.data.id;
    const registered = await call("POST", "/admin/register", undefined, {
      registrationToken: invited.body.data.registrationToken,
      userInfo: { firstname: "Url", lastname: "Editor", password: editorPassword },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const attached = await call("PUT", cm(`/${carrierId}`), adminToken, { editors: { connect: [{ id: editorId }] } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    editorToken = await login(editorEmail, editorPassword);
  });

  afterAll(async () => {
    if (!CMS_URL || !WRITE_TOKEN) return;
    if (carrierId) await call("DELETE", `/api/carriers/${carrierId}`, WRITE_TOKEN);
    if (adminToken && editorId !== undefined) await call("DELETE", `/admin/users/${editorId}`, adminToken);
  });

  it("refuses to create a carrier whose live chat URL is javascript:", async () => {
    const reply = await call("POST", "/api/carriers?status=published", WRITE_TOKEN, {
      data: testCarrier(`${code}-new`, { liveChatUrl: "javascript:alert(document.cookie)" }),
    });
    expectRefused(reply);
    expect(reply.body.error.message).toContain("script and data addresses are not allowed");
  });

  it("refuses to save javascript:, disguised or not, in the live chat URL through the REST API", async () => {
    for (const liveChatUrl of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", " java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>"]) {
      expectRefused(await call("PUT", `/api/carriers/${carrierId}`, WRITE_TOKEN, { data: { liveChatUrl } }));
    }
    const stored = await call("GET", `/api/carriers/${carrierId}?status=draft`, WRITE_TOKEN);
    expect(stored.body.data.liveChatUrl).toBe("https://chat.example/widget.js");
  });

  it("refuses the other link and image fields too", async () => {
    expectRefused(
      await call("PUT", `/api/carriers/${carrierId}`, WRITE_TOKEN, { data: { externalSupportPickerUrl: "javascript:alert(1)" } }),
      "External support picker URL must be",
    );
    expectRefused(
      await call("PUT", `/api/carriers/${carrierId}`, WRITE_TOKEN, { data: { externalLandingRedirectUrl: "//evil.example" } }),
      "External landing redirect URL must be",
    );
    expectRefused(await call("PUT", `/api/carriers/${carrierId}`, WRITE_TOKEN, { data: { theme: { logoUrl: "javascript:alert(1)" } } }), "Logo URL must be");
  });

  it("refuses the save in the admin, with the message the editor sees", async () => {
    expectRefused(await call("PUT", cm(`/${carrierId}`), adminToken, { liveChatUrl: "javascript:alert(1)" }));
  });

  it("refuses the same save for a carrier-limited editor of that carrier", async () => {
    expectRefused(await call("PUT", cm(`/${carrierId}`), editorToken, { liveChatUrl: "javascript:alert(1)" }));
    const allowed = await call("PUT", cm(`/${carrierId}`), editorToken, { liveChatUrl: "https://chat.example/v2.js" });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });
});
