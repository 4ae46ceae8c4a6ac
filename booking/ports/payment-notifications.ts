/**
 * A payment provider's notification (webhook) after the sale: a dispute (chargeback) opened, won,
 * lost …, or a settlement change of a transaction. Verified and parsed by the provider's adapter
 * (Braintree: `webhookNotification.parse`), recorded against the order by the engine
 * (`booking/payments/notifications.ts`, ADR 027). Money in integer minor units.
 */

export type PaymentNotificationSubject =
  | {
      type: "dispute";
      /** The provider's dispute id. */
      id: string;
      /** open, won, lost, accepted, disputed, expired, under_review, auto_accepted … */
      status: string;
      reason: string | null;
      /** chargeback, retrieval, pre_arbitration … */
      disputeKind: string | null;
      amountMinor: number | null;
      currency: string | null;
      /** The disputed sale: the order's transaction id. */
      transactionId: string;
      replyByDate: string | null;
    }
  | {
      type: "transaction";
      /** The sale's id: the order's transaction id. */
      id: string;
      /** settled, settlement_declined, settlement_pending, submitted_for_settlement, disbursed … */
      status: string;
      amountMinor: number | null;
      currency: string | null;
    }
  /** The provider's test ping ('check'): verified, nothing to record. */
  | { type: "check" }
  /** A kind the engine does not record (subscriptions, merchant accounts …). */
  | { type: "other" };

export interface PaymentNotification {
  provider: string;
  /** The provider's notification kind, e.g. dispute_opened, transaction_settled. */
  kind: string;
  /** When the provider raised it: later deliveries of older notifications are ignored. */
  occurredAt: Date;
  subject: PaymentNotificationSubject;
}

/** Which carriers' orders a verified notification may concern (the merchant account's carriers). */
export interface NotificationScope {
  /** Only these carriers (an account of their own). */
  carrierCodes?: string[];
  /** Every carrier but these (the default account: carriers with an account of their own are not its). */
  excludeCarrierCodes?: string[];
}

export class InvalidNotificationSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidNotificationSignatureError";
  }
}

/** A provider's webhook delivery as it reached the web app: the raw body and its content type. */
export interface PaymentWebhookDelivery {
  contentType: string | null;
  body: string;
}

/**
 * Reads and verifies a provider's webhook deliveries (ADR 027, ADR 040). The provider's field names
 * and signature scheme stay in its adapter; the web app passes the body through.
 */
export interface PaymentWebhookReceiver {
  /**
   * The verified notification and the carriers it may concern; null when the delivery lacks the
   * provider's fields. Throws InvalidNotificationSignatureError when no configured account signed it.
   */
  receive(delivery: PaymentWebhookDelivery): Promise<{ notification: PaymentNotification; scope: NotificationScope } | null>;
}
