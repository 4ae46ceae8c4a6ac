import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidNotificationSignatureError } from "../../ports/payment-notifications";
import { checkXml, disputeXml, settlementXml, signDelivery, WEBHOOK_TEST_ACCOUNT, webhookTestAccounts } from "../../testing/braintree-webhooks";
import { createBraintreeWebhookParser, minorFromDecimal, signedPublicKeys } from "./braintree-webhooks";

const recorded = JSON.parse(readFileSync(path.join(__dirname, "fixtures", "webhook-dispute-opened.json"), "utf8")) as { bt_signature: string; bt_payload: string };

describe("Braintree webhook verification (the SDK's webhookNotification.parse)", () => {
  const parser = createBraintreeWebhookParser({ accounts: webhookTestAccounts() });

  it("verifies a recorded bt_signature + bt_payload pair and reads the dispute", async () => {
    const { notification, scope } = await parser.parse(recorded.bt_signature, recorded.bt_payload);
    expect(notification).toEqual({
      provider: "braintree",
      kind: "dispute_opened",
      occurredAt: new Date("2025-06-20T14:03:11Z"),
      subject: {
        type: "dispute",
        id: "dsp_8m2n4k7q",
        status: "open",
        reason: "product_unsatisfactory",
        disputeKind: "chargeback",
        amountMinor: 25900,
        currency: "GBP",
        transactionId: "txn_recorded01",
        replyByDate: "2025-07-04",
      },
    });
    // The default account ("*") serves every carrier without an account of its own.
    expect(scope).toEqual({ excludeCarrierCodes: [] });
  });

  it("refuses a payload changed after signing, a signature by another key and a missing field", async () => {
    const tampered = Buffer.from(Buffer.from(recorded.bt_payload, "base64").toString("utf8").replace("259.00", "1.00")).toString("base64");
    await expect(parser.parse(recorded.bt_signature, tampered)).rejects.toBeInstanceOf(InvalidNotificationSignatureError);
    const forged = signDelivery(checkXml("2025-06-20T14:03:11Z"), { ...WEBHOOK_TEST_ACCOUNT, privateKey: "not-the-merchants-key" });
    await expect(parser.parse(forged.bt_signature, forged.bt_payload)).rejects.toThrow(/does not verify/);
    const stranger = signDelivery(checkXml("2025-06-20T14:03:11Z"), { ...WEBHOOK_TEST_ACCOUNT, publicKey: "someone_else" });
    await expect(parser.parse(stranger.bt_signature, stranger.bt_payload)).rejects.toThrow(/no configured Braintree account/);
    await expect(parser.parse("", recorded.bt_payload)).rejects.toBeInstanceOf(InvalidNotificationSignatureError);
  });

  it("reads settlement changes and the check ping; other kinds are not recorded", async () => {
    const settled = signDelivery(settlementXml({ kind: "transaction_settled", status: "settled", transactionId: "txn1", at: "2025-06-21T02:00:00Z", amount: "99" }));
    expect((await parser.parse(settled.bt_signature, settled.bt_payload)).notification.subject).toEqual({
      type: "transaction",
      id: "txn1",
      status: "settled",
      amountMinor: 9900,
      currency: "GBP",
    });
    const disbursed = signDelivery(settlementXml({ kind: "transaction_disbursed", transactionId: "txn1", at: "2025-06-22T02:00:00Z" }));
    expect((await parser.parse(disbursed.bt_signature, disbursed.bt_payload)).notification.subject).toMatchObject({ type: "transaction", status: "disbursed" });
    const check = signDelivery(checkXml("2025-06-21T02:00:00Z"));
    expect((await parser.parse(check.bt_signature, check.bt_payload)).notification.subject).toEqual({ type: "check" });
    const other = signDelivery(
      disputeXml({ kind: "dispute_won", status: "won", disputeId: "d1", transactionId: "txn1", at: "2025-06-21T02:00:00Z" }).replace("dispute_won", "subscription_canceled"),
    );
    expect((await parser.parse(other.bt_signature, other.bt_payload)).notification.subject).toEqual({ type: "other" });
  });

  it("verifies with the account whose public key signed, and scopes the orders to its carriers", async () => {
    const own = { ...WEBHOOK_TEST_ACCOUNT, publicKey: "acme_public", privateKey: "acme_private" };
    const scoped = createBraintreeWebhookParser({ accounts: webhookTestAccounts({ acme: own }) });
    const mine = signDelivery(checkXml("2025-06-21T02:00:00Z"), own);
    expect((await scoped.parse(mine.bt_signature, mine.bt_payload)).scope).toEqual({ carrierCodes: ["acme"] });
    const shared = signDelivery(checkXml("2025-06-21T02:00:00Z"));
    expect((await scoped.parse(shared.bt_signature, shared.bt_payload)).scope).toEqual({ excludeCarrierCodes: ["acme"] });
    expect(signedPublicKeys("a|1&b|2&broken")).toEqual(["a", "b"]);
  });

  it("turns Braintree's decimal amounts into minor units", () => {
    expect(minorFromDecimal("250.0")).toBe(25000);
    expect(minorFromDecimal("100")).toBe(10000);
    expect(minorFromDecimal("0.07")).toBe(7);
    expect(minorFromDecimal(null)).toBeNull();
    expect(minorFromDecimal("abc")).toBeNull();
  });
});
