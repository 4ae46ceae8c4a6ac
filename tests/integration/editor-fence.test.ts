// The editor fence (docs/decisions/002-editor-fence.md), against a running Strapi:
// an admin user with the "Carrier editor" role who edits carrier A sees and changes only A's content.
//
// Needs CMS_URL (the test is skipped without it), CMS_WRITE_TOKEN (a full-access API token the CMS
// was started with) and the super admin's CMS_ADMIN_EMAIL / CMS_ADMIN_PASSWORD (dev defaults).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminLogin, type Reply } from "../support/cms-admin";
import { z } from "zod";

const CMS_URL = process.env.CMS_URL?.replace(/\/$/, "");
const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const WRITE_TOKEN = process.env.CMS_WRITE_TOKEN;

const FAQ = "api::faq-item.faq-item";
const MESSAGE = "api::message-template.message-template";
const CARRIER = "api::carrier.carrier";
const cm = (uid: string, rest = "") => `/content-manager/collection-types/${uid}${rest}`;

async function call(method: string, path: string, token?: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${CMS_URL}${path}`, {
    method,
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const loginReply = z.object({ data: z.object({ token: z.string() }) });
const documentReply = z.object({ data: z.object({ documentId: z.string() }) });
const listReply = z.object({
  results: z.array(z.object({ documentId: z.string(), carrierCode: z.string().optional(), code: z.string().optional() })),
});

async function login(email: string, password: string): Promise<string> {
  const reply = await call("POST", "/admin/login", undefined, { email, password });
  expect(reply.status, `login of ${email}: ${JSON.stringify(reply.body)}`).toBe(200);
  return loginReply.parse(reply.body).data.token;
}

/** Creates a published entry through the REST API with the write token; returns its documentId. */
async function restCreate(collection: string, data: Record<string, unknown>, locale?: string): Promise<string> {
  const query = new URLSearchParams({ status: "published", ...(locale ? { locale } : {}) });
  const reply = await call("POST", `/api/${collection}?${query}`, WRITE_TOKEN, { data });
  expect(reply.status, `create ${collection}: ${JSON.stringify(reply.body)}`).toBe(201);
  return documentReply.parse(reply.body).data.documentId;
}

describe.skipIf(!CMS_URL)("editor fence: a carrier editor works on their own carrier only", () => {
  const suffix = randomBytes(4).toString("hex");
  const codeA = `fence-a-${suffix}`;
  const codeB = `fence-b-${suffix}`;
  const editorEmail = `editor-${suffix}@repair.localhost`;
  const editorPassword = `Editor-${suffix}-Pass1`;

  let adminToken = "";
  let editorToken = "";
  let editorId: number | undefined;
  const carriers: Record<string, string> = {};
  const faqsOfA: string[] = [];
  let faqOfB = "";
  const messages: Record<string, string> = {};
  const createdByEditor: string[] = [];

  beforeAll(async () => {
    if (!WRITE_TOKEN) throw new Error("CMS_WRITE_TOKEN must be set (and the CMS started with it)");

    for (const code of [codeA, codeB]) {
      carriers[code] = await restCreate("carriers", {
        code,
        name: `Fence ${code}`,
        domains: [`${code}.localhost`],
        defaultLocale: "en",
        supportedLocales: ["en"],
        currency: "GBP",
        countryCode: "GB",
      });
    }
    for (const order of [1, 2]) {
      faqsOfA.push(await restCreate("faq-items", { carrierCode: codeA, category: "booking", question: `A question ${order}?`, answer: "A answer", order }, "en"));
    }
    faqOfB = await restCreate("faq-items", { carrierCode: codeB, category: "booking", question: "B question?", answer: "B answer", order: 1 }, "en");
    for (const code of [codeA, codeB]) {
      messages[code] = await restCreate("message-templates", { carrierCode: code, kind: "morning-of", smsText: `${code}: on the way, {{window}}` }, "en");
    }

    adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
    const roles = await call("GET", "/admin/roles", adminToken);
    const role = (roles.body.data as { id: number; name: string }[]).find((r) => r.name === "Carrier editor");
    expect(role, 'the CMS bootstrap creates the "Carrier editor" role').toBeDefined();

    // Invite the editor with that role, then register them as the invitation link would.
    const invited = await call("POST", "/admin/users", adminToken, {
      email: editorEmail,
      firstname: "Fence",
      lastname: "Editor",
      roles: [role!.id],
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    editorId = invited.body.data.id;
    const registered = await call("POST", "/admin/register", undefined, {
      registrationToken: invited.body.data.registrationToken,
      userInfo: { firstname: "Fence", lastname: "Editor", password: editorPassword },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    // Make them an editor of carrier A (and publish, as an admin would).
    const attached = await call("PUT", cm(CARRIER, `/${carriers[codeA]}`), adminToken, {
      editors: { connect: [{ id: editorId }] },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const published = await call("POST", cm(CARRIER, `/${carriers[codeA]}/actions/publish`), adminToken, {});
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    editorToken = await login(editorEmail, editorPassword);
  });

  afterAll(async () => {
    if (!CMS_URL || !WRITE_TOKEN) return;
    for (const id of [...faqsOfA, ...createdByEditor, faqOfB].filter(Boolean)) {
      await call("DELETE", `/api/faq-items/${id}?locale=en`, WRITE_TOKEN);
    }
    for (const id of Object.values(messages)) await call("DELETE", `/api/message-templates/${id}?locale=en`, WRITE_TOKEN);
    for (const id of Object.values(carriers)) await call("DELETE", `/api/carriers/${id}`, WRITE_TOKEN);
    if (adminToken && editorId !== undefined) await call("DELETE", `/admin/users/${editorId}`, adminToken);
  });

  it("lists only the FAQ items of the editor's carrier", async () => {
    const reply = await call("GET", cm(FAQ, "?page=1&pageSize=100&locale=en"), editorToken);
    expect(reply.status).toBe(200);
    const results = listReply.parse(reply.body).results;
    expect(new Set(results.map((r) => r.carrierCode))).toEqual(new Set([codeA]));
    expect(results.map((r) => r.documentId).sort()).toEqual([...faqsOfA].sort());
  });

  it("lists only their own carrier among the carriers", async () => {
    const reply = await call("GET", cm(CARRIER, "?page=1&pageSize=100"), editorToken);
    expect(reply.status).toBe(200);
    expect(listReply.parse(reply.body).results.map((r) => r.code)).toEqual([codeA]);
  });

  it("updates a FAQ item of their carrier", async () => {
    const reply = await call("PUT", cm(FAQ, `/${faqsOfA[0]}?locale=en`), editorToken, { question: "Edited by the editor?" });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.question).toBe("Edited by the editor?");
  });

  it("is refused reading a FAQ item of another carrier", async () => {
    const reply = await call("GET", cm(FAQ, `/${faqOfB}?locale=en`), editorToken);
    expect([403, 404]).toContain(reply.status);
  });

  it("is refused updating a FAQ item of another carrier", async () => {
    const reply = await call("PUT", cm(FAQ, `/${faqOfB}?locale=en`), editorToken, { question: "Hijacked?" });
    expect([403, 404]).toContain(reply.status);
    const check = await call("GET", `/api/faq-items/${faqOfB}?locale=en`, WRITE_TOKEN);
    expect(check.body.data.question).toBe("B question?");
  });

  it("cannot create an entry for another carrier", async () => {
    const reply = await call("POST", cm(FAQ, "?locale=en"), editorToken, {
      carrierCode: codeB,
      category: "booking",
      question: "Sneaked in?",
    });
    if (reply.body?.data?.documentId) createdByEditor.push(reply.body.data.documentId);
    expect(reply.status).toBe(403);
    const ofB = await call("GET", `/api/faq-items?locale=en&status=draft&filters[carrierCode][$eq]=${codeB}`, WRITE_TOKEN);
    expect(ofB.body.data.map((d: { documentId: string }) => d.documentId)).toEqual([faqOfB]);
  });

  it("cannot move an entry of their carrier to another carrier", async () => {
    const reply = await call("PUT", cm(FAQ, `/${faqsOfA[1]}?locale=en`), editorToken, { carrierCode: codeB });
    expect(reply.status).toBe(403);
  });

  it("edits the customer messages of their carrier only (ADR 092)", async () => {
    const listed = await call("GET", cm(MESSAGE, "?page=1&pageSize=100&locale=en"), editorToken);
    expect(listed.status).toBe(200);
    expect(listReply.parse(listed.body).results.map((r) => r.documentId)).toEqual([messages[codeA]]);
    const own = await call("PUT", cm(MESSAGE, `/${messages[codeA]}?locale=en`), editorToken, { smsText: "On the way, {{window}}" });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const other = await call("PUT", cm(MESSAGE, `/${messages[codeB]}?locale=en`), editorToken, { smsText: "Hijacked" });
    expect([403, 404]).toContain(other.status);
  });

  it("creates an entry for their own carrier", async () => {
    const reply = await call("POST", cm(FAQ, "?locale=en"), editorToken, {
      carrierCode: codeA,
      category: "repair",
      question: "Added by the editor?",
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    createdByEditor.push(reply.body.data.documentId);
  });
});
