/**
 * Offline PayLaterProvider that behaves like Klarna's playground (ADR 023), so spec §4's pay-later
 * flow works with no network:
 *
 * - Sessions offer both categories (pay_later: 30 days; pay_over_time: 3 instalments), so the form
 *   is available; updates keep the basket; a session closes when its order is placed.
 * - Authorisation happens on the server (`authorize`), in place of the widget in the browser. It
 *   approves or denies by configuration (KLARNA_SANDBOX_OUTCOME), and, like Klarna's playground
 *   sample customers, denies a customer whose e-mail has "+denied" before the @, so one server can
 *   show both outcomes. An approval returns an authorisation token valid for 60 minutes.
 * - Placing the order needs an approved, unused, unexpired token for the same amount (Klarna's 404
 *   and 409 otherwise). The same idempotency key never places two orders.
 * - Orders are captured at once (auto capture): refunds work, cancellation is refused.
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  PAY_LATER_CATEGORIES,
  type PayLaterAuthorization,
  type PayLaterCategory,
  type PayLaterCustomer,
  type PayLaterProvider,
  type PayLaterPurchase,
  type PlaceOrderResult,
} from "../../ports/pay-later";

type MaybePromise<T> = T | Promise<T>;

export interface SandboxPayLaterOrder {
  id: string;
  carrierCode: string;
  bookingReference: string;
  category: PayLaterCategory;
  amountMinor: number;
  currency: string;
  refundedMinor: number;
  status: "captured";
  refunds: Record<string, { refundId: string; amountMinor: number }>;
  createdAt: string;
}

export type SandboxPayLaterRecord =
  | { kind: "session"; carrierCode: string; purchase: PayLaterPurchase; status: "incomplete" | "complete"; createdAt: string }
  | { kind: "authorization"; sessionId: string; category: PayLaterCategory; amountMinor: number; expiresAt: string; used: boolean }
  | { kind: "order"; orderId: string; fraudStatus: "ACCEPTED" }
  | { kind: "transaction"; order: SandboxPayLaterOrder };

export interface SandboxPayLaterLedger {
  get(key: string): MaybePromise<SandboxPayLaterRecord | null | undefined>;
  put(key: string, record: SandboxPayLaterRecord): MaybePromise<void>;
}

export type SandboxPayLaterOutcome = "approve" | "deny";

export interface SandboxPayLaterOptions {
  /** What authorisation answers (default approve); "+denied" e-mails are denied either way. */
  outcome?: SandboxPayLaterOutcome;
  ledger?: SandboxPayLaterLedger;
  generateId?: () => string;
  now?: () => Date;
}

export interface SandboxPayLater extends PayLaterProvider {
  readonly name: "sandbox";
  authorize(input: { carrierCode: string; sessionId: string; category: PayLaterCategory; customer?: PayLaterCustomer }): Promise<PayLaterAuthorization>;
  /** Orders placed through this instance, in order (tests: "one order"). */
  orders(): SandboxPayLaterOrder[];
}

export const SANDBOX_PAY_LATER_CATEGORIES = [
  { identifier: "pay_later", name: "Pay in 30 days" },
  { identifier: "pay_over_time", name: "Pay in 3 interest-free instalments" },
];

const AUTHORIZATION_MINUTES = 60;

/** Klarna's playground convention: an e-mail like customer+denied@example.com is denied. */
export function isDeniedTestCustomer(email: string | undefined | null): boolean {
  return !!email && /\+denied@/i.test(email);
}

function memoryLedger(): SandboxPayLaterLedger {
  const records = new Map<string, SandboxPayLaterRecord>();
  return { get: (key) => records.get(key), put: (key, record) => void records.set(key, structuredClone(record)) };
}

const sessionKey = (id: string) => `sandbox-pay-later:session:${id}`;
const authorizationKey = (token: string) => `sandbox-pay-later:authorization:${token}`;
const orderKey = (idempotencyKey: string) => `sandbox-pay-later:order:${idempotencyKey}`;
const transactionKey = (id: string) => `sandbox-pay-later:transaction:${id}`;

export function createSandboxPayLater(options: SandboxPayLaterOptions = {}): SandboxPayLater {
  const ledger = options.ledger ?? memoryLedger();
  const outcome = options.outcome ?? "approve";
  const now = options.now ?? (() => new Date());
  const generateId = options.generateId ?? (() => randomUUID());
  const placed: SandboxPayLaterOrder[] = [];
  const inFlight = new Map<string, Promise<PlaceOrderResult>>();

  async function session(id: string) {
    const record = await ledger.get(sessionKey(id));
    return record?.kind === "session" ? record : null;
  }

  async function transaction(id: string) {
    const record = await ledger.get(transactionKey(id));
    return record?.kind === "transaction" ? record.order : null;
  }

  async function performPlaceOrder(input: { authorizationToken: string; idempotencyKey: string; purchase: PayLaterPurchase }): Promise<PlaceOrderResult> {
    const earlier = await ledger.get(orderKey(input.idempotencyKey));
    if (earlier?.kind === "order") return { ok: true, orderId: earlier.orderId, fraudStatus: earlier.fraudStatus, replayed: true };
    const authorization = await ledger.get(authorizationKey(input.authorizationToken));
    if (authorization?.kind !== "authorization" || authorization.used || new Date(authorization.expiresAt).getTime() <= now().getTime()) {
      return { ok: false, kind: "card_error", code: "NOT_FOUND", message: "Invalid authorization token" };
    }
    if (authorization.amountMinor !== input.purchase.amountMinor) {
      return { ok: false, kind: "card_error", code: "BAD_VALUE", message: "The data in the request does not match the session for the authorization" };
    }
    const order: SandboxPayLaterOrder = {
      id: generateId(),
      carrierCode: input.purchase.carrierCode,
      bookingReference: input.purchase.bookingReference,
      category: authorization.category,
      amountMinor: input.purchase.amountMinor,
      currency: input.purchase.currency,
      refundedMinor: 0,
      status: "captured",
      refunds: {},
      createdAt: now().toISOString(),
    };
    await ledger.put(transactionKey(order.id), { kind: "transaction", order });
    await ledger.put(authorizationKey(input.authorizationToken), { ...authorization, used: true });
    const open = await session(authorization.sessionId);
    if (open) await ledger.put(sessionKey(authorization.sessionId), { ...open, status: "complete" });
    await ledger.put(orderKey(input.idempotencyKey), { kind: "order", orderId: order.id, fraudStatus: "ACCEPTED" });
    placed.push(order);
    return { ok: true, orderId: order.id, fraudStatus: "ACCEPTED", replayed: false };
  }

  return {
    name: "sandbox",
    capabilities: { browserWidget: false, serverAuthorize: true },

    async createSession(purchase) {
      const sessionId = generateId();
      await ledger.put(sessionKey(sessionId), { kind: "session", carrierCode: purchase.carrierCode, purchase, status: "incomplete", createdAt: now().toISOString() });
      const clientToken = `sandbox.${Buffer.from(JSON.stringify({ environment: "sandbox", session_id: sessionId, nonce: randomBytes(8).toString("hex") })).toString("base64url")}`;
      return { sessionId, clientToken, categories: SANDBOX_PAY_LATER_CATEGORIES.map((c) => ({ ...c })) };
    },

    async updateSession({ sessionId, purchase }) {
      const open = await session(sessionId);
      if (!open || open.status === "complete") return { ok: false, expired: true, code: "NOT_FOUND", message: "Session not found" };
      await ledger.put(sessionKey(sessionId), { ...open, purchase });
      return { ok: true };
    },

    async authorize({ sessionId, category, customer }) {
      const open = await session(sessionId);
      if (!open || open.status === "complete" || !PAY_LATER_CATEGORIES.includes(category)) return { approved: false, authorization_token: null, show_form: false };
      const email = customer?.email ?? open.purchase.customer?.email;
      if (outcome === "deny" || isDeniedTestCustomer(email)) return { approved: false, authorization_token: null, show_form: false };
      const token = `sbx-auth-${generateId()}`;
      await ledger.put(authorizationKey(token), {
        kind: "authorization",
        sessionId,
        category,
        amountMinor: open.purchase.amountMinor,
        expiresAt: new Date(now().getTime() + AUTHORIZATION_MINUTES * 60_000).toISOString(),
        used: false,
      });
      return { approved: true, authorization_token: token, show_form: true };
    },

    placeOrder(input) {
      const running = inFlight.get(input.idempotencyKey);
      if (running) return running.then((result) => (result.ok ? { ...result, replayed: true } : result));
      const promise = performPlaceOrder(input).finally(() => inFlight.delete(input.idempotencyKey));
      inFlight.set(input.idempotencyKey, promise);
      return promise;
    },

    async refund({ transactionId, amountMinor, idempotencyKey }) {
      const order = await transaction(transactionId);
      if (!order) return { ok: false, message: "Order not found." };
      const earlier = order.refunds[idempotencyKey];
      if (earlier) return { ok: true, refundId: earlier.refundId };
      const remaining = order.amountMinor - order.refundedMinor;
      const amount = amountMinor ?? remaining;
      if (!Number.isInteger(amount) || amount <= 0) return { ok: false, message: "Refunded amount must be greater than zero." };
      if (amount > remaining) return { ok: false, message: "Refunded amount exceeds the captured amount." };
      const refundId = generateId();
      await ledger.put(transactionKey(order.id), {
        kind: "transaction",
        order: { ...order, refundedMinor: order.refundedMinor + amount, refunds: { ...order.refunds, [idempotencyKey]: { refundId, amountMinor: amount } } },
      });
      return { ok: true, refundId };
    },

    async void({ transactionId }) {
      const order = await transaction(transactionId);
      if (!order) return { ok: false, message: "Order not found." };
      return { ok: false, message: "Cancel not allowed. The order has been captured." };
    },

    orders() {
      return placed.map((o) => structuredClone(o));
    },
  };
}
