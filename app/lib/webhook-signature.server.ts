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

/** The request's URL when its `X-Webhook-Signature` signs "<path>?<query>" (the CMS's signed GETs, ADR 079); null otherwise. */
export function signedRequestUrl(request: Request, secret: string): URL | null {
  const url = new URL(request.url);
  return verifyWebhookSignature(`${url.pathname}${url.search}`, request.headers.get("x-webhook-signature"), secret) ? url : null;
}
