/**
 * The partner API's reference page (issue 23 item 6, ADR 178) behind the app's security headers:
 * HTML that loads only this origin's scripts and styles (Swagger UI from node_modules, no CDN),
 * allowed by the base Content-Security-Policy as it is, and reads /api/v4/openapi.json.
 */
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "../../app/lib/observability/edge.server";
import { API_PREFIX, apiReference } from "../../booking/http/index";

let server: Server;
let origin: string;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ development: false, cookieSecure: false }));
  app.use(API_PREFIX, apiReference());
  server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

/** The directive's sources in a Content-Security-Policy header. */
function sources(policy: string, directive: string): string[] {
  const found = policy.split(";").find((part) => part.trim().startsWith(`${directive} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

describe("/api/v4/reference", () => {
  it("answers HTML that loads only same-origin files, allowed by the app's policy, and reads the OpenAPI document", async () => {
    const response = await fetch(`${origin}/api/v4/reference`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("/api/v4/openapi.json");

    const policy = response.headers.get("content-security-policy") ?? "";
    expect(sources(policy, "default-src")).toEqual(["'self'"]);
    for (const source of sources(policy, "script-src")) expect(source).toMatch(/^('self'|'nonce-[\w+/=]+')$/);

    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      // No inline script: each is a file of this origin (a path, not //host or scheme://host).
      expect(body!.trim()).toBe("");
      expect(attributes).toMatch(/\bsrc="\/(?!\/)[^"]+"/);
    }
    const styles = [...html.matchAll(/<link\b[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
    expect(html).not.toMatch(/<style\b|\sstyle=/);
    for (const href of styles) expect(href).toMatch(/^\/(?!\/)/);
    expect(html).not.toMatch(/https?:\/\/|\/\/[a-z]/i);

    const files = [...scripts.map(([, attributes]) => /src="([^"]+)"/.exec(attributes!)![1]!), ...styles];
    for (const file of files) {
      const asset = await fetch(`${origin}${file}`);
      expect({ file, status: asset.status }).toEqual({ file, status: 200 });
      expect(asset.headers.get("content-type")).toMatch(file.endsWith(".css") ? /^text\/css/ : /^application\/javascript/);
      const text = await asset.text();
      expect(text.length).toBeGreaterThan(0);
      if (file.endsWith("start.js")) {
        expect(text).toContain('"/api/v4/openapi.json"');
        expect(text).toContain("validatorUrl: null");
      }
    }
  });

  it("knows nothing else under /reference", async () => {
    expect((await fetch(`${origin}/api/v4/reference/index.html`)).status).toBe(404);
    expect((await fetch(`${origin}/api/v4/reference/../package.json`)).status).toBe(404);
  });
});
