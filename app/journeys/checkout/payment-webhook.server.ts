/**
 * A payment provider's webhook endpoint (ADR 027, ADR 040): the engine reads and verifies the
 * delivery and records a dispute or settlement change against the order; this turns its answer
 * into HTTP. 200 once handled (the provider stops retrying), 401 for a bad signature, 400 for a
 * malformed delivery, 404 when no provider account is configured, 405 and 413 at the door.
 */
import { MAX_WEBHOOK_BODY_BYTES, type Engine, type PaymentsArea } from "~/booking.server";

export interface PaymentWebhookDeps {
  engine: () => Promise<Pick<Engine, "capabilities"> & { payments: Pick<PaymentsArea, "handlePaymentWebhook"> }>;
  log?: (line: string) => void;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

export async function handlePaymentWebhookRequest(request: Request, deps: PaymentWebhookDeps): Promise<Response> {
  if (request.method !== "POST") return json({ error: "method not allowed" }, 405);
  const engine = await deps.engine();
  if (!engine.capabilities().paymentWebhooks) return json({ error: "payment webhooks are not configured" }, 404);
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_WEBHOOK_BODY_BYTES) return json({ error: "payload too large" }, 413);
  const answer = await engine.payments.handlePaymentWebhook({ contentType: request.headers.get("content-type"), body: await request.text() });
  switch (answer.outcome) {
    case "not-configured":
      return json({ error: "payment webhooks are not configured" }, 404);
    case "malformed":
      return json({ error: "the provider's signature and payload fields are required" }, 400);
    case "invalid-signature":
      return json({ error: "invalid signature" }, 401);
    case "unreadable":
      return json({ error: "invalid notification" }, 401);
    case "recorded":
      deps.log?.(
        `payment webhook (${answer.provider}) ${answer.kind} at ${answer.occurredAt.toISOString()}: ${answer.recorded}${answer.orderRef ? ` (order ${answer.orderRef})` : ""}`,
      );
      return json({ ok: true, kind: answer.kind, outcome: answer.recorded, order_ref: answer.orderRef });
  }
}
