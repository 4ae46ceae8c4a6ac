/** The /api/v4 router's contract (ADR 170): JSON in and out, every refusal in the §8 shape, never a 5xx for bad input. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingRoutes } from "../../booking/http/bookings";
import { localiseApiError } from "../../app/lib/api/error-texts.server";
import { call, carrierWithKey, startApi, type ApiHarness } from "./api-harness";

let api: ApiHarness;
const keys: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi({ routes: bookingRoutes, localise: (error, locale) => localiseApiError(error, locale), bodyLimitBytes: 16 * 1024 });
  const first = await carrierWithKey(api, ["bookings:write"], ["https://partner.example"]);
  keys.good = first.key;
  keys["catalogue-only"] = (await api.t.engine.apiKeys.issue(first.carrier.code, { name: "catalogue", scopes: ["catalogue:read"] })).key;
  keys.other = (await carrierWithKey(api, ["bookings:write"])).key;
  const revoked = await carrierWithKey(api, ["bookings:write"]);
  keys.revoked = revoked.key;
  await api.t.engine.apiKeys.revoke(revoked.carrier.code, revoked.keyId);
});
afterAll(() => api?.close());

describe("the /api/v4 router", () => {
  it("builds a booking and answers data.data with booking_reference and booking", async () => {
    const built = await call(api.url("/wefix-booking/build"), { method: "POST", key: keys.good, body: { referrer: "partner-app" } });
    expect(built.status).toBe(201);
    expect(built.body.data.booking_reference).toMatch(/\S/);
    expect(built.body.data.booking.reference).toBe(built.body.data.booking_reference);
    const read = await call(api.url(`/wefix-booking/${built.body.data.booking_reference}`), { key: keys.good, via: "query" });
    expect(read.status).toBe(200);
    expect(read.body.data.booking_reference).toBe(built.body.data.booking_reference);
    expect(read.headers.get("cache-control")).toBe("no-store");
  });

  it("answers BK01 with 404 for an unknown booking, in German when asked", async () => {
    const english = await call(api.url("/wefix-booking/NOPE123"), { key: keys.good });
    expect(english).toMatchObject({ status: 404, body: { code: "BK01", messages: ["There is a problem with your booking - please try again."] } });
    const german = await call(api.url("/wefix-booking/NOPE123"), { key: keys.good, headers: { "accept-language": "fr;q=1, de-DE;q=0.8" } });
    expect(german.body).toEqual({ code: "BK01", messages: ["Es gibt ein Problem mit Ihrer Buchung – bitte versuchen Sie es erneut."] });
  });

  it("shows another carrier's booking as unknown (404) and refuses a revoked key (401)", async () => {
    const built = await call(api.url("/wefix-booking/build"), { method: "POST", key: keys.good, body: {} });
    const ref = built.body.data.booking_reference;
    expect(await call(api.url(`/wefix-booking/${ref}`), { key: keys.other })).toMatchObject({ status: 404, body: { code: "BK01" } });
    expect((await call(api.url(`/wefix-booking/${ref}`), { key: keys.revoked })).status).toBe(401);
  });

  it("refuses a missing or wrong key with 401 and a missing scope with 403", async () => {
    expect((await call(api.url("/wefix-booking/build"), { method: "POST", body: {} })).body.code).toBe("UNAUTHORIZED");
    const wrong = await call(api.url("/wefix-booking/build"), { method: "POST", key: "rpk_0000000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", body: {} });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    const conflicting = await call(api.url("/wefix-booking/build?key=other"), { method: "POST", key: keys.good, body: {} });
    expect(conflicting.status).toBe(401);
    expect(await call(api.url("/wefix-booking/build"), { method: "POST", key: keys["catalogue-only"], body: {} })).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
  });

  it("answers malformed JSON, wrong types and unknown fields with 400 keyed by field", async () => {
    expect(await call(api.url("/wefix-booking/build"), { method: "POST", key: keys.good, raw: "{nope" })).toMatchObject({ status: 400, body: { code: "MALFORMED_JSON" } });
    expect(await call(api.url("/wefix-booking/build"), { method: "POST", key: keys.good, raw: "42" })).toMatchObject({ status: 400, body: { code: "MALFORMED_JSON" } });
    const wrongType = await call(api.url("/wefix-booking/build"), { method: "POST", key: keys.good, body: { referrer: 7 } });
    expect(wrongType).toMatchObject({ status: 400, body: { code: "VALIDATION", messages: { referrer: [expect.any(String)] } } });
    const unknown = await call(api.url("/wefix-booking/build"), { method: "POST", key: keys.good, body: { referer: "x" } });
    expect(unknown).toMatchObject({ status: 400, body: { code: "VALIDATION", messages: { referer: ["This field is not part of the request."] } } });
    expect((await call(api.url("/wefix-booking/build"), { method: "POST", key: keys.good, body: [] })).status).toBe(400);
  });

  it("answers 413 for a body over the limit and 415 for one that is not JSON", async () => {
    const huge = await call(api.url("/wefix-booking/build"), { method: "POST", key: keys.good, body: { referrer: "x".repeat(20_000) } });
    expect(huge).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE", messages: [expect.any(String)] } });
    const form = await call(api.url("/wefix-booking/build"), {
      method: "POST",
      key: keys.good,
      raw: "referrer=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE" } });
  });

  it("answers an unknown path with a JSON 404 and a known path's wrong method with 405 and Allow", async () => {
    const missing = await call(api.url("/no/such/call"), { key: keys.good });
    expect(missing).toMatchObject({ status: 404, body: { code: "NOT_FOUND", messages: [expect.any(String)] } });
    expect(missing.headers.get("content-type")).toContain("application/json");
    const wrongMethod = await call(api.url("/wefix-booking/by/ref/ABC"), { method: "POST", key: keys.good, body: {} });
    expect(wrongMethod).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
    expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD");
  });

  it("serves its OpenAPI 3.1 document without a key", async () => {
    const document = await call(api.url("/openapi.json"));
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe("3.1.0");
    expect(Object.keys(document.body.paths)).toContain("/wefix-booking/build");
  });

  it("allows CORS only for the key's listed origins", async () => {
    const listed = await call(api.url("/wefix-booking/build"), { method: "POST", key: keys.good, body: {}, headers: { origin: "https://partner.example" } });
    expect(listed.status).toBe(201);
    expect(listed.headers.get("access-control-allow-origin")).toBe("https://partner.example");
    const other = await call(api.url("/wefix-booking/build"), { method: "POST", key: keys.good, body: {}, headers: { origin: "https://evil.example" } });
    expect(other.status).toBe(403);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(api.url(`/wefix-booking/build?key=${keys.good}`), {
      method: "OPTIONS",
      headers: { origin: "https://partner.example", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://partner.example");
  });
});
