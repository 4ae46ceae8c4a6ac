/**
 * Issue 23 item 8: a partner books through /api/v4 with nothing but the TypeScript client generated
 * from the OpenAPI document (openapi-fetch over tests/support/api-client/schema.d.ts, written by
 * `npm run api:client`): build → postcode → device with problems → availability → date → customer
 * details → charge with the sandbox nonce → the order → change its date → van location → cancel.
 * And a confirm-only carrier's agent makes a booking and its code through the API (ADR 177), which
 * the customer confirms as the site's Confirm booking page does (the same engine operation, in-process).
 */
import createClient, { type Client } from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../booking/http/index";
import { IDS } from "../../booking/testing/fixtures";
import type { paths } from "../support/api-client/schema";
import { carrierWithKey, ok, startApi, type ApiHarness } from "./api-harness";

let api: ApiHarness;

beforeAll(async () => {
  api = await startApi({ routes: apiRoutes });
});
afterAll(() => api?.close());

/** The partner's client: the generated paths, its key as the bearer header. */
function partnerClient(key: string): Client<paths> {
  return createClient<paths>({ baseUrl: api.url(""), headers: { authorization: `Bearer ${key}` } });
}

const EMAIL = "ada@example.com";
const DETAILS = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: EMAIL,
  phone_number: "07700 900123",
  address: { line_1: "1 Parliament Street", town: "London" },
  site_url: "https://partner.example/booking/details",
  force_persist: true,
};

/** A booking up to its customer's details, through the client: its reference and the day it holds. */
async function bookUpToDetails(client: Client<paths>, carrierCode: string): Promise<{ ref: string; date: string }> {
  const built = await ok(client.POST("/wefix-booking/build", { body: { referrer: "partner-app", channel: "app" } }), 201);
  const ref = built.data.booking_reference;
  expect(ref).toMatch(/\S/);
  const path = { ref };
  const located = await ok(client.POST("/wefix-booking/{ref}/postcode", { params: { path }, body: { postcode: "SW1A 2AA", carrier: carrierCode } }));
  expect(located.data.booking_reference).toBe(ref);
  const device = await ok(
    client.POST("/wefix-booking/{ref}/device/{deviceKey}", {
      params: { path: { ref, deviceKey: "c0ffee00c0ffee" } },
      body: { model_version_id: IDS.iphone15v128, problems: [IDS.screen] },
    }),
  );
  expect(device.data.device_key).toBe("c0ffee00c0ffee");
  expect(device.data.booking.devices).toHaveProperty("c0ffee00c0ffee");
  // A day more than 24 hours ahead of the engine's clock, so the order may still be moved and cancelled (§9).
  const days = await ok(client.POST("/wefix-booking/{ref}/availability", { params: { path }, body: { start_date: "2025-06-05", days_to_load: 5 } }));
  const open = days.data.find((day) => day.available !== false);
  expect(open, "an available day").toBeDefined();
  const date = String(open!.date);
  const held = await ok(client.POST("/wefix-booking/{ref}/date", { params: { path }, body: { date } }));
  expect(held.data.booking).toMatchObject({ date });
  const detailed = await ok(client.POST("/wefix-booking/{ref}/customer-details", { params: { path }, body: DETAILS }));
  expect(detailed.data.booking).toMatchObject({ email: EMAIL });
  return { ref, date };
}

describe("a partner books with the generated client alone", () => {
  it("books, pays, reads the order, moves it, follows the van and cancels it", async () => {
    const { carrier, key } = await carrierWithKey(api);
    const client = partnerClient(key);
    const { ref, date } = await bookUpToDetails(client, carrier.code);

    const paid = await ok(
      client.POST("/wefix-booking/{ref}/charge", {
        params: { path: { ref }, header: { "idempotency-key": `pay-${ref}` } },
        body: { currency: "GBP", token: "fake-valid-nonce", payment_type: "card" },
      }),
    );
    expect(paid.data).toMatchObject({ booking_reference: ref, checkout_status: "SUCCESS", order_id: expect.any(Number) });
    const orderId = String(paid.data.order_id);
    const byRef = await ok(client.GET("/wefix-booking/by/ref/{ref}", { params: { path: { ref } } }));
    expect(byRef.data.booking).toMatchObject({ reference: ref, checkout_status: "SUCCESS", order_id: paid.data.order_id });

    const order = await ok(client.GET("/customer/{ref}", { params: { path: { ref: orderId }, query: { email: EMAIL } } }));
    expect(order.data).toMatchObject({ order_id: paid.data.order_id, booking: { booking_date: date } });
    const job = order.data.job as { id: number } | null;
    expect(job, "a visit has a technician's job").toMatchObject({ id: expect.any(Number) });

    const verify = { email_to_verify: EMAIL };
    const days = await ok(client.GET("/orders/{order}/load-days/{date}/{days}", { params: { path: { order: orderId, date: "2025-06-05", days: "10" }, query: verify } }));
    const other = days.data.find((day) => day.available !== false && day.date !== date);
    expect(other, "another available day").toBeDefined();
    const moved = await ok(
      client.PUT("/orders/{id}/date", { params: { path: { id: orderId }, query: verify }, body: { date: String(other!.date), reason: "I will be away that day" } }),
    );
    expect(moved.data).toMatchObject({ booking: { booking_date: other!.date }, date_change: expect.anything() });

    const van = await ok(client.GET("/vans/location", { params: { query: { job_id: String(job!.id), email: EMAIL } } }));
    // Nobody on the way yet: no position and no estimate, only the window (ADR 253).
    expect(van.data).toMatchObject({ job_id: job!.id, status: "scheduled", latitude: null, longitude: null, eta: null, simulated: false, technician_name: expect.any(String) });
    expect(Date.parse(van.data.window.end) - Date.parse(van.data.window.start)).toBe(60 * 60_000);
    // Someone without the customer's e-mail learns nothing: the §8 body, typed as the document's Error.
    const stranger = await client.GET("/vans/location", { params: { query: { job_id: String(job!.id), email: "eve@example.com" } } });
    expect(stranger.response.status).toBe(404);
    expect(stranger.error).toMatchObject({ code: "ORDER_NOT_FOUND", messages: [expect.any(String)] });

    const cancelled = await ok(client.GET("/orders/{id}/cancel", { params: { path: { id: orderId }, query: verify } }));
    expect(cancelled.data).toMatchObject({ order_id: paid.data.order_id, status: "CANCELLED" });
    const after = await ok(client.GET("/customer/{ref}", { params: { path: { ref: orderId }, query: { email: EMAIL } } }));
    expect(after.data).toMatchObject({ status: "CANCELLED" });
  });
});

describe("a confirm-only carrier's agent hands a booking to its customer (ADR 177)", () => {
  it("creates the booking and its code through the API; the customer confirms with the code on the site, once", async () => {
    const agent = await carrierWithKey(api);
    const carrier = agent.carrier;
    api.carriers.set(carrier.code, { ...api.carriers.get(carrier.code)!, confirmOnly: true });
    const client = partnerClient(agent.key);
    const { ref, date } = await bookUpToDetails(client, carrier.code);

    const handed = await ok(client.POST("/wefix-booking/{ref}/booking-code", { params: { path: { ref } }, body: { send: true } }), 201);
    expect(handed.data).toMatchObject({ booking_reference: ref, booking_code: expect.stringMatching(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/) });
    expect(handed.data.sent_to).toEqual({ email: EMAIL, phone: "+447700900123" });
    expect(Date.parse(handed.data.expires_at)).toBeGreaterThan(api.t.clock.now().getTime());

    // Another carrier's key knows neither the booking nor its code; a carrier that is not confirm-only has no codes to give.
    const elsewhere = await carrierWithKey(api);
    const stranger = await partnerClient(elsewhere.key).POST("/wefix-booking/{ref}/booking-code", { params: { path: { ref } }, body: {} });
    expect(stranger.response.status).toBe(404);
    const own = await ok(partnerClient(elsewhere.key).POST("/wefix-booking/build", { body: {} }), 201);
    const notConfirmOnly = await partnerClient(elsewhere.key).POST("/wefix-booking/{ref}/booking-code", { params: { path: { ref: own.data.booking_reference } }, body: {} });
    expect(notConfirmOnly.response.status).toBe(403);
    expect(notConfirmOnly.error).toMatchObject({ code: "FORBIDDEN" });
    await expect(api.t.engine.basket.redeemResumeToken(elsewhere.carrier, handed.data.booking_code)).rejects.toMatchObject({ code: "BK01" });

    // The customer on the site's Confirm booking page (booking.continue.tsx): the code, typed as read out, finds the booking and is spent.
    const found = await api.t.engine.basket.redeemResumeToken(carrier, ` ${handed.data.booking_code.toLowerCase()} `, { locale: "en" });
    expect(found).toMatchObject({ reference: ref, date, email: EMAIL });
    await expect(api.t.engine.basket.redeemResumeToken(carrier, handed.data.booking_code)).rejects.toMatchObject({ code: "BK01" });
    // …and confirms it by paying on the payment page (the engine's charge, in-process): the agent's key sees the order.
    const paid = await api.t.engine.checkout.charge(carrier, found.reference, { currency: "GBP", token: "fake-valid-nonce", payment_type: "card" });
    expect(paid.checkout_status).toBe("SUCCESS");
    const seen = await ok(client.GET("/wefix-booking/{ref}", { params: { path: { ref } } }));
    expect(seen.data.booking).toMatchObject({ checkout_status: "SUCCESS", order_id: paid.order_id });
  });
});
