import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecaptchaVerifier } from "../adapters/recaptcha/recaptcha-verifier";
import { createOffCaptchaVerifier } from "../adapters/captcha-off/off-verifier";
import { createEngine } from "../compose";
import { createTestEngine, newCarrier, type TestEngine } from "../testing/engine";
import type { CaptchaVerifier } from "../ports/captcha";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const noAddresses = { find: async () => [], retrieve: async () => null, geocode: async () => null };
const engineWith = (captcha: CaptchaVerifier) => createEngine({ db: t.opened.db, clock: t.clock, payments: t.payments, addresses: noAddresses, files: t.files, captcha });

function recorded(name: string): typeof fetch {
  const body = readFileSync(path.join(import.meta.dirname, "..", "adapters", "recaptcha", "fixtures", `${name}.json`), "utf8");
  return (async () => new Response(body, { status: 200 })) as typeof fetch;
}

const MESSAGE = {
  name: "Ada Lovelace",
  email: "Ada@Example.com",
  phone: "07700 900123",
  reason: { id: 3, title: "My booking" },
  message: "Can the technician come after 10am?",
  captcha_token: "token",
  locale: "en" as const,
};

describe("contact messages", () => {
  it("stores a message with a reply due 48 hours later, for operations to see", async () => {
    const carrier = await newCarrier(t);
    const sent = await t.engine.contact.sendContactMessage(carrier, { ...MESSAGE, captcha_token: null });
    expect(sent).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+447700900123",
      reason: { id: 3, title: "My booking" },
      status: "NEW",
      created_at: "2025-06-02T08:00:00.000Z",
      reply_due_at: "2025-06-04T08:00:00.000Z",
    });
    const listed = await t.engine.contact.listContactMessages(carrier, { status: "NEW" });
    expect(listed.map((m) => m.id)).toEqual([sent.id]);
    expect(await t.engine.contact.listContactMessages(await newCarrier(t))).toEqual([]);
    const answered = await t.engine.contact.markContactMessageAnswered(carrier, sent.id);
    expect(answered?.status).toBe("ANSWERED");
    expect(await t.engine.contact.listContactMessages(carrier, { status: "NEW" })).toEqual([]);
  });

  it("requires full name, e-mail, telephone, reason and message", async () => {
    const carrier = await newCarrier(t);
    const error = await t.engine.contact.sendContactMessage(carrier, { name: " ", email: "", phone: "", message: "" } as never).catch((e) => e);
    expect(error.code).toBe("VALIDATION");
    expect(Object.keys(error.fields).sort()).toEqual(["email", "message", "name", "phone", "reason"]);
    const badPhone = await t.engine.contact.sendContactMessage(carrier, { ...MESSAGE, phone: "12" }).catch((e) => e);
    expect(badPhone.fields).toEqual({ phone: ["Please enter a valid phone number."] });
  });

  it("runs reCAPTCHA with action send_message and refuses a low score or a reused token", async () => {
    const carrier = await newCarrier(t);
    const log = () => undefined;
    const good = engineWith(createRecaptchaVerifier({ secret: "s", siteKey: "k", fetch: recorded("success"), log }));
    const sent = await good.contact.sendContactMessage(carrier, MESSAGE);
    expect(sent.status).toBe("NEW");
    const low = engineWith(createRecaptchaVerifier({ secret: "s", siteKey: "k", fetch: recorded("low-score"), log }));
    await expect(low.contact.sendContactMessage(carrier, MESSAGE)).rejects.toMatchObject({ code: "CAPTCHA_FAILED", status: 400, reason: "low-score" });
    const reused = engineWith(createRecaptchaVerifier({ secret: "s", siteKey: "k", fetch: recorded("timeout-or-duplicate"), log }));
    await expect(reused.contact.sendContactMessage(carrier, MESSAGE)).rejects.toMatchObject({ code: "CAPTCHA_FAILED", reason: "invalid-token" });
    const misconfigured = engineWith(createRecaptchaVerifier({ secret: "s", siteKey: "k", fetch: recorded("invalid-secret"), log }));
    await expect(misconfigured.contact.sendContactMessage(carrier, MESSAGE)).rejects.toMatchObject({ code: "CAPTCHA_FAILED", status: 503, reason: "unavailable" });
    await expect(good.contact.sendContactMessage(carrier, { ...MESSAGE, captcha_token: "" })).rejects.toMatchObject({ reason: "missing-token" });
    expect(await good.contact.listContactMessages(carrier)).toHaveLength(1);
    expect(good.contact.captchaProvider()).toEqual({ provider: "recaptcha", siteKey: "k" });
    expect(engineWith(createOffCaptchaVerifier()).contact.captchaProvider()).toEqual({ provider: "off", siteKey: null });
  });

  it("checks the fields before the captcha, so a typo does not use up the token", async () => {
    const carrier = await newCarrier(t);
    let asked = 0;
    const counting: CaptchaVerifier = { provider: "recaptcha", siteKey: "k", verify: async () => ((asked += 1), { ok: true, score: 0.9 }) };
    await expect(engineWith(counting).contact.sendContactMessage(carrier, { ...MESSAGE, email: "not-an-email" })).rejects.toMatchObject({ code: "VALIDATION" });
    expect(asked).toBe(0);
  });
});

describe("call-back requests", () => {
  it("stores a request from the contact page and from a booking's waiting list", async () => {
    const carrier = await newCarrier(t);
    const fromContact = await t.engine.contact.requestCallBack(carrier, null, {
      name: "Ada",
      email: "ada@example.com",
      phone: "020 7946 0000",
      postcode: "sw1a2aa",
      model_version_id: null,
    });
    expect(fromContact).toMatchObject({ source: "contact", booking_reference: null, postcode: "SW1A 2AA", phone: "+442079460000", status: "NEW" });
    const fromBooking = await t.engine.contact.requestCallBack(carrier, "BK-REF", {
      name: "Ada",
      email: "ada@example.com",
      phone: "07700900123",
      postcode: null,
      model_version_id: 1015,
      carrier: carrier.code,
    });
    expect(fromBooking).toMatchObject({ source: "waiting_list", booking_reference: "BK-REF", model_version_id: 1015 });
    expect((await t.engine.contact.listCallBackRequests(carrier)).map((r) => r.id)).toEqual([fromBooking.id, fromContact.id]);
    await expect(t.engine.contact.requestCallBack(carrier, null, { name: "", email: "x", phone: "1" })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});
