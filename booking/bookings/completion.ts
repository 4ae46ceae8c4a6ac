/**
 * Completing an order (spec §4 step 5): the numeric order reference, the job and an assigned
 * technician; checkout_status → SUCCESS. Zero-payment confirmations (in warranty, a full promo) too.
 */
import * as s from "../db/schema";
import { and, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type BookingTransaction, type DbOrTx } from "../db/open";
import type { EngineContext } from "../context";
import { enqueueMessage } from "../records/message-jobs";
import { enqueueWebhookEvent } from "../webhooks/events";
import { planNewOrderMessages } from "../records/messages";
import { activeTechnicians, areaStaff, claimFirstWindow, loadAreaRoster, type KeepStaff, openSlotTimes, slotTimes, type Roster, type Window } from "../availability/availability";
import type { Locale } from "../catalogue/queries";
import { catalogueRevision } from "../catalogue/revision";
import type { CarrierContext } from "../domain/carrier";
import { BookingCompletedError, BookingStateError, CheckoutNotReadyError, PaymentInProgressError } from "../domain/errors";
import { localDate } from "../domain/time";
import { assertDiscountUsable, findDiscount, releaseDiscountReservations, usageLimit } from "./discount";
import { Deferred, lockBooking } from "./repository";
import { CUSTOMER, recordOrderEvents } from "../records/history";
import { deviceView, loadBasket, readBookingState, type BookingState, type LoadedBasket } from "./state";
import { readinessError, ensureHold } from "./readiness";

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
export const bookingLocale = (booking: { locale: string | null }): Locale => (booking.locale === "de" ? "de" : "en");

function cartSnapshot(basket: LoadedBasket): Record<string, unknown> {
  return { ...basket.totals, devices: Object.fromEntries(basket.devices.map((d) => [d.row.key, deviceView(d)])) };
}

/** A mail-in order's columns where a visit has its technician and time slot: none (ADR 140). */
export const NO_VISIT = { technicianId: "", slot: "" } as const;

export async function completeOrder(
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

/** The booking became an order (through the offer or any other way): its customer leaves the waiting list (here, below the waiting list's floor, ADR 284). */
async function markBooked(tx: DbOrTx, carrier: CarrierContext, bookingId: number, now: Date): Promise<void> {
  await tx
    .update(s.waitingList)
    .set({ state: "booked", closedAt: now, updatedAt: now })
    .where(and(eq(s.waitingList.carrierCode, carrier.code), eq(s.waitingList.bookingId, bookingId), inArray(s.waitingList.state, ["waiting", "offered", "expired"])));
}
