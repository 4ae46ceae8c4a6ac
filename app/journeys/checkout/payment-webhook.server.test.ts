import { describe, expect, it } from "vitest";
import type { PaymentWebhookAnswer } from "~/booking.server";
import { handlePaymentWebhookRequest } from "./payment-webhook.server";

const post = (body: string, init: RequestInit = {}) =>
  new Request("http://patchpoint.localhost/api/braintree-webhook", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body, ...init });

/** An engine that answers every delivery with `answer` and remembers what it was handed. */
function engineAnswering(answer: PaymentWebhookAnswer, configured = true) {
  const handed: { contentType: string | null; body: string }[] = [];
  const engine = {
    capabilities: () => ({ paymentWebhooks: configured }) as never,
    payments: { handlePaymentWebhook: async (delivery: { contentType: string | null; body: string }) => (handed.push(delivery), answer) },
  };
  return { handed, deps: { engine: async () => engine } };
}

describe("POST /api/braintree-webhook: the engine's answer as HTTP", () => {
  it("passes the body and its content type through and answers 200 with what was recorded", async () => {
    const { handed, deps } = engineAnswering({
      outcome: "recorded",
      provider: "braintree",
      kind: "dispute_opened",
      occurredAt: new Date("2025-06-20T10:00:00Z"),
      recorded: "applied",
      orderRef: 42,
    });
    const answer = await handlePaymentWebhookRequest(post("bt_signature=s&bt_payload=p"), deps);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, kind: "dispute_opened", outcome: "applied", order_ref: 42 });
    expect(handed).toEqual([{ contentType: "application/x-www-form-urlencoded", body: "bt_signature=s&bt_payload=p" }]);
  });

  it("answers 401 for a bad signature or an unreadable notification, 400 for a malformed delivery", async () => {
    expect((await handlePaymentWebhookRequest(post("x"), engineAnswering({ outcome: "invalid-signature" }).deps)).status).toBe(401);
    expect((await handlePaymentWebhookRequest(post("x"), engineAnswering({ outcome: "unreadable" }).deps)).status).toBe(401);
    expect((await handlePaymentWebhookRequest(post("x"), engineAnswering({ outcome: "malformed" }).deps)).status).toBe(400);
  });

  it("answers 405 to other methods, 404 when no account is configured and 413 to an oversized body, without handing it on", async () => {
    const { handed, deps } = engineAnswering({ outcome: "malformed" });
    expect((await handlePaymentWebhookRequest(new Request("http://x/api/braintree-webhook"), deps)).status).toBe(405);
    expect((await handlePaymentWebhookRequest(post("x"), engineAnswering({ outcome: "not-configured" }, false).deps)).status).toBe(404);
    expect((await handlePaymentWebhookRequest(post("x", { headers: { "content-length": String(10 * 1024 * 1024) } }), deps)).status).toBe(413);
    expect(handed).toEqual([]);
  });
});
