/**
 * Offline PaymentGateway that behaves like Braintree's sandbox, so development and tests exercise
 * the same outcomes as the real adapter:
 *
 * - Braintree's documented test nonces (fake-valid-*, fake-paypal-one-time-nonce, the 3-D Secure
 *   nonces, fake-processor-declined-*-nonce, fake-consumed-nonce …); any other nonce is unknown.
 * - Braintree's test amounts: 2000.00–2999.99 of the major unit are processor-declined with the
 *   processor response code equal to the amount; 3000.00–3000.99 fail with processor response 3000.
 * - A carrier that requires 3-D Secure rejects a card nonce without 3-D Secure authentication
 *   (Braintree's "three_d_secure" gateway rejection). PayPal is not a card and is not affected.
 * - Braintree's AVS test values: a billing street address starting "200 " or postal code 20000
 *   does not match, and the sandbox's AVS rule rejects it ("avs" gateway rejection, billing
 *   address flag), so the payment error modal's 'Incorrect billing address' can be tried offline.
 * - Idempotency: a successful sale is recorded under its idempotency key; the same key returns the
 *   first result with `replayed: true` and never creates a second transaction. Declines are not
 *   recorded, so the customer can retry the same booking with another card.
 */
import { randomBytes } from "node:crypto";
import type { BillingAddress, Currency, PaymentGateway, SaleRequest, SaleResult } from "../../ports/payment-gateway";

type MaybePromise<T> = T | Promise<T>;

export type SandboxTransactionStatus = "submitted_for_settlement" | "settled" | "voided";

export interface SandboxTransaction {
  id: string;
  orderId: string;
  carrierCode: string;
  amountMinor: number;
  currency: Currency;
  paymentMethod: "card" | "paypal";
  status: SandboxTransactionStatus;
  refundedMinor: number;
  /** Refunds already made, by their idempotency key, so a retried refund is not paid twice. */
  refunds: Record<string, { refundId: string; amountMinor: number }>;
  createdAt: string;
}

/** What the ledger holds: the first successful result of a sale key, or a transaction's state. */
export type SandboxLedgerRecord = { kind: "sale"; result: Extract<SaleResult, { ok: true }>; transactionId: string } | { kind: "transaction"; transaction: SandboxTransaction };

/**
 * Key → JSON record store. In memory by default; the engine may back it with a Postgres table
 * (key text primary key, record jsonb). `put` must insert or replace.
 */
export interface SandboxLedger {
  get(key: string): MaybePromise<SandboxLedgerRecord | null | undefined>;
  put(key: string, record: SandboxLedgerRecord): MaybePromise<void>;
  /** Several records at once, all or none (the Postgres ledger: one statement); without it, one put each. */
  putAll?(records: readonly (readonly [string, SandboxLedgerRecord])[]): MaybePromise<void>;
}

export interface SandboxGatewayOptions {
  ledger?: SandboxLedger;
  /**
   * true (default): a sale settles at once (status 'settled'), so refunds work and voids are
   * refused, as for a Braintree transaction after its nightly settlement.
   * false: a sale stays 'submitted_for_settlement' until `settle(id)`; voids work, refunds are refused.
   */
  settleImmediately?: boolean;
  /** Transaction ids, for reproducible tests. */
  generateId?: () => string;
  now?: () => Date;
}

export interface SandboxGateway extends PaymentGateway {
  readonly name: "sandbox";
  /** Moves a submitted transaction to 'settled' (Braintree's sandbox settlement, on demand). */
  settle(transactionId: string): Promise<boolean>;
  transaction(transactionId: string): Promise<SandboxTransaction | null>;
  /** Every transaction this gateway instance created or loaded, in that order. */
  transactions(): SandboxTransaction[];
}

type NonceKind =
  | { method: "card"; threeDSecure: "none" }
  | { method: "card"; threeDSecure: "authenticated" }
  | { method: "card"; threeDSecure: "not_authenticated" }
  | { method: "card"; threeDSecure: "failed"; code: string; message: string }
  | { method: "card"; declined: { code: string; message: string } }
  | { method: "paypal" }
  | { method: "error"; kind: "card_error" | "declined" | "gateway_error"; code: string; message: string };

const CARD: NonceKind = { method: "card", threeDSecure: "none" };
const PROCESSOR_DECLINED: NonceKind = { method: "card", declined: { code: "2000", message: "Do Not Honor" } };
const THREE_DS_OK: NonceKind = { method: "card", threeDSecure: "authenticated" };
const THREE_DS_NO_SHIFT: NonceKind = { method: "card", threeDSecure: "not_authenticated" };

/** Braintree's documented sandbox nonces (Braintree::Test::Nonce) and what they do. */
export const SANDBOX_NONCES: Readonly<Record<string, NonceKind>> = {
  "fake-valid-nonce": CARD,
  "fake-valid-visa-nonce": CARD,
  "fake-valid-mastercard-nonce": CARD,
  "fake-valid-amex-nonce": CARD,
  "fake-valid-discover-nonce": CARD,
  "fake-valid-maestro-nonce": CARD,
  "fake-valid-debit-nonce": CARD,
  "fake-valid-prepaid-nonce": CARD,
  "fake-apple-pay-visa-nonce": CARD,
  "fake-android-pay-visa-nonce": CARD,
  "fake-paypal-one-time-nonce": { method: "paypal" },
  "fake-paypal-billing-agreement-nonce": { method: "paypal" },
  "fake-three-d-secure-visa-full-authentication-nonce": THREE_DS_OK,
  "fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce": THREE_DS_OK,
  "fake-three-d-secure-two-visa-successful-step-up-authentication-nonce": THREE_DS_OK,
  "fake-three-d-secure-visa-attempts-non-participating-nonce": THREE_DS_OK,
  "fake-three-d-secure-visa-lookup-timeout-nonce": THREE_DS_NO_SHIFT,
  "fake-three-d-secure-visa-not-enrolled-nonce": THREE_DS_NO_SHIFT,
  "fake-three-d-secure-visa-unavailable-nonce": THREE_DS_NO_SHIFT,
  "fake-three-d-secure-visa-authentication-unavailable-nonce": THREE_DS_NO_SHIFT,
  "fake-three-d-secure-visa-mpi-lookup-error-nonce": THREE_DS_NO_SHIFT,
  "fake-three-d-secure-visa-failed-authentication-nonce": {
    method: "card",
    threeDSecure: "failed",
    code: "three_d_secure",
    message: "Gateway Rejected: three_d_secure (authentication failed)",
  },
  "fake-three-d-secure-visa-failed-signature-nonce": {
    method: "card",
    threeDSecure: "failed",
    code: "three_d_secure",
    message: "Gateway Rejected: three_d_secure (signature verification failed)",
  },
  "fake-processor-declined-visa-nonce": PROCESSOR_DECLINED,
  "fake-processor-declined-mastercard-nonce": PROCESSOR_DECLINED,
  "fake-processor-declined-amex-nonce": PROCESSOR_DECLINED,
  "fake-processor-declined-discover-nonce": PROCESSOR_DECLINED,
  "fake-processor-failure-jcb-nonce": {
    method: "error",
    kind: "gateway_error",
    code: "3000",
    message: "Processor Network Unavailable - Try Again",
  },
  "fake-luhn-invalid-nonce": { method: "error", kind: "card_error", code: "81715", message: "Credit card number is invalid." },
  "fake-consumed-nonce": {
    method: "error",
    kind: "gateway_error",
    code: "93107",
    message: "Cannot use a payment_method_nonce more than once.",
  },
  "fake-gateway-rejected-fraud-nonce": { method: "error", kind: "declined", code: "fraud", message: "Gateway Rejected: fraud" },
};

/** Braintree's processor response texts for the 2000 class; others read 'Processor Declined'. */
const PROCESSOR_RESPONSES: Readonly<Record<number, string>> = {
  2000: "Do Not Honor",
  2001: "Insufficient Funds",
  2002: "Limit Exceeded",
  2003: "Cardholder's Activity Limit Exceeded",
  2004: "Expired Card",
  2005: "Invalid Credit Card Number",
  2006: "Invalid Expiration Date",
  2007: "No Account",
  2008: "Card Account Length Error",
  2009: "No Such Issuer",
  2010: "Card Issuer Declined CVV",
  2011: "Voice Authorization Required",
  2012: "Processor Declined - Possible Lost Card",
  2013: "Processor Declined - Possible Stolen Card",
  2014: "Processor Declined - Fraud Suspected",
  2015: "Transaction Not Allowed",
  2016: "Duplicate Transaction",
  2019: "Invalid Transaction",
  2038: "Processor Declined",
  2044: "Declined - Call Issuer",
  2046: "Declined",
};

export const UNKNOWN_NONCE_MESSAGE = "Unknown or expired payment_method_nonce.";

function processorDecline(amountMinor: number): Extract<SaleResult, { ok: false }> | null {
  // Braintree's amount rule works on the major unit regardless of currency; ours all have 2 decimals.
  const major = Math.floor(amountMinor / 100);
  if (major >= 2000 && major <= 2999) {
    return { ok: false, kind: "declined", code: String(major), message: PROCESSOR_RESPONSES[major] ?? "Processor Declined" };
  }
  if (major === 3000) {
    return { ok: false, kind: "gateway_error", code: "3000", message: "Processor Network Unavailable - Try Again" };
  }
  return null;
}

/** Braintree's sandbox AVS values that answer N (does not match). */
export function avsDoesNotMatch(billing: BillingAddress | undefined): boolean {
  if (!billing) return false;
  return /^200\s/.test(billing.line1.trim()) || billing.postcode.replace(/\s+/g, "") === "20000";
}

function memoryLedger(): SandboxLedger {
  const records = new Map<string, SandboxLedgerRecord>();
  return {
    get: (key) => records.get(key),
    put: (key, record) => {
      records.set(key, structuredClone(record));
    },
  };
}

const saleKey = (idempotencyKey: string) => `sale:${idempotencyKey}`;
const transactionKey = (id: string) => `transaction:${id}`;

export function createSandboxGateway(opts: SandboxGatewayOptions = {}): SandboxGateway {
  const ledger = opts.ledger ?? memoryLedger();
  const settleImmediately = opts.settleImmediately ?? true;
  const now = opts.now ?? (() => new Date());
  const generateId = opts.generateId ?? (() => randomBytes(4).toString("hex"));
  const known = new Map<string, SandboxTransaction>();
  // Concurrent calls with one key in this process share one outcome.
  const inFlight = new Map<string, Promise<SaleResult>>();

  async function loadTransaction(id: string): Promise<SandboxTransaction | null> {
    const cached = known.get(id);
    if (cached) return cached;
    const record = await ledger.get(transactionKey(id));
    if (record?.kind !== "transaction") return null;
    known.set(id, record.transaction);
    return record.transaction;
  }

  async function saveTransaction(transaction: SandboxTransaction): Promise<void> {
    known.set(transaction.id, transaction);
    await ledger.put(transactionKey(transaction.id), { kind: "transaction", transaction });
  }

  type SaleFailure = Extract<SaleResult, { ok: false }>;

  function decide(request: SaleRequest): SaleFailure | { ok: true; method: "card" | "paypal" } {
    if (!Number.isInteger(request.amountMinor)) {
      return { ok: false, kind: "gateway_error", code: "81503", message: "Amount is an invalid format." };
    }
    if (request.amountMinor <= 0) {
      return { ok: false, kind: "gateway_error", code: "81531", message: "Amount must be greater than zero." };
    }
    const nonce = SANDBOX_NONCES[request.nonce?.trim() ?? ""];
    if (!nonce) return { ok: false, kind: "gateway_error", code: "91565", message: UNKNOWN_NONCE_MESSAGE };
    if (nonce.method === "error") return { ok: false, kind: nonce.kind, code: nonce.code, message: nonce.message };
    if (nonce.method === "card") {
      if ("declined" in nonce) return { ok: false, kind: "declined", code: nonce.declined.code, message: nonce.declined.message };
      if (nonce.threeDSecure === "failed") return { ok: false, kind: "card_error", code: nonce.code, message: nonce.message };
      if (request.require3DSecure && nonce.threeDSecure !== "authenticated") {
        return { ok: false, kind: "card_error", code: "three_d_secure", message: "Gateway Rejected: three_d_secure" };
      }
      if (avsDoesNotMatch(request.billing)) {
        return { ok: false, kind: "card_error", code: "avs", message: "Gateway Rejected: avs", billing: { address: true } };
      }
    }
    const declined = processorDecline(request.amountMinor);
    if (declined) return declined;
    return { ok: true, method: nonce.method };
  }

  async function performSale(request: SaleRequest): Promise<SaleResult> {
    const previous = await ledger.get(saleKey(request.idempotencyKey));
    if (previous?.kind === "sale") {
      await loadTransaction(previous.transactionId);
      return { ...previous.result, replayed: true };
    }

    const decision = decide(request);
    if (!decision.ok) return decision;

    const transaction: SandboxTransaction = {
      id: generateId(),
      orderId: request.orderId,
      carrierCode: request.carrierCode,
      amountMinor: request.amountMinor,
      currency: request.currency,
      paymentMethod: decision.method,
      status: settleImmediately ? "settled" : "submitted_for_settlement",
      refundedMinor: 0,
      refunds: {},
      createdAt: now().toISOString(),
    };
    const result = {
      ok: true as const,
      transactionId: transaction.id,
      status: settleImmediately ? ("settled" as const) : ("submitted_for_settlement" as const),
      replayed: false,
    };
    // The transaction and the sale's record under its key, written together (ADR 227): one statement on
    // the Postgres ledger, and never a transaction without the record that replays it.
    known.set(transaction.id, transaction);
    const records = [
      [transactionKey(transaction.id), { kind: "transaction", transaction }],
      [saleKey(request.idempotencyKey), { kind: "sale", result, transactionId: transaction.id }],
    ] as const;
    if (ledger.putAll) await ledger.putAll(records);
    else for (const [key, record] of records) await ledger.put(key, record);
    return result;
  }

  return {
    name: "sandbox",
    capabilities: { dropIn: false },

    async clientToken({ carrierCode, currency }) {
      const token = { environment: "sandbox", carrierCode, currency, authorizationFingerprint: randomBytes(16).toString("hex") };
      return Buffer.from(JSON.stringify(token)).toString("base64");
    },

    sale(request) {
      const key = request.idempotencyKey;
      const running = inFlight.get(key);
      if (running) return running.then((result) => (result.ok ? { ...result, replayed: true } : result));
      const promise = performSale(request).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },

    async refund({ transactionId, amountMinor, idempotencyKey }) {
      const transaction = await loadTransaction(transactionId);
      if (!transaction) return { ok: false, message: "Transaction not found." };
      const earlier = transaction.refunds[idempotencyKey];
      if (earlier) return { ok: true, refundId: earlier.refundId };
      if (transaction.status === "voided") return { ok: false, message: "Cannot refund a voided transaction." };
      if (transaction.status !== "settled") return { ok: false, message: "Cannot refund a transaction unless it is settled." };
      const remaining = transaction.amountMinor - transaction.refundedMinor;
      const amount = amountMinor ?? remaining;
      if (!Number.isInteger(amount) || amount <= 0) return { ok: false, message: "Amount must be greater than zero." };
      if (remaining <= 0) return { ok: false, message: "Transaction has already been fully refunded." };
      if (amount > remaining) return { ok: false, message: "Refund amount is too large." };
      const refundId = generateId();
      await saveTransaction({
        ...transaction,
        refundedMinor: transaction.refundedMinor + amount,
        refunds: { ...transaction.refunds, [idempotencyKey]: { refundId, amountMinor: amount } },
      });
      return { ok: true, refundId };
    },

    async void({ transactionId }) {
      const transaction = await loadTransaction(transactionId);
      if (!transaction) return { ok: false, message: "Transaction not found." };
      if (transaction.status === "voided") return { ok: true };
      if (transaction.status !== "submitted_for_settlement") {
        return { ok: false, message: "Transaction can only be voided if status is authorized or submitted_for_settlement." };
      }
      await saveTransaction({ ...transaction, status: "voided" });
      return { ok: true };
    },

    async settle(transactionId) {
      const transaction = await loadTransaction(transactionId);
      if (!transaction || transaction.status !== "submitted_for_settlement") return false;
      await saveTransaction({ ...transaction, status: "settled" });
      return true;
    },

    async transaction(transactionId) {
      const transaction = await loadTransaction(transactionId);
      return transaction ? structuredClone(transaction) : null;
    },

    transactions() {
      return [...known.values()].map((t) => structuredClone(t));
    },
  };
}
