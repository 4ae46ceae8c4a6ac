/**
 * Braintree webhooks (issue 5 item 9, ADR 027): verifies a delivery's `bt_signature` against the
 * `bt_payload` with the SDK's `webhookNotification.parse` (HMAC-SHA1 with the merchant's private
 * key, matched by the public key the signature names) and turns the SDK's notification into the
 * engine's `PaymentNotification`: disputes (dispute_*) and settlement changes (transaction_settled,
 * transaction_settlement_declined, transaction_disbursed). Every configured account is tried whose
 * public key the signature names, so one endpoint serves every carrier's merchant; the account
 * found also says which carriers' orders the notification may concern.
 */
import braintree from "braintree";
import {
  InvalidNotificationSignatureError,
  type NotificationScope,
  type PaymentNotification,
  type PaymentNotificationSubject,
  type PaymentWebhookDelivery,
  type PaymentWebhookReceiver,
} from "../../ports/payment-notifications";
import type { BraintreeAccount, BraintreeAccounts } from "./accounts";

/** The part of the SDK gateway this module uses (tests may inject one). */
export interface BraintreeWebhookSdk {
  webhookNotification: { parse(signature: string, payload: string): Promise<BraintreeSdkNotification> };
}

interface SdkAmountHolder {
  id?: string;
  status?: string;
  amount?: string | null;
  currencyIsoCode?: string | null;
}

/** What the SDK's WebhookNotification carries for the kinds recorded here. */
export interface BraintreeSdkNotification {
  kind: string;
  timestamp: string | Date;
  dispute?: SdkAmountHolder & {
    reason?: string | null;
    kind?: string | null;
    amountDisputed?: string | null;
    replyByDate?: string | null;
    transaction?: { id?: string; amount?: string | null } | null;
    transactionDetails?: { id?: string; amount?: string | null } | null;
  };
  transaction?: SdkAmountHolder;
  subject?: { check?: boolean };
}

export interface BraintreeWebhookParser {
  /** Throws InvalidNotificationSignatureError when no configured account signed the payload. */
  parse(signature: string, payload: string): Promise<{ notification: PaymentNotification; scope: NotificationScope }>;
}

export function defaultWebhookSdkFor(account: BraintreeAccount): BraintreeWebhookSdk {
  return new braintree.BraintreeGateway({
    environment: account.environment === "production" ? braintree.Environment.Production : braintree.Environment.Sandbox,
    merchantId: account.merchantId,
    publicKey: account.publicKey,
    privateKey: account.privateKey,
  }) as unknown as BraintreeWebhookSdk;
}

/** "250.00" / "250.0" / "100" (Braintree writes amounts in the major unit) → minor units; null when absent or not a number. */
export function minorFromDecimal(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const text = String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

const SETTLEMENT_KINDS = new Set(["transaction_settled", "transaction_settlement_declined", "transaction_disbursed"]);

function subjectOf(sdk: BraintreeSdkNotification): PaymentNotificationSubject {
  if (sdk.kind === "check") return { type: "check" };
  if (sdk.kind.startsWith("dispute_") && sdk.dispute?.id) {
    const dispute = sdk.dispute;
    const transaction = dispute.transaction ?? dispute.transactionDetails ?? null;
    if (!transaction?.id) return { type: "other" };
    return {
      type: "dispute",
      id: dispute.id!,
      status: dispute.status ?? sdk.kind.slice("dispute_".length),
      reason: dispute.reason ?? null,
      disputeKind: dispute.kind ?? null,
      amountMinor: minorFromDecimal(dispute.amountDisputed ?? dispute.amount ?? transaction.amount),
      currency: dispute.currencyIsoCode ?? null,
      transactionId: transaction.id,
      replyByDate: dispute.replyByDate ?? null,
    };
  }
  if (SETTLEMENT_KINDS.has(sdk.kind) && sdk.transaction?.id) {
    const transaction = sdk.transaction;
    return {
      type: "transaction",
      id: transaction.id!,
      // A disbursement notification carries no status: the money reached the merchant's bank.
      status: sdk.kind === "transaction_disbursed" ? "disbursed" : (transaction.status ?? sdk.kind.slice("transaction_".length)),
      amountMinor: minorFromDecimal(transaction.amount),
      currency: transaction.currencyIsoCode ?? null,
    };
  }
  return { type: "other" };
}

export function notificationFromSdk(sdk: BraintreeSdkNotification): PaymentNotification {
  const occurredAt = sdk.timestamp instanceof Date ? sdk.timestamp : new Date(sdk.timestamp);
  if (Number.isNaN(occurredAt.getTime())) throw new InvalidNotificationSignatureError("notification without a valid timestamp");
  return { provider: "braintree", kind: sdk.kind, occurredAt, subject: subjectOf(sdk) };
}

/** The public keys a bt_signature names ("public_key|hex&public_key|hex"). */
export function signedPublicKeys(signature: string): string[] {
  return signature
    .split("&")
    .map((pair) => pair.split("|"))
    .filter((pair) => pair.length === 2 && pair[0])
    .map((pair) => pair[0]!.trim());
}

export function createBraintreeWebhookParser(options: { accounts: BraintreeAccounts; sdkFor?: (account: BraintreeAccount) => BraintreeWebhookSdk }): BraintreeWebhookParser {
  const sdkFor = options.sdkFor ?? defaultWebhookSdkFor;
  const gateways = new Map<string, BraintreeWebhookSdk>();
  const entries = Object.entries(options.accounts.accounts);
  const ownAccounts = entries.filter(([code]) => code !== "*").map(([code]) => code);

  return {
    async parse(signature, payload) {
      if (!signature || !payload) throw new InvalidNotificationSignatureError("bt_signature and bt_payload are required");
      const keys = new Set(signedPublicKeys(signature));
      const candidates = entries.filter(([, account]) => keys.has(account.publicKey));
      if (!candidates.length) throw new InvalidNotificationSignatureError("no configured Braintree account signed this notification");
      let lastError: unknown = null;
      for (const [code, account] of candidates) {
        let gateway = gateways.get(code);
        if (!gateway) gateways.set(code, (gateway = sdkFor(account)));
        let sdk: BraintreeSdkNotification;
        try {
          sdk = await gateway.webhookNotification.parse(signature, payload);
        } catch (error) {
          lastError = error;
          continue;
        }
        // Carriers sharing one merchant: every carrier whose account has this public key.
        const sharing = candidates.map(([candidate]) => candidate);
        const scope: NotificationScope = sharing.includes("*") ? { excludeCarrierCodes: ownAccounts.filter((own) => !sharing.includes(own)) } : { carrierCodes: sharing };
        return { notification: notificationFromSdk(sdk), scope };
      }
      throw new InvalidNotificationSignatureError(`signature does not verify: ${(lastError as Error)?.message ?? "unknown"}`);
    },
  };
}

/** Braintree posts `bt_signature` and `bt_payload` as form fields (JSON accepted too); null when either is missing. */
export function braintreeDeliveryFields(delivery: PaymentWebhookDelivery): { signature: string; payload: string } | null {
  let fields: Record<string, unknown>;
  if ((delivery.contentType ?? "").includes("application/json")) {
    try {
      fields = JSON.parse(delivery.body) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (!fields || typeof fields !== "object") return null;
  } else fields = Object.fromEntries(new URLSearchParams(delivery.body));
  const signature = fields.bt_signature;
  const payload = fields.bt_payload;
  if (typeof signature !== "string" || typeof payload !== "string" || !signature || !payload) return null;
  return { signature, payload };
}

/** The engine's webhook port for Braintree: the delivery's fields, verified by the parser. */
export function createBraintreeWebhookReceiver(parser: BraintreeWebhookParser): PaymentWebhookReceiver {
  return {
    async receive(delivery) {
      const fields = braintreeDeliveryFields(delivery);
      return fields ? parser.parse(fields.signature, fields.payload) : null;
    },
  };
}
