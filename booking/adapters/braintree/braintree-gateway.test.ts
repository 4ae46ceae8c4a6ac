import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SaleRequest } from "../../ports/payment-gateway";
import { braintreeAccountsFromEnv } from "./accounts";
import { BraintreeOutcomeUnknownError, createBraintreeGateway, type BraintreeLedger, type BraintreeLedgerRecord } from "./braintree-gateway";
import { majorAmount } from "./braintree-results";
import { startRecordedBraintree } from "./recorded-braintree";

const accounts = braintreeAccountsFromEnv({
  BRAINTREE_ACCOUNTS: JSON.stringify({
    "*": { environment: "sandbox", merchantId: "repairco_uk", publicKey: "pub_uk", privateKey: "priv_uk", merchantAccounts: { GBP: "repairco_gbp", EUR: "repairco_eur" } },
    "partner-de": { environment: "sandbox", merchantId: "partner_de", publicKey: "pub_de", privateKey: "priv_de", merchantAccounts: { EUR: "partner_eur" } },
  }),
});

let braintree: Awaited<ReturnType<typeof startRecordedBraintree>>;
beforeAll(async () => {
  braintree = await startRecordedBraintree();
});
afterAll(async () => {
  await braintree.close();
});
beforeEach(() => {
  braintree.requests.length = 0;
  braintree.mismatches.length = 0;
});

function memoryLedger(): BraintreeLedger & { records: Map<string, BraintreeLedgerRecord> } {
  const records = new Map<string, BraintreeLedgerRecord>();
  return { records, get: (key) => records.get(key), put: (key, record) => void records.set(key, structuredClone(record)) };
}

function gateway(options: { ledger?: BraintreeLedger; now?: () => Date; searchSettleMs?: number } = {}) {
  return createBraintreeGateway({ accounts, sdkFor: braintree.sdkFor, ...options });
}

const sale = (overrides: Partial<SaleRequest> = {}): SaleRequest => ({
  idempotencyKey: "uk:RB7K2M9Q:12900:1",
  orderId: "RB7K2M9Q",
  amountMinor: 12900,
  currency: "GBP",
  nonce: "tokencc_bc_9x7s3k_2m4n8p_q6r5t1_w2y8z4_3v7",
  carrierCode: "uk",
  require3DSecure: true,
  billing: { firstName: "Ada", lastName: "Lovelace", line1: "1 Parliament Street", town: "London", postcode: "SW1A 2AA", countryCode: "GB", phone: "07700 900123" },
  ...overrides,
});

const saleExchange = (response: string) => ({ method: "POST" as const, path: "/transactions", response });
const searchExchanges = (ids: "one" | "none") =>
  ids === "one"
    ? [
        { method: "POST" as const, path: "/transactions/advanced_search_ids", response: "search-ids-one" },
        { method: "POST" as const, path: "/transactions/advanced_search", response: "search-page-submitted" },
      ]
    : [{ method: "POST" as const, path: "/transactions/advanced_search_ids", response: "search-ids-none" }];

describe("Braintree gateway: client token", () => {
  it("generates a client token for the merchant account of the carrier's currency", async () => {
    braintree.expect({ method: "POST", path: "/client_token", response: "client-token" });
    const token = await gateway().clientToken({ carrierCode: "uk", currency: "GBP" });
    expect(token).toMatch(/^eyJ2ZXJzaW9uIjoy/);
    const [request] = braintree.requests;
    expect(request!.merchantId).toBe("repairco_uk");
    expect(request!.body).toEqual({ client_token: { merchant_account_id: "repairco_gbp", version: 2 } });
    expect(request!.authorization).toBe(`Basic ${Buffer.from("pub_uk:priv_uk").toString("base64")}`);
  });

  it("uses a carrier's own merchant when configuration names one", async () => {
    braintree.expect({ method: "POST", path: "/client_token", response: "client-token" });
    await gateway().clientToken({ carrierCode: "partner-de", currency: "EUR" });
    expect(braintree.requests[0]!.merchantId).toBe("partner_de");
    expect(braintree.requests[0]!.body).toEqual({ client_token: { merchant_account_id: "partner_eur", version: 2 } });
  });
});

describe("Braintree gateway: sale", () => {
  it("sells with orderId, the exact amount, the nonce, billing data, submit for settlement and 3-D Secure required", async () => {
    braintree.expect(saleExchange("sale-submitted-for-settlement"));
    const result = await gateway().sale(sale());
    expect(result).toEqual({ ok: true, transactionId: "kq7v3m2p", status: "submitted_for_settlement", replayed: false });
    expect(braintree.requests[0]!.body).toEqual({
      transaction: {
        amount: "129.00",
        order_id: "RB7K2M9Q",
        payment_method_nonce: "tokencc_bc_9x7s3k_2m4n8p_q6r5t1_w2y8z4_3v7",
        merchant_account_id: "repairco_gbp",
        billing: {
          first_name: "Ada",
          last_name: "Lovelace",
          street_address: "1 Parliament Street",
          locality: "London",
          postal_code: "SW1A 2AA",
          country_code_alpha2: "GB",
          phone_number: "07700 900123",
        },
        options: { submit_for_settlement: true, three_d_secure: { required: true } },
        type: "sale",
      },
    });
  });

  it("does not ask for 3-D Secure where the carrier's switch is off (or for PayPal)", async () => {
    braintree.expect(saleExchange("sale-submitted-for-settlement"));
    await gateway().sale(sale({ require3DSecure: false, billing: undefined }));
    const body = braintree.requests[0]!.body as { transaction: Record<string, unknown> };
    expect(body.transaction.options).toEqual({ submit_for_settlement: true });
    expect(body.transaction).not.toHaveProperty("billing");
  });

  it("turns minor units into Braintree's decimal amount exactly", () => {
    expect(majorAmount(12900)).toBe("129.00");
    expect(majorAmount(12345)).toBe("123.45");
    expect(majorAmount(5)).toBe("0.05");
    expect(majorAmount(299999)).toBe("2999.99");
    expect(() => majorAmount(12.5)).toThrow(RangeError);
  });

  it("refuses a non-positive or fractional amount without calling Braintree", async () => {
    expect(await gateway().sale(sale({ amountMinor: 0 }))).toMatchObject({ ok: false, kind: "gateway_error", code: "81531" });
    expect(await gateway().sale(sale({ amountMinor: 10.5 }))).toMatchObject({ ok: false, kind: "gateway_error", code: "81503" });
    expect(braintree.requests).toHaveLength(0);
  });

  it("answers not_configured for a carrier with no Braintree account, without calling Braintree", async () => {
    const only = braintreeAccountsFromEnv({ BRAINTREE_ACCOUNTS: JSON.stringify({ "partner-de": { merchantId: "m", publicKey: "p", privateKey: "k" } }) });
    const result = await createBraintreeGateway({ accounts: only, sdkFor: braintree.sdkFor }).sale(sale());
    expect(result).toMatchObject({ ok: false, kind: "gateway_error", code: "not_configured" });
    expect(braintree.requests).toHaveLength(0);
  });

  it.each([
    ["sale-processor-declined", { ok: false, kind: "declined", code: "2000", message: "Do Not Honor" }],
    ["sale-processor-declined-avs-mismatch", { ok: false, kind: "declined", code: "2001", message: "Insufficient Funds", billing: { address: true } }],
    ["sale-gateway-rejected-three-d-secure", { ok: false, kind: "card_error", code: "three_d_secure", message: "Gateway Rejected: three_d_secure" }],
    ["sale-gateway-rejected-cvv", { ok: false, kind: "card_error", code: "cvv", message: "Gateway Rejected: cvv" }],
    ["sale-gateway-rejected-avs", { ok: false, kind: "card_error", code: "avs", message: "Gateway Rejected: avs", billing: { address: true } }],
    ["sale-gateway-rejected-fraud", { ok: false, kind: "declined", code: "fraud", message: "Gateway Rejected: fraud" }],
    ["sale-processor-failed", { ok: false, kind: "gateway_error", code: "3000", message: "Processor Network Unavailable - Try Again" }],
    ["sale-validation-unknown-nonce", { ok: false, kind: "gateway_error", code: "91565", message: "Unknown or expired payment_method_nonce." }],
    ["sale-validation-billing", { ok: false, kind: "gateway_error", code: "915206", message: "Billing phone number is invalid.", billing: { address: true, phoneNumber: true } }],
    ["sale-validation-order-id", { ok: false, kind: "gateway_error", code: "91501", message: "Order ID is too long.", billing: { bookingReference: true } }],
  ])("maps the recorded %s result to the port's outcome", async (fixture, outcome) => {
    braintree.expect(saleExchange(fixture));
    expect(await gateway().sale(sale())).toEqual(outcome);
    expect(braintree.mismatches).toEqual([]);
  });
});

describe("Braintree gateway: exactly once", () => {
  it("replays a sale made under the same idempotency key without calling Braintree again", async () => {
    const ledger = memoryLedger();
    braintree.expect(saleExchange("sale-submitted-for-settlement"));
    const first = await gateway({ ledger }).sale(sale());
    // A new process (replica, restart) with the same persisted ledger.
    const again = await gateway({ ledger }).sale(sale());
    expect(again).toEqual({ ...first, replayed: true });
    expect(braintree.requests).toHaveLength(1);
  });

  it("shares one sale between concurrent calls with the same key", async () => {
    braintree.expect(saleExchange("sale-submitted-for-settlement"));
    const g = gateway();
    const results = await Promise.all([g.sale(sale()), g.sale(sale()), g.sale(sale())]);
    expect(results.map((r) => r.ok && r.transactionId)).toEqual(["kq7v3m2p", "kq7v3m2p", "kq7v3m2p"]);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(braintree.requests).toHaveLength(1);
  });

  it("finds a sale whose answer was lost by searching its orderId, instead of charging again", async () => {
    const ledger = memoryLedger();
    let now = new Date("2025-06-02T08:00:00Z");
    const g = gateway({ ledger, now: () => now });
    braintree.expect(saleExchange("drop"));
    await expect(g.sale(sale())).rejects.toThrow();
    now = new Date("2025-06-02T08:01:00Z");
    braintree.expect(...searchExchanges("one"));
    const retried = await g.sale(sale());
    expect(retried).toEqual({ ok: true, transactionId: "kq7v3m2p", status: "submitted_for_settlement", replayed: true });
    expect(braintree.requests.map((r) => r.path)).toEqual(["/transactions", "/transactions/advanced_search_ids", "/transactions/advanced_search"]);
    expect(braintree.requests[1]!.body).toEqual({ search: { order_id: { is: "RB7K2M9Q" } } });
    expect(braintree.mismatches).toEqual([]);
  });

  it("keeps the outcome unknown while Braintree's search may not show a lost sale yet", async () => {
    const ledger = memoryLedger();
    let now = new Date("2025-06-02T08:00:00Z");
    const g = gateway({ ledger, now: () => now, searchSettleMs: 30_000 });
    braintree.expect(saleExchange("drop"));
    await expect(g.sale(sale())).rejects.toThrow();
    now = new Date("2025-06-02T08:00:05Z");
    braintree.expect(...searchExchanges("none"));
    await expect(g.sale(sale())).rejects.toBeInstanceOf(BraintreeOutcomeUnknownError);
    expect(braintree.requests.filter((r) => r.path === "/transactions")).toHaveLength(1);
  });

  it("sells again once the search is trustworthy and shows no sale for the booking", async () => {
    const ledger = memoryLedger();
    let now = new Date("2025-06-02T08:00:00Z");
    const g = gateway({ ledger, now: () => now });
    braintree.expect(saleExchange("drop"));
    await expect(g.sale(sale())).rejects.toThrow();
    now = new Date("2025-06-02T08:05:00Z");
    braintree.expect(...searchExchanges("none"), saleExchange("sale-submitted-for-settlement"));
    expect(await g.sale(sale())).toMatchObject({ ok: true, transactionId: "kq7v3m2p", replayed: false });
  });

  it("treats Braintree's duplicate rejection as the earlier sale when one exists for the booking", async () => {
    braintree.expect(saleExchange("sale-gateway-rejected-duplicate"), ...searchExchanges("one"));
    expect(await gateway().sale(sale())).toMatchObject({ ok: true, transactionId: "kq7v3m2p", replayed: true });
  });

  it("treats a spent nonce as the earlier sale when one exists, and as an error when none does", async () => {
    braintree.expect(saleExchange("sale-validation-nonce-consumed"), ...searchExchanges("one"));
    expect(await gateway().sale(sale())).toMatchObject({ ok: true, transactionId: "kq7v3m2p", replayed: true });
    braintree.expect(saleExchange("sale-validation-nonce-consumed"), ...searchExchanges("none"));
    expect(await gateway().sale(sale({ idempotencyKey: "uk:RB7K2M9Q:12900:2" }))).toMatchObject({ ok: false, kind: "gateway_error", code: "93107" });
  });
});

describe("Braintree gateway: refund and void", () => {
  it("refunds with the carrier's credentials remembered from the sale, once per idempotency key", async () => {
    const ledger = memoryLedger();
    braintree.expect(saleExchange("sale-submitted-for-settlement"), { method: "POST", path: "/transactions/kq7v3m2p/refund", response: "refund-submitted" });
    const g = gateway({ ledger });
    await g.sale(sale({ carrierCode: "partner-de", currency: "EUR" }));
    const refund = await g.refund({ transactionId: "kq7v3m2p", amountMinor: 12900, idempotencyKey: "refund:partner-de:100001" });
    expect(refund).toEqual({ ok: true, refundId: "r8f2n6wz" });
    expect(braintree.requests[1]).toMatchObject({ merchantId: "partner_de", body: { transaction: { amount: "129.00" } } });
    expect(await g.refund({ transactionId: "kq7v3m2p", amountMinor: 12900, idempotencyKey: "refund:partner-de:100001" })).toEqual({ ok: true, refundId: "r8f2n6wz" });
    expect(braintree.requests).toHaveLength(2);
  });

  it("refunds part of a sale under each new key (customer service, ADR 189): each amount as Braintree's decimal string", async () => {
    const ledger = memoryLedger();
    braintree.expect(
      saleExchange("sale-submitted-for-settlement"),
      { method: "POST", path: "/transactions/kq7v3m2p/refund", response: "refund-submitted" },
      { method: "POST", path: "/transactions/kq7v3m2p/refund", response: "refund-submitted" },
    );
    const g = gateway({ ledger });
    await g.sale(sale());
    expect(await g.refund({ transactionId: "kq7v3m2p", amountMinor: 5000, idempotencyKey: "service-refund:uk:1" })).toMatchObject({ ok: true });
    expect(await g.refund({ transactionId: "kq7v3m2p", amountMinor: 1999, idempotencyKey: "service-refund:uk:2" })).toMatchObject({ ok: true });
    // The first key again: answered from the ledger, Braintree is not asked a third time.
    expect(await g.refund({ transactionId: "kq7v3m2p", amountMinor: 5000, idempotencyKey: "service-refund:uk:1" })).toMatchObject({ ok: true });
    expect(braintree.requests.slice(1).map((r) => (r.body as { transaction: { amount: string } }).transaction.amount)).toEqual(["50.00", "19.99"]);
  });

  it("reports a refund Braintree refuses", async () => {
    braintree.expect({ method: "POST", path: "/transactions/kq7v3m2p/refund", response: "refund-not-settled" });
    expect(await gateway().refund({ transactionId: "kq7v3m2p", idempotencyKey: "r1", carrierCode: "uk" })).toEqual({
      ok: false,
      message: "Cannot refund transaction unless it is settled.",
    });
  });

  it("recognises a retried full refund whose first answer was lost", async () => {
    braintree.expect(
      { method: "POST", path: "/transactions/kq7v3m2p/refund", response: "refund-already-refunded" },
      { method: "GET", path: "/transactions/kq7v3m2p", response: "find-settled-refunded" },
    );
    expect(await gateway().refund({ transactionId: "kq7v3m2p", idempotencyKey: "r2", carrierCode: "uk" })).toEqual({ ok: true, refundId: "r8f2n6wz" });
  });

  it("voids a transaction not yet settled and reports one that cannot be voided", async () => {
    braintree.expect({ method: "PUT", path: "/transactions/kq7v3m2p/void", response: "void-voided" });
    expect(await gateway().void({ transactionId: "kq7v3m2p", carrierCode: "uk" })).toEqual({ ok: true });
    braintree.expect({ method: "PUT", path: "/transactions/kq7v3m2p/void", response: "void-cannot-be-voided" });
    expect(await gateway().void({ transactionId: "kq7v3m2p", carrierCode: "uk" })).toMatchObject({ ok: false, message: expect.stringContaining("can only be voided") });
  });
});
