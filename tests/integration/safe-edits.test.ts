// Safe edits on save (docs/decisions/087-safe-edits-on-save.md) and the media library's pictures
// through the site (085), against the running Strapi and app: what would break a carrier's site is
// refused with a 400 and a message in plain words; a library picture is served from /media/<file>.
//
// Needs CMS_URL (skipped without it) and CMS_WRITE_TOKEN; the app at APP_PORT.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reply } from "../support/cms-admin";
import { appGet } from "../support/app";
import { testCarrier } from "../support/cms";

const CMS_URL = process.env.CMS_URL?.replace(/\/$/, "");
const WRITE_TOKEN = process.env.CMS_WRITE_TOKEN;

async function rest(method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${CMS_URL}/api/${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${WRITE_TOKEN}` },
    body: body === undefined ? undefined : JSON.stringify({ data: body }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

function expectRefused(reply: Reply, message: string | RegExp) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.error.name).toBe("ValidationError");
  expect(reply.body.error.message).toMatch(message);
}

describe.skipIf(!CMS_URL)("safe edits: the CMS refuses what would break the site", () => {
  const code = `safe-${randomBytes(4).toString("hex")}`;
  const created: string[] = [];
  let carrierId = "";

  beforeAll(async () => {
    if (!WRITE_TOKEN) throw new Error("CMS_WRITE_TOKEN must be set (and the CMS started with it)");
    const reply = await rest("POST", "carriers?status=published", testCarrier(code));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    carrierId = reply.body.data.documentId;
  });

  afterAll(async () => {
    if (!CMS_URL || !WRITE_TOKEN) return;
    for (const path of created) await rest("DELETE", path);
    if (carrierId) await rest("DELETE", `carriers/${carrierId}`);
  });

  it("refuses text colours too hard to read, naming the pair and the ratio", async () => {
    const theme = { ...(testCarrier(code).theme as object), textColor: "#bbbbbb" };
    expectRefused(
      await rest("PUT", `carriers/${carrierId}`, { theme }),
      /text colour #bbbbbb on the page background #ffffff is too hard to read: contrast 1\.\d\d:1, at least 4\.5:1/,
    );
  });

  it("refuses a domain another carrier already uses, naming that carrier", async () => {
    expectRefused(
      await rest("PUT", `carriers/${carrierId}`, { domains: [`${code}.localhost`, "patchpoint.localhost"] }),
      'The domain patchpoint.localhost is already used by carrier "patchpoint"',
    );
  });

  it("refuses an http:// website and a default language the carrier does not offer", async () => {
    // The CMS under test runs in production mode, where the URL policy (ADR 058) says it first; elsewhere ADR 087 does.
    expectRefused(await rest("PUT", `carriers/${carrierId}`, { web: "http://brand.example" }), /Website must (be a web address )?start(ing)? with https:\/\//);
    expectRefused(
      await rest("PUT", `carriers/${carrierId}`, { defaultLocale: "de", supportedLocales: ["en"] }),
      "The default language German (de) is not among the supported languages",
    );
  });

  it("refuses a text in a language the carrier does not offer", async () => {
    const faq = { carrierCode: code, category: "booking", question: "Wie buche ich?", answer: "Online.", order: 1 };
    expectRefused(await rest("POST", "faq-items?locale=de", faq), `The site of carrier "${code}" is not offered in German (de)`);
  });

  it("refuses a placeholder the site does not fill in and an http link inside a text", async () => {
    const faq = { carrierCode: code, category: "booking", order: 1, question: "How do I book?" };
    expectRefused(await rest("POST", "faq-items?locale=en", { ...faq, answer: "Call {{phone}}." }), "Answer contains {{phone}}, which the site does not fill in");
    expectRefused(await rest("POST", "faq-items?locale=en", { ...faq, answer: "See http://brand.example/terms." }), "Links must start with https://");
    const fine = await rest("POST", "faq-items?locale=en", { ...faq, answer: "Online, at https://brand.example." });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    created.push(`faq-items/${fine.body.data.documentId}?locale=en`);
  });

  it("lets a UI text use exactly the placeholders of the app's standard text", async () => {
    expectRefused(
      await rest("POST", "ui-texts?locale=en", { carrierCode: code, key: "meta.titleSuffix", value: "{{brnd}}" }),
      /contains \{\{brnd\}\}.*Only \{\{brand\}\} can be used here/,
    );
    const fine = await rest("POST", "ui-texts?locale=en", { carrierCode: code, key: "meta.titleSuffix", value: "{{brand}} repairs" });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    created.push(`ui-texts/${fine.body.data.documentId}?locale=en`);
  });
});

describe.skipIf(!CMS_URL)("pictures from the media library", () => {
  it("has the demo device pictures, served by the site with a year of caching", async () => {
    const reply = await fetch(`${CMS_URL}/api/upload/files?filters[name][$eq]=iphone-15.svg`, { headers: { Authorization: `Bearer ${WRITE_TOKEN}` } });
    const files = (await reply.json()) as { url: string }[];
    expect(files.length, "the seed put iphone-15.svg into the media library").toBeGreaterThan(0);
    const name = files[0]!.url.split("/").pop()!;
    const picture = await appGet("patchpoint.localhost", `/media/${name}`);
    expect(picture.status).toBe(200);
    expect(picture.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(picture.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(picture.headers["content-security-policy"]).toContain("sandbox");
    expect((await appGet("patchpoint.localhost", "/media/..%2Fadmin")).status).toBe(404);
    expect((await appGet("patchpoint.localhost", "/media/no-such-file.png")).status).toBe(404);
  });

  it("runs no script when an upload is opened straight from the CMS", async () => {
    const reply = await fetch(`${CMS_URL}/api/upload/files?filters[name][$eq]=iphone-15.svg`, { headers: { Authorization: `Bearer ${WRITE_TOKEN}` } });
    const [file] = (await reply.json()) as { url: string }[];
    const direct = await fetch(new URL(file!.url, CMS_URL));
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-security-policy")).toContain("sandbox");
    expect(direct.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
