import { describe, expect, it } from "vitest";
import { signWebhookBody, verifyWebhookSignature } from "./webhook-signature.server";

describe("CMS webhook signature", () => {
  const body = JSON.stringify({ event: "entry.update", model: "faq-item", carrierCode: "alpha", locale: "en" });

  it("accepts the HMAC of the exact body with the shared secret", () => {
    expect(verifyWebhookSignature(body, signWebhookBody(body, "s3cret"), "s3cret")).toBe(true);
  });

  it("rejects a missing header, another secret and a changed body", () => {
    expect(verifyWebhookSignature(body, null, "s3cret")).toBe(false);
    expect(verifyWebhookSignature(body, signWebhookBody(body, "other"), "s3cret")).toBe(false);
    expect(verifyWebhookSignature(`${body} `, signWebhookBody(body, "s3cret"), "s3cret")).toBe(false);
  });
});
