import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBraintreeWebhookParser } from "../../booking/adapters/braintree/braintree-webhooks";
import type { CarrierContext } from "../../booking/domain/carrier";
import { disputeXml, signDelivery, webhookTestAccounts } from "../../booking/testing/braintree-webhooks";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../../booking/testing/engine";
import { handleBraintreeWebhook, parserFromEnv } from "./braintree-webhook.server";

let t: TestEngine;
let carrier: CarrierContext;
const parser = createBraintreeWebhookParser({ accounts: webhookTestAccounts() });
const recorded = JSON.parse(readFileSync(path.join(process.cwd(), "booking/adapters/braintree/fixtures/webhook-dispute-opened.json"), "utf8")) as { bt_signature: string; bt_payload: string };

beforeAll(async () => {
  t = await createTestEngine();
  carrier = await newCarrier(t);
});
afterAll(async () => {
  await t?.close();
});

const post = (fields: Record<string, string>, init: RequestInit = {}) =>
  new Request("http://patchpoint.localhost/api/braintree-webhook", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    ...init,
  });

const deps = () => ({ parser, engine: async () => t.engine });

describe("POST /api/braintree-webhook", () => {
  it("verifies Braintree's form post and records the dispute against the order", async () => {
    const { ref } = await readyBooking(t, carrier);
    const state = await t.engine.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-visa-nonce", payment_type: "card" });
    const [attempt] = await t.engine.paymentAttempts(carrier, ref);
    const delivery = signDelivery(disputeXml({ kind: "dispute_opened", status: "open", disputeId: "dsp_route", transactionId: attempt!.transactionId!, at: "2025-06-20T10:00:00Z" }));

    const answer = await handleBraintreeWebhook(post(delivery), deps());
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, kind: "dispute_opened", outcome: "applied", order_ref: state.order_id });
    expect((await t.engine.orderPaymentEvents(carrier, state.order_id!)).disputes[0]).toMatchObject({ status: "open", disputeId: "dsp_route" });

    // A retried delivery is answered 200 too, so Braintree stops retrying; nothing changes.
    expect(await (await handleBraintreeWebhook(post(delivery), deps())).json()).toMatchObject({ outcome: "duplicate" });
  });

  it("accepts the recorded pair (no order of ours: kept unmatched)", async () => {
    const answer = await handleBraintreeWebhook(post(recorded), deps());
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ kind: "dispute_opened", outcome: "applied", order_ref: null });
  });

  it("refuses a bad signature (401), a malformed delivery (400), other methods (405) and answers 404 when not configured", async () => {
    expect((await handleBraintreeWebhook(post({ ...recorded, bt_signature: "integration_public_key|0000" }), deps())).status).toBe(401);
    expect((await handleBraintreeWebhook(post({ ...recorded, bt_payload: "<xml/>" }), deps())).status).toBe(401);
    expect((await handleBraintreeWebhook(post({ bt_signature: recorded.bt_signature }), deps())).status).toBe(400);
    expect((await handleBraintreeWebhook(new Request("http://x/api/braintree-webhook"), deps())).status).toBe(405);
    expect((await handleBraintreeWebhook(post(recorded), { parser: null, engine: deps().engine })).status).toBe(404);
    const json = await handleBraintreeWebhook(post({}, { headers: { "content-type": "application/json" }, body: JSON.stringify(recorded) }), deps());
    expect(json.status).toBe(200);
  });

  it("builds its verifier from the Braintree credentials in the environment", () => {
    expect(parserFromEnv({})).toBeNull();
    expect(parserFromEnv({ BRAINTREE_MERCHANT_ID: "m", BRAINTREE_PUBLIC_KEY: "integration_public_key", BRAINTREE_PRIVATE_KEY: "integration_private_key" })).not.toBeNull();
  });
});
