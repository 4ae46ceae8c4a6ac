import { createHmac, timingSafeEqual } from "node:crypto";

/** `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of the raw body>` (docs/content-model.md). */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

export function verifyWebhookSignature(body: string, header: string | null, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWebhookBody(body, secret));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
