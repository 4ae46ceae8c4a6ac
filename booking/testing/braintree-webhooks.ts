/**
 * Signed Braintree webhook deliveries for tests: Braintree's notification XML for a dispute or a
 * settlement change, base64-encoded and signed the way Braintree signs them (the SDK's
 * webhookTesting.sampleSignature: public key | HMAC-SHA1 keyed with SHA-1 of the private key).
 */
import braintree from "braintree";
import type { BraintreeAccount, BraintreeAccounts } from "../adapters/braintree/accounts";

export const WEBHOOK_TEST_ACCOUNT: BraintreeAccount = {
  environment: "sandbox",
  merchantId: "integration_merchant_id",
  publicKey: "integration_public_key",
  privateKey: "integration_private_key",
  merchantAccounts: {},
};

export const webhookTestAccounts = (extra: Record<string, BraintreeAccount> = {}): BraintreeAccounts => ({ accounts: { "*": WEBHOOK_TEST_ACCOUNT, ...extra } });

export type SignedDelivery = { bt_signature: string; bt_payload: string };

export function signDelivery(xml: string, account: BraintreeAccount = WEBHOOK_TEST_ACCOUNT): SignedDelivery {
  const gateway = new braintree.BraintreeGateway({
    environment: braintree.Environment.Sandbox,
    merchantId: account.merchantId,
    publicKey: account.publicKey,
    privateKey: account.privateKey,
  }) as unknown as { webhookTesting: { sampleSignature(payload: string): string } };
  const payload = `${Buffer.from(xml).toString("base64")}\n`;
  return { bt_signature: gateway.webhookTesting.sampleSignature(payload), bt_payload: payload };
}

const notification = (kind: string, at: string, subject: string) => `<notification>
  <timestamp type="datetime">${at}</timestamp>
  <kind>${kind}</kind>
  <subject>${subject}</subject>
</notification>`;

/** dispute_opened / dispute_won / dispute_lost … for a sale, as Braintree writes it. */
export function disputeXml(input: {
  kind: string;
  status: string;
  disputeId: string;
  transactionId: string;
  at: string;
  amount?: string;
  currency?: string;
  reason?: string;
}): string {
  return notification(
    input.kind,
    input.at,
    `<dispute>
    <amount>${input.amount ?? "259.00"}</amount>
    <amount-disputed>${input.amount ?? "259.00"}</amount-disputed>
    <currency-iso-code>${input.currency ?? "GBP"}</currency-iso-code>
    <reply-by-date type="date">2025-07-04</reply-by-date>
    <kind>chargeback</kind>
    <status>${input.status}</status>
    <reason>${input.reason ?? "fraud"}</reason>
    <id>${input.disputeId}</id>
    <transaction>
      <id>${input.transactionId}</id>
      <amount>${input.amount ?? "259.00"}</amount>
    </transaction>
  </dispute>`,
  );
}

/** transaction_settled / transaction_settlement_declined / transaction_disbursed for a sale. */
export function settlementXml(input: { kind: string; transactionId: string; at: string; status?: string; amount?: string; currency?: string }): string {
  return notification(
    input.kind,
    input.at,
    `<transaction>
    <id>${input.transactionId}</id>
    ${input.status ? `<status>${input.status}</status>` : ""}
    <type>sale</type>
    <currency-iso-code>${input.currency ?? "GBP"}</currency-iso-code>
    <amount>${input.amount ?? "259.00"}</amount>
  </transaction>`,
  );
}

export const checkXml = (at: string) => notification("check", at, '<check type="boolean">true</check>');
