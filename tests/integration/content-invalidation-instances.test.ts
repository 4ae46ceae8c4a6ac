/**
 * Two app instances on one Postgres (ADR 059): an FAQ edited in Strapi, the signed webhook delivered
 * to ONE instance only, and BOTH serve the new text within 2 s (the TTL is ten minutes, so only the
 * NOTIFY can explain it). Starts `node --import tsx server.ts` twice with the production build, as
 * scripts/test.mjs starts the app. Needs TEST_DATABASE_URL and CMS_URL (skipped without them).
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signWebhookBody } from "~/lib/webhook-signature.server";
import { waitFor } from "../support/app";
import { instancePorts, instancesSkipReason as skipReason, prepareAppInstances, type AppInstances } from "../support/app-instances";
import { cmsCreate, cmsDelete, cmsUpdate, testCarrier, uniqueCode } from "../support/cms";

// Two free ports in the test run's own block (scripts/test.mjs gives each TEST_INSTANCE ten).
const ports = instancePorts(7, 8);

function get(port: number, host: string, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: pathname, headers: { host: `${host}:${port}` } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.setTimeout(15_000, () => request.destroy(new Error("timeout")));
    request.end();
  });
}

if (skipReason) {
  describe("several app instances", () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
} else {
  describe("several app instances", () => {
    const code = uniqueCode("twin");
    const host = `${code}.localhost`;
    const created: [string, string, Record<string, string>][] = [];
    let instances: AppInstances;
    let faqId = "";

    beforeAll(async () => {
      instances = await prepareAppInstances("instances_it", ports, { CONTENT_TTL_SECONDS: "600" });

      const carrier = await cmsCreate("carriers", testCarrier(code));
      created.push(["carriers", carrier.documentId, {}]);
      const category = await cmsCreate("faq-categories", { carrierCode: code, slug: "booking", title: "Booking", order: 1 }, { locale: "en" });
      created.push(["faq-categories", category.documentId, { locale: "en" }]);
      const faq = await cmsCreate("faq-items", { carrierCode: code, category: "booking", question: "Do you come to me?", answer: "Yes, in a van.", order: 1 }, { locale: "en" });
      faqId = faq.documentId;
      created.push(["faq-items", faq.documentId, { locale: "en" }]);

      await instances.startAll();
    }, 300_000);

    afterAll(async () => {
      for (const [collection, documentId, query] of created.reverse()) await cmsDelete(collection, documentId, query).catch(() => undefined);
      await instances?.close();
    });

    it("serves an FAQ edit on both instances within 2 s when only one receives the webhook", async () => {
      for (const port of ports) {
        await waitFor(async () => (await get(port, host, "/faqs")).body.includes("Yes, in a van."), { timeoutMs: 15_000, intervalMs: 250 });
      }

      await cmsUpdate("faq-items", faqId, { answer: "Yes, in an electric van." }, { locale: "en" });
      // Both still serve the cached answer: the CMS's own webhook went to the harness app, not to them.
      for (const port of ports) expect((await get(port, host, "/faqs")).body).toContain("Yes, in a van.");

      const body = JSON.stringify({ event: "entry.update", model: "faq-item", carrierCode: code, locale: "en" });
      const delivered = await fetch(`http://127.0.0.1:${ports[0]}/api/cms-webhook`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "X-Webhook-Signature": signWebhookBody(body, process.env.CMS_WEBHOOK_SECRET!) },
      });
      expect(delivered.status).toBe(200);
      expect(await delivered.json()).toMatchObject({ ok: true, published: true });

      const started = Date.now();
      await Promise.all(
        ports.map((port) => waitFor(async () => (await get(port, host, "/faqs")).body.includes("Yes, in an electric van."), { timeoutMs: 2_000, intervalMs: 100 })),
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${instances.tails()}`);
      });
      expect(Date.now() - started).toBeLessThan(2_500);
    });
  });
}
