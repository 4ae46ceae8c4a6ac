import { describe, expect, it } from "vitest";
import { bookedCandidate, bookedKey, type BookedVersion } from "./booked-cache";

const get = (url: string, cookie?: string, extra: { method?: string; authorization?: string } = {}) =>
  bookedCandidate({
    method: extra.method ?? "GET",
    url,
    headers: { ...(cookie === undefined ? {} : { cookie }), ...(extra.authorization ? { authorization: extra.authorization } : {}) },
  });
const version: BookedVersion = { carrierCode: "patchpoint", version: 7, checkoutStatus: "PENDING", discountCode: null, revision: "a|b" };

describe("the booked-page cache's candidates (ADR 225)", () => {
  it("answers only a GET of the basket, the details or the device lists, with the booking session and at most the language", () => {
    for (const url of ["/booking/basket", "/booking/details", "/booking/device/make", "/booking/device/model?make=2"]) {
      expect(get(url, "__booking=abc"), url).toEqual({ sessionCookie: "__booking=abc", locale: "", url });
    }
    expect(get("/booking/basket", "lng=de; __booking=abc")).toMatchObject({ locale: "de" });
  });

  it("leaves everything else to Remix", () => {
    // Clock-dependent or other visitors' data: the repair date, checkout, payment; a client navigation's data.
    for (const url of ["/booking/repair-date", "/booking/checkout", "/booking/payment", "/booking/basket.data", "/booking/postcode-search", "/faqs"]) {
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
