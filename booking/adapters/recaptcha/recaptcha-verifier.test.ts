import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRecaptchaVerifier, SITEVERIFY_URL } from "./recaptcha-verifier";
import { createOffCaptchaVerifier } from "../captcha-off/off-verifier";

const recorded = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", `${name}.json`), "utf8");

/** A fetch that answers with a recorded siteverify response and remembers what it was asked. */
function replay(name: string, status = 200) {
  const calls: { url: string; body: URLSearchParams }[] = [];
  const fetch = (async (url: string | URL, init?: RequestInit) => {
    calls.push({ url: String(url), body: new URLSearchParams(init?.body as URLSearchParams) });
    return new Response(recorded(name), { status, headers: { "Content-Type": "application/json" } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const quiet = () => undefined;
const check = { token: "03AFcWeA-token", action: "send_message", remoteIp: "203.0.113.7" };

describe("reCAPTCHA verifier", () => {
  it("accepts a genuine token made for send_message with a good score, sending secret, token and address", async () => {
    const { fetch, calls } = replay("success");
    const verifier = createRecaptchaVerifier({ secret: "s3cret", siteKey: "site-key", fetch, log: quiet });
    expect(await verifier.verify(check)).toEqual({ ok: true, score: 0.9 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(SITEVERIFY_URL);
    expect(Object.fromEntries(calls[0]!.body)).toEqual({ secret: "s3cret", response: "03AFcWeA-token", remoteip: "203.0.113.7" });
    expect(verifier.siteKey).toBe("site-key");
    expect(verifier.provider).toBe("recaptcha");
  });

  it("refuses a score under the threshold", async () => {
    const verifier = createRecaptchaVerifier({ secret: "s", siteKey: "k", fetch: replay("low-score").fetch, log: quiet });
    expect(await verifier.verify(check)).toEqual({ ok: false, reason: "low-score", score: 0.1 });
    const lenient = createRecaptchaVerifier({ secret: "s", siteKey: "k", minScore: 0.1, fetch: replay("low-score").fetch, log: quiet });
    expect((await lenient.verify(check)).ok).toBe(true);
  });

  it("refuses a token made for another action", async () => {
    const verifier = createRecaptchaVerifier({ secret: "s", siteKey: "k", fetch: replay("other-action").fetch, log: quiet });
    expect(await verifier.verify(check)).toMatchObject({ ok: false, reason: "action-mismatch" });
  });

  it("refuses an invalid, expired or reused token", async () => {
    for (const name of ["invalid-token", "timeout-or-duplicate"]) {
      const verifier = createRecaptchaVerifier({ secret: "s", siteKey: "k", fetch: replay(name).fetch, log: quiet });
      expect(await verifier.verify(check)).toMatchObject({ ok: false, reason: "invalid-token" });
    }
  });

  it("refuses a missing token without asking Google", async () => {
    const { fetch, calls } = replay("success");
    const verifier = createRecaptchaVerifier({ secret: "s", siteKey: "k", fetch, log: quiet });
    expect(await verifier.verify({ token: "  ", action: "send_message" })).toMatchObject({ ok: false, reason: "missing-token" });
    expect(await verifier.verify({ token: null, action: "send_message" })).toMatchObject({ ok: false, reason: "missing-token" });
    expect(calls).toHaveLength(0);
  });

  it("fails closed and tells the operator when the secret is wrong, Google errs or cannot be reached", async () => {
    const logged: string[] = [];
    const log = (message: string) => logged.push(message);
    const wrongSecret = createRecaptchaVerifier({ secret: "s", siteKey: "k", fetch: replay("invalid-secret").fetch, log });
    expect(await wrongSecret.verify(check)).toMatchObject({ ok: false, reason: "unavailable" });
    const serverError = createRecaptchaVerifier({ secret: "s", siteKey: "k", fetch: replay("success", 503).fetch, log });
    expect(await serverError.verify(check)).toMatchObject({ ok: false, reason: "unavailable" });
    const offline = createRecaptchaVerifier({
      secret: "s",
      siteKey: "k",
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
      log,
    });
    expect(await offline.verify(check)).toMatchObject({ ok: false, reason: "unavailable" });
    expect(logged).toEqual([expect.stringContaining("invalid-input-secret"), expect.stringContaining("503"), expect.stringContaining("fetch failed")]);
  });
});

describe("captcha off", () => {
  it("passes every request and runs nothing in the browser", async () => {
    const verifier = createOffCaptchaVerifier();
    expect(await verifier.verify({ token: null, action: "send_message" })).toEqual({ ok: true, score: null });
    expect(verifier.siteKey).toBeNull();
  });
});
