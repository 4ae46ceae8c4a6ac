import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appGet, waitFor } from "../support/app";
import { cmsCreate, cmsDelete, seededCarriers, testCarrier, testLandingPage, uniqueCode } from "../support/cms";
import { signWebhookBody } from "~/lib/webhook-signature.server";

const upstream = process.env.CMS_URL!;

/** A pass-through in front of the real Strapi that counts the requests reaching it. */
function withoutNonces(html: string): string {
  return html.replace(/ nonce="[^"]*"/g, "");
}

function countingProxy() {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(request.url ?? "");
    const target = new URL(request.url ?? "/", upstream);
    const forward = http.request(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (reply) => {
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(response);
    });
    forward.on("error", () => response.writeHead(502).end());
    request.pipe(forward);
  });
  return {
    seen,
    listen: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("content client against a real Strapi", () => {
  const proxy = countingProxy();
  let content: typeof import("~/content/content.server");

  beforeAll(async () => {
    process.env.CMS_URL = await proxy.listen();
    vi.resetModules();
    content = await import("~/content/content.server");
  });
  afterAll(async () => {
    process.env.CMS_URL = upstream;
    await proxy.close();
  });

  it("answers a repeated read from the cache without asking Strapi again", async () => {
    const carriers = await content.getCarriers();
    expect(carriers.length).toBeGreaterThanOrEqual(10);
    const carrier = carriers.find((entry) => entry.defaultLocale === "en")!;
    const first = await content.getFaqs(carrier, "en");
    const requestsAfterFirst = proxy.seen.length;
    const second = await content.getFaqs(carrier, "en");
    await content.getCarriers();
    expect(second).toEqual(first);
    expect(proxy.seen.length).toBe(requestsAfterFirst);
    expect(first.items.length).toBeGreaterThan(0);
  });

  it("re-reads a carrier's content after an invalidation for that carrier only", async () => {
    const carriers = await content.getCarriers();
    const [one, two] = carriers.filter((entry) => entry.defaultLocale === "en");
    await content.getFaqs(one!, "en");
    await content.getFaqs(two!, "en");
    const before = proxy.seen.length;
    content.invalidateContent({ model: "faq-item", carrierCode: one!.code });
    await content.getFaqs(one!, "en");
    await content.getFaqs(two!, "en");
    const refetched = proxy.seen.slice(before);
    expect(refetched.length).toBeGreaterThan(0);
    expect(refetched.every((url) => decodeURIComponent(url).includes(`[carrierCode][$eq]=${one!.code}`))).toBe(true);
  });

  it("keeps malformed entries out without dropping the good ones", async () => {
    const { parseEntries, faqItemSchema } = await import("~/content/schemas");
    const problems: string[] = [];
    const parsed = parseEntries(
      faqItemSchema,
      [
        { documentId: "a", carrierCode: "x", category: "booking", question: "Q?", answer: "A.", order: 1 },
        { documentId: "b", carrierCode: "x", category: "not-a-category", question: "Q?", answer: "A." },
      ],
      (issue) => problems.push(issue),
    );
    expect(parsed.map((entry) => entry.documentId)).toEqual(["a"]);
    expect(problems).toHaveLength(1);
  });
});

describe("the running app", () => {
  it("accepts a correctly signed webhook and refuses a forged one", async () => {
    const body = JSON.stringify({ event: "entry.update", model: "faq-item", carrierCode: "nobody", locale: "en" });
    const post = (signature: string) =>
      fetch(`${process.env.APP_URL}/api/cms-webhook`, { method: "POST", body, headers: { "Content-Type": "application/json", "X-Webhook-Signature": signature } });
    expect((await post(signWebhookBody(body, process.env.CMS_WEBHOOK_SECRET!))).status).toBe(200);
    expect((await post(signWebhookBody(body, "not-the-secret"))).status).toBe(401);
    expect((await post("")).status).toBe(401);
  });

  it("keeps serving the last good content while Strapi is stopped, and 503 where nothing was cached", async () => {
    const code = uniqueCode("stale");
    const carrier = await cmsCreate("carriers", testCarrier(code));
    const landing = await cmsCreate("landing-pages", testLandingPage(code, "Served while the CMS sleeps"), { locale: "en" });
    const host = `${code}.localhost`;
    const [faqCarrier] = await seededCarriers({ "filters[defaultLocale][$eq]": "en", "filters[confirmOnly][$eq]": "false" });
    const faqHost = `${faqCarrier!.code}.localhost`;
    try {
      await waitFor(async () => (await appGet(host, "/")).body.includes("Served while the CMS sleeps"));
      const faqsBefore = await appGet(faqHost, "/faqs");
      expect(faqsBefore.status).toBe(200);

      expect((await fetch(`${process.env.TEST_CONTROL_URL}/cms/stop`, { method: "POST" })).status).toBe(204);
      await expect(fetch(`${upstream}/_health`)).rejects.toThrow();

      const landingPage = await appGet(host, "/");
      expect(landingPage.status).toBe(200);
      expect(landingPage.body).toContain("Served while the CMS sleeps");
      const faqsDuring = await appGet(faqHost, "/faqs");
      expect(faqsDuring.status).toBe(200);
      // The same page, but for the per-request CSP nonce on its scripts and style (ADR 050).
      expect(withoutNonces(faqsDuring.body)).toBe(withoutNonces(faqsBefore.body));

      // Never fetched for this carrier: nothing to fall back on → branded 503.
      const terms = await appGet(host, "/terms");
      expect(terms.status).toBe(503);
      expect(terms.body).toContain(`Test Brand ${code}`);
      expect(terms.body).toContain("Temporarily unavailable");
    } finally {
      await fetch(`${process.env.TEST_CONTROL_URL}/cms/start`, { method: "POST" });
      await cmsDelete("landing-pages", landing.documentId, { locale: "en" });
      await cmsDelete("carriers", carrier.documentId);
    }
  });
});
