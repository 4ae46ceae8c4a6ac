/**
 * Checkout (spec §4 steps 4–5, §7 confirm-iw, confirm-promo, charge): turns a ready booking into an
 * order with a numeric order reference, a job and an assigned technician; checkout_status → SUCCESS.
 *
 * Charging is idempotent (ADR 014). Phase 1 (one transaction, booking row locked) validates, fixes
 * the amount and claims a payment attempt whose idempotency key is derived from the booking reference
 * and amount; only one caller can hold a fresh claim. Phase 2 calls the gateway outside any
 * transaction with that key. Phase 3 records the outcome and, on success, completes the order in
 * the same transaction. A crash between phases leaves the attempt claimed; the claim's heartbeat
 * stops, and a resend waiting on it takes it over after `paymentSilentMs`, or a retry after
 * `paymentStaleMs`, or the recovery round (ADR 142), always with the same key, so the gateway (whose
 * ledger lives in Postgres) replays instead of charging again.
 */
import * as s from "../db/schema";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { BookingTransaction, DbOrTx } from "../db/open";
import type { EngineContext } from "../context";
import { PAYMENT_TYPES } from "../domain/payment-types";
import { report } from "../events/outcomes";
import { catalogueRevision } from "../catalogue/revision";
import type { CarrierContext } from "../domain/carrier";
import { BookingCompletedError, CheckoutNotReadyError, PaymentFailedError, PaymentInProgressError, ValidationError } from "../domain/errors";
import { parseInput } from "../domain/validate";
import type { BillingAddress, SaleResult } from "../ports/payment-gateway";
import { isPayLaterPaymentType, PAY_LATER_MINIMUM_MINOR } from "./pay-later";
import { assertDiscountUsable, findDiscount, releaseDiscountReservations, reserveDiscount, usageLimit } from "./discount";
import { Deferred, findBooking, lockBooking, type BookingRow } from "./repository";
import { loadBasket, readBookingState, type BookingState, type LoadedBasket } from "./state";
import { placePayLaterOrder } from "./billing";
import { bookingLocale, completeOrder } from "./completion";
import { readinessError, ensureHold } from "./readiness";

/* ───────────── charge ───────────── */

const chargeInput = z.object({
  paid_via_credit: z.boolean().default(false),
  currency: z.string().trim().toUpperCase(),
  token: z.string({ error: "The payment token is missing." }).trim().min(1, "The payment token is missing.").max(4096),
  payment_type: z.enum(PAYMENT_TYPES).default("card"),
  invoice_payment: z.boolean().optional(),
  /** The total the customer saw; BK27 when the basket's total differs (the page is stale). */
  expected_total: z.number().int().min(0).optional(),
});

export function chargeIdempotencyKey(carrier: CarrierContext, reference: string, amountMinor: number, attempt: number): string {
  return `${carrier.code}:${reference}:${amountMinor}:${attempt}`;
}

export type Claim =
  /** paymentType: the attempt's own (a takeover pays through the provider the attempt began with). */
  | {
      kind: "pay";
      attemptId: number;
      key: string;
      amountMinor: number;
      paymentType: string;
      billing: BillingAddress | undefined;
      reference: string;
      /**
       * The basket as priced when this request claimed the attempt, and the catalogue revision it was
       * priced under: the basket cannot change while the booking is PROCESSING (assertEditable), so the
       * order is completed from it (ADR 227). A takeover has none and prices the basket again.
       */
      priced?: { basket: LoadedBasket; revision: string };
    }
  | { kind: "finalize"; attemptId: number; reference: string }
  | { kind: "busy"; reference: string };

type PayClaim = Extract<Claim, { kind: "pay" }>;

function billingOf(booking: BookingRow, carrier: CarrierContext): BillingAddress | undefined {
  const address = booking.billingAddress;
  if (!address) return undefined;
  return {
    firstName: booking.billingFirstName ?? booking.firstName ?? "",
    lastName: booking.billingLastName ?? booking.lastName ?? "",
    line1: address.line_1,
    line2: address.line_2 || undefined,
    town: address.town,
    postcode: address.postcode,
    countryCode: carrier.countryCode,
    phone: booking.phoneNumber ?? undefined,
  };
}

/** Makes this request the one paying an abandoned attempt, with the attempt's own key (ADR 014, ADR 142). */
export async function takeOverAttempt(
  tx: BookingTransaction,
  ctx: EngineContext,
  carrier: CarrierContext,
  booking: BookingRow,
  attempt: typeof s.paymentAttempts.$inferSelect,
): Promise<PayClaim> {
  const now = ctx.clock.now();
  // Later than the last sign of life, even on a test clock that stands still: a waiter sees it move.
  const claimedAt = new Date(Math.max(now.getTime(), attempt.claimedAt.getTime() + 1));
  await tx.update(s.paymentAttempts).set({ claimedAt, updatedAt: now }).where(eq(s.paymentAttempts.id, attempt.id));
  return {
    kind: "pay",
    attemptId: attempt.id,
    key: attempt.idempotencyKey,
    amountMinor: attempt.amountMinor,
    paymentType: attempt.paymentType,
    billing: billingOf(booking, carrier),
    reference: booking.reference,
  };
}

async function claimPayment(ctx: EngineContext, carrier: CarrierContext, reference: unknown, data: z.output<typeof chargeInput>): Promise<Claim | Deferred> {
  return ctx.db.transaction(async (tx): Promise<Claim | Deferred> => {
    const booking = await lockBooking(tx, carrier, reference);
    if (booking.checkoutStatus === "SUCCESS") throw new BookingCompletedError();
    const now = ctx.clock.now();
    const [latest] = await tx
      .select()
      .from(s.paymentAttempts)
      .where(and(eq(s.paymentAttempts.carrierCode, carrier.code), eq(s.paymentAttempts.bookingId, booking.id)))
      .orderBy(desc(s.paymentAttempts.attempt))
      .limit(1);
    if (booking.checkoutStatus === "PROCESSING" && latest) {
      if (latest.status === "SUCCEEDED") return { kind: "finalize", attemptId: latest.id, reference: booking.reference };
      if (latest.status === "PENDING") {
        if (now.getTime() - latest.claimedAt.getTime() < ctx.config.paymentStaleMs) return { kind: "busy", reference: booking.reference };
        // Take over an abandoned attempt with its own key: the gateway replays it if it had charged.
        return takeOverAttempt(tx, ctx, carrier, booking, latest);
      }
    }

    const revision = await catalogueRevision(tx, carrier);
    const basket = await loadBasket(tx, carrier, booking, now, bookingLocale(booking), { owner: ctx.db, revision });
    const notReady = await readinessError(tx, ctx, carrier, basket);
    if (notReady) throw notReady;
    const amount = basket.totals.total_price;
    if (amount <= 0) throw new CheckoutNotReadyError("Nothing to pay: please confirm the booking instead.", { payment: ["Nothing to pay."] });
    if (isPayLaterPaymentType(data.payment_type) && amount < PAY_LATER_MINIMUM_MINOR) {
      throw new ValidationError({ payment_type: ["Pay later needs a total of at least 35."] });
    }
    if (data.expected_total !== undefined && data.expected_total !== amount) {
      throw new CheckoutNotReadyError("The price of your booking has changed. Please check it and pay again.", { total: ["The price has changed."] });
    }
    // A repair by post holds no day: it takes none of the area's capacity (ADR 140).
    const lost = booking.isMailInRepair ? null : await ensureHold(tx, ctx, carrier, booking);
    if (lost) return lost;
    if (basket.discount && usageLimit(basket.discount) !== null) {
      // Lock the code, re-check used plus reserved under the lock and reserve it for this payment.
      const code = await findDiscount(tx, carrier, basket.discount.code, true);
      assertDiscountUsable(code, booking.id, now);
      await reserveDiscount(tx, carrier, code.code, booking.id, new Date(now.getTime() + ctx.config.discountReservationMinutes * 60_000));
    }
    // The next number after the latest attempt, read above under the booking's lock (ADR 222).
    const attempt = (latest?.attempt ?? 0) + 1;
    const key = chargeIdempotencyKey(carrier, booking.reference, amount, attempt);
    const [row] = await tx
      .insert(s.paymentAttempts)
      .values({
        carrierCode: carrier.code,
        bookingId: booking.id,
        idempotencyKey: key,
        attempt,
        amountMinor: amount,
        currency: carrier.currency,
        paymentType: data.payment_type,
        paidViaCredit: data.paid_via_credit,
        status: "PENDING",
        claimedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: s.paymentAttempts.id });
    await tx.update(s.bookings).set({ checkoutStatus: "PROCESSING", paymentMethod: data.payment_type, updatedAt: now }).where(eq(s.bookings.id, booking.id));
    return {
      kind: "pay",
      attemptId: row!.id,
      key,
      amountMinor: amount,
      paymentType: data.payment_type,
      billing: billingOf(booking, carrier),
      reference: booking.reference,
      priced: { basket, revision },
    };
  });
}

/** Completes the order of a succeeded attempt; returns the attempt's payment type. BK07 when another request already did. */
export async function finalizePaid(ctx: EngineContext, carrier: CarrierContext, reference: string, attemptId: number): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, carrier, reference);
    // A duplicate request that saw the payment succeed: the first one completed the order.
    if (booking.checkoutStatus === "SUCCESS") throw new BookingCompletedError();
    const [attempt] = await tx.select().from(s.paymentAttempts).where(eq(s.paymentAttempts.id, attemptId));
    const basket = await loadBasket(tx, carrier, booking, ctx.clock.now(), bookingLocale(booking));
    await completeOrder(tx, ctx, carrier, basket, {
      amountMinor: attempt!.amountMinor,
      paymentType: attempt!.paymentType,
      paidViaCredit: attempt!.paidViaCredit,
      transactionId: attempt!.transactionId,
    });
    return attempt!.paymentType;
  });
}

export async function settleAttempt(
  ctx: EngineContext,
  carrier: CarrierContext,
  reference: string,
  attemptId: number,
  values: Partial<typeof s.paymentAttempts.$inferInsert>,
  bookingStatus: s.CheckoutStatus | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, carrier, reference);
    await tx
      .update(s.paymentAttempts)
      .set({ ...values, updatedAt: ctx.clock.now() })
      .where(eq(s.paymentAttempts.id, attemptId));
    if (bookingStatus && booking.checkoutStatus !== "SUCCESS") {
      await tx.update(s.bookings).set({ checkoutStatus: bookingStatus }).where(eq(s.bookings.id, booking.id));
      // A failed payment gives a reserved code back.
      await releaseDiscountReservations(tx, carrier, booking.id);
    }
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function latestAttempt(db: DbOrTx, carrier: CarrierContext, bookingId: number) {
  const [latest] = await db
    .select()
    .from(s.paymentAttempts)
    .where(and(eq(s.paymentAttempts.carrierCode, carrier.code), eq(s.paymentAttempts.bookingId, bookingId)))
    .orderBy(desc(s.paymentAttempts.attempt))
    .limit(1);
  return latest;
}

/**
 * A duplicate request waits for the payment in flight, then answers as the booking now stands. The
 * request paying shows it is alive by moving its claim every `paymentHeartbeatMs`; a claim that does
 * not move for `paymentSilentMs` (by this process's own clock) belongs to a process that died (a
 * replica killed mid-payment): this request takes the attempt over with the same idempotency key,
 * so the gateway replays a charge that was made and the order is completed now, not after the
 * clock-based `paymentStaleMs` (ADR 142).
 */
async function awaitOtherAttempt(ctx: EngineContext, carrier: CarrierContext, reference: string): Promise<PayClaim> {
  const deadline = Date.now() + ctx.config.paymentWaitMs;
  let pause = 25;
  let seen: { id: number; claimedAt: number } | null = null;
  let lastSign = Date.now();
  while (Date.now() < deadline) {
    await sleep(pause);
    pause = Math.min(pause * 2, 250);
    const booking = await findBooking(ctx.db, carrier, reference);
    if (booking.checkoutStatus === "SUCCESS") throw new BookingCompletedError();
    const latest = await latestAttempt(ctx.db, carrier, booking.id);
    if (booking.checkoutStatus === "PENDING") {
      if (latest?.status === "FAILED")
        throw new PaymentFailedError(
          (latest.failureKind as "card_error" | "declined" | "gateway_error") ?? "gateway_error",
          latest.failureCode ?? "",
          latest.failureMessage ?? undefined,
        );
      throw new PaymentInProgressError();
    }
    if (!latest || latest.status !== "PENDING") continue;
    if (!seen || seen.id !== latest.id || seen.claimedAt !== latest.claimedAt.getTime()) {
      seen = { id: latest.id, claimedAt: latest.claimedAt.getTime() };
      lastSign = Date.now();
      continue;
    }
    if (Date.now() - lastSign < ctx.config.paymentSilentMs) continue;
    const silent = seen;
    const claim = await ctx.db.transaction(async (tx): Promise<PayClaim | null> => {
      const locked = await lockBooking(tx, carrier, reference);
      const attempt = await latestAttempt(tx, carrier, locked.id);
      // Another waiter took it over first, or the payer spoke at the last moment: watch again.
      if (locked.checkoutStatus !== "PROCESSING" || !attempt || attempt.id !== silent.id || attempt.status !== "PENDING" || attempt.claimedAt.getTime() !== silent.claimedAt)
        return null;
      return takeOverAttempt(tx, ctx, carrier, locked, attempt);
    });
    if (claim) return claim;
  }
  throw new PaymentInProgressError();
}

/**
 * While the provider answers, moves the attempt's claim every `paymentHeartbeatMs`: the sign of life
 * that keeps waiting requests from taking it over (ADR 142). Stops when the returned function is called.
 */
function keepClaimAlive(ctx: EngineContext, attemptId: number): () => void {
  const timer = setInterval(() => {
    // Writes on its own, outside any transaction; a missed beat only lets a waiter take over sooner.
    void ctx.db
      .update(s.paymentAttempts)
      .set({ claimedAt: sql`greatest(${ctx.clock.now().toISOString()}::timestamptz, ${s.paymentAttempts.claimedAt} + interval '1 millisecond')` })
      .where(and(eq(s.paymentAttempts.id, attemptId), eq(s.paymentAttempts.status, "PENDING")))
      .catch(() => undefined);
  }, ctx.config.paymentHeartbeatMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

/**
 * Records a successful charge and completes the order in one transaction (ADR 142): no moment in
 * which the attempt says paid but no order exists. When completing fails, the success is still
 * recorded on its own, so the next try completes the order without charging again.
 */
/** Records the charge and completes the order in one transaction; the payment's method when this call completed it, null when another had. */
export async function completePaid(
  ctx: EngineContext,
  carrier: CarrierContext,
  reference: string,
  attemptId: number,
  transactionId: string,
  priced?: PayClaim["priced"],
): Promise<string | null> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, carrier, reference);
      const [attempt] = await tx
        .update(s.paymentAttempts)
        .set({ status: "SUCCEEDED", transactionId, updatedAt: ctx.clock.now() })
        .where(eq(s.paymentAttempts.id, attemptId))
        .returning();
      // A request that took this payment over (ADR 142) completed the order with the same transaction.
      if (booking.checkoutStatus === "SUCCESS") return null;
      // The basket priced by this request's claim, in the booking's language, with the booking as locked now (ADR 227); a takeover prices it again.
      const basket = priced ? { ...priced.basket, booking } : await loadBasket(tx, carrier, booking, ctx.clock.now(), bookingLocale(booking), { owner: ctx.db });
      const payment = { amountMinor: attempt!.amountMinor, paymentType: attempt!.paymentType, paidViaCredit: attempt!.paidViaCredit, transactionId };
      await completeOrder(tx, ctx, carrier, basket, payment, priced?.revision);
      return attempt!.paymentType;
    });
  } catch (error) {
    await settleAttempt(ctx, carrier, reference, attemptId, { status: "SUCCEEDED", transactionId }, null).catch(() => undefined);
    throw error;
  }
}

/**
 * Spec §7 POST /{ref}/charge. Errors: BK07 when already complete (a duplicate submission lands
 * here once the first one completed), BK27/BK09/BK13/RBK15/promo errors when the booking is not
 * ready, PAYMENT_DECLINED / PAYMENT_CARD_ERROR / PAYMENT_GATEWAY_ERROR from the gateway,
 * PAYMENT_IN_PROGRESS when another submission is still being processed.
 */
export async function charge(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof chargeInput>): Promise<BookingState> {
  const data = parseInput(chargeInput, input);
  if (data.currency !== carrier.currency)
    throw new CheckoutNotReadyError(`Payments are taken in ${carrier.currency}.`, { currency: [`Payments are taken in ${carrier.currency}.`] });
  if (data.payment_type === "pay_later" || data.payment_type === "pay_later_instalments") {
    if (!carrier.usesKlarna) throw new ValidationError({ payment_type: ["Pay later is not offered."] });
    if (!data.paid_via_credit) throw new ValidationError({ paid_via_credit: ["A pay-later payment is paid via credit."] });
  }
  // Spec §7's invoice_payment (ADR 268): no carrier bills by invoice, so true is refused, never charged otherwise.
  if (data.invoice_payment) throw new ValidationError({ invoice_payment: ["INVOICE_PAYMENT_NOT_OFFERED"] });
  const claimed = await claimPayment(ctx, carrier, reference, data);
  if (claimed instanceof Deferred) throw claimed.error;
  const claim = claimed.kind === "busy" ? await awaitOtherAttempt(ctx, carrier, claimed.reference) : claimed;
  if (claim.kind === "pay") {
    let result: SaleResult;
    const stopHeartbeat = keepClaimAlive(ctx, claim.attemptId);
    try {
      result = isPayLaterPaymentType(claim.paymentType)
        ? await placePayLaterOrder(ctx, carrier, claim, data.token)
        : await ctx.payments.sale({
            idempotencyKey: claim.key,
            orderId: claim.reference,
            amountMinor: claim.amountMinor,
            currency: carrier.currency,
            nonce: data.token,
            carrierCode: carrier.code,
            billing: claim.billing,
            require3DSecure: carrier.use3DSecure && claim.paymentType === "card",
          });
    } catch (error) {
      stopHeartbeat();
      // Outcome unknown: leave the attempt claimed but stale, so an immediate retry reuses its key.
      await settleAttempt(ctx, carrier, claim.reference, claim.attemptId, { claimedAt: new Date(0), failureMessage: String((error as Error)?.message ?? error) }, null);
      report(ctx.outcomes?.payment, { carrierCode: carrier.code, method: claim.paymentType, outcome: "failed" });
      throw new PaymentFailedError("gateway_error", "exception");
    }
    stopHeartbeat();
    if (!result.ok) {
      await settleAttempt(
        ctx,
        carrier,
        claim.reference,
        claim.attemptId,
        { status: "FAILED", failureKind: result.kind, failureCode: result.code, failureMessage: result.message },
        "PENDING",
      );
      report(ctx.outcomes?.payment, { carrierCode: carrier.code, method: claim.paymentType, outcome: result.kind === "gateway_error" ? "failed" : "declined" });
      throw new PaymentFailedError(result.kind, result.code, result.message, result.billing);
    }
    // Only the request that completes the order reports it (a takeover may have completed it already).
    const method = await completePaid(ctx, carrier, claim.reference, claim.attemptId, result.transactionId, claim.priced);
    if (method) report(ctx.outcomes?.payment, { carrierCode: carrier.code, method, outcome: "approved" });
  } else {
    // A duplicate request that saw the payment succeed gets BK07 here: the first one completed the order.
    const method = await finalizePaid(ctx, carrier, claim.reference, claim.attemptId);
    report(ctx.outcomes?.payment, { carrierCode: carrier.code, method, outcome: "approved" });
  }
  return readBookingState(ctx.db, carrier, claim.reference, ctx.clock.now());
}

/** A token no provider accepts: recovery never starts a new charge, it only finds one made under the key. */
