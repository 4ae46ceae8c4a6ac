/**
 * A payment provider's webhook, end to end in the engine (ADR 027, ADR 040): the configured
 * receiver reads and verifies the delivery, the notification is recorded against the order. The web
 * app only passes the body through and turns the answer into an HTTP status.
 */
import type { EngineContext } from "../context";
import { InvalidNotificationSignatureError, type PaymentWebhookDelivery, type PaymentWebhookReceiver } from "../ports/payment-notifications";
import { recordPaymentNotification, type RecordedNotification } from "./notifications";

/** Larger deliveries are refused before they are read (413) or, when read, as malformed. */
export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024;

export type PaymentWebhookAnswer =
  /** No provider account is configured to verify deliveries. */
  | { outcome: "not-configured" }
  /** The provider's fields are missing, or the body is too large. */
  | { outcome: "malformed" }
  /** No configured account signed it. */
  | { outcome: "invalid-signature" }
  /** The provider could not read it as its own (bad characters, bad XML). */
  | { outcome: "unreadable" }
  | { outcome: "recorded"; provider: string; kind: string; occurredAt: Date; recorded: RecordedNotification["outcome"]; orderRef: number | null };

export async function handlePaymentWebhook(ctx: EngineContext, receiver: PaymentWebhookReceiver | null, delivery: PaymentWebhookDelivery): Promise<PaymentWebhookAnswer> {
  if (!receiver) return { outcome: "not-configured" };
  if (delivery.body.length > MAX_WEBHOOK_BODY_BYTES) return { outcome: "malformed" };
  let received;
  try {
    received = await receiver.receive(delivery);
  } catch (error) {
    return { outcome: error instanceof InvalidNotificationSignatureError ? "invalid-signature" : "unreadable" };
  }
  if (!received) return { outcome: "malformed" };
  const { notification, scope } = received;
  const recorded = await recordPaymentNotification(ctx, notification, scope);
  return {
    outcome: "recorded",
    provider: notification.provider,
    kind: notification.kind,
    occurredAt: notification.occurredAt,
    recorded: recorded.outcome,
    orderRef: recorded.orderRef,
  };
}
