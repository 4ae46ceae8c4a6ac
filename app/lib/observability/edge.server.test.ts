import express from "express";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { cspReportRoute, securityHeaders, summariseReport } from "./edge.server";
import { metrics } from "./metrics.server";

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function start(options: { trustProxy?: boolean; cookieSecure?: boolean } = {}) {
  const app = express();
  app.set("trust proxy", options.trustProxy ?? false);
  app.use(securityHeaders({ development: false, cookieSecure: options.cookieSecure ?? false }));
  app.use(cspReportRoute());
  app.get("/page", (_request, response) => {
    response.append("Set-Cookie", "__session=abc; Path=/; HttpOnly; SameSite=Lax");
    response.append("Set-Cookie", "lng=en; Path=/; SameSite=Lax");
    response.send("ok");
  });
  app.get("/broken", () => {
    throw new Error("boom");
  });
  // The app's own 404 (Remix's catch-all answers every other path).
  app.get("/nothing-here", (_request, response) => void response.status(404).send("not found"));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const cookiesOf = (response: Response) => response.headers.getSetCookie();

describe("the Secure cookie rule at the edge", () => {
  it("sends cookies without Secure over plain HTTP", async () => {
    const base = await start();
    expect(cookiesOf(await fetch(`${base}/page`)).every((cookie) => !/secure/i.test(cookie))).toBe(true);
  });

  it("marks every cookie Secure when a trusted proxy says the request came over HTTPS", async () => {
    const base = await start({ trustProxy: true });
    const cookies = cookiesOf(await fetch(`${base}/page`, { headers: { "X-Forwarded-Proto": "https" } }));
    expect(cookies).toHaveLength(2);
    expect(cookies.every((cookie) => cookie.endsWith("; Secure"))).toBe(true);
  });

  it("ignores X-Forwarded-Proto when the proxy is not trusted", async () => {
    const base = await start({ trustProxy: false });
    const cookies = cookiesOf(await fetch(`${base}/page`, { headers: { "X-Forwarded-Proto": "https" } }));
    expect(cookies.some((cookie) => /secure/i.test(cookie))).toBe(false);
  });

  it("marks cookies Secure always with COOKIE_SECURE", async () => {
    const base = await start({ cookieSecure: true });
    expect(cookiesOf(await fetch(`${base}/page`)).every((cookie) => cookie.endsWith("; Secure"))).toBe(true);
  });
});

describe("the security headers", () => {
  it("are on every response, 404s included, with a fresh nonce each time", async () => {
    const base = await start();
    const first = await fetch(`${base}/page`);
    const missing = await fetch(`${base}/nothing-here`);
    for (const response of [first, missing]) {
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("strict-transport-security")).toBe("max-age=15552000");
    }
    expect(missing.status).toBe(404);
    const nonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce(first)).toBeTruthy();
    expect(nonce(first)).not.toBe(nonce(missing));
  });

  it("are on Express's own error answers too (its stricter default-src 'none' stays)", async () => {
    const base = await start();
    const broken = await fetch(`${base}/broken`);
    expect(broken.status).toBe(500);
    expect(broken.headers.get("content-security-policy")).toBe("default-src 'none'");
    expect(broken.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(broken.headers.get("strict-transport-security")).toBe("max-age=15552000");
  });
});

describe("the CSP report endpoint", () => {
  const reports = async () => (await metrics().cspReports.get()).values[0]?.value ?? 0;

  it("counts a report-uri report and a Reporting API batch, answering 204", async () => {
    const base = await start();
    const before = await reports();
    const legacy = await fetch(`${base}/api/csp-report`, {
      method: "POST",
      headers: { "Content-Type": "application/csp-report" },
      body: JSON.stringify({ "csp-report": { "document-uri": "http://x.localhost/", "violated-directive": "script-src" } }),
    });
    const batch = await fetch(`${base}/api/csp-report`, {
      method: "POST",
      headers: { "Content-Type": "application/reports+json" },
      body: JSON.stringify([
        { type: "csp-violation", body: { blockedURL: "inline" } },
        { type: "csp-violation", body: { blockedURL: "eval" } },
      ]),
    });
    expect([legacy.status, batch.status]).toEqual([204, 204]);
    expect(await reports()).toBe(before + 3);
  });

  it("answers 204 to a body too large or not JSON, and counts nothing", async () => {
    const base = await start();
    const before = await reports();
    const large = await fetch(`${base}/api/csp-report`, {
      method: "POST",
      headers: { "Content-Type": "application/csp-report" },
      body: JSON.stringify({ pad: "x".repeat(20_000) }),
    });
    const broken = await fetch(`${base}/api/csp-report`, { method: "POST", headers: { "Content-Type": "application/csp-report" }, body: "{not json" });
    expect([large.status, broken.status]).toEqual([204, 204]);
    expect(await reports()).toBe(before);
  });
});

describe("a logged CSP report", () => {
  it("keeps what was blocked where, from either format, without the page's query string", () => {
    const legacy = {
      "csp-report": {
        "document-uri": "http://x.localhost/manage/booking?email=jane%40example.com",
        "effective-directive": "script-src-elem",
        "blocked-uri": "inline",
        "line-number": 4,
        "original-policy": "default-src 'self'",
      },
    };
    const reportingApi = {
      type: "csp-violation",
      body: {
        documentURL: "http://x.localhost/my/technician/jane%40example.com/10042?x=y",
        effectiveDirective: "img-src",
        blockedURL: "https://tiles.example.org/1/2/3.png?key=secret",
        disposition: "enforce",
      },
    };
    expect(summariseReport(legacy)).toEqual({
      page: "http://x.localhost/manage/booking",
      directive: "script-src-elem",
      blocked: "inline",
      source: undefined,
      line: 4,
      disposition: undefined,
    });
    expect(summariseReport(reportingApi)).toMatchObject({
      page: "http://x.localhost/my/technician/:email/:orderRef",
      directive: "img-src",
      blocked: "https://tiles.example.org/1/2/3.png",
      disposition: "enforce",
    });
  });
});
