/**
 * Spec §7 "Bookings" through /api/v4 alone, as a partner's app would book (issue 23 item 8): build →
 * postcode → device → availability → date → customer details → charge with the sandbox nonce → the
 * booking shows the order. Isolation between two carriers' keys, `Idempotency-Key` on charge and
 * build, and junk requests that must never get a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDS } from "../../booking/testing/fixtures";
import { apiRoutes } from "../../booking/http/index";
import { call, carrierWithKey, startApi, type ApiHarness } from "./api-harness";

let api: ApiHarness;
let key: string;
let otherKey: string;
let carrierCode: string;

beforeAll(async () => {
  api = await startApi({ routes: apiRoutes });
  const first = await carrierWithKey(api);
  key = first.key;
  carrierCode = first.carrier.code;
  otherKey = (await carrierWithKey(api)).key;
});
afterAll(() => api?.close());

const post = (path: string, body: unknown, options: { key?: string; headers?: Record<string, string> } = {}) =>
  call(api.url(path), { method: "POST", key: options.key ?? key, body, headers: options.headers });

/** A booking ready to pay, made through the API. */
async function readyBooking(): Promise<string> {
  const built = await post("/wefix-booking/build", { referrer: "partner-app", channel: "app" });
  expect(built.status).toBe(201);
  const ref: string = built.body.data.booking_reference;
  expect((await post(`/wefix-booking/${ref}/postcode`, { postcode: "SW1A 2AA", carrier: carrierCode })).status).toBe(200);
  const device = await post(`/wefix-booking/${ref}/device/a1b2c3d4e5`, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
  expect(device.status).toBe(200);
  expect(device.body.data.device_key).toBe("a1b2c3d4e5");
  const days = await post(`/wefix-booking/${ref}/availability`, { days_to_load: 5 });
  expect(days.status).toBe(200);
  const open = days.body.data.find((day: { available?: boolean; date: string }) => day.available !== false);
  expect(open).toBeDefined();
  expect((await post(`/wefix-booking/${ref}/date`, { date: open.date })).status).toBe(200);
  const details = await post(`/wefix-booking/${ref}/customer-details`, {
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.com",
    phone_number: "07700 900123",
    address: { line_1: "1 Parliament Street", town: "London" },
    force_persist: true,
  });
  expect(details.status).toBe(200);
  return ref;
}

const charge = { currency: "GBP", token: "fake-valid-nonce", payment_type: "card" };

describe("booking through /api/v4 alone", () => {
  it("books and pays: GET by reference then shows the paid order", async () => {
    const ref = await readyBooking();
    const paid = await post(`/wefix-booking/${ref}/charge`, charge);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ booking_reference: ref, checkout_status: "SUCCESS", order_id: expect.any(Number) });
    const read = await call(api.url(`/wefix-booking/${ref}`), { key, via: "query" });
    expect(read.body.data.booking).toMatchObject({ reference: ref, checkout_status: "SUCCESS", order_id: paid.body.data.order_id });
    // §8: BK07 once the booking is an order.
    expect(await post(`/wefix-booking/${ref}/postcode`, { postcode: "SW1A 2AA" })).toMatchObject({ status: 400, body: { code: "BK07" } });
  });

  it("answers the engine's §8 codes: BK04 for a postcode no area covers, BK13 for a day not offered", async () => {
    const built = await post("/wefix-booking/build", {});
    const ref = built.body.data.booking_reference;
    const refused = await post(`/wefix-booking/${ref}/postcode`, { postcode: "ZZ99 9ZZ" });
    expect(refused).toMatchObject({ status: 400, body: { code: "BK04", messages: [expect.any(String)] } });
    await post(`/wefix-booking/${ref}/postcode`, { postcode: "SW1A 2AA" });
    const sunday = await post(`/wefix-booking/${ref}/date`, { date: "2025-06-08" });
    expect(sunday).toMatchObject({ status: 400, body: { code: "BK13" } });
  });

  it("applies and removes a discount code, and serves the device, store-free calls and the carrier's settings", async () => {
    const ref = await readyBooking();
    const applied = await post(`/wefix-booking/${ref}/discount-code`, { discount_code: "TENOFF" });
    expect(applied.status).toBe(200);
    const removed = await call(api.url(`/wefix-booking/${ref}/discount-code`), { method: "DELETE", key });
    expect(removed.status).toBe(200);
    expect((await call(api.url(`/wefix-booking/${ref}/device/a1b2c3d4e5`), { key })).status).toBe(200);
    expect((await post(`/wefix-booking/${ref}/validate`, undefined)).body.data).toMatchObject({ booking_reference: ref, booking: { reference: ref }, valid: true });
    const settings = await call(api.url(`/wefix-booking/carrier/${carrierCode}`), { key });
    expect(settings.body.data).toMatchObject({ settings: { code: carrierCode, currency: "GBP" }, allows_in_store_bookings: false });
    expect((await call(api.url("/wefix-booking/carrier/someone-else"), { key })).status).toBe(404);
    const callBack = await post(`/wefix-booking/${ref}/request-call-back`, { name: "Ada", email: "ada@example.com", phone: "07700 900123", postcode: "SW1A 2AA" });
    expect(callBack).toMatchObject({ status: 201, body: { data: { booking_reference: ref } } });
    const stores = await call(api.url(`/company/stores/locate/SW1A2AA/${carrierCode}`), { key });
    expect(stores).toMatchObject({ status: 200, body: { data: expect.any(Array) } });
    expect((await call(api.url("/company/stores/locate/SW1A2AA/someone-else"), { key })).status).toBe(404);
    const found = await call(api.url("/loqate/address-find?text=Parliament"), { key });
    expect(found.status).toBe(200);
    expect((await call(api.url(`/wefix-booking/${ref}/device/a1b2c3d4e5`), { method: "DELETE", key })).status).toBe(200);
    expect((await call(api.url(`/wefix-booking/${ref}/device/a1b2c3d4e5`), { key })).status).toBe(404);
  });

  it("shows one carrier's booking to another carrier's key as unknown (404) on every call", async () => {
    const ref = await readyBooking();
    const calls: [string, string, unknown][] = [
      ["GET", `/wefix-booking/${ref}`, undefined],
      ["GET", `/wefix-booking/by/ref/${ref}`, undefined],
      ["POST", `/wefix-booking/${ref}/postcode`, { postcode: "SW1A 2AA" }],
      ["POST", `/wefix-booking/${ref}/availability`, {}],
      ["POST", `/wefix-booking/${ref}/date`, { date: "2025-06-03" }],
      ["GET", `/wefix-booking/${ref}/device/a1b2c3d4e5`, undefined],
      ["DELETE", `/wefix-booking/${ref}/device/a1b2c3d4e5`, undefined],
      ["POST", `/wefix-booking/${ref}/request-call-back`, { name: "Eve", email: "eve@example.com", phone: "07700 900124" }],
      ["POST", `/wefix-booking/${ref}/charge`, charge],
    ];
    for (const [method, path, body] of calls) {
      const answer = await call(api.url(path), { method, key: otherKey, body });
      expect({ path, method, status: answer.status, code: answer.body.code }).toEqual({ path, method, status: 404, code: expect.stringMatching(/^(BK01|NOT_FOUND)$/) });
      expect(JSON.stringify(answer.body)).not.toContain("Lovelace");
    }
    // The booking was not touched.
    expect((await call(api.url(`/wefix-booking/${ref}`), { key })).body.data.booking.devices).toHaveProperty("a1b2c3d4e5");
  });
});

describe("an order through /api/v4 (spec §7 Orders)", () => {
  it("reads, moves and cancels the order with the customer's e-mail; another carrier's key gets 404", async () => {
    const ref = await readyBooking();
    // A day more than 24 hours ahead, so the order may still be changed (§9).
    const ahead = (await post(`/wefix-booking/${ref}/availability`, { start_date: "2025-06-05", days_to_load: 5 })).body.data.find(
      (day: { available?: boolean }) => day.available !== false,
    );
    expect((await post(`/wefix-booking/${ref}/date`, { date: ahead.date })).status).toBe(200);
    const paid = await post(`/wefix-booking/${ref}/charge`, charge);
    const orderId: number = paid.body.data.order_id;
    const email = "ada@example.com";
    const order = await call(api.url(`/customer/${orderId}?email=${email}`), { key });
    expect(order).toMatchObject({ status: 200, body: { data: { order_id: orderId } } });
    const devices = (await call(api.url(`/customer/${orderId}/devices?email=${email}`), { key })).body.data;
    expect(devices).toHaveLength(1);
    const imei = { imei: "490154203237518", email };
    expect((await post(`/orders/devices/${devices[0].id}/imei`, imei, { key: otherKey })).status).toBe(404);
    expect(await post(`/orders/devices/${devices[0].id}/imei`, imei)).toMatchObject({ status: 200, body: { data: { id: devices[0].id } } });
    expect(await call(api.url(`/customer/${orderId}?email=eve@example.com`), { key })).toMatchObject({ status: 404, body: { code: "ORDER_NOT_FOUND" } });
    expect((await call(api.url(`/customer/${orderId}?email=${email}`), { key: otherKey })).status).toBe(404);
    const days = await call(api.url(`/orders/${orderId}/load-days/2025-06-05/10?email_to_verify=${email}`), { key });
    expect(days.status).toBe(200);
    const other = days.body.data.find((day: { date: string; available?: boolean }) => day.available !== false && day.date !== order.body.data.booking.booking_date);
    const moved = await call(api.url(`/orders/${orderId}/date?email_to_verify=${email}`), { method: "PUT", key, body: { date: other.date, reason: "I will be away that day" } });
    expect(moved).toMatchObject({ status: 200, body: { data: { booking: { booking_date: other.date } } } });
    const noTechnician = await call(api.url(`/orders/${orderId}/address`), {
      method: "PUT",
      key,
      body: { line_1: "1 Road", town: "Leeds", postcode: "LS1 1AA", email_to_verify: email },
    });
    expect(noTechnician.status).toBeGreaterThanOrEqual(400);
    expect(noTechnician.status).toBeLessThan(500);
    if (order.body.data.job) {
      const van = await call(api.url(`/vans/location?job_id=${order.body.data.job.id}&email=${email}`), { key });
      expect(van.status).toBeLessThan(500);
    }
    expect((await call(api.url(`/orders/${orderId}/cancel?email_to_verify=${email}`), { key: otherKey })).status).toBe(404);
    const cancelled = await call(api.url(`/orders/${orderId}/cancel?email_to_verify=${email}`), { key });
    expect(cancelled.status).toBe(200);
  });
});

describe("Idempotency-Key (ADR 173)", () => {
  it("charges once for 20 parallel posts with one key, and replays the same answer", async () => {
    const ref = await readyBooking();
    const before = api.t.payments.transactions().length;
    const headers = { "idempotency-key": `charge-${ref}` };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(`/wefix-booking/${ref}/charge`, charge, { headers })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(api.t.payments.transactions().length - before).toBe(1);
    const replay = await post(`/wefix-booking/${ref}/charge`, charge, { headers });
    expect(replay.body).toEqual(answers[0]!.body);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await post(`/wefix-booking/${ref}/charge`, { ...charge, token: "fake-valid-visa-nonce" }, { headers })).toMatchObject({
      status: 422,
      body: { code: "IDEMPOTENCY_KEY_REUSED" },
    });
  });

  it("builds one booking for a repeated build, and replays a refusal as it was", async () => {
    const headers = { "idempotency-key": "build-once" };
    const first = await post("/wefix-booking/build", { referrer: "x" }, { headers });
    const again = await post("/wefix-booking/build", { referrer: "x" }, { headers });
    expect(again).toMatchObject({ status: 201, body: first.body });
    // Keys are per API key: another carrier's key with the same Idempotency-Key builds its own.
    const other = await post("/wefix-booking/build", { referrer: "x" }, { key: otherKey, headers });
    expect(other.body.data.booking_reference).not.toBe(first.body.data.booking_reference);
    const ref = first.body.data.booking_reference;
    const refusedHeaders = { "idempotency-key": `refused-${ref}` };
    const refused = await post(`/wefix-booking/${ref}/charge`, charge, { headers: refusedHeaders });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await post(`/wefix-booking/${ref}/charge`, charge, { headers: refusedHeaders })).toMatchObject({ status: refused.status, body: refused.body });
    expect((await post("/wefix-booking/build", {}, { headers: { "idempotency-key": "bad key with spaces" } })).status).toBe(400);
  });
});

describe("junk requests never get a 5xx", () => {
  const junk: unknown[] = [
    null,
    0,
    -1,
    1e308,
    "",
    "x".repeat(5000),
    true,
    [],
    [1, 2],
    {},
    { nested: { deep: [1, { x: null }] } },
    { __proto__: { polluted: true } },
    "\u0000\uffff",
    { date: "2025-02-30" },
  ];
  it("fuzzes every bookings call with junk bodies, wrong types and huge fields", async () => {
    const ref = await readyBooking();
    const statuses = new Set<number>();
    for (const route of apiRoutes) {
      const path = route.path
        .replace("{ref}", ref)
        .replace("{deviceKey}", "a1b2c3d4e5")
        .replace("{carrier}", carrierCode)
        .replace("{token}", "ABCDE-FGHIJ")
        .replace("{typeId}", "1")
        .replace("{id}", "105")
        .replace("{order}", "100001")
        .replace("{date}", "2025-06-04")
        .replace("{days}", "10")
        .replace("{postcode}", "SW1A2AA")
        .replace("{country}", "GB")
        .replace("{text}", "Parliament")
        .replace("{storeId}", "1");
      const url = (target: string) => (route.base ? api.href(`${route.base}${target}`) : api.url(target));
      const bodies: unknown[] = [...junk];
      const shape = route.body && "shape" in route.body ? Object.keys((route.body as unknown as { shape: Record<string, unknown> }).shape) : [];
      for (const field of shape) for (const value of junk) bodies.push({ [field]: value });
      if (route.method === "get") {
        for (const value of junk) {
          const answer = await call(`${url(path)}?${new URLSearchParams({ q: JSON.stringify(value) ?? "" })}`, { key });
          expect({ path, value, status: answer.status < 500 }).toEqual({ path, value, status: true });
        }
        continue;
      }
      for (const body of bodies) {
        const answer = await call(url(path), { method: route.method.toUpperCase(), key, raw: JSON.stringify(body) });
        statuses.add(answer.status);
        expect({ path, body, status: answer.status < 500 }).toEqual({ path, body, status: true });
        expect(typeof answer.body.code === "string" || answer.status < 300).toBe(true);
      }
      for (const raw of ["{", "[1,", '"unterminated', '{"a":1}garbage']) {
        const answer = await call(url(path), { method: route.method.toUpperCase(), key, raw });
        expect({ path, raw, status: answer.status }).toEqual({ path, raw, status: 400 });
      }
    }
    expect([...statuses].every((status) => status < 500)).toBe(true);
  });
});
