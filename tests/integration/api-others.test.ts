/**
 * The §7 calls served last (issue 23 item 1, ADR 176): a carrier's store by id with a postcode,
 * triage questions, contact reasons and messages (the captcha asked only of browser keys), the UK
 * order-address list under /api/repair, the date-change log and the proof-of-purchase upload as
 * multipart. Each: success, another carrier's key 404, junk 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as s from "../../booking/db/schema";
import { apiRoutes } from "../../booking/http/index";
import { MAX_PROOF_BYTES } from "../../booking/domain/image-sniff";
import type { CaptchaVerifier } from "../../booking/ports/captcha";
import type { CarrierContext } from "../../booking/domain/carrier";
import { createTestEngine, readyBooking } from "../../booking/testing/engine";
import { IDS, LONDON_STORES } from "../../booking/testing/fixtures";
import { SUITE_RATE_LIMITS, call, carrierWithKey, startApi, type ApiHarness } from "./api-harness";

/** The captcha provider's stand-in: one token passes. */
const captcha: CaptchaVerifier = {
  provider: "recaptcha",
  siteKey: "test-site-key",
  verify: async ({ token }) => (token === "human" ? { ok: true, score: 0.9 } : { ok: false, reason: token ? "invalid-token" : "missing-token", score: null }),
};

const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));
const EMAIL = "ada@example.com";

let api: ApiHarness;
let key: string;
let code: string;
let carrier: CarrierContext;
let otherKey: string;
let otherCode: string;
let browserKey: string;

beforeAll(async () => {
  api = await startApi({ routes: apiRoutes }, await createTestEngine({ config: SUITE_RATE_LIMITS, captcha }));
  const first = await carrierWithKey(api, undefined, [], { extra: { stores: LONDON_STORES } });
  key = first.key;
  code = first.carrier.code;
  carrier = first.carrier;
  const other = await carrierWithKey(api, undefined, [], { extra: { stores: LONDON_STORES } });
  otherKey = other.key;
  otherCode = other.carrier.code;
  browserKey = (await api.t.engine.apiKeys.issue(code, { name: "web", scopes: ["bookings:write"], allowedOrigins: ["https://partner.example"] })).key;
});
afterAll(() => api?.close());

const post = (path: string, body: unknown, as = key) => call(api.url(path), { method: "POST", key: as, body });

describe("POST /wefix-booking/carrier/{carrier}/store/{storeId}", () => {
  it("answers the carrier's store by id or code with its distance from the postcode; another carrier's code or key 404; junk 4xx", async () => {
    const byCode = await post(`/wefix-booking/carrier/${code}/store/ldn-01`, { postcode: "SW1A 2AA" });
    expect(byCode).toMatchObject({ status: 200, body: { data: { code: "LDN-01", name: "Strand", distance_km: expect.any(Number) } } });
    const byId = await post(`/wefix-booking/carrier/${code}/store/${byCode.body.data.id}`, { postcode: "SW1A 2AA" });
    expect(byId.body.data.code).toBe("LDN-01");
    // The other carrier has a store of the same code, under another id: this carrier's id is not its store.
    expect((await post(`/wefix-booking/carrier/${otherCode}/store/${byCode.body.data.id}`, { postcode: "SW1A 2AA" }, otherKey)).status).toBe(404);
    expect((await post(`/wefix-booking/carrier/${otherCode}/store/ldn-01`, { postcode: "SW1A 2AA" }, otherKey)).body.data.id).not.toBe(byCode.body.data.id);
    expect((await post(`/wefix-booking/carrier/${code}/store/ldn-01`, { postcode: "SW1A 2AA" }, otherKey)).status).toBe(404);
    expect((await post(`/wefix-booking/carrier/someone-else/store/ldn-01`, { postcode: "SW1A 2AA" })).status).toBe(404);
    expect((await post(`/wefix-booking/carrier/${code}/store/NOPE`, { postcode: "SW1A 2AA" })).status).toBe(404);
    expect(await post(`/wefix-booking/carrier/${code}/store/ldn-01`, { postcode: "not a postcode" })).toMatchObject({ status: 400, body: { code: "BK04" } });
    expect(await post(`/wefix-booking/carrier/${code}/store/ldn-01`, { postcode: 7 })).toMatchObject({ status: 400, body: { code: "VALIDATION" } });
  });
});

describe("POST /booking/{ref}/triage-questions", () => {
  it("answers the appliance model's questions by type or by a device of the booking, in the caller's language", async () => {
    const ref = (await post("/wefix-booking/build", {})).body.data.booking_reference;
    const byType = await call(api.url(`/booking/${ref}/triage-questions`), { method: "POST", key, body: { type: IDS.washer }, headers: { "accept-language": "de" } });
    expect(byType.status).toBe(200);
    expect(byType.body.data.map((question: { code: string }) => question.code)).toEqual(["switches-on", "noise"]);
    expect(byType.body.data[0].options.map((option: { label: string }) => option.label)).toEqual(["Ja", "Nein"]);
    await post(`/wefix-booking/${ref}/postcode`, { postcode: "SW1A 2AA" });
    expect((await post(`/wefix-booking/${ref}/device/a1b2c3d4e5`, { model_version_id: IDS.washerFree, problems: [IDS.applianceNotStarting] })).status).toBe(200);
    const byDevice = await post(`/booking/${ref}/triage-questions`, { device_key: "a1b2c3d4e5" });
    expect(byDevice.body.data).toHaveLength(2);
    expect(await post(`/booking/${ref}/triage-questions`, { type: IDS.washer }, otherKey)).toMatchObject({ status: 404, body: { code: "BK01" } });
    expect((await post(`/booking/${ref}/triage-questions`, { device_key: "ffffffffff" })).status).toBe(404);
    expect(await post(`/booking/${ref}/triage-questions`, { type: 999_999 })).toMatchObject({ status: 404 });
    expect(await post(`/booking/${ref}/triage-questions`, {})).toMatchObject({ status: 400, body: { code: "VALIDATION" } });
    expect(await post(`/booking/${ref}/triage-questions`, { type: "washer" })).toMatchObject({ status: 400, body: { code: "VALIDATION" } });
  });
});

describe("contact reasons and messages", () => {
  it("lists the carrier's contact reasons from the CMS", async () => {
    expect(await call(api.url("/contact-request-reason"), { key })).toMatchObject({
      status: 200,
      body: {
        data: [
          { id: 11, title: "My repair" },
          { id: 12, title: "Something else" },
        ],
      },
    });
  });

  const message = { name: "Ada Lovelace", email: EMAIL, phone: "07700 900123", reason: 11, message: "Where is my technician?" };

  it("takes a message from a server-side key without a captcha, and asks a browser key for one", async () => {
    const sent = await post("/contact/post", message);
    expect(sent).toMatchObject({ status: 201, body: { data: { reason: { id: 11, title: "My repair" }, status: "NEW" } } });
    const [row] = await api.t.opened.db.select().from(s.contactMessages).where(eq(s.contactMessages.id, sent.body.data.id));
    expect(row).toMatchObject({ carrierCode: code, captchaProvider: "api-key" });

    const headers = { origin: "https://partner.example" };
    const noToken = await call(api.url("/contact/post"), { method: "POST", key: browserKey, body: message, headers });
    expect(noToken).toMatchObject({ status: 400, body: { code: "CAPTCHA_FAILED" } });
    const human = await call(api.url("/contact/post"), { method: "POST", key: browserKey, body: { ...message, g_recaptcha_response: "human" }, headers });
    expect(human.status).toBe(201);
  });

  it("refuses a reason that is not the carrier's, bad fields and junk", async () => {
    expect(await post("/contact/post", { ...message, reason: 99 })).toMatchObject({ status: 400, body: { code: "VALIDATION", messages: { reason: [expect.any(String)] } } });
    expect(await post("/contact/post", { ...message, email: "not-an-address" })).toMatchObject({ status: 422, body: { code: "VALIDATION" } });
    expect(await post("/contact/post", { ...message, reason: "eleven" })).toMatchObject({ status: 400, body: { code: "VALIDATION" } });
    expect(await post("/contact/post", { ...message, extra: true })).toMatchObject({ status: 400, body: { code: "VALIDATION" } });
  });
});

describe("GET /api/repair/order/addresses/{postcode}", () => {
  it("lists the addresses at a postcode as address lines (or with their UK fields), outside /api/v4", async () => {
    const flats = await call(api.href("/api/repair/order/addresses/E16AN?format=structured"), { key });
    expect(flats.status).toBe(200);
    expect(flats.body.data.map((address: { line_1: string }) => address.line_1)).toEqual(["Flat 1", "Flat 2", "Flat 3"]);
    // As §7 reads it: data.data is a list of address lines.
    expect(await call(api.href("/api/repair/order/addresses/ne1%206ee"), { key })).toMatchObject({
      status: 200,
      body: { data: ["Flat 5, Earl Grey House, 75 Grey Street, Newcastle upon Tyne, Tyne and Wear, NE1 6EE"] },
    });
    expect((await call(api.href("/api/repair/order/addresses/E16AN?format=objects"), { key })).status).toBe(400);
    const house = await call(api.href("/api/repair/order/addresses/ne1%206ee?format=structured"), { key });
    expect(house.body.data).toEqual([
      {
        id: expect.any(String),
        line_1: "Flat 5",
        line_2: "Earl Grey House",
        line_3: "75 Grey Street",
        post_town: "Newcastle upon Tyne",
        county: "Tyne and Wear",
        postcode: "NE1 6EE",
      },
    ]);
    expect(await call(api.href("/api/repair/order/addresses/NOPE"), { key })).toMatchObject({ status: 400, body: { code: "BK04" } });
    expect((await call(api.href("/api/repair/order/addresses/E16AN"), { key: browserKey })).status).toBe(403);
    expect((await call(api.href("/api/repair/order/addresses/E16AN"))).status).toBe(401);
    expect((await call(api.url("/order/addresses/E16AN"), { key })).status).toBe(404);
    expect((await call(api.href("/api/repair/elsewhere"), { key })).body.code).toBe("NOT_FOUND");
  });
});

describe("an order's date-change log and proof of purchase", () => {
  let orderId: number;
  let deviceId: number;
  let booked: string;

  /** Open days from Thursday 5 June: more than 24 hours ahead, so the order may still be moved (§9). */
  const openDays = async (ref: string) =>
    (await api.t.engine.basket.loadAvailability(carrier, ref, { start_date: "2025-06-05", days_to_load: 10 })).filter((day) => day.available).map((day) => day.date);

  beforeAll(async () => {
    const { ref } = await readyBooking(api.t, carrier);
    [booked] = await openDays(ref);
    await api.t.engine.basket.setDate(carrier, ref, { date: booked! });
    const paid = await api.t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce", payment_type: "card" });
    orderId = paid.order_id!;
    deviceId = (await call(api.url(`/customer/${orderId}/devices?email=${EMAIL}`), { key })).body.data[0].id;
  });

  it("answers the log the date change wrote, once; another carrier's key 404; junk 400", async () => {
    const days = (await call(api.url(`/orders/${orderId}/load-days/2025-06-05/10?email_to_verify=${EMAIL}`), { key })).body.data;
    const next = days.find((day: { date: string; available?: boolean }) => day.available !== false && day.date !== booked);
    const moved = await call(api.url(`/orders/${orderId}/date?email_to_verify=${EMAIL}`), { method: "PUT", key, body: { date: next.date, reason: "I will be away that day" } });
    expect(moved.status).toBe(200);
    const log = await post("/technicians/log/date-change", { order_id: orderId, email_to_verify: EMAIL, date: next.date, reason: "I will be away that day" });
    expect(log).toMatchObject({ status: 200, body: { data: [{ original_date: booked, new_date: next.date, reason: "I will be away that day" }] } });
    // Sent again, nothing is logged twice.
    expect((await post("/technicians/log/date-change", { order_id: String(orderId), email_to_verify: EMAIL })).body.data).toHaveLength(1);
    expect((await post("/technicians/log/date-change", { order_id: orderId, email_to_verify: EMAIL, date: "2025-07-01" })).status).toBe(404);
    expect((await post("/technicians/log/date-change", { order_id: orderId, email_to_verify: EMAIL }, otherKey)).status).toBe(404);
    expect((await post("/technicians/log/date-change", { order_id: orderId, email_to_verify: "eve@example.com" })).status).toBe(404);
    expect(await post("/technicians/log/date-change", { order_id: { id: 1 }, email_to_verify: EMAIL })).toMatchObject({ status: 400, body: { code: "VALIDATION" } });
  });

  it("moves the order with the date alone, as the spec's client does, then records the spec's log entry; refuses one the history contradicts", async () => {
    // Without the customer's e-mail: the key's carrier vouches (another carrier's key 404).
    const days = await call(api.url(`/orders/${orderId}/load-days/2025-06-05/10`), { key });
    expect(days.status).toBe(200);
    expect((await call(api.url(`/orders/${orderId}/load-days/2025-06-05/10`), { key: otherKey })).status).toBe(404);
    const current = (await call(api.url(`/customer/${orderId}?email=${EMAIL}`), { key })).body.data.booking.booking_date;
    const next = days.body.data.find((day: { date: string; available?: boolean }) => day.available !== false && day.date !== current && day.date !== booked);
    const moved = await call(api.url(`/orders/${orderId}/date?email_to_verify=${EMAIL}`), { method: "PUT", key, body: { date: next.date } });
    expect(moved).toMatchObject({ status: 200, body: { data: { date_change: { original_date: current, new_date: next.date, reason: "" } } } });
    const move = moved.body.data.date_change;
    const entry = {
      jobId: move.job_id,
      userId: null,
      original_date: current,
      new_date: next.date,
      reason: "The customer asked for a later day",
      original_technician: move.original_technician,
      new_technician: move.new_technician,
    };
    const logged = await post("/technicians/log/date-change", entry);
    expect(logged.status).toBe(200);
    expect(logged.body.data.at(-1)).toMatchObject({ id: move.id, new_date: next.date, reason: "The customer asked for a later day", by: { type: "partner" } });
    // Sent again: the same log, nothing twice.
    expect((await post("/technicians/log/date-change", { ...entry, jobId: String(move.job_id) })).body.data).toEqual(logged.body.data);
    const history = (await call(api.url(`/customer/${orderId}?email=${EMAIL}`), { key })).body.data.history;
    expect(history.at(-1)).toMatchObject({ kind: "date_changed", details: { to: next.date, reason: "The customer asked for a later day" } });
    // What the history contradicts is refused, naming the field.
    expect(await post("/technicians/log/date-change", { ...entry, new_date: "2025-07-01" })).toMatchObject({
      status: 422,
      body: { code: "VALIDATION", messages: { new_date: [expect.any(String)] } },
    });
    expect(await post("/technicians/log/date-change", { ...entry, original_date: "2025-07-01" })).toMatchObject({
      status: 422,
      body: { messages: { original_date: [expect.any(String)] } },
    });
    expect(await post("/technicians/log/date-change", { ...entry, new_technician: "someone-else" })).toMatchObject({
      status: 422,
      body: { messages: { new_technician: [expect.any(String)] } },
    });
    expect(await post("/technicians/log/date-change", { ...entry, reason: "Another reason given much later" })).toMatchObject({
      status: 422,
      body: { messages: { reason: [expect.any(String)] } },
    });
    expect(await post("/technicians/log/date-change", { ...entry, reason: "too short" })).toMatchObject({ status: 422, body: { field_codes: { reason: ["REASON_TOO_SHORT"] } } });
    expect((await post("/technicians/log/date-change", entry, otherKey)).status).toBe(404);
    expect(await post("/technicians/log/date-change", { ...entry, reason: undefined })).toMatchObject({ status: 400, body: { messages: { reason: [expect.any(String)] } } });
    expect(await post("/technicians/log/date-change", { ...entry, technician: "x" })).toMatchObject({
      status: 400,
      body: { messages: { technician: ["This field is not part of the request."] } },
    });
  });

  const upload = (form: FormData, as = key, id: number | string = deviceId) =>
    fetch(api.url(`/orders/devices/${id}/validation-images`), { method: "POST", headers: { authorization: `Bearer ${as}` }, body: form }).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }));
  const proof = (bytes: Uint8Array<ArrayBuffer>, type = "image/png", email = EMAIL) => {
    const form = new FormData();
    form.set("email", email);
    form.set("image", new Blob([bytes], { type }), "receipt.png");
    return form;
  };

  it("takes the proof of purchase as multipart, as the manage page does, with or without the e-mail part", async () => {
    const spec = new FormData();
    spec.set("image", new Blob([PNG], { type: "image/png" }), "receipt.png");
    expect(await upload(spec)).toMatchObject({ status: 200, body: { data: { id: deviceId, proof_of_purchase_supplied: true } } });
    expect((await upload(spec, otherKey)).status).toBe(404);
    const accepted = await upload(proof(PNG));
    expect(accepted).toMatchObject({ status: 200, body: { data: { id: deviceId, proof_of_purchase_supplied: true } } });
    expect(api.t.files.files.size).toBeGreaterThan(0);
    expect((await upload(proof(PNG, "application/octet-stream"))).status).toBe(200);
  });

  it("answers another carrier's key and a wrong e-mail 404, and refuses junk with 400, 413, 415 or 422", async () => {
    expect((await upload(proof(PNG), otherKey)).status).toBe(404);
    expect((await upload(proof(PNG, "image/png", "eve@example.com"))).status).toBe(404);
    expect((await upload(proof(PNG), key, "not-a-number")).status).toBe(404);
    expect(await upload(proof(new TextEncoder().encode("<html></html>"), "image/png"))).toMatchObject({
      status: 422,
      body: { code: "VALIDATION", field_codes: { image: ["PROOF_FORMAT"] } },
    });
    expect(await upload(proof(PNG, "image/gif"))).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE" } });
    expect(await upload(proof(new Uint8Array(MAX_PROOF_BYTES + 1)))).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    const noFile = new FormData();
    noFile.set("email", EMAIL);
    expect(await upload(noFile)).toMatchObject({ status: 400, body: { code: "VALIDATION", messages: { image: [expect.any(String)] } } });
    const otherField = proof(PNG);
    otherField.set("file", new Blob([PNG], { type: "image/png" }), "x.png");
    expect((await upload(otherField)).status).toBe(400);
    const json = await call(api.url(`/orders/devices/${deviceId}/validation-images`), { method: "POST", key, body: { email: EMAIL } });
    expect(json).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE" } });
    // A file sent to a JSON call is refused before anything reads it.
    const elsewhere = await fetch(api.url(`/orders/devices/${deviceId}/imei`), { method: "POST", headers: { authorization: `Bearer ${key}` }, body: proof(PNG) });
    expect(elsewhere.status).toBe(415);
  });
});
