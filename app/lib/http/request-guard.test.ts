import { describe, expect, it } from "vitest";
import { proofTooLargeLocation } from "./proof-problem";
import { rejectionFor, requestGuard, type RequestFacts } from "./request-guard";

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

describe("request guard: a proof of purchase over the limit (ADR 232)", () => {
  type Answer = { redirect?: [number, string]; status?: number; json?: unknown; next: boolean; url?: string };
  function run(path: string, headers: Record<string, string>): Answer {
    const answer: Answer = { next: false };
    const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    const request = { method: "POST", originalUrl: path, url: path, headers: lower, get: (name: string) => lower[name.toLowerCase()] };
    const response = {
      redirect: (status: number, location: string) => void (answer.redirect = [status, location]),
      status(status: number) {
        answer.status = status;
        return { json: (body: unknown) => void (answer.json = body) };
      },
    };
    requestGuard()(request as never, response as never, () => {
      answer.next = true;
      answer.url = request.url;
    });
    return answer;
  }
  const upload = {
    Host: "patchpoint.localhost:3000",
    Origin: "http://patchpoint.localhost:3000",
    "Content-Type": "multipart/form-data; boundary=x",
    "Content-Length": String(20 * 1024 * 1024),
  };

  it("sends a page post back to the manage page it came from, saying the file is too large, without reading it", () => {
    const answer = run("/manage/booking?order_ref=100042&email=ada%40example.com&device_id=7", { ...upload, Accept: "text/html" });
    expect(answer.redirect).toEqual([303, "/manage/booking?order_ref=100042&email=ada%40example.com&device_id=7&proof_problem=too-large"]);
    expect(answer.next).toBe(false);
    expect(proofTooLargeLocation("/manage/booking?order_ref=1&proof_problem=other")).toBe("/manage/booking?order_ref=1&proof_problem=too-large");
  });

  it("keeps 413 for a client asking for JSON, and the rejection route for a fetcher's post and other pages", () => {
    expect(run("/manage/booking?order_ref=1", { ...upload, Accept: "application/json" })).toMatchObject({ status: 413, next: false });
    expect(run("/manage/booking.data?order_ref=1", upload)).toMatchObject({ next: true, url: "/request-rejected.data" });
    expect(run("/booking/details", { ...upload, "Content-Type": FORM })).toMatchObject({ next: true, url: "/request-rejected" });
    // A url-encoded post is no upload: the 413 page as for every other form.
    expect(run("/manage/booking?order_ref=1", { ...upload, "Content-Type": FORM })).toMatchObject({ next: true, url: "/request-rejected" });
  });
});
