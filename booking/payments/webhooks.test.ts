import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBraintreeWebhookParser, createBraintreeWebhookReceiver } from "../adapters/braintree/braintree-webhooks";
import type { CarrierContext } from "../domain/carrier";
import { disputeXml, signDelivery, webhookTestAccounts } from "../testing/braintree-webhooks";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../testing/engine";
import { MAX_WEBHOOK_BODY_BYTES } from "./webhooks";

let t: TestEngine;
let carrier: CarrierContext;
const receiver = createBraintreeWebhookReceiver(createBraintreeWebhookParser({ accounts: webhookTestAccounts() }));
const recorded = JSON.parse(readFileSync(path.join(__dirname, "../adapters/braintree/fixtures/webhook-dispute-opened.json"), "utf8")) as {
  bt_signature: string;
  bt_payload: string;
};

beforeAll(async () => {
  t = await createTestEngine({ paymentWebhooks: () => receiver });
  carrier = await newCarrier(t);
});
afterAll(async () => {
  await t?.close();
});

const form = (fields: Record<string, string>) => ({ contentType: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() });

describe("engine.payments.handlePaymentWebhook (ADR 027): the provider's delivery, verified and recorded by the engine", () => {
  it("says it can verify webhooks when an account is configured", () => {
    expect(t.engine.capabilities().paymentWebhooks).toBe(true);
  });

  it("verifies Braintree's form post and records the dispute against the order; a retried delivery changes nothing", async () => {
    const { ref } = await readyBooking(t, carrier);
    const state = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-visa-nonce", payment_type: "card" });
    const [attempt] = await t.engine.checkout.paymentAttempts(carrier, ref);
    const delivery = form(
      signDelivery(disputeXml({ kind: "dispute_opened", status: "open", disputeId: "dsp_route", transactionId: attempt!.transactionId!, at: "2025-06-20T10:00:00Z" })),
    );

    expect(await t.engine.payments.handlePaymentWebhook(delivery)).toMatchObject({
      outcome: "recorded",
      provider: "braintree",
      kind: "dispute_opened",
      recorded: "applied",
      orderRef: state.order_id,
    });
    expect((await t.engine.payments.orderPaymentEvents(carrier, state.order_id!)).disputes[0]).toMatchObject({ status: "open", disputeId: "dsp_route" });
    expect(await t.engine.payments.handlePaymentWebhook(delivery)).toMatchObject({ outcome: "recorded", recorded: "duplicate" });
  });

  it("accepts the recorded pair, as a form or as JSON (no order of ours: kept unmatched)", async () => {
    expect(await t.engine.payments.handlePaymentWebhook(form(recorded))).toMatchObject({ outcome: "recorded", kind: "dispute_opened", recorded: "applied", orderRef: null });
    expect(await t.engine.payments.handlePaymentWebhook({ contentType: "application/json", body: JSON.stringify(recorded) })).toMatchObject({
      outcome: "recorded",
      recorded: "duplicate",
    });
  });

  it("refuses a bad signature, an unreadable payload, a delivery without the provider's fields and an oversized body", async () => {
    expect(await t.engine.payments.handlePaymentWebhook(form({ ...recorded, bt_signature: "integration_public_key|0000" }))).toEqual({ outcome: "invalid-signature" });
    expect((await t.engine.payments.handlePaymentWebhook(form({ ...recorded, bt_payload: "<xml/>" }))).outcome).toMatch(/invalid-signature|unreadable/);
    expect(await t.engine.payments.handlePaymentWebhook(form({ bt_signature: recorded.bt_signature }))).toEqual({ outcome: "malformed" });
    expect(await t.engine.payments.handlePaymentWebhook({ contentType: "application/json", body: "{not json" })).toEqual({ outcome: "malformed" });
    expect(await t.engine.payments.handlePaymentWebhook({ contentType: null, body: "x".repeat(MAX_WEBHOOK_BODY_BYTES + 1) })).toEqual({ outcome: "malformed" });
  });

  it("answers not-configured where no account verifies webhooks", async () => {
    const bare = await createTestEngine({ opened: t.opened });
    expect(bare.engine.capabilities().paymentWebhooks).toBe(false);
    expect(await bare.engine.payments.handlePaymentWebhook(form(recorded))).toEqual({ outcome: "not-configured" });
  });
});
