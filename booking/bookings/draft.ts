/** Building a draft booking, loading it, and the resume code that hands it over (spec §4 "Booking resume"). */
import * as s from "../db/schema";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { BookingTransaction, DbOrTx } from "../db/open";
import type { EngineContext } from "../context";
import { localeSchema, type Locale } from "../catalogue/queries";
import type { CarrierContext } from "../domain/carrier";
import { BookingNotFoundError, ValidationError } from "../domain/errors";
import { attributionToken } from "../domain/inputs";
import { canonicalToken, hashToken, newBookingReference, newResumeToken } from "../domain/references";
import { parseInput } from "../domain/validate";
import { E164 } from "../ports/notifications";
import { enqueueMessage } from "../records/message-jobs";
import { mutateBooking, type BookingRow } from "./repository";
import { bookingState, readBookingState, type BookingState } from "./state";
import { now, stateAfter, setBooking } from "./basket";

/* ───────────── build and load ───────────── */

/** Spec §7 POST /build: referrer, channel, lucidRef, kept on the booking for attribution (ADR 135). */
const buildInput = z.object({
  referrer: attributionToken.optional().nullable(),
  channel: attributionToken.optional().nullable(),
  lucidRef: attributionToken.optional().nullable(),
  lucid_ref: attributionToken.optional().nullable(),
  is_business_account: z.boolean().optional(),
});

export interface BuiltBooking {
  reference: string;
  /** Resume token ('XXXXX-XXXXX'): shown once, only its hash is stored (ADR 012). */
  token: string;
  booking: BookingState;
}

export async function buildBooking(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof buildInput> = {}): Promise<BuiltBooking> {
  const data = parseInput(buildInput, input ?? {});
  const reference = newBookingReference();
  const token = newResumeToken();
  const at = now(ctx);
  await ctx.db.insert(s.bookings).values({
    carrierCode: carrier.code,
    reference,
    tokenHash: hashToken(token),
    referrer: data.referrer ?? null,
    channel: data.channel ?? null,
    lucidRef: data.lucid_ref ?? data.lucidRef ?? null,
    isBusinessAccount: data.is_business_account ?? false,
    draftRetentionDays: carrier.draftRetentionDays,
    createdAt: at,
    updatedAt: at,
  });
  return { reference, token, booking: await stateAfter(ctx, carrier, reference) };
}

export async function getBooking(ctx: EngineContext, carrier: CarrierContext, reference: unknown, options: { locale?: Locale } = {}): Promise<BookingState> {
  return readBookingState(ctx.db, carrier, reference, now(ctx), parseInput(localeSchema, options.locale));
}

/** The booking whose current resume token this is, on this carrier only (a code of another carrier is unknown here). */
async function bookingOfToken(db: DbOrTx, carrier: CarrierContext, token: unknown, at: Date, lock: boolean): Promise<BookingRow> {
  if (typeof token !== "string" || !token.trim()) throw new ValidationError({ token: ["BOOKING_CODE_MISSING"] });
  const canonical = canonicalToken(token);
  if (!canonical) throw new BookingNotFoundError();
  const query = db
    .select()
    .from(s.bookings)
    .where(and(eq(s.bookings.carrierCode, carrier.code), eq(s.bookings.tokenHash, hashToken(canonical))));
  const [booking] = lock ? await query.for("update") : await query;
  // An expired hand-over code answers like an unknown one: the page says nothing about what it was.
  if (!booking || (booking.tokenExpiresAt && booking.tokenExpiresAt.getTime() <= at.getTime())) throw new BookingNotFoundError();
  return booking;
}

/** Spec §4 "Booking resume": the token typed or scanned (text after the last '='). BK01 when unknown or expired. */
export async function getBookingByToken(ctx: EngineContext, carrier: CarrierContext, token: unknown, options: { locale?: Locale } = {}): Promise<BookingState> {
  const at = now(ctx);
  const booking = await bookingOfToken(ctx.db, carrier, token, at, false);
  return bookingState(ctx.db, carrier, booking, at, parseInput(localeSchema, options.locale));
}

/**
 * A fresh hand-over code for a booking (the in-store confirmation's booking code and QR, ADR 101):
 * the old code stops working, the new one works once until `expires_at` (config.handoverCodeMinutes).
 */
const issueTokenInput = z.object({ send: z.boolean().default(false) }).default({ send: false });

/** Where a hand-over's code was sent (ADR 102): the customer's e-mail and, when it is a mobile number we can text, their phone. */
export interface CodeSentTo {
  email: string;
  phone: string | null;
}

export async function issueResumeToken(
  ctx: EngineContext,
  carrier: CarrierContext,
  reference: unknown,
  options: unknown = {},
): Promise<{ token: string; expires_at: string; sent_to: CodeSentTo | null }> {
  const { send } = parseInput(issueTokenInput, options);
  const token = newResumeToken();
  const at = now(ctx);
  const expiresAt = new Date(at.getTime() + ctx.config.handoverCodeMinutes * 60_000);
  const { result: sentTo } = await mutateBooking(ctx, carrier, reference, async (tx, booking) => {
    await setBooking(tx, booking, { tokenHash: hashToken(token), tokenExpiresAt: expiresAt });
    return send ? sendResumeToken(tx, carrier, booking, token, at, expiresAt) : null;
  });
  return { token, expires_at: expiresAt.toISOString(), sent_to: sentTo };
}

/**
 * The code, by e-mail and SMS, to the customer the booking's details name (ADR 102): for an agent
 * who prepared the booking on the telephone. Recorded in the transaction that issues the code, like
 * every message (ADR 093); a code replaced before it went out is still sent, and refused when used.
 */
async function sendResumeToken(tx: BookingTransaction, carrier: CarrierContext, booking: BookingRow, token: string, at: Date, expiresAt: Date): Promise<CodeSentTo> {
  if (!booking.email || !booking.siteUrl) throw new ValidationError({ email: ["EMAIL_INVALID"] });
  const phone = booking.phoneNumber && E164.test(booking.phoneNumber) ? booking.phoneNumber : null;
  const state = await bookingState(tx, carrier, booking, at, parseInput(localeSchema, booking.locale ?? "en"));
  const confirmUrl = new URL("/booking/continue", booking.siteUrl);
  confirmUrl.searchParams.set("token", token);
  const address = booking.address ? [booking.address.line_1, booking.address.line_2, booking.address.town, booking.address.postcode].filter((line) => line?.trim()) : [];
  await enqueueMessage(tx, {
    carrierCode: carrier.code,
    kind: "booking-handed-over",
    orderRef: null,
    eventKey: `${booking.reference}:${hashToken(token).slice(0, 16)}`,
    locale: booking.locale ?? "en",
    channels: phone ? ["email", "sms"] : ["email"],
    payload: {
      to: { name: [booking.firstName, booking.lastName].filter(Boolean).join(" ") || undefined, email: booking.email, ...(phone ? { phone } : {}) },
      values: {
        bookingCode: token,
        confirmUrl: confirmUrl.href,
        holdUntil: expiresAt.toISOString(),
        devices: Object.values(state.devices).map((device) => device.device.title),
        ...(booking.date ? { date: booking.date } : {}),
        ...(address.length ? { address } : {}),
      },
    },
    runAt: at,
    expiresAt,
  });
  return { email: booking.email, phone };
}

/**
 * The customer's side of the hand-over (spec §4 "Booking resume"): the code finds the booking and is
 * spent in the same transaction, so a second scan (or a copy of the QR) finds nothing. BK01 when the
 * code is unknown, spent, expired or another carrier's.
 */
export async function redeemResumeToken(ctx: EngineContext, carrier: CarrierContext, token: unknown, options: { locale?: Locale } = {}): Promise<BookingState> {
  const locale = parseInput(localeSchema, options.locale);
  const at = now(ctx);
  const reference = await ctx.db.transaction(async (tx) => {
    const booking = await bookingOfToken(tx, carrier, token, at, true);
    // Nobody holds the replacement token: the booking can only be handed over again with a new code.
    await setBooking(tx, booking, { tokenHash: hashToken(newResumeToken()), tokenExpiresAt: at });
    return booking.reference;
  });
  return stateAfter(ctx, carrier, reference, locale);
}
