/**
 * Webhooks to partners (issue 23 items 7 and 8, ADR 179–181): a partner books through /api/v4 and
 * hears of it on its endpoint. A local receiver fails the first two deliveries: the event still
 * arrives, once per event id, signed so the `standardwebhooks` package verifies it. A dead endpoint
 * ends in dead-letter and is redelivered; the other carrier's endpoint hears nothing; production
 * refuses http:// and non-public addresses.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../booking/http/index";
import { createTestEngine, newCarrier, readyBooking as readyEngineBooking, type TestEngine } from "../../booking/testing/engine";
import { IDS } from "../../booking/testing/fixtures";
import { newWebhookSecret } from "../../booking/webhooks/signing";
import { WEBHOOK_EVENTS } from "@repair/rules/webhooks";
import { handleWebhookDeliveries } from "~/lib/ops/webhook-deliveries.server";
import { signWebhookBody } from "~/lib/webhook-signature.server";
import { call, carrierWithKey, startApi, SUITE_RATE_LIMITS, type ApiHarness } from "./api-harness";

interface Received {
  id: string;
  headers: Record<string, string>;
  body: string;
}

/** A partner's receiver: per path, the deliveries it got and how many it should still refuse (or refuse always). */
async function startReceiver() {
  const got = new Map<string, Received[]>();
  const failing = new Map<string, number>();
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const list = got.get(path) ?? [];
      list.push({ id: String(request.headers["webhook-id"]), headers: request.headers as Record<string, string>, body });
      got.set(path, list);
      const left = failing.get(path) ?? 0;
      if (left !== 0) {
        failing.set(path, left - 1);
        response.writeHead(503).end("busy");
      } else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    got: (path: string) => got.get(path) ?? [],
    /** Refuse the next `n` deliveries to the path (-1: every one). */
    fail: (path: string, n: number) => failing.set(path, n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A partner's de-duplication: one entry per event id, in arrival order. */
function byEventId(deliveries: Received[]) {
  const seen = new Map<string, { type: string; data: { booking_reference: string; order: { id: number; slot: string; paid_minor?: number } } }>();
  for (const d of deliveries) if (!seen.has(d.id)) seen.set(d.id, JSON.parse(d.body));
  return [...seen.values()];
}

const ALL = [...WEBHOOK_EVENTS];
const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));
const secret = newWebhookSecret();
const deadSecret = newWebhookSecret();
const otherSecret = newWebhookSecret();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let t: TestEngine;
let api: ApiHarness;
let key: string;
let carrierCode: string;
let carrier: Awaited<ReturnType<typeof carrierWithKey>>["carrier"];

beforeAll(async () => {
  receiver = await startReceiver();
  // Tries follow each other at once (no delay) and end after 3: the test drives the passes.
  t = await createTestEngine({
    config: SUITE_RATE_LIMITS,
    scheduler: { webhookRetryMs: [0], webhookMaxAttempts: 3, webhookPolicy: { httpsOnly: false, allowPrivate: true, timeoutMs: 2000 } },
  });
  api = await startApi({ routes: apiRoutes }, t);
  const first = await carrierWithKey(api, undefined, [], {
    extra: {
      webhooks: [
        { id: "partner-app", url: receiver.url("/partner"), events: ALL, secret, enabled: true, description: "" },
        { id: "gone-away", url: receiver.url("/dead"), events: ["order.created"], secret: deadSecret, enabled: true, description: "" },
        { id: "switched-off", url: receiver.url("/off"), events: ALL, secret, enabled: false, description: "" },
      ],
    },
  });
  ({ key, carrier } = first);
  carrierCode = first.carrier.code;
  // Another carrier whose endpoint subscribes to everything: it must hear nothing of the first carrier's orders.
  await carrierWithKey(api, undefined, [], {
    extra: { webhooks: [{ id: "partner-app", url: receiver.url("/other"), events: ALL, secret: otherSecret, enabled: true, description: "" }] },
  });
});
afterAll(async () => {
  await api?.close();
  await t?.close();
  await receiver?.close();
});

const post = (path: string, body: unknown) => call(api.url(path), { method: "POST", key, body });

/** Books and pays through the API alone, on Thursday 5 June 2025; the order's id. */
async function paidThroughApi(): Promise<{ ref: string; orderId: number }> {
  const ref: string = (await post("/wefix-booking/build", { referrer: "partner-app", channel: "app" })).body.data.booking_reference;
  expect((await post(`/wefix-booking/${ref}/postcode`, { postcode: "SW1A 2AA", carrier: carrierCode })).status).toBe(200);
  expect((await post(`/wefix-booking/${ref}/device/a1b2c3d4e5`, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] })).status).toBe(200);
  expect((await post(`/wefix-booking/${ref}/date`, { date: "2025-06-05" })).status).toBe(200);
  const details = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone_number: "07700 900123", address: { line_1: "1 Parliament Street", town: "London" } };
  expect((await post(`/wefix-booking/${ref}/customer-details`, { ...details, force_persist: true })).status).toBe(200);
  const paid = await post(`/wefix-booking/${ref}/charge`, { currency: "GBP", token: "fake-valid-nonce", payment_type: "card" });
  expect(paid.status).toBe(200);
  return { ref, orderId: paid.body.data.order_id };
}

const pass = () => t.engine.messages.runScheduledJobs();

describe("webhooks to a partner's endpoint", () => {
  it("delivers order.created despite two refusals, once per event id, with a valid Standard Webhooks signature", async () => {
    receiver.fail("/partner", 2);
    receiver.fail("/dead", -1);
    const { ref, orderId } = await paidThroughApi();
    // The delivery was written with the order: it is there before any pass ran.
    expect(await t.engine.webhooks.listDeliveries({ carrierCode, endpointId: "partner-app" })).toMatchObject([{ type: "order.created", state: "pending", attempts: 0 }]);

    await pass();
    const afterFirst = await t.engine.webhooks.listDeliveries({ carrierCode, endpointId: "partner-app" });
    expect(afterFirst).toMatchObject([{ state: "failed", attempts: 1, lastStatus: 503, lastError: "HTTP 503", nextTryAt: expect.any(String) }]);
    await pass();
    await pass();

    const deliveries = receiver.got("/partner");
    expect(deliveries).toHaveLength(3);
    // The same event each time: one id, one body.
    expect(new Set(deliveries.map((d) => d.id)).size).toBe(1);
    expect(new Set(deliveries.map((d) => d.body)).size).toBe(1);
    const events = byEventId(deliveries);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "order.created",
      carrier: carrierCode,
      data: { booking_reference: ref, order: { id: orderId, status: "BOOKED", date: "2025-06-05" } },
    });
    // The body is fixed after the order got its visit (ADR 212): it reports the technician's window.
    expect(events[0]!.data.order.slot).toMatch(/^\d{2}:\d{2}$/);
    // The partner's check, with the package partners use: it throws on a wrong signature or an old timestamp.
    const last = deliveries.at(-1)!;
    expect(new Webhook(secret).verify(last.body, last.headers)).toMatchObject({ id: last.id, type: "order.created" });
    expect(() => new Webhook(otherSecret).verify(last.body, last.headers)).toThrow();
    expect(() => new Webhook(secret).verify(last.body.replace(ref, "RB000000"), last.headers)).toThrow();
    // No customer's name, e-mail or phone in the body.
    expect(last.body).not.toMatch(/Lovelace|ada@example\.com|07700/);
    expect(await t.engine.webhooks.listDeliveries({ carrierCode, endpointId: "partner-app" })).toMatchObject([{ state: "sent", attempts: 3, lastStatus: 204, lastError: null }]);
    expect(receiver.got("/off")).toEqual([]);
    expect(receiver.got("/other")).toEqual([]);
  });

  it("dead-letters an endpoint that keeps failing, and redelivers the same event once it is back", async () => {
    const [dead] = await t.engine.webhooks.listDeliveries({ carrierCode, endpointId: "gone-away" });
    expect(dead).toMatchObject({ type: "order.created", state: "dead", attempts: 3, lastStatus: 503, lastError: "HTTP 503", nextTryAt: null });
    expect(receiver.got("/dead")).toHaveLength(3);
    // Another carrier cannot redeliver it.
    await expect(t.engine.webhooks.redeliver({ id: dead!.id, carrierCode: "someone-else" })).rejects.toMatchObject({ status: 404 });
    receiver.fail("/dead", 0);
    await t.engine.webhooks.redeliver({ id: dead!.id, carrierCode });
    await pass();
    expect(await t.engine.webhooks.listDeliveries({ carrierCode, endpointId: "gone-away" })).toMatchObject([{ state: "sent", attempts: 1, lastStatus: 204 }]);
    const got = receiver.got("/dead");
    expect(got).toHaveLength(4);
    expect(got[3]!.id).toBe(dead!.eventId);
    expect(new Webhook(deadSecret).verify(got[3]!.body, got[3]!.headers)).toMatchObject({ id: dead!.eventId });
    // Only a dead (or failed) delivery goes again.
    await expect(t.engine.webhooks.redeliver({ id: dead!.id, carrierCode })).rejects.toMatchObject({ status: 404 });
  });

  it("tells of a date change, an address change and a cancellation made through the API, each once", async () => {
    const { orderId } = await paidThroughApi();
    const email = "ada@example.com";
    // A change the engine refuses rolls back, and its event with it: a Sunday is not offered.
    const refusedMove = await call(api.url(`/orders/${orderId}/date?email_to_verify=${email}`), {
      method: "PUT",
      key,
      body: { date: "2025-06-08", reason: "I will be away that day" },
    });
    expect(refusedMove.status).toBe(400);
    const moved = await call(api.url(`/orders/${orderId}/date?email_to_verify=${email}`), { method: "PUT", key, body: { date: "2025-06-06", reason: "I will be away that day" } });
    expect(moved.status).toBe(200);
    const address = { line_1: "2 Parliament Street", town: "London", postcode: "SW1A 2AB", email_to_verify: email };
    expect((await call(api.url(`/orders/${orderId}/address`), { method: "PUT", key, body: address })).status).toBe(200);
    expect((await call(api.url(`/orders/${orderId}/cancel?email_to_verify=${email}`), { key })).status).toBe(200);
    await pass();
    const events = byEventId(receiver.got("/partner")).filter((e) => e.data.order.id === orderId);
    // The cancellation's refund is an event of its own (ADR 247), after the cancellation.
    expect(events.map((e) => e.type)).toEqual(["order.created", "order.date_changed", "order.address_changed", "order.cancelled", "order.refunded"]);
    expect(events[1]).toMatchObject({ data: { order: { date: "2025-06-06", state: "moved" } } });
    expect(events[2]).toMatchObject({ data: { order: { postcode: "SW1A 2AB" } } });
    expect(events[3]).toMatchObject({ data: { order: { status: "CANCELLED", state: "cancelled" } } });
    expect(events[4]).toMatchObject({ data: { order: { state: "cancelled", refunded_minor: events[4]!.data.order.paid_minor } } });
    // The endpoint subscribed to order.created only heard of that.
    expect(byEventId(receiver.got("/dead")).every((e) => e.type === "order.created")).toBe(true);
    expect(receiver.got("/other")).toEqual([]);
  });

  it("tells of the technician's job: on the way (once, however often pressed), started and completed", async () => {
    const { orderId } = await paidThroughApi();
    const order = await t.engine.orders.lookupOrder(carrier, { order_ref: String(orderId), email: "ada@example.com" });
    const me = { technician_id: order.booking.technician_id, staff_id: "staff-1", job_id: order.job!.id };
    await t.engine.staff.reportOnMyWay(carrier, me);
    await t.engine.staff.reportOnMyWay(carrier, me);
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "startChecklist", checklist: ["customerPresent", "deviceHandedOver", "termsExplained"] });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "startChecklist", checklist: ["customerPresent", "deviceHandedOver", "termsExplained"] });
    // The rest of the repair, as the technician's pages record it (booking/technician/technician.test.ts).
    const deviceId = order.devices[0]!.id;
    await t.engine.staff.uploadJobPicture(carrier, { ...me, step: "beforePictures", device_id: deviceId, bytes: PNG });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "addImei", device_id: deviceId, value: "490154203237518" });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "confirmProblems", device_id: deviceId, problem_ids: [IDS.screen] });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "symptomCodes", device_id: deviceId, symptoms: ["screen-replacement.1"] });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "irisCodes", device_id: deviceId, condition: "1", symptom: "131", defect: "A", repair: "A" });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "addParts", device_id: deviceId, parts: [{ name: "Screen assembly", quantity: 1 }] });
    await t.engine.staff.uploadJobPicture(carrier, { ...me, step: "afterPictures", device_id: deviceId, bytes: PNG });
    await t.engine.staff.recordJobStep(carrier, { ...me, step: "repairComplete" });
    await pass();
    const events = byEventId(receiver.got("/partner")).filter((e) => e.data.order.id === orderId);
    expect(events.map((e) => [e.type, (e.data.order as { job_status?: string }).job_status])).toEqual([
      ["order.created", null],
      ["job.on_the_way", "ON_THE_WAY"],
      ["job.started", "STARTED"],
      ["job.completed", "COMPLETED"],
    ]);
    expect(receiver.got("/other")).toEqual([]);
  });
});

describe("the CMS's signed route to the deliveries (ADR 181)", () => {
  const CMS_SECRET = "test-webhook-secret-0123456789";
  const deps = () => ({ engine: async () => t.engine, secret: CMS_SECRET });
  const ask = (method: "GET" | "POST", pathAndQuery: string, signature = signWebhookBody(pathAndQuery, CMS_SECRET)) =>
    handleWebhookDeliveries(new Request(`http://app.localhost${pathAndQuery}`, { method, headers: { "x-webhook-signature": signature } }), deps());

  it("lists a carrier's deliveries per endpoint and state, and redelivers a dead one of that carrier only", async () => {
    const path = `/api/ops/webhook-deliveries?carrier=${carrierCode}&endpoint=partner-app&state=sent`;
    const listed = await ask("GET", path);
    expect(listed.status).toBe(200);
    const { deliveries } = (await listed.json()) as { deliveries: { id: number; endpointId: string; state: string; carrierCode: string }[] };
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((d) => d.endpointId === "partner-app" && d.state === "sent" && d.carrierCode === carrierCode)).toBe(true);

    receiver.fail("/dead", -1);
    await paidThroughApi();
    for (let i = 0; i < 3; i += 1) await pass();
    const [dead] = await t.engine.webhooks.listDeliveries({ carrierCode, endpointId: "gone-away", state: "dead" });
    expect(dead).toBeDefined();
    expect((await ask("POST", `/api/ops/webhook-deliveries?carrier=other-carrier&id=${dead!.id}`)).status).toBe(404);
    const redelivered = await ask("POST", `/api/ops/webhook-deliveries?carrier=${carrierCode}&id=${dead!.id}`);
    expect(redelivered.status).toBe(200);
    expect(await t.engine.webhooks.listDeliveries({ carrierCode, endpointId: "gone-away", state: "pending" })).toMatchObject([{ id: dead!.id, attempts: 0 }]);
    receiver.fail("/dead", 0);
    await pass();
  });

  it("answers 401 without the CMS's signature and 400 for a malformed query, touching nothing", async () => {
    expect((await ask("GET", `/api/ops/webhook-deliveries?carrier=${carrierCode}`, "sha256=00")).status).toBe(401);
    expect((await ask("GET", `/api/ops/webhook-deliveries?carrier=${carrierCode}`, signWebhookBody(`/api/ops/webhook-deliveries?carrier=other`, CMS_SECRET))).status).toBe(401);
    expect((await ask("GET", "/api/ops/webhook-deliveries?carrier=Not%20A%20Code")).status).toBe(400);
    expect((await ask("POST", `/api/ops/webhook-deliveries?carrier=${carrierCode}&id=abc`)).status).toBe(400);
  });
});

describe("webhooks in production", () => {
  it("refuses http:// and addresses that are not public, at once and for good (dead after one try)", async () => {
    const prod = await createTestEngine({ scheduler: { webhookRetryMs: [0], webhookMaxAttempts: 5, webhookPolicy: { httpsOnly: true, allowPrivate: false, timeoutMs: 2000 } } });
    try {
      const hooks = [
        { id: "plain-http", url: receiver.url("/prod") },
        { id: "loopback-ip", url: `https://127.0.0.1:${receiver.port}/prod` },
        { id: "loopback-name", url: `https://localhost:${receiver.port}/prod` },
        { id: "metadata", url: "https://169.254.169.254/latest/meta-data" },
      ].map((h) => ({ ...h, events: ["order.created" as const], secret, enabled: true, description: "" }));
      const prodCarrier = await newCarrier(prod, { extra: { webhooks: hooks } });
      const { ref } = await readyEngineBooking(prod, prodCarrier, { date: "2025-06-05" });
      await prod.engine.checkout.charge(prodCarrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
      await prod.engine.messages.runScheduledJobs();
      const rows = await prod.engine.webhooks.listDeliveries({ carrierCode: prodCarrier.code });
      const byEndpoint = Object.fromEntries(rows.map((r) => [r.endpointId, r]));
      expect(byEndpoint["plain-http"]).toMatchObject({ state: "dead", attempts: 1, lastError: expect.stringMatching(/https/) });
      expect(byEndpoint["loopback-ip"]).toMatchObject({ state: "dead", attempts: 1, lastError: expect.stringMatching(/not a public address/) });
      expect(byEndpoint["loopback-name"]).toMatchObject({ state: "dead", attempts: 1, lastError: expect.stringMatching(/localhost resolves to .* not a public address/) });
      expect(byEndpoint["metadata"]).toMatchObject({ state: "dead", attempts: 1, lastError: expect.stringMatching(/not a public address/) });
      expect(receiver.got("/prod")).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
