import { describe, expect, it } from "vitest";
import { rejectionFor, type RequestFacts } from "./request-guard";

const FORM = "application/x-www-form-urlencoded";

function facts(overrides: Partial<RequestFacts>): RequestFacts {
  return {
    method: "POST",
    path: "/booking/details",
    host: "patchpoint.localhost:3000",
    origin: "http://patchpoint.localhost:3000",
    referer: undefined,
    contentType: FORM,
    contentLength: "20",
    ...overrides,
  };
}

describe("request guard", () => {
  it("lets reads through whatever they carry", () => {
    expect(rejectionFor(facts({ method: "GET", origin: "https://evil.example", contentType: "application/json" }))).toBeNull();
    expect(rejectionFor(facts({ method: "HEAD", contentLength: String(1e9) }))).toBeNull();
  });

  it("accepts a same-site form post, by Origin or by Referer", () => {
    expect(rejectionFor(facts({}))).toBeNull();
    expect(rejectionFor(facts({ origin: undefined, referer: "http://patchpoint.localhost:3000/booking/details?x=1" }))).toBeNull();
    expect(rejectionFor(facts({ origin: "https://repairs.example", host: "repairs.example:443" }))).toBeNull();
    expect(rejectionFor(facts({ path: "/manage/booking.data", contentType: "multipart/form-data; boundary=x" }))).toBeNull();
  });

  it("refuses a post from another site, another carrier's host or an opaque origin with 403", () => {
    expect(rejectionFor(facts({ origin: "https://evil.example" }))).toBe("FOREIGN_ORIGIN");
    expect(rejectionFor(facts({ origin: "http://flickwerk.localhost:3000" }))).toBe("FOREIGN_ORIGIN");
    expect(rejectionFor(facts({ origin: "null" }))).toBe("FOREIGN_ORIGIN");
    expect(rejectionFor(facts({ origin: undefined, referer: "https://evil.example/page" }))).toBe("FOREIGN_ORIGIN");
    expect(rejectionFor(facts({ path: "/booking/payment/pay-later", origin: "https://evil.example" }))).toBe("FOREIGN_ORIGIN");
  });

  it("lets a post without Origin or Referer through (no browser sends a cross-site post that way)", () => {
    expect(rejectionFor(facts({ origin: undefined, referer: undefined }))).toBeNull();
  });

  it("refuses anything but url-encoded and multipart forms with 415", () => {
    for (const contentType of ["application/json", "text/plain", undefined, "multipart/mixed; boundary=x"]) {
      expect(rejectionFor(facts({ contentType }))).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
  });

  it("refuses a declared length over the route's limit with 413", () => {
    expect(rejectionFor(facts({ contentLength: String(20 * 1024 * 1024) }))).toBe("BODY_TOO_LARGE");
    expect(rejectionFor(facts({ path: "/manage/booking", contentType: "multipart/form-data; boundary=x", contentLength: String(5 * 1024 * 1024) }))).toBeNull();
    expect(rejectionFor(facts({ path: "/manage/booking", contentType: FORM, contentLength: String(5 * 1024 * 1024) }))).toBe("BODY_TOO_LARGE");
    expect(rejectionFor(facts({ path: "/manage/booking", contentType: "multipart/form-data; boundary=x", contentLength: String(20 * 1024 * 1024) }))).toBe("BODY_TOO_LARGE");
  });

  it("leaves the webhooks their own content types and signatures, but not an unlimited body", () => {
    expect(rejectionFor(facts({ path: "/api/cms-webhook", contentType: "application/json", origin: undefined }))).toBeNull();
    expect(rejectionFor(facts({ path: "/api/braintree-webhook", contentType: "application/json", origin: "https://braintree.example" }))).toBeNull();
    // The CMS asks the app to redeliver a partner webhook: signed, no body, no browser origin (ADR 181).
    expect(rejectionFor(facts({ path: "/api/ops/webhook-deliveries", contentType: undefined, origin: undefined }))).toBeNull();
    expect(rejectionFor(facts({ path: "/api/cms-webhook", contentType: "application/json", contentLength: String(20 * 1024 * 1024) }))).toBe("BODY_TOO_LARGE");
  });
});
