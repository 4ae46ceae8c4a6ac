/**
 * The render cache against the running app and a real Strapi (ADR 073): a content page is rendered
 * once and then served from memory with a strong ETag (304 on revalidation) and a CDN's
 * Cache-Control, each response with its own nonce and request id; so is a booking's first page for a
 * visitor without a booking (ADR 089); a visitor with a booking session gets a page rendered for them; the CMS webhook for the carrier shows the new content at once.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signWebhookBody } from "~/lib/webhook-signature.server";
import { appGet, waitFor } from "../support/app";
import { cmsCreate, cmsDelete, cmsUpdate, testCarrier, testLandingPage, uniqueCode, type CmsEntry } from "../support/cms";

const code = uniqueCode("render");
const host = `${code}.localhost`;
let carrier: CmsEntry;
let landing: CmsEntry;

async function deliverWebhook(model: string) {
  const body = JSON.stringify({ event: "entry.update", model, carrierCode: code, locale: "en" });
  const response = await fetch(`${process.env.APP_URL}/api/cms-webhook`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "X-Webhook-Signature": signWebhookBody(body, process.env.CMS_WEBHOOK_SECRET!) },
  });
  expect(response.status).toBe(200);
}

const nonceOf = (policy: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(policy))?.[1];

describe("content pages from the render cache", () => {
  beforeAll(async () => {
    carrier = await cmsCreate("carriers", testCarrier(code));
    landing = await cmsCreate("landing-pages", testLandingPage(code, "Rendered once"), { locale: "en" });
    await waitFor(async () => (await appGet(host, "/")).body.includes("Rendered once"), { timeoutMs: 15_000 });
  }, 30_000);

  afterAll(async () => {
    await cmsDelete("landing-pages", landing.documentId, { locale: "en" }).catch(() => undefined);
    await cmsDelete("carriers", carrier.documentId).catch(() => undefined);
  });

  it("serves the landing page from memory with a strong ETag, a CDN's Cache-Control and a 304 on revalidation", async () => {
    const first = await appGet(host, "/");
    const second = await appGet(host, "/");
    expect(second.status).toBe(200);
    expect(second.headers["x-render-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    const etag = String(second.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(second.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(second.headers.vary).toContain("Accept-Encoding");

    // Every response its own request id and nonce; the page's inline scripts, if any, run by hash (the
    // landing page is served without hydration, ADR 206, and may have none), never by a stored nonce.
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    const policy = String(second.headers["content-security-policy"]);
    expect(nonceOf(policy)).toBeTruthy();
    expect(nonceOf(policy)).not.toBe(nonceOf(first.headers["content-security-policy"]));
    const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1] ?? "";
    expect(scriptSrc).toMatch(/^'self' 'nonce-[^']+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    for (const [, script] of second.body.matchAll(/<script(?![^>]*\b(?:src=|type="application\/))[^>]*>([\s\S]*?)<\/script>/g)) {
      expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(script!).digest("base64")}'`);
    }
    expect(second.body).not.toContain(" nonce=");

    const revalidated = await appGet(host, "/", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.etag).toBe(etag);
  });

  it("sends the compressed bytes made when the page was stored", async () => {
    const brotli = await appGet(host, "/", { "Accept-Encoding": "br, gzip" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.etag).toMatch(/-br"$/);
    const gzip = await appGet(host, "/", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });

  it("renders for the visitor when the request carries a booking session, a toast or a query string", async () => {
    for (const headers of [{ Cookie: "__booking=abc" }, { Cookie: "lng=en; __toast=abc" }]) {
      const page = await appGet(host, "/", headers);
      expect(page.status).toBe(200);
      expect(page.headers["x-render-cache"]).toBeUndefined();
      expect(page.headers.etag).toBeUndefined();
      expect(page.body).toContain(" nonce=");
    }
    const preview = await appGet(host, "/?preview=1");
    expect(preview.headers["x-render-cache"]).toBeUndefined();
  });

  it("serves a booking's first page from memory, with no cookie, to a visitor without a booking, and renders it for one with a session", async () => {
    await appGet(host, "/booking/postcode-search");
    const page = await appGet(host, "/booking/postcode-search");
    expect(page.status).toBe(200);
    expect(page.headers["x-render-cache"]).toBe("hit");
    expect(page.headers["set-cookie"]).toBeUndefined();
    expect(page.body).toContain('name="postcode"');

    const withSession = await appGet(host, "/booking/postcode-search", { Cookie: "__booking=abc" });
    expect(withSession.status).toBe(200);
    expect(withSession.headers["x-render-cache"]).toBeUndefined();
    expect(withSession.body).toContain(" nonce=");
    // The unreadable session cookie is replaced by an empty one, as before.
    expect(String(withSession.headers["set-cookie"])).toContain("__booking=");
  });

  it("shows the edited landing page as soon as the CMS webhook for the carrier arrives", async () => {
    const before = await appGet(host, "/");
    await cmsUpdate("landing-pages", landing.documentId, { heroTitle: "Rendered again" }, { locale: "en" });
    await deliverWebhook("landing-page");
    const after = await appGet(host, "/");
    expect(after.body).toContain("Rendered again");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const stale = await appGet(host, "/", { "If-None-Match": String(before.headers.etag) });
    expect(stale.status).toBe(200);
  });
});
