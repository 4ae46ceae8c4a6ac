import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBraintreeWebhookParser } from "../adapters/braintree/braintree-webhooks";
import type { CarrierContext } from "../domain/carrier";
import { disputeXml, settlementXml, signDelivery, webhookTestAccounts } from "../testing/braintree-webhooks";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../testing/engine";

let t: TestEngine;
let uk: CarrierContext;
let other: CarrierContext;
const parser = createBraintreeWebhookParser({ accounts: webhookTestAccounts() });

beforeAll(async () => {
  t = await createTestEngine();
  uk = await newCarrier(t);
  other = await newCarrier(t);
});
afterAll(async () => {
  await t?.close();
});

const DAYS = ["2025-06-03", "2025-06-04", "2025-06-05", "2025-06-06"];
let day = 0;

/** A paid card order: its reference and the sale's transaction id. */
async function paidOrder(carrier: CarrierContext) {
  const { ref } = await readyBooking(t, carrier, { date: DAYS[day++ % DAYS.length] });
  const state = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-visa-nonce", payment_type: "card" });
  const [attempt] = await t.engine.checkout.paymentAttempts(carrier, ref);
  return { orderRef: Number(state.order_id), transactionId: attempt!.transactionId! };
}

async function deliver(xml: string, scope?: Parameters<TestEngine["engine"]["payments"]["recordPaymentNotification"]>[1]) {
  const { bt_signature, bt_payload } = signDelivery(xml);
  const parsed = await parser.parse(bt_signature, bt_payload);
  return t.engine.payments.recordPaymentNotification(parsed.notification, scope ?? parsed.scope);
}

describe("payment notifications recorded against the order (ADR 027)", () => {
  it("records a dispute's life against its order; an older delivery after a newer one is ignored", async () => {
    const order = await paidOrder(uk);
    const opened = disputeXml({ kind: "dispute_opened", status: "open", disputeId: "dsp_1", transactionId: order.transactionId, at: "2025-06-20T10:00:00Z" });
    const underReview = disputeXml({ kind: "dispute_under_review", status: "under_review", disputeId: "dsp_1", transactionId: order.transactionId, at: "2025-06-25T10:00:00Z" });
    const won = disputeXml({ kind: "dispute_won", status: "won", disputeId: "dsp_1", transactionId: order.transactionId, at: "2025-07-10T10:00:00Z" });

    expect(await deliver(opened)).toEqual({ outcome: "applied", key: "webhook:dispute:dsp_1", orderRef: order.orderRef, carrierCode: uk.code });
    expect((await deliver(won)).outcome).toBe("applied");
    // Under review was raised before the win but delivered after it: the order stays 'won'.
    expect((await deliver(underReview)).outcome).toBe("out_of_order");
    // Braintree retries a delivery it did not see answered: nothing changes.
    expect((await deliver(won)).outcome).toBe("duplicate");

    const events = await t.engine.payments.orderPaymentEvents(uk, order.orderRef);
    expect(events.settlement).toBeNull();
    expect(events.disputes).toHaveLength(1);
    expect(events.disputes[0]).toMatchObject({
      type: "dispute",
      provider: "braintree",
      disputeId: "dsp_1",
      transactionId: order.transactionId,
      orderRef: order.orderRef,
      carrierCode: uk.code,
      status: "won",
      kind: "dispute_won",
      reason: "fraud",
      amountMinor: 25900,
      currency: "GBP",
      notifiedAt: "2025-07-10T10:00:00.000Z",
    });
    expect(events.disputes[0]!.history.map((entry) => entry.status)).toEqual(["open", "won"]);
  });

  it("records settlement changes, newest wins whatever the delivery order", async () => {
    const order = await paidOrder(uk);
    const settled = settlementXml({ kind: "transaction_settled", status: "settled", transactionId: order.transactionId, at: "2025-06-21T02:00:00Z" });
    const disbursed = settlementXml({ kind: "transaction_disbursed", transactionId: order.transactionId, at: "2025-06-23T02:00:00Z" });
    expect((await deliver(disbursed)).outcome).toBe("applied");
    expect((await deliver(settled)).outcome).toBe("out_of_order");
    const events = await t.engine.payments.orderPaymentEvents(uk, order.orderRef);
    expect(events.settlement).toMatchObject({ type: "settlement", status: "disbursed", orderRef: order.orderRef, transactionId: order.transactionId });
    expect(events.settlement!.history).toHaveLength(1);
  });

  it("two deliveries of the same subject at once: one is applied, the other is ignored", async () => {
    const order = await paidOrder(uk);
    const declined = settlementXml({ kind: "transaction_settlement_declined", status: "settlement_declined", transactionId: order.transactionId, at: "2025-06-22T02:00:00Z" });
    const outcomes = await Promise.all([deliver(declined), deliver(declined), deliver(declined)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["applied", "duplicate", "duplicate"]);
    expect((await t.engine.payments.orderPaymentEvents(uk, order.orderRef)).settlement).toMatchObject({ status: "settlement_declined" });
  });

  it("keeps a notification for a sale it cannot match, and never attaches it to another merchant's carrier", async () => {
    const unknown = await deliver(disputeXml({ kind: "dispute_opened", status: "open", disputeId: "dsp_unknown", transactionId: "txn_nobody", at: "2025-06-20T10:00:00Z" }));
    expect(unknown).toEqual({ outcome: "applied", key: "webhook:dispute:dsp_unknown", orderRef: null, carrierCode: null });

    // The other carrier has an account of its own: the default merchant's notification is not its.
    const theirs = await paidOrder(other);
    const outside = await deliver(
      disputeXml({ kind: "dispute_opened", status: "open", disputeId: "dsp_scoped", transactionId: theirs.transactionId, at: "2025-06-20T10:00:00Z" }),
      { excludeCarrierCodes: [other.code] },
    );
    expect(outside.orderRef).toBeNull();
    const inside = await deliver(
      disputeXml({ kind: "dispute_opened", status: "open", disputeId: "dsp_scoped2", transactionId: theirs.transactionId, at: "2025-06-20T10:00:00Z" }),
      { carrierCodes: [other.code] },
    );
    expect(inside).toMatchObject({ orderRef: theirs.orderRef, carrierCode: other.code });
    expect((await t.engine.payments.orderPaymentEvents(uk, theirs.orderRef)).disputes).toEqual([]);
  });

  it("does not record the check ping or kinds it does not know", async () => {
    const { bt_signature, bt_payload } = signDelivery(
      `<notification><timestamp type="datetime">2025-06-20T10:00:00Z</timestamp><kind>check</kind><subject><check type="boolean">true</check></subject></notification>`,
    );
    const parsed = await parser.parse(bt_signature, bt_payload);
    expect(await t.engine.payments.recordPaymentNotification(parsed.notification)).toEqual({ outcome: "ignored", key: null, orderRef: null, carrierCode: null });
  });
});
