/**
 * PayLaterProvider on the Klarna Payments HTTP API (ADR 022), plus refunds and cancellation through
 * Klarna's Order management API. Basic auth with the carrier's merchant API username and password;
 * the region's base URL (api.klarna.com, api-na.klarna.com, api-oc.klarna.com, or the playground's).
 *
 * - POST /payments/v1/sessions: a session for the booking's basket; its client_token goes to the
 *   browser and its payment_method_categories say whether the form is available.
 * - POST /payments/v1/sessions/{session_id}: update-klarna (204; 404 once the 48-hour session expired).
 * - POST /payments/v1/authorizations/{authorization_token}/order: places the order with auto capture,
 *   sent with a Klarna-Idempotency-Key (a UUIDv5 of the engine's idempotency key) and noted in the
 *   ledger, so a retry never places a second order.
 * - POST /ordermanagement/v1/orders/{order_id}/refunds and /cancel.
 */
import { createHash } from "node:crypto";
import type { PayLaterCustomer, PayLaterOrderLine, PayLaterProvider, PayLaterPurchase, PlaceOrderResult } from "../../ports/pay-later";
import { klarnaAccountFor, klarnaBaseUrl, type KlarnaAccount, type KlarnaAccounts } from "./accounts";

type MaybePromise<T> = T | Promise<T>;

export interface KlarnaFetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export type KlarnaFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<KlarnaFetchResponse>;

export type KlarnaLedgerRecord =
  | { kind: "order"; carrierCode: string; orderId: string; fraudStatus: "ACCEPTED" | "PENDING" }
  | { kind: "transaction"; carrierCode: string }
  | { kind: "refund"; refundId: string };

export interface KlarnaLedger {
  get(key: string): MaybePromise<KlarnaLedgerRecord | null | undefined>;
  put(key: string, record: KlarnaLedgerRecord): MaybePromise<void>;
}

export interface KlarnaProviderOptions {
  accounts: KlarnaAccounts;
  fetch?: KlarnaFetch;
  ledger?: KlarnaLedger;
  timeoutMs?: number;
}

/** A Klarna answer the adapter cannot turn into an outcome (5xx, unexpected status): the caller may retry. */
export class KlarnaError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode: string | null,
    readonly correlationId: string | null,
  ) {
    super(message);
    this.name = "KlarnaError";
  }
}

/** Namespace for the idempotency keys sent to Klarna (a fixed, random UUID of this project). */
const IDEMPOTENCY_NAMESPACE = "6f1c1f0e-3a51-4d0b-9a55-1f8b2c3d4e5f";

/** RFC 4122 UUID version 5 (SHA-1 of namespace + name), as Klarna asks for idempotency keys. */
export function uuidV5(name: string, namespace = IDEMPOTENCY_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ""), "hex");
  const hash = createHash("sha1")
    .update(Buffer.concat([ns, Buffer.from(name, "utf8")]))
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function klarnaOrderLines(lines: PayLaterOrderLine[]) {
  return lines.map((line) => ({
    type: line.type,
    reference: line.reference,
    name: line.name,
    quantity: line.quantity,
    unit_price: line.unitPriceMinor,
    tax_rate: line.taxRate,
    total_amount: line.totalAmountMinor,
    total_discount_amount: line.totalDiscountMinor,
    total_tax_amount: line.totalTaxMinor,
  }));
}

export function klarnaAddress(customer: PayLaterCustomer) {
  const address: Record<string, string> = {
    given_name: customer.givenName,
    family_name: customer.familyName,
    email: customer.email,
    street_address: customer.streetAddress,
    postal_code: customer.postalCode,
    city: customer.city,
    country: customer.country,
  };
  if (customer.streetAddress2) address.street_address2 = customer.streetAddress2;
  if (customer.phone) address.phone = customer.phone;
  return address;
}

/** The order data Klarna checks against the authorised session. */
function orderBody(purchase: PayLaterPurchase, withCustomer: boolean) {
  return {
    purchase_country: purchase.country,
    purchase_currency: purchase.currency,
    locale: purchase.locale,
    order_amount: purchase.amountMinor,
    order_tax_amount: purchase.taxMinor,
    order_lines: klarnaOrderLines(purchase.lines),
    merchant_reference1: purchase.bookingReference,
    ...(withCustomer && purchase.customer ? { billing_address: klarnaAddress(purchase.customer) } : {}),
  };
}

interface KlarnaErrorBody {
  error_code?: string;
  error_messages?: string[];
  correlation_id?: string;
  fraud_status?: string;
}

const orderKey = (idempotencyKey: string) => `klarna:order:${idempotencyKey}`;
const transactionKey = (orderId: string) => `klarna:transaction:${orderId}`;
const refundKey = (idempotencyKey: string) => `klarna:refund:${idempotencyKey}`;

function memoryLedger(): KlarnaLedger {
  const records = new Map<string, KlarnaLedgerRecord>();
  return { get: (key) => records.get(key), put: (key, record) => void records.set(key, structuredClone(record)) };
}

export function createKlarnaProvider(options: KlarnaProviderOptions): PayLaterProvider & { readonly name: "klarna" } {
  const doFetch: KlarnaFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const ledger = options.ledger ?? memoryLedger();
  const timeoutMs = options.timeoutMs ?? 20_000;

  function accountOrThrow(carrierCode: string): KlarnaAccount {
    const account = klarnaAccountFor(options.accounts, carrierCode);
    if (!account) throw new KlarnaError(`No Klarna account is configured for carrier ${carrierCode}.`, 0, "not_configured", null);
    return account;
  }

  async function call(account: KlarnaAccount, method: "GET" | "POST", path: string, body?: unknown, idempotencyKey?: string) {
    const headers: Record<string, string> = {
      Authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString("base64")}`,
      Accept: "application/json",
    };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (idempotencyKey) headers["Klarna-Idempotency-Key"] = uuidV5(idempotencyKey);
    const response = await doFetch(`${klarnaBaseUrl(account)}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: unknown = null;
    if (text.trim()) {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }
    return { status: response.status, headers: response.headers, json };
  }

  function failure(path: string, status: number, json: unknown): KlarnaError {
    const body = (json ?? {}) as KlarnaErrorBody;
    return new KlarnaError(
      `Klarna ${path}: HTTP ${status} ${body.error_code ?? ""} ${(body.error_messages ?? []).join("; ")}`.trim(),
      status,
      body.error_code ?? null,
      body.correlation_id ?? null,
    );
  }

  async function accountOfOrder(orderId: string, carrierCode: string | undefined): Promise<KlarnaAccount | null> {
    const record = await ledger.get(transactionKey(orderId));
    const code = record?.kind === "transaction" ? record.carrierCode : carrierCode;
    return code ? klarnaAccountFor(options.accounts, code) : (options.accounts.accounts["*"] ?? null);
  }

  return {
    name: "klarna",
    capabilities: { browserWidget: true, serverAuthorize: false },

    async createSession(purchase) {
      const account = accountOrThrow(purchase.carrierCode);
      // Klarna advises no customer data at session creation: it arrives with the update and the order.
      const { status, json } = await call(account, "POST", "/payments/v1/sessions", { acquiring_channel: "ECOMMERCE", intent: "buy", ...orderBody(purchase, false) });
      if (status !== 200) throw failure("create session", status, json);
      const session = json as {
        session_id: string;
        client_token: string;
        payment_method_categories?: { identifier: string; name: string; asset_urls?: { standard?: string; descriptive?: string } }[];
      };
      return {
        sessionId: session.session_id,
        clientToken: session.client_token,
        categories: (session.payment_method_categories ?? []).map((c) => ({
          identifier: c.identifier,
          name: c.name,
          ...(c.asset_urls?.standard ? { assetUrl: c.asset_urls.standard } : {}),
        })),
      };
    },

    async updateSession({ sessionId, purchase }) {
      const account = accountOrThrow(purchase.carrierCode);
      const { status, json } = await call(account, "POST", `/payments/v1/sessions/${encodeURIComponent(sessionId)}`, orderBody(purchase, true));
      if (status === 204 || status === 200) return { ok: true };
      const body = (json ?? {}) as KlarnaErrorBody;
      if (status === 404) return { ok: false, expired: true, code: body.error_code ?? "NOT_FOUND", message: body.error_messages?.[0] ?? "The session does not exist." };
      if (status >= 400 && status < 500) return { ok: false, expired: false, code: body.error_code ?? String(status), message: body.error_messages?.[0] ?? `HTTP ${status}` };
      throw failure("update session", status, json);
    },

    async placeOrder({ authorizationToken, idempotencyKey, purchase }): Promise<PlaceOrderResult> {
      const earlier = await ledger.get(orderKey(idempotencyKey));
      if (earlier?.kind === "order") return { ok: true, orderId: earlier.orderId, fraudStatus: earlier.fraudStatus, replayed: true };
      const account = klarnaAccountFor(options.accounts, purchase.carrierCode);
      if (!account) return { ok: false, kind: "gateway_error", code: "not_configured", message: `No Klarna account is configured for carrier ${purchase.carrierCode}.` };
      const { status, json } = await call(
        account,
        "POST",
        `/payments/v1/authorizations/${encodeURIComponent(authorizationToken)}/order`,
        { ...orderBody(purchase, true), auto_capture: true },
        idempotencyKey,
      );
      const body = (json ?? {}) as KlarnaErrorBody & { order_id?: string };
      if (status === 200 && body.order_id) {
        if (body.fraud_status === "REJECTED") return { ok: false, kind: "declined", code: "REJECTED", message: "Klarna rejected the purchase." };
        const fraudStatus = body.fraud_status === "PENDING" ? "PENDING" : "ACCEPTED";
        await ledger.put(transactionKey(body.order_id), { kind: "transaction", carrierCode: purchase.carrierCode });
        await ledger.put(orderKey(idempotencyKey), { kind: "order", carrierCode: purchase.carrierCode, orderId: body.order_id, fraudStatus });
        return { ok: true, orderId: body.order_id, fraudStatus, replayed: false };
      }
      const message = body.error_messages?.[0] ?? `HTTP ${status}`;
      if (body.fraud_status === "REJECTED") return { ok: false, kind: "declined", code: body.error_code ?? "REJECTED", message };
      // The authorisation expired (60 minutes) or is unknown, or the basket no longer matches it:
      // the customer authorises again.
      if (status === 404) return { ok: false, kind: "card_error", code: body.error_code ?? "NOT_FOUND", message };
      if (status === 409) return { ok: false, kind: "card_error", code: body.error_code ?? "CONFLICT", message };
      if (status >= 400 && status < 500) return { ok: false, kind: "gateway_error", code: body.error_code ?? String(status), message };
      throw failure("place order", status, json);
    },

    async refund({ transactionId, amountMinor, idempotencyKey, carrierCode }) {
      const earlier = await ledger.get(refundKey(idempotencyKey));
      if (earlier?.kind === "refund") return { ok: true, refundId: earlier.refundId };
      const account = await accountOfOrder(transactionId, carrierCode);
      if (!account) return { ok: false, message: "No Klarna account for this order." };
      const orderPath = `/ordermanagement/v1/orders/${encodeURIComponent(transactionId)}`;
      let amount = amountMinor;
      if (amount === undefined) {
        const order = await call(account, "GET", orderPath);
        if (order.status !== 200) return { ok: false, message: `Klarna order lookup: HTTP ${order.status}` };
        const read = order.json as { captured_amount?: number; refunded_amount?: number };
        amount = (read.captured_amount ?? 0) - (read.refunded_amount ?? 0);
      }
      const { status, headers, json } = await call(account, "POST", `${orderPath}/refunds`, { refunded_amount: amount, reference: idempotencyKey.slice(0, 255) }, idempotencyKey);
      if (status === 201 || status === 200) {
        const refundId = headers.get("Refund-Id") ?? headers.get("Location")?.split("/").pop() ?? idempotencyKey;
        await ledger.put(refundKey(idempotencyKey), { kind: "refund", refundId });
        return { ok: true, refundId };
      }
      const body = (json ?? {}) as KlarnaErrorBody;
      return { ok: false, message: body.error_messages?.[0] ?? body.error_code ?? `HTTP ${status}` };
    },

    async void({ transactionId, carrierCode }) {
      const account = await accountOfOrder(transactionId, carrierCode);
      if (!account) return { ok: false, message: "No Klarna account for this order." };
      const { status, json } = await call(account, "POST", `/ordermanagement/v1/orders/${encodeURIComponent(transactionId)}/cancel`);
      if (status === 204 || status === 200) return { ok: true };
      const body = (json ?? {}) as KlarnaErrorBody;
      return { ok: false, message: body.error_messages?.[0] ?? body.error_code ?? `HTTP ${status}` };
    },
  };
}
