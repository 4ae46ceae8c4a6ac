/**
 * The HTTP customer's browser behaviour (ADR 141) against a small local server: cookies kept and
 * sent, redirects followed with a GET, a form resent with the same body after a reset connection
 * and a 502, a GET reloaded after a 503, and the retry budget kept.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpCustomer, defaultBody, parseForms } from "../support/http-customer";

let server: http.Server;
let port: number;
const seen: { method: string; url: string; host: string; cookie: string; origin: string; body: string }[] = [];
let failures: ("reset" | "cut" | 502 | 503)[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen.push({ method: request.method!, url: request.url!, host: request.headers.host ?? "", cookie: request.headers.cookie ?? "", origin: request.headers.origin ?? "", body });
      const failure = failures.shift();
      if (failure === "reset") return request.socket.destroy();
      // A document cut off mid-stream: the server dies after the first chunk.
      if (failure === "cut") {
        response.writeHead(200, { "content-type": "text/html" });
        response.write("<!DOCTYPE html><html><body><main><p>half a pa");
        return setTimeout(() => request.socket.destroy(), 20);
      }
      if (failure) return response.writeHead(failure).end("busy");
      if (request.url === "/start") {
        response.writeHead(200, { "set-cookie": ["session=abc; Path=/; HttpOnly", "gone=1; Max-Age=0"], "content-type": "text/html" });
        return response.end(
          `<main><form method="post" action="/pay?x=1&amp;y=2"><input type="hidden" name="key" value="k&quot;1"/><input type="radio" name="method" value="a"/><input type="radio" name="method" value="b" checked=""/><input type="text" name="note" value="" disabled=""/><button type="submit" name="intent" value="go">Go</button></form></main>`,
        );
      }
      if (request.url?.startsWith("/pay")) return response.writeHead(303, { location: "/done" }).end();
      response.writeHead(200, { "content-type": "text/html" }).end(`<p data-testid="done">done ${request.headers.cookie}</p>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("the HTTP customer (ADR 141)", () => {
  it("reloads a page cut off mid-stream, as a customer looking at half a page does", async () => {
    seen.length = 0;
    const customer = createHttpCustomer({ origin: `http://shop.localhost:${port}`, connectTo: "127.0.0.1", carrier: { code: "shop", countryCode: "GB" }, retryDelayMs: 20 });
    failures = ["cut"];
    const page = await customer.get("/whole");
    expect(page.html).toContain('data-testid="done"');
    expect(seen.filter((request) => request.url === "/whole")).toHaveLength(2);
    expect(customer.stats.causes["cut-off"]).toBe(1);
  });

  it("reads a form, keeps cookies, resends the same body after a reset and a 502, and follows the redirect with a GET", async () => {
    seen.length = 0;
    const customer = createHttpCustomer({ origin: `http://shop.localhost:${port}`, connectTo: "127.0.0.1", carrier: { code: "shop", countryCode: "GB" }, retryDelayMs: 20 });
    const start = await customer.get("/start");
    const [form] = parseForms(start.html, start.url);
    expect(form!.action).toBe(`http://shop.localhost:${port}/pay?x=1&y=2`);
    const body = defaultBody(form!);
    expect(body).toEqual([
      ["key", 'k"1'],
      ["method", "b"],
    ]);
    failures = ["reset", 502];
    const done = await customer.post(form!.action, [...body, ["intent", "go"]]);
    expect(done.url.pathname).toBe("/done");
    expect(done.html).toContain("done session=abc");
    const posts = seen.filter((request) => request.method === "POST");
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((post) => post.body))).toEqual(new Set(["key=k%221&method=b&intent=go"]));
    expect(posts.every((post) => post.host === `shop.localhost:${port}` && post.origin === `http://shop.localhost:${port}` && post.cookie === "session=abc")).toBe(true);
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/done" });
    expect(customer.stats).toMatchObject({ tries: 5, retries: 2, causes: { "502": 1 } });
    await customer.close();
  });

  it("reloads a GET after a 503 and gives up when the budget is spent", async () => {
    const customer = createHttpCustomer({ origin: `http://127.0.0.1:${port}`, carrier: { code: "shop", countryCode: "GB" }, retryDelayMs: 20, retryForMs: 200 });
    failures = [503];
    expect((await customer.get("/done")).status).toBe(200);
    expect(customer.stats.retries).toBe(1);
    failures = Array.from({ length: 50 }, () => 503 as const);
    expect((await customer.get("/done")).status).toBe(503);
    expect(customer.stats.retries).toBeGreaterThan(2);
    failures = [];
    await customer.close();
  });
});
