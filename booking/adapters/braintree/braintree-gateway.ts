/**
 * PaymentGateway on Braintree (server SDK `braintree` 3.40). ADRs 020 (accounts per carrier) and
 * 021 (results and idempotency).
 *
 * - Client token per carrier, for the merchant account of the carrier's currency.
 * - Sale: orderId = booking reference, amount from minor units exactly, the drop-in's nonce,
 *   billing address and phone, submitForSettlement, and 3-D Secure required when the carrier's
 *   switch is on.
 * - Exactly once: Braintree has no idempotency header. The adapter notes "sale started" under the
 *   idempotency key in its ledger (Postgres in the engine) before it calls Braintree, and the result
 *   after. A call that finds a started sale without a result (the answer was lost) first searches
 *   Braintree for a live sale with that orderId and amount and replays it; it only sells again when
 *   none exists and the first call is old enough for Braintree's search index to show it.
 * - Refund and void, with the carrier's credentials remembered per transaction.
 */
import braintree from "braintree";
import type { Currency, PaymentGateway, SaleRequest, SaleResult } from "../../ports/payment-gateway";
import { accountFor, type BraintreeAccount, type BraintreeAccounts } from "./accounts";
import { BRAINTREE_CODES, LIVE_SALE_STATUSES, looksLikeRepeat, majorAmount, saleFailure, saleStatus, type BraintreeResult, type BraintreeTransaction } from "./braintree-results";

type MaybePromise<T> = T | Promise<T>;

interface TextSearch {
  is(value: string): void;
}

/** The part of the SDK's BraintreeGateway this adapter uses (tests inject one on recorded exchanges). */
export interface BraintreeSdkGateway {
  clientToken: { generate(request: braintree.ClientTokenRequest): Promise<BraintreeResult> };
  transaction: {
    sale(request: braintree.TransactionRequest): Promise<BraintreeResult>;
    refund(transactionId: string, amount?: string): Promise<BraintreeResult>;
    void(transactionId: string): Promise<BraintreeResult>;
    find(transactionId: string): Promise<BraintreeTransaction>;
    search(build: (search: { orderId(): TextSearch }) => void): AsyncIterable<BraintreeTransaction>;
  };
}

export type BraintreeLedgerRecord =
  | { kind: "sale-started"; carrierCode: string; orderId: string; amount: string; currency: Currency; startedAt: string }
  | { kind: "sale"; carrierCode: string; transactionId: string; result: Extract<SaleResult, { ok: true }> }
  | { kind: "transaction"; carrierCode: string }
  | { kind: "refund"; refundId: string };

/** Key → JSON record, insert or replace (the engine passes `createPaymentLedger(db)`). */
export interface BraintreeLedger {
  get(key: string): MaybePromise<BraintreeLedgerRecord | null | undefined>;
  put(key: string, record: BraintreeLedgerRecord): MaybePromise<void>;
}

export interface BraintreeGatewayOptions {
  accounts: BraintreeAccounts;
  ledger?: BraintreeLedger;
  /** Builds the SDK gateway for an account; default `new braintree.BraintreeGateway(…)`. */
  sdkFor?: (account: BraintreeAccount) => BraintreeSdkGateway;
  /**
   * How old a started sale must be before the adapter trusts a search that does not find it and
   * sells again (Braintree's search index trails by seconds). Younger: the outcome stays unknown
   * and the call throws, so the engine keeps the attempt and the customer retries a little later.
   */
  searchSettleMs?: number;
  now?: () => Date;
}

export class BraintreeOutcomeUnknownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BraintreeOutcomeUnknownError";
  }
}

const saleKey = (idempotencyKey: string) => `braintree:sale:${idempotencyKey}`;
const transactionKey = (id: string) => `braintree:transaction:${id}`;
const refundKey = (idempotencyKey: string) => `braintree:refund:${idempotencyKey}`;

function memoryLedger(): BraintreeLedger {
  const records = new Map<string, BraintreeLedgerRecord>();
  return { get: (key) => records.get(key), put: (key, record) => void records.set(key, structuredClone(record)) };
}

export function defaultSdkFor(account: BraintreeAccount): BraintreeSdkGateway {
  const gateway = new braintree.BraintreeGateway({
    environment: account.environment === "production" ? braintree.Environment.Production : braintree.Environment.Sandbox,
    merchantId: account.merchantId,
    publicKey: account.publicKey,
    privateKey: account.privateKey,
  });
  return gateway as unknown as BraintreeSdkGateway;
}

function billingFor(request: SaleRequest): braintree.TransactionRequest["billing"] | undefined {
  const b = request.billing;
  if (!b) return undefined;
  // Only keys with values: the SDK refuses a request with keys outside its signature, and an
  // empty string would overwrite nothing useful.
  const entries: [string, string | undefined][] = [
    ["firstName", b.firstName],
    ["lastName", b.lastName],
    ["streetAddress", b.line1],
    ["extendedAddress", b.line2],
    ["locality", b.town],
    ["postalCode", b.postcode],
    ["countryCodeAlpha2", b.countryCode],
    ["phoneNumber", b.phone],
  ];
  return Object.fromEntries(entries.filter(([, v]) => typeof v === "string" && v.trim() !== "").map(([k, v]) => [k, v!.trim()]));
}

export function createBraintreeGateway(options: BraintreeGatewayOptions): PaymentGateway & { readonly name: "braintree" } {
  const ledger = options.ledger ?? memoryLedger();
  const sdkFor = options.sdkFor ?? defaultSdkFor;
  const settleMs = options.searchSettleMs ?? 30_000;
  const now = options.now ?? (() => new Date());
  const sdks = new Map<string, BraintreeSdkGateway>();
  const inFlight = new Map<string, Promise<SaleResult>>();

  function sdk(account: BraintreeAccount): BraintreeSdkGateway {
    const id = `${account.environment}:${account.merchantId}:${account.publicKey}`;
    let gateway = sdks.get(id);
    if (!gateway) {
      gateway = sdkFor(account);
      sdks.set(id, gateway);
    }
    return gateway;
  }

  function notConfigured(carrierCode: string): Extract<SaleResult, { ok: false }> {
    return { ok: false, kind: "gateway_error", code: "not_configured", message: `No Braintree account is configured for carrier ${carrierCode}.` };
  }

  async function findLiveSale(gateway: BraintreeSdkGateway, orderId: string, amount: string, currency: Currency): Promise<BraintreeTransaction | null> {
    const found = gateway.transaction.search((search) => search.orderId().is(orderId));
    for await (const t of found) {
      if ((t.type ?? "sale") === "sale" && LIVE_SALE_STATUSES.has(t.status) && t.amount === amount && (!t.currencyIsoCode || t.currencyIsoCode === currency)) return t;
    }
    return null;
  }

  async function recordSale(key: string, carrierCode: string, t: BraintreeTransaction, replayed: boolean): Promise<SaleResult> {
    const result = { ok: true as const, transactionId: t.id, status: saleStatus(t), replayed: false };
    await ledger.put(transactionKey(t.id), { kind: "transaction", carrierCode });
    await ledger.put(saleKey(key), { kind: "sale", carrierCode, transactionId: t.id, result });
    return { ...result, replayed };
  }

  async function performSale(request: SaleRequest): Promise<SaleResult> {
    const key = request.idempotencyKey;
    const previous = await ledger.get(saleKey(key));
    if (previous?.kind === "sale") return { ...previous.result, replayed: true };

    if (!Number.isSafeInteger(request.amountMinor)) return { ok: false, kind: "gateway_error", code: "81503", message: "Amount is an invalid format." };
    if (request.amountMinor <= 0) return { ok: false, kind: "gateway_error", code: "81531", message: "Amount must be greater than zero." };
    const account = accountFor(options.accounts, request.carrierCode);
    if (!account) return notConfigured(request.carrierCode);
    const gateway = sdk(account);
    const amount = majorAmount(request.amountMinor);

    if (previous?.kind === "sale-started") {
      // The first call's answer never arrived: it may have charged.
      const existing = await findLiveSale(gateway, request.orderId, amount, request.currency);
      if (existing) return recordSale(key, request.carrierCode, existing, true);
      if (now().getTime() - new Date(previous.startedAt).getTime() < settleMs) {
        throw new BraintreeOutcomeUnknownError("The previous attempt's outcome is not known yet; try again shortly.");
      }
    }

    await ledger.put(saleKey(key), {
      kind: "sale-started",
      carrierCode: request.carrierCode,
      orderId: request.orderId,
      amount,
      currency: request.currency,
      startedAt: now().toISOString(),
    });
    const merchantAccountId = account.merchantAccounts[request.currency];
    const billing = billingFor(request);
    const sale: braintree.TransactionRequest = {
      amount,
      orderId: request.orderId,
      paymentMethodNonce: request.nonce,
      ...(merchantAccountId ? { merchantAccountId } : {}),
      ...(billing && Object.keys(billing).length ? { billing } : {}),
      options: { submitForSettlement: true, ...(request.require3DSecure ? { threeDSecure: { required: true } } : {}) },
    };
    const result = await gateway.transaction.sale(sale);
    if (result.success && result.transaction) return recordSale(key, request.carrierCode, result.transaction, false);
    if (looksLikeRepeat(result)) {
      // A duplicate, or the nonce already spent: the money may already be ours for this booking.
      const existing = await findLiveSale(gateway, request.orderId, amount, request.currency);
      if (existing) return recordSale(key, request.carrierCode, existing, true);
    }
    return saleFailure(result);
  }

  async function accountOfTransaction(transactionId: string, carrierCode: string | undefined): Promise<BraintreeAccount | null> {
    const record = await ledger.get(transactionKey(transactionId));
    const code = record?.kind === "transaction" ? record.carrierCode : carrierCode;
    return code ? accountFor(options.accounts, code) : (options.accounts.accounts["*"] ?? null);
  }

  return {
    name: "braintree",
    capabilities: { dropIn: true },

    async clientToken({ carrierCode, currency }) {
      const account = accountFor(options.accounts, carrierCode);
      if (!account) throw new Error(`No Braintree account is configured for carrier ${carrierCode}.`);
      const merchantAccountId = account.merchantAccounts[currency];
      const result = await sdk(account).clientToken.generate(merchantAccountId ? { merchantAccountId } : {});
      if (!result.success || !result.clientToken) throw new Error(`Braintree client token: ${result.message ?? "no token"}`);
      return result.clientToken;
    },

    sale(request) {
      const key = request.idempotencyKey;
      const running = inFlight.get(key);
      if (running) return running.then((result) => (result.ok ? { ...result, replayed: true } : result));
      const promise = performSale(request).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },

    async refund({ transactionId, amountMinor, idempotencyKey, carrierCode }) {
      const earlier = await ledger.get(refundKey(idempotencyKey));
      if (earlier?.kind === "refund") return { ok: true, refundId: earlier.refundId };
      const account = await accountOfTransaction(transactionId, carrierCode);
      if (!account) return { ok: false, message: "No Braintree account for this transaction." };
      const gateway = sdk(account);
      const result = await gateway.transaction.refund(transactionId, amountMinor === undefined ? undefined : majorAmount(amountMinor));
      if (result.success && result.transaction) {
        await ledger.put(refundKey(idempotencyKey), { kind: "refund", refundId: result.transaction.id });
        return { ok: true, refundId: result.transaction.id };
      }
      const errors = result.errors?.deepErrors() ?? [];
      if (errors.some((e) => e.code === BRAINTREE_CODES.refundAlreadyComplete)) {
        // A retried full refund whose first answer was lost: the refund exists, report it.
        const original = await gateway.transaction.find(transactionId);
        const refundId = original.refundIds?.[0];
        if (refundId) {
          await ledger.put(refundKey(idempotencyKey), { kind: "refund", refundId });
          return { ok: true, refundId };
        }
      }
      return { ok: false, message: errors[0]?.message ?? result.message ?? "Refund failed." };
    },

    async void({ transactionId, carrierCode }) {
      const account = await accountOfTransaction(transactionId, carrierCode);
      if (!account) return { ok: false, message: "No Braintree account for this transaction." };
      const result = await sdk(account).transaction.void(transactionId);
      if (result.success) return { ok: true };
      if (result.transaction?.status === "voided") return { ok: true };
      return { ok: false, message: result.errors?.deepErrors()[0]?.message ?? result.message ?? "Void failed." };
    },
  };
}
