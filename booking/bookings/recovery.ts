/** Payments whose request died and was never sent again: completed or released (ADR 142). */
import * as s from "../db/schema";
import { and, eq } from "drizzle-orm";
import type { EngineContext } from "../context";
import { report } from "../events/outcomes";
import type { CarrierContext } from "../domain/carrier";
import { BookingCompletedError } from "../domain/errors";
import { isPayLaterPaymentType } from "./pay-later";
import { lockBooking } from "./repository";
import { placePayLaterOrder } from "./billing";
import { type Claim, takeOverAttempt, finalizePaid, settleAttempt, latestAttempt, completePaid } from "./charge";

export const RECOVERY_TOKEN = "recovery-without-nonce";

export interface PaymentRecovery {
  /** Orders completed for payments whose request died after the charge. */
  completed: number;
  /** Abandoned attempts the provider never charged: the booking is payable again. */
  released: number;
  /** Attempts whose outcome the provider could not tell yet: tried again next time. */
  unknown: number;
}

/**
 * The backstop for a payment whose request died and whose customer never sent it again (ADR 142):
 * a booking left PROCESSING with a paid attempt gets its order; with an attempt abandoned for
 * `paymentStaleMs` (the heartbeat stopped), the provider is asked again under the attempt's own
 * key, with a token it cannot charge: a charge made under the key is replayed and the order
 * completed; none made fails, and the booking is payable again. Safe on every replica at once: the
 * booking lock and the claim let one of them act.
 */
export async function recoverAbandonedPayments(ctx: EngineContext, carrier: CarrierContext): Promise<PaymentRecovery> {
  const summary: PaymentRecovery = { completed: 0, released: 0, unknown: 0 };
  const stuck = await ctx.db
    .select({ reference: s.bookings.reference })
    .from(s.bookings)
    .where(and(eq(s.bookings.carrierCode, carrier.code), eq(s.bookings.checkoutStatus, "PROCESSING")));
  for (const { reference } of stuck) {
    const claim = await ctx.db.transaction(async (tx): Promise<Claim | null> => {
      const booking = await lockBooking(tx, carrier, reference);
      if (booking.checkoutStatus !== "PROCESSING") return null;
      const latest = await latestAttempt(tx, carrier, booking.id);
      if (latest?.status === "SUCCEEDED") return { kind: "finalize", attemptId: latest.id, reference: booking.reference };
      if (latest?.status !== "PENDING" || ctx.clock.now().getTime() - latest.claimedAt.getTime() < ctx.config.paymentStaleMs) return null;
      return takeOverAttempt(tx, ctx, carrier, booking, latest);
    });
    if (!claim || claim.kind === "busy") continue;
    try {
      if (claim.kind === "finalize") {
        const method = await finalizePaid(ctx, carrier, claim.reference, claim.attemptId);
        report(ctx.outcomes?.payment, { carrierCode: carrier.code, method, outcome: "approved" });
        summary.completed += 1;
        continue;
      }
      const result = isPayLaterPaymentType(claim.paymentType)
        ? await placePayLaterOrder(ctx, carrier, claim, RECOVERY_TOKEN)
        : await ctx.payments.sale({
            idempotencyKey: claim.key,
            orderId: claim.reference,
            amountMinor: claim.amountMinor,
            currency: carrier.currency,
            nonce: RECOVERY_TOKEN,
            carrierCode: carrier.code,
            billing: claim.billing,
            require3DSecure: false,
          });
      if (result.ok) {
        const method = await completePaid(ctx, carrier, claim.reference, claim.attemptId, result.transactionId);
        if (method) report(ctx.outcomes?.payment, { carrierCode: carrier.code, method, outcome: "approved" });
        summary.completed += 1;
      } else {
        await settleAttempt(
          ctx,
          carrier,
          claim.reference,
          claim.attemptId,
          { status: "FAILED", failureKind: "gateway_error", failureCode: "abandoned", failureMessage: result.message },
          "PENDING",
        );
        summary.released += 1;
      }
    } catch (error) {
      if (error instanceof BookingCompletedError) continue;
      if (claim.kind === "pay")
        await settleAttempt(ctx, carrier, claim.reference, claim.attemptId, { claimedAt: new Date(0), failureMessage: String((error as Error)?.message ?? error) }, null).catch(
          () => undefined,
        );
      summary.unknown += 1;
    }
  }
  return summary;
}

/**
 * Spec §4 "Pay-later payment" step 2: the order is placed with the browser's authorisation token
 * (Klarna's order id becomes the transaction id). The booking is PROCESSING, so its basket is the
 * one being paid; the provider checks it against the authorised session.
 */
