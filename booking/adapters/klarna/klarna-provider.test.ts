import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PayLaterPurchase } from "../../ports/pay-later";
import { klarnaAccountsFromEnv, KlarnaConfigError } from "./accounts";
import { createKlarnaProvider, KlarnaError, uuidV5, type KlarnaFetch, type KlarnaLedger, type KlarnaLedgerRecord } from "./klarna-provider";

interface Recorded {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

function fixture(name: string): Recorded {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8")) as Recorded;
}

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that answers from recorded Klarna responses, in order, and remembers every request. */
function recordedFetch(...answers: string[]) {
  const calls: Call[] = [];
  const fetch: KlarnaFetch = async (url, init) => {
    calls.push({ method: init.method, url, headers: init.headers, body: init.body ? JSON.parse(init.body) : undefined });
    const name = answers.shift();
    if (!name) throw new Error(`unexpected request ${init.method} ${url}`);
    const recorded = fixture(name);
    const headers = new Headers(recorded.headers ?? {});
    return { status: recorded.status, headers, text: async () => (recorded.body === undefined ? "" : JSON.stringify(recorded.body)) };
  };
  return { fetch, calls };
}

const accounts = klarnaAccountsFromEnv({
  KLARNA_USERNAME: "PK12345_3f0c2e9d8a1b",
  KLARNA_PASSWORD: "klarna_test_api_c2VjcmV0",
  KLARNA_ACCOUNTS: JSON.stringify({ "partner-us": { username: "PN_us", password: "pw_us", region: "na", environment: "production" } }),
});

const purchase: PayLaterPurchase = {
  carrierCode: "uk",
  bookingReference: "RB7K2M9Q",
  country: "GB",
  currency: "GBP",
  locale: "en-GB",
  amountMinor: 12900,
  taxMinor: 0,
  lines: [
    {
      type: "physical",
      reference: "screen-replacement",
      name: "iPhone 15 128GB: Screen replacement",
      quantity: 1,
      unitPriceMinor: 12900,
      totalDiscountMinor: 0,
      totalAmountMinor: 12900,
      taxRate: 0,
      totalTaxMinor: 0,
    },
  ],
  customer: {
    givenName: "Ada",
    familyName: "Lovelace",
    email: "ada@example.com",
    phone: "07700 900123",
    streetAddress: "1 Parliament Street",
    city: "London",
    postalCode: "SW1A 2AA",
    country: "GB",
  },
};

const basicAuth = `Basic ${Buffer.from("PK12345_3f0c2e9d8a1b:klarna_test_api_c2VjcmV0").toString("base64")}`;

function memoryLedger(): KlarnaLedger {
  const records = new Map<string, KlarnaLedgerRecord>();
  return { get: (key) => records.get(key), put: (key, record) => void records.set(key, structuredClone(record)) };
}

describe("Klarna provider: sessions", () => {
  it("creates a session on the playground with Basic auth, the basket's order lines in minor units, currency, country and locale", async () => {
    const { fetch, calls } = recordedFetch("session-created");
    const session = await createKlarnaProvider({ accounts, fetch }).createSession(purchase);
    expect(session).toEqual({
      sessionId: "0b1d9815-165e-42e2-8867-35bc03789e00",
      clientToken: expect.stringMatching(/^eyJ/),
      categories: [
        { identifier: "pay_later", name: "Pay in 30 days", assetUrl: "https://x.klarnacdn.net/payment-method/assets/badges/generic/klarna.svg" },
        { identifier: "pay_over_time", name: "Pay in 3 interest-free instalments", assetUrl: "https://x.klarnacdn.net/payment-method/assets/badges/generic/klarna.svg" },
      ],
    });
    expect(calls[0]).toMatchObject({ method: "POST", url: "https://api.playground.klarna.com/payments/v1/sessions" });
    expect(calls[0]!.headers.Authorization).toBe(basicAuth);
    expect(calls[0]!.body).toEqual({
      acquiring_channel: "ECOMMERCE",
      intent: "buy",
      purchase_country: "GB",
      purchase_currency: "GBP",
      locale: "en-GB",
      order_amount: 12900,
      order_tax_amount: 0,
      order_lines: [
        {
          type: "physical",
          reference: "screen-replacement",
          name: "iPhone 15 128GB: Screen replacement",
          quantity: 1,
          unit_price: 12900,
          tax_rate: 0,
          total_amount: 12900,
          total_discount_amount: 0,
          total_tax_amount: 0,
        },
      ],
      merchant_reference1: "RB7K2M9Q",
    });
  });

  it("uses the carrier's own merchant and its region's production URL", async () => {
    const { fetch, calls } = recordedFetch("session-created");
    await createKlarnaProvider({ accounts, fetch }).createSession({ ...purchase, carrierCode: "partner-us", country: "US", currency: "USD", locale: "en-US" });
    expect(calls[0]!.url).toBe("https://api-na.klarna.com/payments/v1/sessions");
    expect(calls[0]!.headers.Authorization).toBe(`Basic ${Buffer.from("PN_us:pw_us").toString("base64")}`);
  });

  it("reports no categories when Klarna offers none (the form is not available)", async () => {
    const { fetch } = recordedFetch("session-created-no-categories");
    expect((await createKlarnaProvider({ accounts, fetch }).createSession(purchase)).categories).toEqual([]);
  });

  it("throws a KlarnaError with Klarna's error code when the session cannot be created", async () => {
    const { fetch } = recordedFetch("session-unauthorized");
    await expect(createKlarnaProvider({ accounts, fetch }).createSession(purchase)).rejects.toMatchObject({ name: "KlarnaError", status: 401, errorCode: "UNAUTHORIZED" });
  });

  it("updates the session with the basket and the customer's billing address (update-klarna)", async () => {
    const { fetch, calls } = recordedFetch("session-updated");
    expect(await createKlarnaProvider({ accounts, fetch }).updateSession({ sessionId: "0b1d9815-165e-42e2-8867-35bc03789e00", purchase })).toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ method: "POST", url: "https://api.playground.klarna.com/payments/v1/sessions/0b1d9815-165e-42e2-8867-35bc03789e00" });
    expect(calls[0]!.body).toMatchObject({
      order_amount: 12900,
      billing_address: {
        given_name: "Ada",
        family_name: "Lovelace",
        email: "ada@example.com",
        phone: "07700 900123",
        street_address: "1 Parliament Street",
        postal_code: "SW1A 2AA",
        city: "London",
        country: "GB",
      },
    });
  });

  it("says when a session expired, and when Klarna refused the update", async () => {
    const { fetch } = recordedFetch("session-not-found", "session-bad-value");
    const klarna = createKlarnaProvider({ accounts, fetch });
    expect(await klarna.updateSession({ sessionId: "gone", purchase })).toEqual({ ok: false, expired: true, code: "NOT_FOUND", message: "Session not found" });
    expect(await klarna.updateSession({ sessionId: "x", purchase })).toEqual({ ok: false, expired: false, code: "BAD_VALUE", message: "Bad value: order_amount" });
  });
});

describe("Klarna provider: placing the order", () => {
  it("places the order for the authorisation token with auto capture and a UUIDv5 idempotency key", async () => {
    const { fetch, calls } = recordedFetch("order-placed");
    const result = await createKlarnaProvider({ accounts, fetch }).placeOrder({ authorizationToken: "b4bd3423-24e3", idempotencyKey: "uk:RB7K2M9Q:12900:1", purchase });
    expect(result).toEqual({ ok: true, orderId: "3eaeb557-5e30-47f8-b840-b8d987f5945d", fraudStatus: "ACCEPTED", replayed: false });
    expect(calls[0]).toMatchObject({ method: "POST", url: "https://api.playground.klarna.com/payments/v1/authorizations/b4bd3423-24e3/order" });
    expect(calls[0]!.headers["Klarna-Idempotency-Key"]).toBe(uuidV5("uk:RB7K2M9Q:12900:1"));
    expect(calls[0]!.body).toMatchObject({ auto_capture: true, order_amount: 12900, merchant_reference1: "RB7K2M9Q", billing_address: { email: "ada@example.com" } });
  });

  it("accepts an order Klarna holds for review (fraud_status PENDING)", async () => {
    const { fetch } = recordedFetch("order-placed-instalments-pending");
    expect(await createKlarnaProvider({ accounts, fetch }).placeOrder({ authorizationToken: "t", idempotencyKey: "k", purchase })).toMatchObject({
      ok: true,
      fraudStatus: "PENDING",
    });
  });

  it("never places a second order for the same idempotency key", async () => {
    const ledger = memoryLedger();
    const { fetch, calls } = recordedFetch("order-placed");
    await createKlarnaProvider({ accounts, fetch, ledger }).placeOrder({ authorizationToken: "t", idempotencyKey: "k", purchase });
    const again = await createKlarnaProvider({ accounts, fetch, ledger }).placeOrder({ authorizationToken: "t", idempotencyKey: "k", purchase });
    expect(again).toEqual({ ok: true, orderId: "3eaeb557-5e30-47f8-b840-b8d987f5945d", fraudStatus: "ACCEPTED", replayed: true });
    expect(calls).toHaveLength(1);
  });

  it.each([
    ["order-authorization-not-found", { ok: false, kind: "card_error", code: "NOT_FOUND", message: "Invalid authorization token" }],
    ["order-session-mismatch", { ok: false, kind: "card_error", code: "BAD_VALUE", message: "The data in the request does not match the session for the authorization" }],
    ["order-rejected", { ok: false, kind: "declined", code: "BAD_VALUE", message: "The purchase was rejected" }],
  ])("maps the recorded %s answer to the port's outcome", async (name, outcome) => {
    const { fetch } = recordedFetch(name);
    expect(await createKlarnaProvider({ accounts, fetch }).placeOrder({ authorizationToken: "t", idempotencyKey: "k", purchase })).toEqual(outcome);
  });

  it("throws when Klarna's answer leaves the outcome unknown, so the engine retries with the same key", async () => {
    const { fetch, calls } = recordedFetch("server-error", "order-placed");
    const klarna = createKlarnaProvider({ accounts, fetch });
    await expect(klarna.placeOrder({ authorizationToken: "t", idempotencyKey: "k", purchase })).rejects.toBeInstanceOf(KlarnaError);
    expect(await klarna.placeOrder({ authorizationToken: "t", idempotencyKey: "k", purchase })).toMatchObject({ ok: true });
    expect(calls[0]!.headers["Klarna-Idempotency-Key"]).toBe(calls[1]!.headers["Klarna-Idempotency-Key"]);
  });

  it("answers not_configured for a carrier without a Klarna merchant", async () => {
    const only = klarnaAccountsFromEnv({ KLARNA_ACCOUNTS: JSON.stringify({ a: { username: "u", password: "p" } }) });
    const { fetch, calls } = recordedFetch();
    expect(await createKlarnaProvider({ accounts: only, fetch }).placeOrder({ authorizationToken: "t", idempotencyKey: "k", purchase })).toMatchObject({
      ok: false,
      code: "not_configured",
    });
    expect(calls).toHaveLength(0);
  });
});

describe("Klarna provider: refunds and cancellation", () => {
  it("refunds through the Order management API, once per idempotency key", async () => {
    const ledger = memoryLedger();
    const { fetch, calls } = recordedFetch("order-placed", "refund-created");
    const klarna = createKlarnaProvider({ accounts, fetch, ledger });
    await klarna.placeOrder({ authorizationToken: "t", idempotencyKey: "k", purchase });
    const refund = await klarna.refund({ transactionId: "3eaeb557-5e30-47f8-b840-b8d987f5945d", amountMinor: 12900, idempotencyKey: "refund:uk:100001" });
    expect(refund).toEqual({ ok: true, refundId: "b2cb4b1b-8f4e-4c52-9a64-2f1a0e7d3c11" });
    expect(calls[1]).toMatchObject({
      method: "POST",
      url: "https://api.playground.klarna.com/ordermanagement/v1/orders/3eaeb557-5e30-47f8-b840-b8d987f5945d/refunds",
      body: { refunded_amount: 12900, reference: "refund:uk:100001" },
    });
    expect(calls[1]!.headers["Klarna-Idempotency-Key"]).toBe(uuidV5("refund:uk:100001"));
    expect(await klarna.refund({ transactionId: "3eaeb557-5e30-47f8-b840-b8d987f5945d", amountMinor: 12900, idempotencyKey: "refund:uk:100001" })).toEqual(refund);
    expect(calls).toHaveLength(2);
  });

  it("refunds what was captured and not yet refunded when no amount is given", async () => {
    const { fetch, calls } = recordedFetch("order-read-captured", "refund-created");
    await createKlarnaProvider({ accounts, fetch }).refund({ transactionId: "3eaeb557-5e30-47f8-b840-b8d987f5945d", idempotencyKey: "r", carrierCode: "uk" });
    expect(calls[0]).toMatchObject({ method: "GET", url: "https://api.playground.klarna.com/ordermanagement/v1/orders/3eaeb557-5e30-47f8-b840-b8d987f5945d" });
    expect(calls[1]!.body).toMatchObject({ refunded_amount: 12900 });
  });

  it("cancels an order, and reports Klarna's refusal once it was captured", async () => {
    const { fetch, calls } = recordedFetch("order-cancelled", "cancel-not-allowed");
    const klarna = createKlarnaProvider({ accounts, fetch });
    expect(await klarna.void({ transactionId: "o1", carrierCode: "uk" })).toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ method: "POST", url: "https://api.playground.klarna.com/ordermanagement/v1/orders/o1/cancel" });
    expect(await klarna.void({ transactionId: "o1", carrierCode: "uk" })).toEqual({ ok: false, message: "Cancel not allowed. The order has been captured." });
  });
});

describe("Klarna configuration and idempotency keys", () => {
  it("makes RFC 4122 version-5 UUIDs, the same for the same key", () => {
    const id = uuidV5("uk:RB7K2M9Q:12900:1");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidV5("uk:RB7K2M9Q:12900:1")).toBe(id);
    expect(uuidV5("uk:RB7K2M9Q:12900:2")).not.toBe(id);
    // RFC 4122 appendix test vector: uuid5(DNS namespace, "www.example.com").
    expect(uuidV5("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2");
  });

  it("needs credentials and names a bad entry", () => {
    expect(() => klarnaAccountsFromEnv({})).toThrow(KlarnaConfigError);
    expect(() => klarnaAccountsFromEnv({ KLARNA_ACCOUNTS: JSON.stringify({ uk: { username: "u", password: "p", region: "mars" } }) })).toThrow(/"uk"/);
  });
});
