/**
 * Issue 36 item 5 (ADR 254): a partner key answers on its own carrier's hosts, and on a host that is
 * no carrier's (an address such as 127.0.0.1, an internal name), but is refused with §8's shape on
 * another carrier's host, so a branded app cannot book for the wrong brand. Through HTTP with the
 * Host headers of two carriers, as a partner's app would send them.
 */
import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../booking/db/schema";
import { apiRoutes } from "../../booking/http/index";
import { WRONG_HOST_MESSAGE } from "../../booking/http/errors";
import { carrierWithKey, startApi, type ApiHarness } from "./api-harness";

/** A GET under /api/v4 with the given headers (node:http: fetch does not let a caller set Host). */
function get(api: ApiHarness, path: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const url = new URL(api.url(path));
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: "GET", headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

const REFUSED = { status: 403, body: { code: "FORBIDDEN", messages: [WRONG_HOST_MESSAGE] } };
const PATH = "/makes/list/type/1?show_available=true";

describe("a partner key and the host it is used on (ADR 254)", () => {
  let api: ApiHarness;
  let a: { code: string; key: string; domain: string };
  let b: { code: string; key: string; domain: string };

  beforeAll(async () => {
    api = await startApi({ routes: apiRoutes });
    const made = await Promise.all([carrierWithKey(api), carrierWithKey(api)]);
    [a, b] = made.map(({ carrier, key }, index) => {
      const domain = `repair.brand-${index}-${carrier.code}.example`;
      // The CMS's `domains` of each carrier, as the app resolves a host.
      api.carriers.set(carrier.code, { ...api.carriers.get(carrier.code)!, domains: [domain] });
      return { code: carrier.code, key, domain };
    }) as [typeof a, typeof b];
  }, 120_000);
  afterAll(() => api?.close());

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it("answers a key on its own carrier's domain and on its own `<code>.localhost`", async () => {
    expect((await get(api, PATH, { ...bearer(a.key), host: a.domain })).status).toBe(200);
    expect((await get(api, PATH, { ...bearer(a.key), host: `${a.code}.localhost:3000` })).status).toBe(200);
    expect((await get(api, PATH, { ...bearer(b.key), host: b.domain })).status).toBe(200);
  });

  it("refuses a key on another carrier's host with 403 and the §8 body, however the host is written", async () => {
    expect(await get(api, PATH, { ...bearer(a.key), host: b.domain })).toEqual(REFUSED);
    expect(await get(api, PATH, { ...bearer(b.key), host: a.domain })).toEqual(REFUSED);
    expect(await get(api, PATH, { ...bearer(a.key), host: `${b.domain.toUpperCase()}.:443` })).toEqual(REFUSED);
    expect(await get(api, PATH, { ...bearer(a.key), host: `${b.code}.localhost:3000` })).toEqual(REFUSED);
    // The key as the query parameter (spec §7) is the same key.
    expect(await get(api, `${PATH}&key=${encodeURIComponent(a.key)}`, { host: b.domain })).toEqual(REFUSED);
    // A write is refused before it does anything: no booking is built for the wrong brand.
    const bookingsOfA = () => api.t.opened.db.select({ id: s.bookings.id }).from(s.bookings).where(eq(s.bookings.carrierCode, a.code));
    const before = await bookingsOfA();
    const built = await new Promise<number>((resolve, reject) => {
      const url = new URL(api.url("/wefix-booking/build"));
      const sent = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { ...bearer(a.key), host: b.domain, "content-type": "application/json" } },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      sent.on("error", reject);
      sent.end("{}");
    });
    expect(built).toBe(403);
    expect(await bookingsOfA()).toEqual(before);
  });

  it("keeps answering a key on a host that is no carrier's (127.0.0.1, an internal name): the key's carrier", async () => {
    expect((await get(api, PATH, { ...bearer(a.key), host: "127.0.0.1:3000" })).status).toBe(200);
    expect((await get(api, PATH, { ...bearer(b.key), host: "app.internal" })).status).toBe(200);
  });

  it("reads X-Forwarded-Host only behind a trusted proxy", async () => {
    // Not trusted: the header names nothing, Host decides.
    expect((await get(api, PATH, { ...bearer(a.key), host: a.domain, "x-forwarded-host": b.domain })).status).toBe(200);
    const proxied = await startApi({ routes: apiRoutes, trustForwardedHost: true }, api.t);
    try {
      for (const [code, carrier] of api.carriers) proxied.carriers.set(code, carrier);
      expect(await get(proxied, PATH, { ...bearer(a.key), host: "app:3000", "x-forwarded-host": b.domain })).toEqual(REFUSED);
      expect((await get(proxied, PATH, { ...bearer(a.key), host: "app:3000", "x-forwarded-host": `${a.domain}, ${b.domain}` })).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
