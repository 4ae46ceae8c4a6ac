import { describe, expect, it } from "vitest";
import type { PayLaterPurchase } from "../../ports/pay-later";
import { createSandboxPayLater } from "./sandbox-pay-later";

const purchase = (overrides: Partial<PayLaterPurchase> = {}): PayLaterPurchase => ({
  carrierCode: "uk",
  bookingReference: "RB7K2M9Q",
  country: "GB",
  currency: "GBP",
  locale: "en-GB",
  amountMinor: 12900,
  taxMinor: 0,
  lines: [
    { type: "physical", reference: "screen", name: "Screen", quantity: 1, unitPriceMinor: 12900, totalDiscountMinor: 0, totalAmountMinor: 12900, taxRate: 0, totalTaxMinor: 0 },
  ],
  customer: { givenName: "Ada", familyName: "Lovelace", email: "ada@example.com", streetAddress: "1 Parliament Street", city: "London", postalCode: "SW1A 2AA", country: "GB" },
  ...overrides,
});

async function authorised(options: Parameters<typeof createSandboxPayLater>[0] = {}) {
  const provider = createSandboxPayLater(options);
  const session = await provider.createSession(purchase());
  const authorization = await provider.authorize({ carrierCode: "uk", sessionId: session.sessionId, category: "pay_later" });
  return { provider, session, authorization };
}

describe("sandbox pay later", () => {
  it("reports the form available with both categories: 30 days and three instalments", async () => {
    const session = await createSandboxPayLater().createSession(purchase());
    expect(session.categories.map((c) => c.identifier)).toEqual(["pay_later", "pay_over_time"]);
    expect(session.clientToken).toMatch(/^sandbox\./);
  });

  it("approves by default and places one order for the authorisation", async () => {
    const { provider, authorization } = await authorised();
    expect(authorization).toEqual({ approved: true, authorization_token: expect.stringMatching(/^sbx-auth-/), show_form: true });
    const order = await provider.placeOrder({ authorizationToken: authorization.authorization_token!, idempotencyKey: "k1", purchase: purchase() });
    expect(order).toMatchObject({ ok: true, fraudStatus: "ACCEPTED", replayed: false });
    expect(provider.orders()).toHaveLength(1);
  });

  it("denies when configured to", async () => {
    const { authorization } = await authorised({ outcome: "deny" });
    expect(authorization).toEqual({ approved: false, authorization_token: null, show_form: false });
  });

  it("denies a Klarna playground '+denied' customer whatever the configuration", async () => {
    const provider = createSandboxPayLater();
    const session = await provider.createSession(purchase());
    const denied = await provider.authorize({
      carrierCode: "uk",
      sessionId: session.sessionId,
      category: "pay_over_time",
      customer: { givenName: "A", familyName: "B", email: "customer+denied@example.com", streetAddress: "x", city: "y", postalCode: "z", country: "GB" },
    });
    expect(denied.approved).toBe(false);
  });

  it("replays, never repeats, an order for the same idempotency key, also when asked at once", async () => {
    const { provider, authorization } = await authorised();
    const input = { authorizationToken: authorization.authorization_token!, idempotencyKey: "k1", purchase: purchase() };
    const results = await Promise.all([provider.placeOrder(input), provider.placeOrder(input), provider.placeOrder(input)]);
    expect(new Set(results.map((r) => r.ok && r.orderId)).size).toBe(1);
    expect(provider.orders()).toHaveLength(1);
  });

  it("refuses an unknown, used or expired token, and a basket that no longer matches the authorisation", async () => {
    let now = new Date("2025-06-02T08:00:00Z");
    const { provider, authorization } = await authorised({ now: () => now });
    const token = authorization.authorization_token!;
    expect(await provider.placeOrder({ authorizationToken: "nope", idempotencyKey: "a", purchase: purchase() })).toMatchObject({
      ok: false,
      kind: "card_error",
      code: "NOT_FOUND",
    });
    expect(await provider.placeOrder({ authorizationToken: token, idempotencyKey: "b", purchase: purchase({ amountMinor: 9900 }) })).toMatchObject({
      ok: false,
      kind: "card_error",
      code: "BAD_VALUE",
    });
    now = new Date("2025-06-02T09:01:00Z");
    expect(await provider.placeOrder({ authorizationToken: token, idempotencyKey: "c", purchase: purchase() })).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });

  it("closes the session with the order: a second authorisation is not possible", async () => {
    const { provider, session, authorization } = await authorised();
    await provider.placeOrder({ authorizationToken: authorization.authorization_token!, idempotencyKey: "k", purchase: purchase() });
    expect(await provider.updateSession({ sessionId: session.sessionId, purchase: purchase() })).toMatchObject({ ok: false, expired: true });
    expect((await provider.authorize({ carrierCode: "uk", sessionId: session.sessionId, category: "pay_later" })).approved).toBe(false);
  });

  it("refunds a captured order once per key and refuses to cancel it", async () => {
    const { provider, authorization } = await authorised();
    const order = await provider.placeOrder({ authorizationToken: authorization.authorization_token!, idempotencyKey: "k", purchase: purchase() });
    const id = order.ok ? order.orderId : "";
    const refund = await provider.refund({ transactionId: id, amountMinor: 12900, idempotencyKey: "r" });
    expect(refund.ok).toBe(true);
    expect(await provider.refund({ transactionId: id, amountMinor: 12900, idempotencyKey: "r" })).toEqual(refund);
    expect(await provider.refund({ transactionId: id, amountMinor: 1, idempotencyKey: "r2" })).toMatchObject({ ok: false });
    expect(await provider.void({ transactionId: id })).toMatchObject({ ok: false });
  });
});
