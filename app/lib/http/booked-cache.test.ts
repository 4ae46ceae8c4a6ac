import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { bookedCandidate, bookedKey, bookedPageCache, validUntil, type BookedVersion, type PageFreshness } from "./booked-cache";
import { CARRIER_HEADER } from "./render-cache";
import { RenderedPages } from "./rendered-pages";

const get = (url: string, cookie?: string, extra: { method?: string; authorization?: string } = {}) =>
  bookedCandidate({
    method: extra.method ?? "GET",
    url,
    headers: { ...(cookie === undefined ? {} : { cookie }), ...(extra.authorization ? { authorization: extra.authorization } : {}) },
  });
const version: BookedVersion = { carrierCode: "patchpoint", version: 7, checkoutStatus: "PENDING", discountCode: null, revision: "a|b", holdExpiresAt: null };

describe("the booked-page cache's candidates (ADR 225)", () => {
  it("answers only a GET of a booking step before payment, with the booking session and at most the language", () => {
    for (const url of [
      "/booking/basket",
      "/booking/details",
      "/booking/device/make",
      "/booking/device/model?make=2",
      "/booking/postcode-search",
      "/booking/postcode-search?type=business",
      "/booking/repair-date",
      "/booking/repair-date?pages=2",
      "/booking/checkout",
    ]) {
      expect(get(url, "__booking=abc"), url).toEqual({ sessionCookie: "__booking=abc", locale: "", url });
    }
    expect(get("/booking/basket", "lng=de; __booking=abc")).toMatchObject({ locale: "de" });
  });

  it("leaves everything else to Remix", () => {
    // Payment and after, a client navigation's data, a GET that submits a postcode (it writes), a content page.
    for (const url of ["/booking/payment", "/booking/complete", "/booking/basket.data", "/booking/repair-date.data", "/booking/postcode-search?postcode=SW1A1AA", "/faqs"]) {
      expect(get(url, "__booking=abc"), url).toBeNull();
    }
    expect(get("/booking/basket")).toBeNull();
    expect(get("/booking/basket", "__booking=abc; __toast=x")).toBeNull();
    expect(get("/booking/basket", "__booking=abc; __staff=x")).toBeNull();
    expect(get("/booking/basket", "__booking=abc; lng=fr")).toBeNull();
    expect(get("/booking/basket", "__booking=abc", { method: "POST" })).toBeNull();
    expect(get("/booking/basket", "__booking=abc", { method: "HEAD" })).toBeNull();
    expect(get("/booking/basket", "__booking=abc", { authorization: "Bearer x" })).toBeNull();
    expect(get(`/booking/device/model?q=${"x".repeat(300)}`, "__booking=abc")).toBeNull();
  });

  it("keys on host, path, query, language, content version, revision, reference and version; none for a paid booking or one with a promo code", () => {
    const candidate = get("/booking/device/model?make=2", "lng=en; __booking=abc")!;
    const key = bookedKey("Patchpoint.localhost:3000", "http", candidate, "REF1", version, 3)!;
    expect(key).toBe("booked|http://patchpoint.localhost:3000/booking/device/model?make=2#lng=en|content=3|revision=a|b|ref=REF1|v=7");
    const others = [
      bookedKey("patchpoint.localhost:3000", "http", candidate, "REF1", { ...version, version: 8 }, 3),
      bookedKey("patchpoint.localhost:3000", "http", candidate, "REF1", { ...version, revision: "a|c" }, 3),
      bookedKey("patchpoint.localhost:3000", "http", candidate, "REF1", version, 4),
      bookedKey("patchpoint.localhost:3000", "http", candidate, "REF2", version, 3),
      bookedKey("patchpoint.localhost:3000", "http", { ...candidate, locale: "de" }, "REF1", version, 3),
    ];
    expect(new Set([key, ...others]).size).toBe(6);
    expect(bookedKey("patchpoint.localhost:3000", "http", candidate, "REF1", { ...version, checkoutStatus: "SUCCESS" }, 3)).toBeNull();
    expect(bookedKey("patchpoint.localhost:3000", "http", candidate, "REF1", { ...version, discountCode: "TENOFF" }, 3)).toBeNull();
  });
});

describe("the repair date and checkout kept within their clock second (ADR 233)", () => {
  it("bounds a page by the end of its render's clock second, and by the hold's expiry when that comes first", () => {
    expect(validUntil(1_000_200, null)).toBe(1_001_000);
    expect(validUntil(1_000_000, null)).toBe(1_001_000);
    expect(validUntil(1_000_200, 1_000_600)).toBe(1_000_600);
    expect(validUntil(1_000_200, 1_005_000)).toBe(1_001_000);
    // A hold already over when the render began shows as not held: nothing moves at its expiry.
    expect(validUntil(1_000_200, 1_000_100)).toBe(1_001_000);
  });

  const servers: { close: () => void }[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  /**
   * The middleware on a real Express app, with an injected engine clock and change signal, and a render
   * that counts. With `gated`, every render waits until `release()`; `renderStarted()` resolves once
   * a render has begun. Nothing here waits a fixed time for the server: a loaded machine (CI) must not
   * change an answer.
   */
  async function edge(options: { holdExpiresAt?: number | null; gated?: boolean } = {}) {
    let now = 1_000_200;
    let writing = false;
    let renders = 0;
    let asked = 0;
    let misses = 0;
    let stored = 0;
    let bookingVersion = 7;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const renderStarted = new Promise<void>((resolve) => (started = resolve));
    const holdExpiresAt = options.holdExpiresAt ?? null;
    const listeners = new Set<(carrierCode: string | null) => void>();
    const freshness: PageFreshness = {
      now: () => new Date(now),
      isWriting: () => writing,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const app = express();
    app.use((_request, response, next) => {
      response.locals.cspNonce = "n0nce";
      next();
    });
    const pages = new RenderedPages({ ttlMs: 60_000, maxBytes: 1024 * 1024 });
    const store = pages.store.bind(pages);
    pages.store = (...args) => {
      stored += 1;
      return store(...args);
    };
    app.use(
      bookedPageCache({
        pages,
        contentVersion: () => 1,
        session: async () => ({ bookingRef: "REF1", writtenOn: "2026-11-27" }),
        version: async () => {
          asked += 1;
          return { ...version, version: bookingVersion, holdExpiresAt };
        },
        today: () => "2026-11-27",
        freshness: async () => freshness,
        render: async (request) => {
          renders += 1;
          const count = renders;
          started();
          if (options.gated) await released;
          return new Response(`<html><body>${new URL(request.url).pathname} render ${count}</body></html>`, {
            status: 200,
            headers: { "content-type": "text/html; charset=utf-8", [CARRIER_HEADER]: "patchpoint" },
          });
        },
        loadContext: () => ({}),
      }),
    );
    app.use((_request, response) => void response.status(404).end("remix"));
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    const get = async (path: string) => {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie: "__booking=abc", "accept-encoding": "identity" } });
      const cache = answer.headers.get("x-booked-cache");
      if (cache === "miss") misses += 1;
      return { cache, body: await answer.text() };
    };
    /** Until a page kept on a miss is stored: it is compressed (zlib's thread pool) and kept just after its answer. */
    const settle = async () => {
      await until(() => stored >= misses);
      await tick(10);
    };
    return {
      get,
      settle,
      at: (ms: number) => void (now = ms),
      writing: (on: boolean) => void (writing = on),
      signal: (carrierCode: string | null) => listeners.forEach((listener) => listener(carrierCode)),
      bump: () => void (bookingVersion += 1),
      renders: () => renders,
      renderStarted: () => renderStarted,
      release: () => release(),
      /** Until `count` requests have asked for the booking's version (each has reached the cache). */
      asked: (count: number) => until(() => asked >= count),
    };
  }

  const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function until(done: () => boolean, forMs = 5_000) {
    const deadline = Date.now() + forMs;
    while (!done() && Date.now() < deadline) await tick(5);
  }

  it("serves a kept repair date only within the second it was rendered in", async () => {
    const site = await edge();
    expect((await site.get("/booking/repair-date")).cache).toBe("miss");
    await site.settle();
    site.at(1_000_999);
    expect(await site.get("/booking/repair-date")).toEqual({ cache: "hit", body: "<html><body>/booking/repair-date render 1</body></html>" });
    site.at(1_001_000);
    expect(await site.get("/booking/repair-date")).toEqual({ cache: "miss", body: "<html><body>/booking/repair-date render 2</body></html>" });
    expect(site.renders()).toBe(2);
  });

  it("never serves a page past the hold's expiry", async () => {
    const site = await edge({ holdExpiresAt: 1_000_500 });
    expect((await site.get("/booking/checkout")).cache).toBe("miss");
    await site.settle();
    site.at(1_000_499);
    expect((await site.get("/booking/checkout")).cache).toBe("hit");
    site.at(1_000_500);
    expect((await site.get("/booking/checkout")).cache).toBe("miss");
  });

  it("drops the carrier's kept pages when the engine is told of a writing operation, and keeps nothing rendered while one runs", async () => {
    const site = await edge();
    await site.get("/booking/repair-date");
    await site.settle();
    site.signal("another-carrier");
    expect((await site.get("/booking/repair-date")).cache).toBe("hit");
    site.signal("patchpoint");
    expect((await site.get("/booking/repair-date")).cache).toBe("miss");
    await site.settle();
    expect((await site.get("/booking/repair-date")).cache).toBe("hit");
    site.signal(null);
    expect((await site.get("/booking/repair-date")).cache).toBe("miss");
    await site.settle();

    // Rendered while an operation of the carrier runs: answered, not kept.
    site.signal("patchpoint");
    site.writing(true);
    expect((await site.get("/booking/repair-date")).cache).toBe("pass");
    await site.settle();
    expect((await site.get("/booking/repair-date")).cache).toBe("pass");
    site.writing(false);
    expect((await site.get("/booking/repair-date")).cache).toBe("miss");
  });

  it("keeps nothing when an operation of the carrier starts during the render", async () => {
    const site = await edge({ gated: true });
    const first = site.get("/booking/checkout");
    await site.renderStarted();
    site.signal("patchpoint");
    site.release();
    expect((await first).cache).toBe("pass");
    await site.settle();
    expect((await site.get("/booking/checkout")).cache).toBe("miss");
    expect(site.renders()).toBe(2);
  });

  it("shares one render between concurrent misses of one page; a new booking version is a new page", async () => {
    const site = await edge({ gated: true });
    const asking = [site.get("/booking/repair-date"), site.get("/booking/repair-date"), site.get("/booking/repair-date")];
    // The first render holds until all three have reached the cache and the other two wait on it.
    await site.renderStarted();
    await site.asked(3);
    await tick(20);
    site.release();
    const answers = await Promise.all(asking);
    expect(answers.map((answer) => answer.cache).sort()).toEqual(["miss", "shared", "shared"]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(site.renders()).toBe(1);
    site.bump();
    expect((await site.get("/booking/repair-date")).body).toContain("render 2");
  });

  it("leaves the basket to its booking version alone, and a submitted postcode to Remix", async () => {
    const site = await edge();
    await site.get("/booking/basket");
    await site.settle();
    site.signal("patchpoint");
    site.at(1_100_000);
    expect((await site.get("/booking/basket")).cache).toBe("hit");
    expect((await site.get("/booking/postcode-search?postcode=SW1A1AA")).body).toBe("remix");
    expect((await site.get("/booking/postcode-search")).cache).toBe("miss");
  });
});
