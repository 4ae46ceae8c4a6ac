/**
 * Two app instances on one Postgres (ADR 059): an FAQ edited in Strapi, the signed webhook delivered
 * to ONE instance only, and BOTH serve the new text within 2 s (the TTL is ten minutes, so only the
 * NOTIFY can explain it). Starts `node --import tsx server.ts` twice with the production build, as
 * scripts/test.mjs starts the app. Needs TEST_DATABASE_URL and CMS_URL (skipped without them).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signWebhookBody } from "~/lib/webhook-signature.server";
import { waitFor } from "../support/app";
import { cmsCreate, cmsDelete, cmsUpdate, testCarrier, uniqueCode } from "../support/cms";
import { runCommand as run, stopChild as stop } from "../support/child-process";

const root = fileURLToPath(new URL("../..", import.meta.url));
const baseUrl = process.env.TEST_DATABASE_URL;
const cmsUrl = process.env.CMS_URL;
const buildDir = process.env.APP_BUILD_DIR ?? (process.env.TEST_INSTANCE ? `build-test-${process.env.TEST_INSTANCE}` : "build");
// Two free ports in the test run's own block (scripts/test.mjs gives each TEST_INSTANCE ten).
const basePort = Number(process.env.APP_PORT ?? 3100);
const ports = [basePort + 7, basePort + 8];

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

const skipReason = !baseUrl ? "TEST_DATABASE_URL is not set (no PostgreSQL server binaries)" : !cmsUrl ? "CMS_URL is not set" : null;

if (skipReason) {
  describe("several app instances", () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
} else {
  describe("several app instances", () => {
    const databaseName = `instances_it_${process.pid}_${Date.now().toString(36)}`;
    const url = new URL(baseUrl!);
    url.pathname = `/${databaseName}`;
    const databaseUrl = url.toString();
    const work = mkdtempSync(path.join(tmpdir(), "repair-instances-"));
    const code = uniqueCode("twin");
    const host = `${code}.localhost`;
    const created: [string, string, Record<string, string>][] = [];
    const instances: ChildProcess[] = [];
    const output: string[] = ["", ""];
    let faqId = "";

    async function admin(statement: string) {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      await admin(`create database "${databaseName}"`);
      const appEnv: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR: buildDir,
        HOST: "127.0.0.1",
        CMS_URL: cmsUrl,
        CMS_READ_TOKEN: process.env.CMS_READ_TOKEN,
        CMS_WEBHOOK_SECRET: process.env.CMS_WEBHOOK_SECRET,
        SESSION_SECRET: process.env.SESSION_SECRET,
        DATABASE_URL: databaseUrl,
        UPLOADS_DIR: path.join(work, "uploads"),
        OUTBOX_DIR: path.join(work, "outbox"),
        CONTENT_TTL_SECONDS: "600",
      };
      // The engine's database must be migrated and synced from the CMS before the app starts (scripts/lib/prepare.mjs).
      await run("npx", ["tsx", path.join(root, "scripts", "sync-engine.ts")], appEnv);

      const carrier = await cmsCreate("carriers", testCarrier(code));
      created.push(["carriers", carrier.documentId, {}]);
      const category = await cmsCreate("faq-categories", { carrierCode: code, slug: "booking", title: "Booking", order: 1 }, { locale: "en" });
      created.push(["faq-categories", category.documentId, { locale: "en" }]);
      const faq = await cmsCreate("faq-items", { carrierCode: code, category: "booking", question: "Do you come to me?", answer: "Yes, in a van.", order: 1 }, { locale: "en" });
      faqId = faq.documentId;
      created.push(["faq-items", faq.documentId, { locale: "en" }]);

      ports.forEach((port, index) => {
        const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: root, env: { ...appEnv, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
        child.stdout!.on("data", (chunk) => (output[index] += chunk));
        child.stderr!.on("data", (chunk) => (output[index] += chunk));
        instances.push(child);
      });
      for (const port of ports) {
        await waitFor(async () => (await get(port, "127.0.0.1", "/healthz").catch(() => ({ status: 0 }))).status === 200, { timeoutMs: 60_000, intervalMs: 250 });
      }
    }, 300_000);

    afterAll(async () => {
      await Promise.all(instances.map(stop));
      for (const [collection, documentId, query] of created.reverse()) await cmsDelete(collection, documentId, query).catch(() => undefined);
      await admin(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
      rmSync(work, { recursive: true, force: true });
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
        throw new Error(`${error.message}\n--- instance 1 ---\n${output[0].slice(-3000)}\n--- instance 2 ---\n${output[1].slice(-3000)}`);
      });
      expect(Date.now() - started).toBeLessThan(2_500);
    });
  });
}
