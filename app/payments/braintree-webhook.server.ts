/**
 * The Braintree webhook endpoint's work (issue 5 item 9, ADR 027): Braintree posts
 * `bt_signature` and `bt_payload` as form fields; the signature is verified with the merchant's
 * keys (BRAINTREE_ACCOUNTS / BRAINTREE_*, the same credentials as the card payments), and a
 * dispute or settlement change is recorded against the order by the engine, older or repeated
 * deliveries ignored. Answers: 200 once handled (Braintree stops retrying), 401 for a bad
 * signature, 400 for a malformed delivery, 404 when no Braintree account is configured.
 */
import { braintreeAccountsFromEnv } from "../../booking/adapters/braintree/accounts";
import { createBraintreeWebhookParser, type BraintreeWebhookParser } from "../../booking/adapters/braintree/braintree-webhooks";
import { InvalidNotificationSignatureError } from "../../booking/ports/payment-notifications";
import type { Engine } from "~/booking.server";

export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024;

export interface BraintreeWebhookDeps {
  parser: BraintreeWebhookParser | null;
  engine: () => Promise<Pick<Engine, "recordPaymentNotification">>;
  log?: (line: string) => void;
}

let cachedParser: BraintreeWebhookParser | null | undefined;

/** The parser for the configured Braintree accounts; null when none is configured (the offline sandbox). */
export function parserFromEnv(env: Record<string, string | undefined> = process.env): BraintreeWebhookParser | null {
  if (cachedParser !== undefined && env === process.env) return cachedParser;
  const configured = Boolean(env.BRAINTREE_ACCOUNTS?.trim() || env.BRAINTREE_MERCHANT_ID || env.BRAINTREE_PUBLIC_KEY || env.BRAINTREE_PRIVATE_KEY);
  const parser = configured ? createBraintreeWebhookParser({ accounts: braintreeAccountsFromEnv(env) }) : null;
  if (env === process.env) cachedParser = parser;
  return parser;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

async function deliveryOf(request: Request): Promise<{ signature: string; payload: string } | null> {
  const text = await request.text();
  if (text.length > MAX_WEBHOOK_BODY_BYTES) return null;
  const type = request.headers.get("content-type") ?? "";
  let fields: Record<string, unknown>;
  if (type.includes("application/json")) {
    try {
      fields = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return null;
    }
  } else fields = Object.fromEntries(new URLSearchParams(text));
  const signature = fields.bt_signature;
  const payload = fields.bt_payload;
  if (typeof signature !== "string" || typeof payload !== "string" || !signature || !payload) return null;
  return { signature, payload };
}

export async function handleBraintreeWebhook(request: Request, deps: BraintreeWebhookDeps): Promise<Response> {
  if (request.method !== "POST") return json({ error: "method not allowed" }, 405);
  if (!deps.parser) return json({ error: "Braintree webhooks are not configured" }, 404);
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_WEBHOOK_BODY_BYTES) return json({ error: "payload too large" }, 413);
  const delivery = await deliveryOf(request);
  if (!delivery) return json({ error: "bt_signature and bt_payload are required" }, 400);
  let parsed;
  try {
    parsed = await deps.parser.parse(delivery.signature, delivery.payload);
  } catch (error) {
    if (error instanceof InvalidNotificationSignatureError) return json({ error: "invalid signature" }, 401);
    // The SDK rejects a payload it cannot read as Braintree's (bad characters, bad XML) the same way.
    return json({ error: "invalid notification" }, 401);
  }
  const engine = await deps.engine();
  const recorded = await engine.recordPaymentNotification(parsed.notification, parsed.scope);
  deps.log?.(
    `braintree webhook ${parsed.notification.kind} at ${parsed.notification.occurredAt.toISOString()}: ${recorded.outcome}${recorded.orderRef ? ` (order ${recorded.orderRef})` : ""}`,
  );
  return json({ ok: true, kind: parsed.notification.kind, outcome: recorded.outcome, order_ref: recorded.orderRef });
}
