/**
 * Issue 13, "Hardened edges": every action route of the running app, for two carriers, answers junk
 * with a 4xx and never a 5xx, and the site still serves pages afterwards (ADR 054, 055).
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { appGet, appPort } from "../support/app";

const APP_DIR = path.resolve(__dirname, "../../app");
/** app/routes and each journey's routes folder (ADR 070). */
const ROUTE_DIRS = [
  path.join(APP_DIR, "routes"),
  ...readdirSync(path.join(APP_DIR, "journeys"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(APP_DIR, "journeys", entry.name, "routes")),
];
const CARRIERS = [
  { code: "patchpoint", postcode: "E1 6AN" },
  { code: "flickwerk", postcode: "10115" },
] as const;

/** A flat-routes file name as the URL that reaches its action (params filled, `?index` for index routes). */
function actionUrl(file: string): string {
  const segments = file.replace(/\.tsx?$/, "").split(".");
  const parts: string[] = [];
  let index = false;
  for (const segment of segments) {
    if (segment === "_index") index = true;
    else if (segment.startsWith("_")) continue;
    else if (segment === "$") parts.push("anything");
    else if (segment.startsWith("$")) parts.push(segment === "$email" ? "someone%40example.com" : "12345");
    else parts.push(segment.replace(/_$/, ""));
  }
  return `/${parts.join("/")}${index ? "?index" : ""}`;
}

/** Every route file that exports an action, discovered rather than listed so a new one is fuzzed too. */
const ACTION_ROUTES = ROUTE_DIRS.flatMap((dir) =>
  readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
    .filter((file) => /export (async )?function action\b|export const action\b/.test(readFileSync(path.join(dir, file), "utf8"))),
)
  .map((file) => ({ file, url: actionUrl(file), webhook: file.startsWith("api.") }))
  // The guard's own target answers 404 when reached directly.
  .filter((route) => route.url !== "/request-rejected");

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

interface Post {
  host: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Streams this many bytes instead of `body`, stopping once the answer arrives. */
  streamBytes?: number;
}

function send({ host, path: target, headers = {}, body, streamBytes }: Post): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request({ host: "127.0.0.1", port: appPort, path: target, method: "POST", headers: { host: `${host}:${appPort}`, ...headers } }, (response) => {
      answered = true;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
      response.on("error", () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
    });
    // The app closes the connection of a refused large post without reading it: only an error before any answer counts.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`timeout: POST ${target}`)));
    if (streamBytes === undefined) {
      request.end(body);
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (!answered && sent < streamBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

const FORM = "application/x-www-form-urlencoded";
const NASTY_FIELDS = ["intent", "postcode", "store_code", "email", "order_ref", "first_name", "line_1", "imei", "message", "discount_code", "device_id", "date"];

function form(value: string): string {
  return new URLSearchParams(Object.fromEntries(NASTY_FIELDS.map((name) => [name, value]))).toString();
}

/** Junk a browser or a script might send; each with the same-site Origin, so it reaches the action. */
function junkBodies(): { name: string; headers: Record<string, string>; body: Buffer | string }[] {
  const oddUnicode = "\u202e\u200d\u0301ﷺ😀🏳️‍🌈" + "𝕏".repeat(2000) + "\uFEFF\uFFFD";
  return [
    { name: "JSON", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ intent: "next", postcode: "E1 6AN" }) },
    { name: "plain text", headers: { "Content-Type": "text/plain" }, body: "intent=next&postcode=E1" },
    { name: "no content type", headers: {}, body: "intent=next" },
    {
      name: "broken multipart",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nnext\r\n--zz',
    },
    { name: "multipart without boundary", headers: { "Content-Type": "multipart/form-data" }, body: "--\r\n" },
    { name: "NUL", headers: { "Content-Type": FORM }, body: form("GH\u0000001") },
    { name: "control characters", headers: { "Content-Type": FORM }, body: form("a\u0001\u001b[31m\u007f\u0085\u009fb") },
    {
      name: "huge odd unicode",
      headers: { "Content-Type": FORM },
      body: new URLSearchParams({ intent: "next", postcode: oddUnicode, email: oddUnicode, message: oddUnicode }).toString(),
    },
    { name: "broken percent-encoding", headers: { "Content-Type": FORM }, body: "intent=%E0%A4%A&postcode=%FF%FE&%%%=1&email=%ED%A0%80" },
    { name: "spoofed forwarded host", headers: { "Content-Type": FORM, "X-Forwarded-Host": "evil.example" }, body: "intent=next" },
    { name: "arrays and empties", headers: { "Content-Type": FORM }, body: "intent=&intent=next&device_id=-1&device_id=1e309&date=9999-99-99&=x" },
  ];
}

describe("every action route answers junk with a 4xx, never a 5xx", () => {
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    // A booking session with a postcode, so actions go past their first redirect into reading the form.
    for (const carrier of CARRIERS) {
      const started = await send({
        host: `${carrier.code}.localhost`,
        path: "/booking/postcode-search",
        headers: { "Content-Type": FORM, Origin: `http://${carrier.code}.localhost:${appPort}` },
        body: new URLSearchParams({ postcode: carrier.postcode }).toString(),
      });
      const setCookie = started.headers["set-cookie"] ?? [];
      cookies.set(carrier.code, setCookie.map((cookie) => cookie.split(";")[0]).join("; "));
    }
  });

  it("finds the action routes (pages, fetchers and resource routes)", () => {
    expect(ACTION_ROUTES.length).toBeGreaterThanOrEqual(25);
    expect(ACTION_ROUTES.map((route) => route.url)).toEqual(expect.arrayContaining(["/booking/payment/pay-later", "/manage/booking", "/manage?index", "/contact"]));
  });

  for (const carrier of CARRIERS) {
    const host = `${carrier.code}.localhost`;
    const origin = () => `http://${host}:${appPort}`;

    it(`${carrier.code}: junk bodies get a 4xx on every action route`, async () => {
      const failures: string[] = [];
      for (const route of ACTION_ROUTES) {
        for (const junk of junkBodies()) {
          for (const withCookie of [false, true]) {
            const headers = { ...junk.headers, Origin: origin(), ...(withCookie ? { Cookie: cookies.get(carrier.code) ?? "" } : {}) };
            const answer = await send({ host, path: route.url, headers, body: junk.body });
            if (answer.status >= 500) failures.push(`${answer.status} ${route.url} ${junk.name}${withCookie ? " (session)" : ""}: ${answer.body.slice(0, 200)}`);
            if (!route.webhook && ["JSON", "plain text", "no content type"].includes(junk.name) && answer.status !== 415) {
              failures.push(`${answer.status} ${route.url} ${junk.name}: expected 415`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    }, 240_000);

    it(`${carrier.code}: a post from another site gets a branded 403 page, a script asking for JSON a JSON error`, async () => {
      const failures: string[] = [];
      for (const route of ACTION_ROUTES.filter((candidate) => !candidate.webhook)) {
        const answer = await send({
          host,
          path: route.url,
          headers: { "Content-Type": FORM, Origin: "https://evil.example", Cookie: cookies.get(carrier.code) ?? "" },
          body: "intent=prepare&intent=cancel",
        });
        if (answer.status !== 403 || !answer.body.includes('data-testid="error-403"')) failures.push(`${answer.status} ${route.url}`);
      }
      expect(failures).toEqual([]);
      const payLater = await send({
        host,
        path: "/booking/payment/pay-later",
        headers: { "Content-Type": FORM, Origin: "https://evil.example", Accept: "application/json", Cookie: cookies.get(carrier.code) ?? "" },
        body: "intent=prepare",
      });
      expect(payLater.status).toBe(403);
      expect(JSON.parse(payLater.body)).toMatchObject({ error: { code: "FOREIGN_ORIGIN" } });
      expect(payLater.body).not.toContain("billing_address");
      const fetcherPost = await send({ host, path: "/booking/details.data", headers: { "Content-Type": FORM, Origin: "https://evil.example" }, body: "first_name=x" });
      expect(fetcherPost.status).toBe(403);
      const byReferer = await send({ host, path: "/contact", headers: { "Content-Type": FORM, Referer: "https://evil.example/page" }, body: "name=x" });
      expect(byReferer.status).toBe(403);
    }, 120_000);

    it(`${carrier.code}: a booking change from the site itself still needs the page's CSRF token`, async () => {
      for (const intent of ["cancel", "change-date", "change-address", "imei", "proof"]) {
        const answer = await send({
          host,
          path: "/manage/booking",
          headers: { "Content-Type": FORM, Origin: origin() },
          body: new URLSearchParams({ intent, order_ref: "10000001", email: "someone@example.com", phrase: "cancel", csrf: "guessed" }).toString(),
        });
        expect(answer.status, intent).toBe(403);
        expect(answer.body).toContain('data-testid="error-403"');
      }
    });

    it(`${carrier.code}: a 20 MB post is refused with 413 without being read`, async () => {
      for (const route of ["/booking/details", "/manage/booking", "/contact"]) {
        const started = Date.now();
        const declared = await send({
          host,
          path: route,
          headers: { "Content-Type": FORM, Origin: origin(), "Content-Length": String(20 * 1024 * 1024) },
          streamBytes: 20 * 1024 * 1024,
        });
        expect(declared.status, route).toBe(413);
        expect(declared.body).toContain('data-testid="error-413"');
        const streamed = await send({
          host,
          path: route,
          headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: origin(), "Transfer-Encoding": "chunked" },
          streamBytes: 20 * 1024 * 1024,
        });
        // Cut off at the limit: 413, or for the manage page its redirect back to the lookup.
        expect(streamed.status, route).toBeLessThan(500);
        expect(Date.now() - started, route).toBeLessThan(15_000);
      }
    }, 120_000);

    it(`${carrier.code}: a proof of purchase over the limit posted without JavaScript goes back to the manage page, unread (ADR 232)`, async () => {
      const started = Date.now();
      const query = "order_ref=100042&email=ada%40example.com&device_id=7";
      const upload = await send({
        host,
        path: `/manage/booking?${query}`,
        headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: origin(), Accept: "text/html", "Content-Length": String(20 * 1024 * 1024) },
        streamBytes: 20 * 1024 * 1024,
      });
      expect(upload.status).toBe(303);
      expect(upload.headers.location).toBe(`/manage/booking?${query}&proof_problem=too-large`);
      expect(Date.now() - started).toBeLessThan(15_000);
      // A client asking for JSON keeps the 413.
      const json = await send({
        host,
        path: `/manage/booking?${query}`,
        headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: origin(), Accept: "application/json", "Content-Length": String(20 * 1024 * 1024) },
        streamBytes: 20 * 1024 * 1024,
      });
      expect(json.status).toBe(413);
    }, 60_000);

    it(`${carrier.code}: pages still work afterwards`, async () => {
      const landing = await appGet(host, "/");
      expect(landing.status).toBeLessThan(400);
      const manage = await appGet(host, "/manage");
      expect(manage.status).toBe(200);
    });
  }
});
