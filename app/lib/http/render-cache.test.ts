import { describe, expect, it } from "vitest";
import { matchesEtag, renderCacheKey } from "./render-cache";
import { compressedPage, RenderedPages } from "./rendered-pages";
import { gunzipSync, brotliDecompressSync } from "node:zlib";

const get = (url: string, cookie?: string) => ({ method: "GET", protocol: "http", host: "PatchPoint.localhost:3000", url, headers: cookie ? { cookie } : {} });

describe("which requests the render cache answers", () => {
  it("answers GETs of the landing, FAQ, help, legal, maintenance and app-terms pages, per host and language", () => {
    for (const url of ["/", "/faqs", "/faqs/booking", "/help", "/help/screen", "/imprint", "/privacy", "/terms", "/app-terms", "/maintenance"]) {
      expect(renderCacheKey(get(url)), url).toBe(`http://patchpoint.localhost:3000${url}#lng=`);
    }
    expect(renderCacheKey(get("/faqs", "lng=de"))).toBe("http://patchpoint.localhost:3000/faqs#lng=de");
    // The language cookie once, and only a language the site has: anything else is rendered uncached,
    // so a request cannot file a page under another language's key or make keys without end.
    for (const cookie of ["lng=en; lng=de", "lng=de; lng=de", "lng=xx", "lng=a1", "lng=", "lng=de%00"]) expect(renderCacheKey(get("/faqs", cookie)), cookie).toBeNull();
  });

  it("answers a booking's first page (postcode or address search) for a visitor without a booking", () => {
    for (const url of ["/booking/postcode-search", "/booking/address-search"]) expect(renderCacheKey(get(url)), url).toBe(`http://patchpoint.localhost:3000${url}#lng=`);
    for (const cookie of ["__booking=x", "lng=de; __booking=x", "__toast=x", "account_type=business"])
      expect(renderCacheKey(get("/booking/postcode-search", cookie)), cookie).toBeNull();
    for (const url of ["/booking/postcode-search?postcode=SW1A1AA", "/booking/address-search?text=10", "/booking/postcode-search?type=business"])
      expect(renderCacheKey(get(url)), url).toBeNull();
  });

  it("leaves every other page to Remix", () => {
    for (const url of [
      "/booking/basket",
      "/booking/repair-date",
      "/booking/device/make",
      "/booking/postcode-search.data",
      "/contact",
      "/manage",
      "/faqs.data",
      "/help/a/b",
      "/api/cms-webhook",
    ])
      expect(renderCacheKey(get(url)), url).toBeNull();
  });

  it("never answers what depends on the visitor: a session, toast or manage cookie, a query string (preview, ?lng=), credentials, a non-GET", () => {
    for (const cookie of ["__booking=x", "lng=en; __toast=x", "__manage=x", "account_type=business", "engine_clock_offset_ms=5"])
      expect(renderCacheKey(get("/", cookie)), cookie).toBeNull();
    for (const url of ["/?preview=abc", "/faqs?lng=de", "/?type=business", "/?"]) expect(renderCacheKey(get(url)), url).toBeNull();
    expect(renderCacheKey({ ...get("/"), headers: { authorization: "Bearer x" } })).toBeNull();
    expect(renderCacheKey({ ...get("/"), method: "POST" })).toBeNull();
    expect(renderCacheKey({ ...get("/"), method: "HEAD" })).toBeNull();
  });
});

describe("revalidation", () => {
  it("matches the page's ETag in any coding, weak or strong, and nothing else", () => {
    expect(matchesEtag('"abc"', "abc")).toBe(true);
    expect(matchesEtag('"x", "abc-br"', "abc")).toBe(true);
    expect(matchesEtag('W/"abc-gz"', "abc")).toBe(true);
    expect(matchesEtag("*", "abc")).toBe(true);
    expect(matchesEtag('"abd"', "abc")).toBe(false);
    expect(matchesEtag(undefined, "abc")).toBe(false);
  });
});

describe("the store of rendered pages", () => {
  const page = (carrier: string, bytes = 100) => ({ carrier, headers: [], policy: null, identity: Buffer.alloc(bytes), gzip: Buffer.alloc(0), br: Buffer.alloc(0), etag: carrier });

  it("drops exactly the invalidated carrier's pages", () => {
    const pages = new RenderedPages({ ttlMs: 60_000, maxBytes: 10_000 });
    pages.store("a/", page("a"), pages.contentVersion);
    pages.store("a/faqs", page("a"), pages.contentVersion);
    pages.store("b/", page("b"), pages.contentVersion);
    expect(pages.invalidate("a")).toBe(2);
    expect(pages.get("a/")).toBeUndefined();
    expect(pages.get("b/")?.carrier).toBe("b");
    expect(pages.invalidate()).toBe(1);
    expect(pages.size).toBe(0);
  });

  it("does not store a render that began before an invalidation", () => {
    const pages = new RenderedPages({ ttlMs: 60_000, maxBytes: 10_000 });
    const version = pages.contentVersion;
    pages.invalidate("a");
    expect(pages.store("a/", page("a"), version)).toBe(false);
    expect(pages.get("a/")).toBeUndefined();
  });

  it("renders again after the TTL, and keeps within its memory budget, the least recently used going first", () => {
    let now = 0;
    const pages = new RenderedPages({ ttlMs: 1_000, maxBytes: 250, now: () => now });
    pages.store("1", page("a"), 0);
    pages.store("2", page("a"), 0);
    pages.get("1");
    pages.store("3", page("a"), 0);
    expect(pages.get("2")).toBeUndefined();
    expect(pages.get("1")).toBeDefined();
    expect(pages.store("huge", page("a", 251), 0)).toBe(false);
    expect(pages.get("3")).toBeUndefined();
    now = 1_001;
    expect(pages.get("1")).toBeUndefined();
  });

  it("compresses a page once into gzip and brotli with a strong ETag of its bytes", async () => {
    const body = Buffer.from("<!DOCTYPE html><html><body>" + "hello ".repeat(500) + "</body></html>");
    const compressed = await compressedPage(body);
    expect(gunzipSync(compressed.gzip).equals(body)).toBe(true);
    expect(brotliDecompressSync(compressed.br).equals(body)).toBe(true);
    expect(compressed.etag).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await compressedPage(body)).etag).toBe(compressed.etag);
  });
});
