/**
 * Pay later in the engine (spec §4 "Pay-later payment", §7 update-klarna, generate-billing-tokens;
 * ADR 024): the booking's basket as the provider's purchase, the booking's provider session, and
 * the sandbox's server-side authorisation. The charge itself is in charge.ts.
 *
 * The session (id, client token, categories) is kept in the engine's payment ledger under the
 * booking, so a page reload or a second replica reuses it instead of opening another.
 */
import type { EngineContext } from "../context";
import { createPaymentLedger } from "../db/payment-ledger";
import type { CarrierContext } from "../domain/carrier";
import { BookingCompletedError, DomainError, PaymentFailedError, PaymentInProgressError, ValidationError } from "../domain/errors";
import type { PayLaterCategory, PayLaterCustomer, PayLaterOrderLine, PayLaterPurchase, PayLaterSession } from "../ports/pay-later";
import type { Currency } from "../ports/payment-gateway";
import { findBooking, type BookingRow } from "./repository";
import { loadBasket, type LoadedBasket } from "./state";

/** Spec §4/§9: the pay-later panel needs a cart total of at least 35 (in the carrier's currency). */
export const PAY_LATER_MINIMUM_MINOR = 3500;

export const PAY_LATER_PAYMENT_TYPES = ["pay_later", "pay_later_instalments"] as const;
export type PayLaterPaymentType = (typeof PAY_LATER_PAYMENT_TYPES)[number];

/** The charge's payment type → the widget's category: 30 days, or three instalments. */
export const CATEGORY_OF_PAYMENT_TYPE: Readonly<Record<PayLaterPaymentType, PayLaterCategory>> = {
  pay_later: "pay_later",
  pay_later_instalments: "pay_over_time",
};

export function isPayLaterPaymentType(type: string): type is PayLaterPaymentType {
  return (PAY_LATER_PAYMENT_TYPES as readonly string[]).includes(type);
}

const KLARNA_LOCALES: Readonly<Record<string, string>> = { GB: "en-GB", DE: "de-DE", AU: "en-AU", US: "en-US", CA: "en-CA" };

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function line(reference: string, name: string, amountMinor: number, type: PayLaterOrderLine["type"] = "physical"): PayLaterOrderLine {
  return {
    type,
    reference: clip(reference, 256),
    name: clip(name, 255),
    quantity: 1,
    unitPriceMinor: amountMinor,
    totalDiscountMinor: 0,
    totalAmountMinor: amountMinor,
    // The engine keeps prices tax-inclusive and models no VAT rate; a carrier tax-rate field would fill these.
    taxRate: 0,
    totalTaxMinor: 0,
  };
}

/** The basket as order lines that add up exactly to what the customer pays. */
export function payLaterOrderLines(basket: LoadedBasket): PayLaterOrderLine[] {
  const lines: PayLaterOrderLine[] = [];
  for (const device of basket.devices) {
    const title = `${device.model.title} ${device.version.name}`.trim();
    const own = [
      ...device.pricing.lines.filter((l) => l.price > 0).map((l) => line(`${device.row.key}:${l.problem.code}`, `${title}: ${l.problem.title}`, l.price)),
      ...device.pricing.extras.filter((e) => e.price > 0).map((e) => line(`${device.row.key}:${e.code}`, `${title}: ${e.title}`, e.price)),
    ];
    const sum = own.reduce((total, l) => total + l.totalAmountMinor, 0);
    // Whatever the pricing rules add, the device's lines always sum to its subtotal.
    if (sum === device.pricing.subtotal) lines.push(...own);
    else if (device.pricing.subtotal > 0) lines.push(line(device.row.key, title, device.pricing.subtotal));
  }
  const totals = basket.totals;
  const devicesTotal = basket.devices.reduce((total, d) => total + d.pricing.subtotal, 0);
  const warrantyCharge = totals.full_price - devicesTotal;
  if (warrantyCharge > 0) lines.push(line("warranty-repair-charge", "Warranty repair charge", warrantyCharge));
  if (totals.discount_total > 0) {
    lines.push(line(totals.discount_code ?? "discount", `Promo code ${totals.discount_code ?? ""}`.trim(), -totals.discount_total, "discount"));
  }
  return lines;
}

function customerOf(booking: BookingRow, carrier: CarrierContext): PayLaterCustomer | undefined {
  const billing = booking.billingAddress;
  const address = booking.address;
  const street = billing?.line_1 || address?.line_1;
  const city = billing?.town || address?.town;
  const postalCode = billing?.postcode || address?.postcode || booking.postcode;
  const givenName = booking.billingFirstName || booking.firstName;
  const familyName = booking.billingLastName || booking.lastName;
  if (!booking.email || !street || !city || !postalCode || !givenName || !familyName) return undefined;
  const line2 = billing ? billing.line_2 : address?.line_2;
  return {
    givenName,
    familyName,
    email: booking.email,
    ...(booking.phoneNumber ? { phone: booking.phoneNumber } : {}),
    streetAddress: street,
    ...(line2 ? { streetAddress2: line2 } : {}),
    city,
    postalCode,
    country: carrier.countryCode,
  };
}

export function payLaterPurchase(carrier: CarrierContext, basket: LoadedBasket): PayLaterPurchase {
  const lines = payLaterOrderLines(basket);
  const amountMinor = basket.totals.total_price;
  const sum = lines.reduce((total, l) => total + l.totalAmountMinor, 0);
  if (sum !== amountMinor) throw new Error(`pay-later order lines add up to ${sum}, the basket to ${amountMinor}`);
  return {
    carrierCode: carrier.code,
    bookingReference: basket.booking.reference,
    country: carrier.countryCode,
    currency: carrier.currency as Currency,
    locale: KLARNA_LOCALES[carrier.countryCode] ?? "en-GB",
    amountMinor,
    taxMinor: lines.reduce((total, l) => total + l.totalTaxMinor, 0),
    lines,
    customer: customerOf(basket.booking, carrier),
  };
}

/** The purchase for a booking as it stands (the charge calls this while the booking is PROCESSING). */
export async function purchaseForBooking(ctx: EngineContext, carrier: CarrierContext, reference: string): Promise<PayLaterPurchase> {
  const booking = await findBooking(ctx.db, carrier, reference);
  const basket = await loadBasket(ctx.db, carrier, booking, ctx.clock.now(), carrier.countryCode === "DE" ? "de" : "en");
  return payLaterPurchase(carrier, basket);
}

/* ───────────── the booking's provider session ───────────── */

interface StoredSession {
  provider: string;
  sessionId: string;
  clientToken: string;
  categories: PayLaterSession["categories"];
  amountMinor: number;
  createdAt: string;
}

const sessionKey = (carrier: CarrierContext, reference: string) => `pay-later-session:${carrier.code}:${reference}`;

export interface PayLaterOffer {
  pay_later_client_token: string | null;
  pay_later_session_id: string | null;
  /** The provider reports the form available (it offers at least one category). */
  pay_later_available: boolean;
  /** The categories offered: pay_later (30 days) and/or pay_over_time (3 instalments). */
  pay_later_categories: string[];
}

export const NO_PAY_LATER: PayLaterOffer = { pay_later_client_token: null, pay_later_session_id: null, pay_later_available: false, pay_later_categories: [] };

function offerOf(session: StoredSession): PayLaterOffer {
  return {
    pay_later_client_token: session.clientToken,
    pay_later_session_id: session.sessionId,
    pay_later_available: session.categories.length > 0,
    pay_later_categories: session.categories.map((c) => c.identifier),
  };
}

/** Why this booking cannot use pay later, or null. */
function payLaterRefusal(carrier: CarrierContext, amountMinor: number): string | null {
  if (!carrier.usesKlarna) return "Pay later is not offered.";
  if (amountMinor < PAY_LATER_MINIMUM_MINOR) return "Pay later needs a total of at least 35.";
  return null;
}

/**
 * The booking's session, brought up to date with its basket (and the customer, when known); opened
 * when there is none or the provider's one expired.
 */
async function syncSession(ctx: EngineContext, carrier: CarrierContext, purchase: PayLaterPurchase, always: boolean): Promise<StoredSession> {
  const ledger = createPaymentLedger<StoredSession>(ctx.db);
  const key = sessionKey(carrier, purchase.bookingReference);
  const stored = await ledger.get(key);
  if (stored && stored.provider === ctx.payLater.name) {
    if (!always && stored.amountMinor === purchase.amountMinor) return stored;
    const updated = await ctx.payLater.updateSession({ sessionId: stored.sessionId, purchase });
    if (updated.ok) {
      const next = { ...stored, amountMinor: purchase.amountMinor };
      await ledger.put(key, next);
      return next;
    }
    if (!updated.expired) throw new PaymentFailedError("gateway_error", updated.code, updated.message);
  }
  const session = await ctx.payLater.createSession(purchase);
  const next: StoredSession = { provider: ctx.payLater.name, ...session, amountMinor: purchase.amountMinor, createdAt: ctx.clock.now().toISOString() };
  await ledger.put(key, next);
  return next;
}

async function payableBasket(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<LoadedBasket> {
  const booking = await findBooking(ctx.db, carrier, reference);
  if (booking.checkoutStatus === "SUCCESS") throw new BookingCompletedError();
  if (booking.checkoutStatus === "PROCESSING") throw new PaymentInProgressError();
  return loadBasket(ctx.db, carrier, booking, ctx.clock.now(), carrier.countryCode === "DE" ? "de" : "en");
}

/**
 * For generate-billing-tokens: the booking's pay-later session when the carrier offers pay later and
 * the total is at least 35; nothing otherwise. A provider that is down hides the panel, never the
 * card payment.
 */
export async function payLaterOffer(ctx: EngineContext, carrier: CarrierContext, basket: LoadedBasket): Promise<PayLaterOffer> {
  if (payLaterRefusal(carrier, basket.totals.total_price)) return NO_PAY_LATER;
  try {
    return offerOf(await syncSession(ctx, carrier, payLaterPurchase(carrier, basket), false));
  } catch {
    return NO_PAY_LATER;
  }
}

/**
 * Spec §7 POST /{ref}/update-klarna: brings the provider's session up to date with the basket and
 * the customer's details (the page saves them first), before the customer authorises.
 */
export async function updatePayLaterSession(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<PayLaterOffer> {
  const basket = await payableBasket(ctx, carrier, reference);
  const refusal = payLaterRefusal(carrier, basket.totals.total_price);
  if (refusal) throw new ValidationError({ payment_type: [refusal] });
  try {
    return offerOf(await syncSession(ctx, carrier, payLaterPurchase(carrier, basket), true));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new PaymentFailedError("gateway_error", "pay_later_unavailable", String((error as Error)?.message ?? error));
  }
}

/**
 * The widget's authorisation, done on the server by the offline sandbox (Klarna authorises in the
 * customer's browser, so with Klarna this answers VALIDATION). Same answer as the widget's:
 * { approved, authorization_token, show_form }.
 */
export async function authorizePayLater(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: { payment_type: string }) {
  if (!ctx.payLater.authorize) throw new ValidationError({ payment_type: ["Pay later is authorised in the provider's form in the browser."] });
  if (!isPayLaterPaymentType(input.payment_type)) throw new ValidationError({ payment_type: ["Choose pay later or instalments."] });
  const basket = await payableBasket(ctx, carrier, reference);
  const refusal = payLaterRefusal(carrier, basket.totals.total_price);
  if (refusal) throw new ValidationError({ payment_type: [refusal] });
  const purchase = payLaterPurchase(carrier, basket);
  const session = await syncSession(ctx, carrier, purchase, false);
  return ctx.payLater.authorize({ carrierCode: carrier.code, sessionId: session.sessionId, category: CATEGORY_OF_PAYMENT_TYPE[input.payment_type], customer: purchase.customer });
}
