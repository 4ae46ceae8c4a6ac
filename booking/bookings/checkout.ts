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
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type BookingTransaction, type DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { EngineContext } from "../context";
import { PAYMENT_TYPES } from "../domain/payment-types";
import { report } from "../events/outcomes";
import { enqueueMessage } from "../scheduler/message-jobs";
import { enqueueWebhookEvent } from "../webhooks/events";
import { planNewOrderMessages } from "../scheduler/messages";
import {
  activeTechnicians,
  areaStaff,
  claimFirstWindow,
  findHold,
  holdDay,
  loadAreaRoster,
  type KeepStaff,
  openSlotTimes,
  releaseHold,
  slotTimes,
  type Roster,
  type Window,
} from "../availability/availability";
import { listTriageQuestions, type Locale } from "../catalogue/queries";
import { catalogueRevision } from "../catalogue/revision";
import type { CarrierContext } from "../domain/carrier";
import {
  BookingCompletedError,
  BookingStateError,
  CheckoutNotReadyError,
  DateUnavailableError,
  DomainError,
  MultiDeviceInWarrantyError,
  OutOfWarrantyError,
  PaymentFailedError,
  PaymentInProgressError,
  PromoOnWarrantyRepairError,
  StoreRequiredError,
  ValidationError,
  WarrantyRepairNotOfferedError,
  type FieldMessages,
} from "../domain/errors";
import { localDate } from "../domain/time";
import { parseInput } from "../domain/validate";
import type { BillingAddress, SaleResult } from "../ports/payment-gateway";
import { withinWarranty } from "./bookings";
import { isPayLaterPaymentType, NO_PAY_LATER, payLaterOffer, purchaseForBooking, PAY_LATER_MINIMUM_MINOR, type PayLaterOffer } from "./pay-later";
import { assertDiscountUsable, findDiscount, releaseDiscountReservations, reserveDiscount, usageLimit } from "./discount";
import { Deferred, findBooking, lockBooking, type BookingRow } from "./repository";
import { markBooked } from "../waiting-list/waiting-list";
import { CUSTOMER, recordOrderEvents } from "../orders/history";
import { deviceView, loadBasket, readBookingState, type BookingState, type LoadedBasket } from "./state";

/* ───────────── readiness ───────────── */

/** Why the booking cannot be paid yet, as the error the client reacts to (first problem wins). */
async function readinessError(db: DbOrTx, ctx: EngineContext, carrier: CarrierContext, basket: LoadedBasket): Promise<DomainError | null> {
  const booking = basket.booking;
  const now = ctx.clock.now();
  if (!booking.postcode || !booking.areaCode) return new BookingStateError("Please enter your postcode first.");
  if (carrier.storeRequired && !booking.storeCode && !booking.storeIgnored) return new StoreRequiredError();
  if (!basket.devices.length) return new CheckoutNotReadyError("Please add a device to your booking.", { devices: ["Please add a device to your booking."] });
  if (basket.devices.some((d) => d.pricing.lines.length === 0)) {
    return new CheckoutNotReadyError("Please choose a repair for each device.", { problems: ["Please choose a repair for each device."] });
  }
  if (booking.inWarranty === true) {
    if (!carrier.allowWarrantyRepairs) return new WarrantyRepairNotOfferedError();
    if (basket.devices.length > 1) return new MultiDeviceInWarrantyError();
    if (booking.discountCode) return new PromoOnWarrantyRepairError();
    if (booking.purchaseDate && !withinWarranty(booking.purchaseDate, localDate(now, carrier.timezone))) return new OutOfWarrantyError();
  }
  if (booking.discountCode) {
    try {
      assertDiscountUsable(basket.discount, booking.id, now);
    } catch (error) {
      return error as DomainError;
    }
  }
  const triage: FieldMessages = {};
  for (const device of basket.devices) {
    if (device.model.deviceType !== "appliance") continue;
    const questions = await listTriageQuestions(db, carrier, device.model.id);
    for (const q of questions) {
      if (q.required && !device.row.triageAnswers[q.code]) (triage[`devices.${device.row.key}.triage_answers.${q.code}`] ??= []).push(`Please answer: ${q.question}`);
    }
  }
  if (Object.keys(triage).length) return new CheckoutNotReadyError("Please answer the questions about your appliance.", triage);
  const details: FieldMessages = {};
  if (!booking.firstName) details.first_name = ["Please enter your first name."];
  if (!booking.lastName) details.last_name = ["Please enter your last name."];
  if (!booking.email) details.email = ["Please enter your e-mail address."];
  if (!booking.phoneNumber) details.phone_number = ["Please enter your phone number."];
  if (!booking.address?.line_1) details["address.line_1"] = ["Please enter the first line of the address."];
  if (!booking.address?.town) details["address.town"] = ["Please enter the town."];
  if (Object.keys(details).length) return new CheckoutNotReadyError("Please complete your details.", details);
  if (booking.isMailInRepair) {
    // A repair by post needs no day (ADR 140), but only where the carrier still offers it.
    if (!carrier.offersMailIn) return new BookingStateError("Sending the device by post is no longer offered. Please choose a repair date.");
    return null;
  }
  if (!booking.date) return new DateUnavailableError("Please choose a repair date.");
  return null;
}

export interface ValidationReport {
  valid: boolean;
  code: string | null;
  messages: string[];
  fields: FieldMessages;
}

/** Spec §7 POST /{ref}/validate: whether the booking can go to payment, without changing it. */
export async function validateBooking(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<ValidationReport> {
  const booking = await findBooking(ctx.db, carrier, reference);
  if (booking.checkoutStatus === "SUCCESS") {
    const error = new BookingCompletedError();
    return { valid: false, code: error.code, messages: error.messages, fields: {} };
  }
  const basket = await loadBasket(ctx.db, carrier, booking, ctx.clock.now());
  const error = await readinessError(ctx.db, ctx, carrier, basket);
  return error ? { valid: false, code: error.code, messages: error.messages, fields: error.fields } : { valid: true, code: null, messages: [], fields: {} };
}

/**
 * Makes sure the booking still holds its day, extending a draft's hold; re-takes it when the hold
 * expired and the day still has room. When it cannot, the date is reset and BK13 follows the commit.
 */
async function ensureHold(tx: BookingTransaction, ctx: EngineContext, carrier: CarrierContext, booking: BookingRow): Promise<Deferred | null> {
  const now = ctx.clock.now();
  const current = await findHold(tx, carrier, booking.id);
  const extended = new Date(now.getTime() + ctx.config.draftHoldMinutes * 60_000);
  // A waiting-list offer's longer hold on this day is kept, never cut short by a payment attempt (ADR 094).
  const expiresAt = current?.day === booking.date && current.expiresAt && current.expiresAt > extended ? current.expiresAt : extended;
  // The booking still holds its day, well within the hold: extending it takes no unit from anyone (every
  // count already includes it), so it needs no lock on the day (ADR 212). Under a minute left, or
  // lost, it is taken again under the lock as a new hold.
  if (current && current.day === booking.date && current.areaCode === booking.areaCode && current.expiresAt && current.expiresAt.getTime() > now.getTime() + 60_000) {
    if (expiresAt.getTime() !== current.expiresAt.getTime()) await tx.update(s.capacityHolds).set({ expiresAt }).where(eq(s.capacityHolds.id, current.id));
    return null;
  }
  try {
    await holdDay(tx, carrier, now, { bookingId: booking.id, areaCode: booking.areaCode!, day: booking.date!, expiresAt, keep: { owner: ctx.db } });
    return null;
  } catch (error) {
    if (!(error instanceof DateUnavailableError)) throw error;
    await releaseHold(tx, carrier, booking.id);
    await tx.update(s.bookings).set({ date: null, updatedAt: now }).where(eq(s.bookings.id, booking.id));
    return new Deferred(new DateUnavailableError("Sorry, your repair date is no longer available. Please choose another date."));
  }
}

/* ───────────── completing an order ───────────── */

/**
 * The technician for a job on an area's day: the one with the fewest jobs that day, at their first
 * free window among those still open at `now` (starting at least the roster's lead time later, in the
 * carrier's zone: ADR 110), so a same-day booking never gets a window that is over. The window comes
 * back claimed for the caller's transaction (claimFirstWindow, ADR 237): two transactions giving
 * windows of one day at once never give the same one, without a lock on the whole day. A window
 * another transaction claims right now is passed over for the next in the same order.
 */
export async function assignTechnician(
  tx: DbOrTx,
  carrier: CarrierContext,
  areaCode: string,
  day: string,
  now: Date,
  excludeJobId?: number,
  /** The area's roster and technicians when the caller read them already. */
  read?: { roster: Roster; technicians: Awaited<ReturnType<typeof activeTechnicians>> },
  /**
   * Writes the job into the claimed window only while no scheduled job has it, in a statement after
   * the claim (so it sees every job written under an earlier claim), and says whether it did: the
   * check and the write in one round trip instead of a read of the day's jobs and then the write.
   */
  write?: (window: Window) => Promise<boolean>,
): Promise<{ technicianId: string; slot: string }> {
  const roster = read?.roster ?? (await loadAreaRoster(tx, carrier, areaCode));
  const technicians = read?.technicians ?? (await activeTechnicians(tx, carrier, areaCode));
  if (!technicians.length) throw new BookingStateError("No technician works in this area.");
  const slots = slotTimes(roster);
  const open = new Set(openSlotTimes(roster, carrier, now, day));
  const dayJobs = () =>
    tx
      .select({ id: s.jobs.id, technicianId: s.jobs.technicianId, slot: s.jobs.slot })
      .from(s.jobs)
      .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.date, day), eq(s.jobs.status, "SCHEDULED")));
  let jobs = await dayJobs();
  let claimed: Window | null = null;
  // A round either returns, or finds a window taken that the round before saw free (at most one round
  // per window of the day), or finds every free window claimed by transactions still running.
  let taken = 0;
  let busy = 0;
  while (taken <= technicians.length * slots.length && busy < WINDOW_BUSY_ROUNDS) {
    const load = technicians.map((t) => {
      const taken = new Set(jobs.filter((j) => j.technicianId === t.id && j.id !== excludeJobId).map((j) => j.slot));
      return { id: t.id, taken, free: slots.filter((slot) => !taken.has(slot)) };
    });
    // The chosen window when it is still free after the claim (read after it: see claimFirstWindow).
    if (claimed && load.some((l) => l.id === claimed!.technicianId && l.free.includes(claimed!.slot))) return claimed;
    const byLoad = (a: { taken: Set<string>; id: string }, b: { taken: Set<string>; id: string }) => a.taken.size - b.taken.size || a.id.localeCompare(b.id);
    // In order of preference: the least-loaded technicians' first open windows; then, when no open
    // window is free (the day was held earlier, the hold checks the open windows, and the lead time
    // ran on while the customer paid), the latest free window, the nearest to still being reachable;
    // never the first of the day.
    const preferred: Window[] = load
      .filter((l) => l.free.some((slot) => open.has(slot)))
      .sort(byLoad)
      .flatMap((l) => l.free.filter((slot) => open.has(slot)).map((slot) => ({ technicianId: l.id, slot })));
    const latest: Window[] = load
      .flatMap((l) => l.free.map((slot) => ({ technicianId: l.id, slot })))
      .sort((a, b) => slots.indexOf(b.slot) - slots.indexOf(a.slot) || a.technicianId.localeCompare(b.technicianId));
    const candidates = preferred.length ? preferred : latest;
    if (!candidates.length) {
      // Capacity is counted per area-day, so this only happens if the roster shrank after booking.
      const fallback = load.sort(byLoad)[0]!;
      return { technicianId: fallback.id, slot: slots[slots.length - 1] ?? roster.firstTimeslot };
    }
    if (claimed) taken++;
    const index = await claimFirstWindow(tx, carrier, day, candidates);
    claimed = index === null ? null : candidates[index]!;
    if (claimed && write) {
      if (await write(claimed)) return claimed;
      taken++;
      claimed = null;
    }
    if (index === null) {
      // Every free window is being given by a transaction still running. Never wait for a claim here
      // (two such waits could close a circle): look again shortly, when those have committed or not.
      busy++;
      await new Promise((resolve) => setTimeout(resolve, WINDOW_BUSY_PAUSE_MS));
    }
    jobs = await dayJobs();
  }
  throw new BookingStateError("No window could be given for this day.");
}

/** How often, and how long apart, a transaction looks again when every free window of the day is being given by others. */
const WINDOW_BUSY_ROUNDS = 200;
const WINDOW_BUSY_PAUSE_MS = 10;

interface PaymentRecord {
  amountMinor: number;
  paymentType: string | null;
  paidViaCredit: boolean;
  transactionId: string | null;
}

/** The language the customer booked in: the order's snapshot keeps its devices and repairs in it, as the manage page and the messages show them. */
const bookingLocale = (booking: { locale: string | null }): Locale => (booking.locale === "de" ? "de" : "en");

function cartSnapshot(basket: LoadedBasket): Record<string, unknown> {
  return { ...basket.totals, devices: Object.fromEntries(basket.devices.map((d) => [d.row.key, deviceView(d)])) };
}

/** A mail-in order's columns where a visit has its technician and time slot: none (ADR 140). */
export const NO_VISIT = { technicianId: "", slot: "" } as const;

async function completeOrder(
  tx: BookingTransaction,
  ctx: EngineContext,
  carrier: CarrierContext,
  basket: LoadedBasket,
  payment: PaymentRecord,
  /** The catalogue revision when the caller read it already in this payment (ADR 227). */
  revision?: string,
): Promise<number> {
  const booking = basket.booking;
  const now = ctx.clock.now();
  // The area's roster and technicians and the carrier's webhook endpoints, kept per revision (ADRs 222, 227).
  const keep = { owner: ctx.db, revision: revision ?? (await catalogueRevision(tx, carrier)) };
  const areaCode = booking.areaCode!;
  const mailIn = booking.isMailInRepair;
  // A repair by post (ADR 140): no day held, no technician, no job; the order's date is the day it was booked.
  const day = mailIn ? localDate(now, carrier.timezone) : booking.date!;
  // The order is written with its visit to come: the day's lock, the technician and the job are the
  // transaction's last step (assignVisit below), so the lock is held for them and the commit only (ADR 212).
  const { technicianId, slot } = NO_VISIT;
  // The order's reference from its sequence in the insert itself (ADR 222).
  const [order] = await tx
    .insert(s.orders)
    .values({
      carrierCode: carrier.code,
      orderRef: sql`nextval('order_ref_seq')`,
      bookingId: booking.id,
      email: booking.email!,
      areaCode,
      date: day,
      technicianId,
      slot,
      address: booking.address!,
      currency: carrier.currency,
      fullPriceMinor: basket.totals.full_price,
      discountMinor: basket.totals.discount_total,
      totalMinor: payment.amountMinor,
      discountCode: basket.totals.discount_code,
      paymentType: payment.paymentType,
      paidViaCredit: payment.paidViaCredit,
      transactionId: payment.transactionId,
      cart: cartSnapshot(basket),
      locale: booking.locale ?? "en",
      siteUrl: booking.siteUrl,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: s.orders.id, locale: s.orders.locale, orderRef: s.orders.orderRef });
  const orderRef = order!.orderRef;
  // The order's history begins (ADR 247): booked, and paid when money was taken.
  const begun = { carrierCode: carrier.code, orderId: order!.id, orderRef, actor: CUSTOMER, at: now };
  await recordOrderEvents(tx, [
    { ...begun, kind: "booked", key: "booked", details: { date: day, mail_in: mailIn } },
    ...(payment.transactionId && payment.amountMinor > 0
      ? [{ ...begun, kind: "paid" as const, key: "paid", amountMinor: payment.amountMinor, details: { payment_type: payment.paymentType, currency: carrier.currency } }]
      : []),
  ]);
  await markBooked(tx, carrier, booking.id, now);
  if (basket.discount && basket.totals.discount_code) {
    // A use counts now that the order exists (not when the code was applied); the reservation has done its job.
    await tx
      .update(s.discountCodes)
      .set({ usedCount: sql`${s.discountCodes.usedCount} + 1`, usedAt: now, usedByOrderRef: orderRef })
      .where(and(eq(s.discountCodes.carrierCode, carrier.code), eq(s.discountCodes.code, basket.discount.code)));
    await releaseDiscountReservations(tx, carrier, booking.id);
  }
  await tx
    .update(s.bookings)
    .set({
      checkoutStatus: "SUCCESS",
      orderRef,
      completedAt: now,
      updatedAt: now,
      paymentMethod: payment.paymentType,
      paidViaCredit: payment.paidViaCredit,
    })
    .where(eq(s.bookings.id, booking.id));
  // In the order's own transaction (ADR 093): the confirmation with its calendar invite, then the
  // evening and morning messages; a same-day booking's morning message and a late booking's
  // evening message are due at once, after the confirmation.
  // The partners' webhooks (ADR 180), in the order's transaction like its messages; the body is fixed
  // when recorded, so after the visit is assigned (it reports the window).
  const webhook = () => enqueueWebhookEvent(tx, { carrierCode: carrier.code, type: "order.created", orderId: order!.id, key: String(orderRef), now }, keep);
  if (mailIn) {
    // No visit: the confirmation says where to post the device, without a calendar invite or the evening and morning messages.
    await enqueueMessage(tx, { carrierCode: carrier.code, kind: "mail-in-confirmed", locale: order!.locale, orderRef, eventKey: String(orderRef), runAt: now });
    await webhook();
    return orderRef;
  }
  await enqueueMessage(tx, {
    carrierCode: carrier.code,
    kind: "booking-confirmed",
    locale: order!.locale,
    orderRef,
    eventKey: String(orderRef),
    runAt: now,
    payload: { calendar: { method: "REQUEST", sequence: 0 } },
  });
  await planNewOrderMessages(tx, carrier, now, { orderRef, locale: order!.locale, date: day });
  await assignVisit(tx, carrier, booking.id, order!.id, areaCode, day, now, keep);
  await webhook();
  return orderRef;
}

/**
 * The order's visit, as the last step of its transaction: the order's hold becomes permanent (it was
 * (re)taken under the area-day's lock earlier in the checkout, so it counts already and needs no lock
 * now), and the technician with the fewest jobs that day gets the job at their first open window,
 * claimed for this transaction (assignTechnician, ADR 237); the job and the order's window are
 * written in one statement. Nothing the messages or webhooks planned earlier in the transaction
 * reads the technician or the window: they are read when sent, after the commit (the partners'
 * webhook, whose body is fixed when recorded, comes after it).
 */
async function assignVisit(
  tx: BookingTransaction,
  carrier: CarrierContext,
  bookingId: number,
  orderId: number,
  areaCode: string,
  day: string,
  now: Date,
  keep: KeepStaff,
): Promise<void> {
  const { roster, technicians } = await areaStaff(tx, carrier, areaCode, keep);
  // The order's hold made permanent, the job in its window while no scheduled job has it, and the
  // order's window, in one statement (a data-modifying CTE runs whether or not the job is written;
  // making the hold permanent again in a later round changes nothing).
  let written = false;
  const write = async ({ technicianId, slot }: Window, always = false) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`with hold as (
            insert into capacity_holds (carrier_code, area_code, day, booking_id, expires_at)
            values (${carrier.code}, ${areaCode}, ${day}::date, ${bookingId}::bigint, null)
            on conflict (booking_id) do update set area_code = excluded.area_code, day = excluded.day, expires_at = null),
          job as (
            insert into jobs (carrier_code, order_id, technician_id, date, slot, created_at)
            select ${carrier.code}, ${orderId}::bigint, ${technicianId}, ${day}::date, ${slot}, ${now.toISOString()}::timestamptz
             where ${always}::boolean or not exists (select 1 from jobs where carrier_code = ${carrier.code} and technician_id = ${technicianId}
                                 and date = ${day}::date and slot = ${slot} and status = 'SCHEDULED')
            returning order_id)
          update orders set technician_id = ${technicianId}, slot = ${slot} where id = (select order_id from job) returning id`,
    );
    written = rows.length === 1;
    return written;
  };
  const window = await assignTechnician(tx, carrier, areaCode, day, now, undefined, { roster, technicians }, (w) => write(w));
  // No free window at all (the roster shrank after the day was held): the job goes where assignTechnician says, as before.
  if (!written) await write(window, true);
}

/* ───────────── zero-payment confirmations ───────────── */

async function confirmWithoutPayment(ctx: EngineContext, carrier: CarrierContext, reference: unknown, kind: "in_warranty" | "promo"): Promise<BookingState> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, carrier, reference);
    if (booking.checkoutStatus === "SUCCESS") throw new BookingCompletedError();
    if (booking.checkoutStatus === "PROCESSING") throw new PaymentInProgressError();
    const basket = await loadBasket(tx, carrier, booking, ctx.clock.now(), bookingLocale(booking));
    const notReady = await readinessError(tx, ctx, carrier, basket);
    if (notReady) throw notReady;
    if (kind === "in_warranty" && booking.inWarranty !== true) throw new CheckoutNotReadyError("This booking is not an in-warranty repair.");
    if (kind === "promo" && !basket.totals.discount_code) throw new CheckoutNotReadyError("This booking has no promo code.");
    if (basket.totals.total_price !== 0) throw new CheckoutNotReadyError("This booking needs a payment.", { payment: ["This booking needs a payment."] });
    // A repair by post holds no day: it takes none of the area's capacity (ADR 140).
    const lost = booking.isMailInRepair ? null : await ensureHold(tx, ctx, carrier, booking);
    if (lost) return lost;
    if (basket.discount && usageLimit(basket.discount) !== null) {
      // No payment, so no reservation: check used against the limit under the code's lock instead (ADR 083).
      assertDiscountUsable(await findDiscount(tx, carrier, basket.discount.code, true), booking.id, ctx.clock.now());
    }
    await completeOrder(tx, ctx, carrier, basket, { amountMinor: 0, paymentType: kind === "in_warranty" ? "in_warranty" : "promo", paidViaCredit: false, transactionId: null });
    return booking;
  });
  if (outcome instanceof Deferred) throw outcome.error;
  return readBookingState(ctx.db, carrier, outcome.reference, ctx.clock.now());
}

/** Spec §7 POST /{ref}/confirm-iw: completes an in-warranty booking that costs nothing. */
export function confirmInWarranty(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return confirmWithoutPayment(ctx, carrier, reference, "in_warranty");
}

/** Spec §7 POST /{ref}/confirm-promo: completes a booking whose promo code covers the whole price. */
export function confirmPromo(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return confirmWithoutPayment(ctx, carrier, reference, "promo");
}

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

type Claim =
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
async function takeOverAttempt(
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
async function finalizePaid(ctx: EngineContext, carrier: CarrierContext, reference: string, attemptId: number): Promise<string> {
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

async function settleAttempt(
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

async function latestAttempt(db: DbOrTx, carrier: CarrierContext, bookingId: number) {
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
async function completePaid(
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
async function placePayLaterOrder(ctx: EngineContext, carrier: CarrierContext, claim: Extract<Claim, { kind: "pay" }>, authorizationToken: string): Promise<SaleResult> {
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
