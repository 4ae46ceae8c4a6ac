/**
 * Pay later (spec §4 "Pay-later payment", §7 update-klarna and the pay-later client): Klarna Payments
 * in production, a sandbox offline. Money in integer minor units, as everywhere in the engine.
 *
 * The flow: the engine opens a session for a booking (createSession) and hands its client token to
 * the browser; before authorising it brings the session up to date (updateSession); the browser
 * authorises in the provider's widget and gets an authorisation token; the engine's charge places
 * the order with that token (placeOrder). Klarna authorises in the customer's browser only; the
 * sandbox also authorises on the server (`authorize`), so the whole flow works offline.
 */
import type { Currency } from "./payment-gateway";

/** The widget's categories: pay in 30 days, and three interest-free instalments. */
export type PayLaterCategory = "pay_later" | "pay_over_time";
export const PAY_LATER_CATEGORIES: readonly PayLaterCategory[] = ["pay_later", "pay_over_time"];

export interface PayLaterOrderLine {
  type: "physical" | "digital" | "discount" | "surcharge";
  reference: string;
  name: string;
  quantity: number;
  /** Per unit, tax included, before the line's discount. */
  unitPriceMinor: number;
  totalDiscountMinor: number;
  /** quantity × unit price − discount; negative for a discount line. */
  totalAmountMinor: number;
  /** Percent with two implicit decimals (2000 = 20 %). */
  taxRate: number;
  totalTaxMinor: number;
}

export interface PayLaterCustomer {
  givenName: string;
  familyName: string;
  email: string;
  phone?: string;
  streetAddress: string;
  streetAddress2?: string;
  city: string;
  postalCode: string;
  /** ISO 3166 alpha-2. */
  country: string;
}

/** What is being bought: the booking's basket as order lines, summing exactly to amountMinor. */
export interface PayLaterPurchase {
  carrierCode: string;
  /** The booking reference (Klarna merchant_reference1). */
  bookingReference: string;
  /** ISO 3166 alpha-2 purchase country. */
  country: string;
  currency: Currency;
  /** RFC 1766, e.g. en-GB, de-DE. */
  locale: string;
  amountMinor: number;
  taxMinor: number;
  lines: PayLaterOrderLine[];
  customer?: PayLaterCustomer;
}

export interface PayLaterSession {
  sessionId: string;
  /** For the browser widget (Klarna.Payments.init({ client_token })). */
  clientToken: string;
  /** The categories the provider offers for this purchase; none → the form is not available. */
  categories: { identifier: string; name: string; assetUrl?: string }[];
}

/** The browser widget's authorisation answer (Klarna.Payments.authorize's callback), as the spec names it. */
export interface PayLaterAuthorization {
  approved: boolean;
  authorization_token: string | null;
  show_form: boolean;
}

export type PlaceOrderResult =
  | { ok: true; orderId: string; fraudStatus: "ACCEPTED" | "PENDING"; replayed: boolean }
  | { ok: false; kind: "card_error" | "declined" | "gateway_error"; code: string; message: string };

export type UpdateSessionResult = { ok: true } | { ok: false; expired: boolean; code: string; message: string };

/** What the web app may ask of the pay-later provider instead of its name (ADR 040). */
export interface PayLaterCapabilities {
  /** The browser loads the provider's widget with the session's client token and authorises there. */
  readonly browserWidget: boolean;
  /** The server can authorise (`authorize`), so pay later works without the widget (and without JavaScript). */
  readonly serverAuthorize: boolean;
}

export interface PayLaterProvider {
  readonly name: string;
  readonly capabilities: PayLaterCapabilities;
  createSession(purchase: PayLaterPurchase): Promise<PayLaterSession>;
  /** expired: the session is gone (Klarna keeps one 48 hours); the caller opens a new one. */
  updateSession(input: { sessionId: string; purchase: PayLaterPurchase }): Promise<UpdateSessionResult>;
  /**
   * Places the order for an authorisation. The same idempotency key twice never places two orders.
   * Throws when the outcome is unknown (network, 5xx): the caller retries with the same key.
   */
  placeOrder(input: { authorizationToken: string; idempotencyKey: string; purchase: PayLaterPurchase }): Promise<PlaceOrderResult>;
  refund(input: { transactionId: string; amountMinor?: number; idempotencyKey: string; carrierCode?: string }): Promise<{ ok: boolean; refundId?: string; message?: string }>;
  /** Cancels an order that was not captured yet. */
  void(input: { transactionId: string; carrierCode?: string }): Promise<{ ok: boolean; message?: string }>;
  /**
   * Server-side authorisation, offered by the offline sandbox only (Klarna authorises in the
   * customer's browser). Same answer shape as the widget's.
   */
  authorize?(input: { carrierCode: string; sessionId: string; category: PayLaterCategory; customer?: PayLaterCustomer }): Promise<PayLaterAuthorization>;
}
