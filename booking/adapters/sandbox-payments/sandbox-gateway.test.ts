import { describe, expect, it } from "vitest";
import type { SaleRequest } from "../../ports/payment-gateway";
import { UNKNOWN_NONCE_MESSAGE, createSandboxGateway, type SandboxLedger, type SandboxLedgerRecord } from "./sandbox-gateway";

let counter = 0;
function sale(overrides: Partial<SaleRequest> = {}): SaleRequest {
  counter += 1;
  return {
    idempotencyKey: `booking-${counter}:charge`,
    orderId: `order-${counter}`,
    amountMinor: 8999,
    currency: "GBP",
    nonce: "fake-valid-nonce",
    carrierCode: "demo",
    require3DSecure: false,
    ...overrides,
  };
}

describe("sandbox gateway: Braintree's test nonces", () => {
  it.each(["fake-valid-nonce", "fake-valid-visa-nonce", "fake-valid-mastercard-nonce", "fake-paypal-one-time-nonce", "fake-three-d-secure-visa-full-authentication-nonce"])(
    "authorises %s",
    async (nonce) => {
      const gateway = createSandboxGateway();
      const result = await gateway.sale(sale({ nonce }));
      expect(result).toMatchObject({ ok: true, status: "settled", replayed: false });
    },
  );

  it("declines fake-processor-declined-visa-nonce with 2000 Do Not Honor", async () => {
    const result = await createSandboxGateway().sale(sale({ nonce: "fake-processor-declined-visa-nonce" }));
    expect(result).toEqual({ ok: false, kind: "declined", code: "2000", message: "Do Not Honor" });
  });

  it.each(["fake-three-d-secure-visa-failed-authentication-nonce", "fake-three-d-secure-visa-failed-signature-nonce"])("treats %s as a card error", async (nonce) => {
    for (const require3DSecure of [true, false]) {
      const result = await createSandboxGateway().sale(sale({ nonce, require3DSecure }));
      expect(result).toMatchObject({ ok: false, kind: "card_error", code: "three_d_secure" });
    }
  });

  it("rejects an unknown nonce as a gateway error", async () => {
    const result = await createSandboxGateway().sale(sale({ nonce: "tokencc_made_up" }));
    expect(result).toEqual({ ok: false, kind: "gateway_error", code: "91565", message: UNKNOWN_NONCE_MESSAGE });
    expect(UNKNOWN_NONCE_MESSAGE).toBe("Unknown or expired payment_method_nonce.");
  });

  it("rejects a consumed nonce as a gateway error", async () => {
    const result = await createSandboxGateway().sale(sale({ nonce: "fake-consumed-nonce" }));
    expect(result).toMatchObject({ ok: false, kind: "gateway_error", code: "93107" });
  });

  it("creates no transaction for a declined sale", async () => {
    const gateway = createSandboxGateway();
    await gateway.sale(sale({ nonce: "fake-processor-declined-visa-nonce" }));
    expect(gateway.transactions()).toEqual([]);
  });
});

describe("sandbox gateway: 3-D Secure", () => {
  it("rejects a card nonce without 3-D Secure when the carrier requires it", async () => {
    const gateway = createSandboxGateway();
    for (const nonce of ["fake-valid-nonce", "fake-valid-visa-nonce", "fake-three-d-secure-visa-lookup-timeout-nonce"]) {
      const result = await gateway.sale(sale({ nonce, require3DSecure: true }));
      expect(result).toMatchObject({ ok: false, kind: "card_error", code: "three_d_secure" });
    }
  });

  it("accepts a fully authenticated 3-D Secure nonce when required", async () => {
    const result = await createSandboxGateway().sale(sale({ nonce: "fake-three-d-secure-visa-full-authentication-nonce", require3DSecure: true }));
    expect(result.ok).toBe(true);
  });

  it("does not ask PayPal for 3-D Secure", async () => {
    const result = await createSandboxGateway().sale(sale({ nonce: "fake-paypal-one-time-nonce", require3DSecure: true }));
    expect(result.ok).toBe(true);
  });
});

describe("sandbox gateway: address verification", () => {
  const billing = { firstName: "Ada", lastName: "Lovelace", line1: "1 Parliament Street", town: "London", postcode: "SW1A 2AA", countryCode: "GB" };

  it.each([
    ["a street address starting 200", { ...billing, line1: "200 Test Street" }],
    ["postal code 20000", { ...billing, postcode: "20000", countryCode: "US" }],
  ])("rejects a card whose billing address does not match (%s) with the address flag", async (_label, address) => {
    const gateway = createSandboxGateway();
    expect(await gateway.sale(sale({ billing: address }))).toEqual({ ok: false, kind: "card_error", code: "avs", message: "Gateway Rejected: avs", billing: { address: true } });
    expect(gateway.transactions()).toHaveLength(0);
  });

  it("accepts any other billing address, and PayPal whatever the address", async () => {
    expect((await createSandboxGateway().sale(sale({ billing }))).ok).toBe(true);
    expect((await createSandboxGateway().sale(sale({ nonce: "fake-paypal-one-time-nonce", billing: { ...billing, line1: "200 Test Street" } }))).ok).toBe(true);
  });
});

describe("sandbox gateway: Braintree's test amounts", () => {
  it.each([
    [200000, "2000", "Do Not Honor"],
    [200100, "2001", "Insufficient Funds"],
    [200400, "2004", "Expired Card"],
    [299999, "2999", "Processor Declined"],
  ])("declines %i minor units with processor code %s", async (amountMinor, code, message) => {
    const result = await createSandboxGateway().sale(sale({ amountMinor }));
    expect(result).toEqual({ ok: false, kind: "declined", code, message });
  });

  it("authorises amounts either side of the decline band", async () => {
    const gateway = createSandboxGateway();
    expect((await gateway.sale(sale({ amountMinor: 199999 }))).ok).toBe(true);
    expect((await gateway.sale(sale({ amountMinor: 300100 }))).ok).toBe(true);
  });

  it("applies the amount rule to PayPal and in every currency", async () => {
    const gateway = createSandboxGateway();
    expect(await gateway.sale(sale({ amountMinor: 250000, nonce: "fake-paypal-one-time-nonce", currency: "EUR" }))).toMatchObject({
      ok: false,
      code: "2500",
    });
  });

  it("fails 3000.00–3000.99 with processor response 3000", async () => {
    const result = await createSandboxGateway().sale(sale({ amountMinor: 300050 }));
    expect(result).toMatchObject({ ok: false, kind: "gateway_error", code: "3000" });
  });

  it("refuses a zero or fractional amount", async () => {
    const gateway = createSandboxGateway();
    expect(await gateway.sale(sale({ amountMinor: 0 }))).toMatchObject({ ok: false, kind: "gateway_error", code: "81531" });
    expect(await gateway.sale(sale({ amountMinor: 10.5 }))).toMatchObject({ ok: false, kind: "gateway_error", code: "81503" });
  });
});

describe("sandbox gateway: idempotency", () => {
  it("returns the first result with replayed true and never charges twice", async () => {
    const gateway = createSandboxGateway();
    const request = sale();
    const first = await gateway.sale(request);
    const second = await gateway.sale({ ...request, nonce: "fake-valid-mastercard-nonce" });
    expect(first).toMatchObject({ ok: true, replayed: false });
    expect(second).toEqual({ ...first, replayed: true });
    expect(gateway.transactions()).toHaveLength(1);
  });

  it("shares one outcome between concurrent sales with the same key", async () => {
    const gateway = createSandboxGateway();
    const request = sale();
    const results = await Promise.all([gateway.sale(request), gateway.sale(request), gateway.sale(request)]);
    const ids = new Set(results.map((r) => (r.ok ? r.transactionId : null)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(gateway.transactions()).toHaveLength(1);
  });

  it("lets a declined booking retry with another card under the same key", async () => {
    const gateway = createSandboxGateway();
    const request = sale({ nonce: "fake-processor-declined-visa-nonce" });
    expect((await gateway.sale(request)).ok).toBe(false);
    expect(await gateway.sale({ ...request, nonce: "fake-valid-visa-nonce" })).toMatchObject({ ok: true, replayed: false });
  });

  it("keeps its ledger in an injected store, so a new gateway instance still replays", async () => {
    const records = new Map<string, SandboxLedgerRecord>();
    const ledger: SandboxLedger = {
      get: async (key) => records.get(key),
      put: async (key, record) => {
        records.set(key, JSON.parse(JSON.stringify(record)));
      },
    };
    const request = sale();
    const first = await createSandboxGateway({ ledger }).sale(request);
    const restarted = createSandboxGateway({ ledger });
    const again = await restarted.sale(request);
    expect(again).toEqual({ ...(first as object), replayed: true });
    if (!first.ok) throw new Error("expected a successful sale");
    expect(await restarted.refund({ transactionId: first.transactionId, idempotencyKey: "r1" })).toMatchObject({ ok: true });
    expect([...records.keys()].sort()).toEqual([`sale:${request.idempotencyKey}`, `transaction:${first.transactionId}`]);
  });
});

describe("sandbox gateway: refund and void", () => {
  async function paid(gateway = createSandboxGateway(), amountMinor = 8999) {
    const result = await gateway.sale(sale({ amountMinor }));
    if (!result.ok) throw new Error("expected a successful sale");
    return { gateway, id: result.transactionId };
  }

  it("refunds a settled transaction in full by default", async () => {
    const { gateway, id } = await paid();
    const refund = await gateway.refund({ transactionId: id, idempotencyKey: "cancel-1" });
    expect(refund.ok).toBe(true);
    expect(refund.refundId).toBeTruthy();
    expect((await gateway.transaction(id))?.refundedMinor).toBe(8999);
    expect(await gateway.refund({ transactionId: id, idempotencyKey: "cancel-2" })).toMatchObject({ ok: false });
  });

  it("makes partial refunds and refuses more than remains", async () => {
    const { gateway, id } = await paid();
    expect((await gateway.refund({ transactionId: id, amountMinor: 5900, idempotencyKey: "a" })).ok).toBe(true);
    expect(await gateway.refund({ transactionId: id, amountMinor: 5000, idempotencyKey: "b" })).toEqual({
      ok: false,
      message: "Refund amount is too large.",
    });
    expect((await gateway.refund({ transactionId: id, amountMinor: 3099, idempotencyKey: "c" })).ok).toBe(true);
  });

  it("does not refund twice for the same refund key", async () => {
    const { gateway, id } = await paid();
    const first = await gateway.refund({ transactionId: id, amountMinor: 1000, idempotencyKey: "same" });
    const second = await gateway.refund({ transactionId: id, amountMinor: 1000, idempotencyKey: "same" });
    expect(second).toEqual(first);
    expect((await gateway.transaction(id))?.refundedMinor).toBe(1000);
  });

  it("refuses to refund or void an unknown transaction", async () => {
    const gateway = createSandboxGateway();
    expect(await gateway.refund({ transactionId: "nope", idempotencyKey: "x" })).toEqual({ ok: false, message: "Transaction not found." });
    expect(await gateway.void({ transactionId: "nope" })).toEqual({ ok: false, message: "Transaction not found." });
  });

  it("voids a transaction that has not settled, and then refuses to refund it", async () => {
    const gateway = createSandboxGateway({ settleImmediately: false });
    const result = await gateway.sale(sale());
    expect(result).toMatchObject({ ok: true, status: "submitted_for_settlement" });
    if (!result.ok) return;
    expect(await gateway.refund({ transactionId: result.transactionId, idempotencyKey: "early" })).toMatchObject({ ok: false });
    expect(await gateway.void({ transactionId: result.transactionId })).toEqual({ ok: true });
    expect((await gateway.transaction(result.transactionId))?.status).toBe("voided");
    expect(await gateway.refund({ transactionId: result.transactionId, idempotencyKey: "late" })).toMatchObject({ ok: false });
  });

  it("refuses to void a settled transaction, as Braintree does", async () => {
    const { gateway, id } = await paid();
    expect((await gateway.void({ transactionId: id })).ok).toBe(false);
  });

  it("settles on demand", async () => {
    const gateway = createSandboxGateway({ settleImmediately: false });
    const { id } = await paid(gateway);
    expect(await gateway.settle(id)).toBe(true);
    expect((await gateway.refund({ transactionId: id, idempotencyKey: "r" })).ok).toBe(true);
  });
});

describe("sandbox gateway: client token", () => {
  it("issues an opaque token naming the sandbox", async () => {
    const token = await createSandboxGateway().clientToken({ carrierCode: "demo", currency: "EUR" });
    expect(JSON.parse(Buffer.from(token, "base64").toString())).toMatchObject({ environment: "sandbox", currency: "EUR" });
  });
});
