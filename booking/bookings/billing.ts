/** Billing tokens and pay later (spec §7 generate-billing-tokens), and a booking's payment attempts. */
import * as s from "../db/schema";
import { and, asc, eq } from "drizzle-orm";
import type { EngineContext } from "../context";
import type { CarrierContext } from "../domain/carrier";
import { PaymentFailedError } from "../domain/errors";
import type { SaleResult } from "../ports/payment-gateway";
import { NO_PAY_LATER, payLaterOffer, purchaseForBooking, type PayLaterOffer } from "./pay-later";
import { findBooking } from "./repository";
import { loadBasket } from "./state";
import type { Claim } from "./charge";

export async function placePayLaterOrder(ctx: EngineContext, carrier: CarrierContext, claim: Extract<Claim, { kind: "pay" }>, authorizationToken: string): Promise<SaleResult> {
  const purchase = await purchaseForBooking(ctx, carrier, claim.reference);
  if (purchase.amountMinor !== claim.amountMinor) return { ok: false, kind: "gateway_error", code: "amount_changed", message: "The basket changed during payment." };
  const placed = await ctx.payLater.placeOrder({ authorizationToken, idempotencyKey: claim.key, purchase });
  return placed.ok ? { ok: true, transactionId: placed.orderId, status: "submitted_for_settlement", replayed: placed.replayed } : placed;
}

export interface BillingTokens extends PayLaterOffer {
  /** The card drop-in's client token (spec §7 card payment provider client). */
  card_client_token: string;
  /** Which card adapter answers: "braintree" (load the drop-in) or "sandbox" (the offline card form). */
  card_provider: string;
  /** Which pay-later adapter answers: "klarna" (load Klarna's widget) or "sandbox" (authorise through the engine). */
  pay_later_provider: string;
}

/**
 * Spec §7 POST /{ref}/generate-billing-tokens: the card drop-in's client token for the carrier's
 * merchant account, and, where the carrier offers pay later and the total is at least 35, the
 * booking's pay-later session (client token, session id, categories).
 */
export async function generateBillingTokens(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BillingTokens> {
  const booking = await findBooking(ctx.db, carrier, reference);
  let token: string;
  try {
    token = await ctx.payments.clientToken({ carrierCode: carrier.code, currency: carrier.currency });
  } catch {
    // Provider down or carrier not configured: the page shows the payment error, not a crash.
    throw new PaymentFailedError("gateway_error", "client_token");
  }
  const payable = booking.checkoutStatus === "PENDING";
  const offer = payable ? await payLaterOffer(ctx, carrier, await loadBasket(ctx.db, carrier, booking, ctx.clock.now(), carrier.countryCode === "DE" ? "de" : "en")) : null;
  return {
    card_client_token: token,
    card_provider: ctx.payments.name,
    pay_later_provider: ctx.payLater.name,
    ...(offer ?? NO_PAY_LATER),
  };
}

/** Payment attempts of a booking (staff and tests: "one charge"). */
export async function paymentAttempts(ctx: EngineContext, carrier: CarrierContext, reference: unknown) {
  const booking = await findBooking(ctx.db, carrier, reference);
  return ctx.db
    .select()
    .from(s.paymentAttempts)
    .where(and(eq(s.paymentAttempts.carrierCode, carrier.code), eq(s.paymentAttempts.bookingId, booking.id)))
    .orderBy(asc(s.paymentAttempts.attempt));
}
