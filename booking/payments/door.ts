/** `engine.payments` (payments/): provider webhooks and payment events recorded against the order (ADR 027). */
import { read, write } from "../door";
import type { NotificationScope, PaymentNotification, PaymentWebhookDelivery } from "../ports/payment-notifications";
import * as notifications from "./notifications";
import * as webhooks from "./webhooks";

export const paymentsDoor = {
  /** A provider's webhook delivery: verified by its adapter, then recorded against the order (ADR 027). */
  handlePaymentWebhook: write(({ ctx, sends, webhookReceiver }) =>
    sends(async (delivery: PaymentWebhookDelivery) => webhooks.handlePaymentWebhook(ctx, webhookReceiver(), delivery)),
  ),
  /** A provider's verified webhook (dispute, settlement change), recorded against the order (ADR 027). */
  recordPaymentNotification: write(
    ({ ctx }) =>
      async (notification: PaymentNotification, scope?: NotificationScope) =>
        notifications.recordPaymentNotification(ctx, notification, scope),
  ),
  orderPaymentEvents: read((k) => k.op(notifications.orderPaymentEvents)),
};
