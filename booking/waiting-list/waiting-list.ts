/**
 * The waiting list of the 'no dates available' modal (issue 10 item 7, ADR 094). A customer whose
 * area had no free date joins with their booking; when capacity frees on a day in that area (an
 * order cancelled or moved to another day), the first waiting customer whose booking can take the
 * day gets a hold on it for the offer time and a message with a single-use link that resumes their
 * booking with the day selected. Unused, the offer expires on the scheduler and the day goes to
 * the next customer waiting.
 *
 * Locks, in the order every path takes them so none waits on another in a cycle: the freed day's
 * capacity row (ADR 011), then waiting entries with SKIP LOCKED (two freed units never pick the same
 * entry: the second takes the next one).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { EngineContext } from "../context";
import { findHold, holdDay, isBookable, loadAreaRoster, openSlotTimes, releaseHold, slotTimes, type Roster } from "../availability/availability";
import { findBooking, lockBooking } from "../bookings/repository";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import { carrierContext, type CarrierContext } from "../domain/carrier";
import { emailField, phoneField } from "../contact/contact";
import { BookingCompletedError, BookingStateError, DateUnavailableError } from "../domain/errors";
import { plainText } from "../domain/inputs";
import { minutesOf, type IsoDate } from "../domain/time";
import { parseInput } from "../domain/validate";
import { enqueueMessage } from "../records/message-jobs";

export const OFFER_PATH = "/booking/waiting-list/offer";
export const EXPIRE_JOB_TYPE = "waiting_list_expire";

type Entry = typeof s.waitingList.$inferSelect;
const w = s.waitingList;

/* ───────────── joining ───────────── */

const required = (message: string, max: number) => plainText({ error: message }).trim().min(1, message).max(max, message);

function joinInput(carrier: CarrierContext) {
  return z.object({
    name: required("Please enter your name.", 120),
    email: emailField,
    phone: phoneField(carrier),
    locale: z.enum(["en", "de"]).default("en"),
    /** The request's origin, like bookings.site_url: the offer's link leads back to this site. */
    site_url: z.url({ protocol: /^https?$/, error: "The site's address must be an http(s) origin." }).transform((value) => new URL(value).origin),
  });
}

export type JoinWaitingListInput = z.input<ReturnType<typeof joinInput>>;

export interface WaitingListEntryView {
  id: number;
  booking_reference: string;
  area_code: string;
  postcode: string;
  name: string;
  email: string;
  phone: string;
  locale: string;
  state: s.WaitingListState;
  joined_at: string;
  offered_day: string | null;
  hold_until: string | null;
}

function entryView(row: Entry): WaitingListEntryView {
  return {
    id: row.id,
    booking_reference: row.bookingReference,
    area_code: row.areaCode,
    postcode: row.postcode,
    name: row.name,
    email: row.email,
    phone: row.phone,
    locale: row.locale,
    state: row.state,
    joined_at: row.joinedAt.toISOString(),
    offered_day: row.offeredDay,
    hold_until: row.holdUntil?.toISOString() ?? null,
  };
}

/**
 * Puts the booking's customer on its area's waiting list. Idempotent per booking and e-mail: joining
 * again updates the contact details and keeps the place; after the entry expired or was withdrawn it
 * joins again at the back. BK07 for a booking that is already an order; a booking without a postcode
 * has no area to wait for.
 */
export async function joinWaitingList(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: JoinWaitingListInput): Promise<WaitingListEntryView> {
  const data = parseInput(joinInput(carrier), input);
  const booking = await findBooking(ctx.db, carrier, reference);
  if (booking.checkoutStatus === "SUCCESS") throw new BookingCompletedError();
  if (!booking.areaCode || !booking.postcode) throw new BookingStateError("Please enter your postcode first.");
  const now = ctx.clock.now();
  const contact = {
    name: data.name,
    phone: data.phone,
    locale: data.locale,
    siteUrl: data.site_url,
    areaCode: booking.areaCode,
    postcode: booking.postcode,
    carrier: carrier as Record<string, unknown>,
  };
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(w)
      .values({
        carrierCode: carrier.code,
        bookingId: booking.id,
        bookingReference: booking.reference,
        email: data.email,
        joinedAt: now,
        createdAt: now,
        updatedAt: now,
        ...contact,
      })
      .onConflictDoNothing({ target: [w.carrierCode, w.bookingId, w.email] });
    const [row] = await tx
      .update(w)
      .set({
        ...contact,
        updatedAt: now,
        // Back of the queue after leaving it; a waiting or offered customer keeps their place.
        joinedAt: sql`case when ${w.state} in ('expired', 'withdrawn') then ${now.toISOString()}::timestamptz else ${w.joinedAt} end`,
        state: sql`case when ${w.state} in ('expired', 'withdrawn') then 'waiting' else ${w.state} end`,
      })
      .where(and(eq(w.carrierCode, carrier.code), eq(w.bookingId, booking.id), eq(w.email, data.email)))
      .returning();
    return entryView(row!);
  });
}

const listInput = z.object({ state: z.enum(["waiting", "offered", "booked", "expired", "withdrawn"]).optional(), area_code: z.string().max(60).optional() });

/** The carrier's waiting list in queue order (operations; tests). */
export async function listWaitingList(db: DbOrTx, carrier: CarrierContext, input: z.input<typeof listInput> = {}): Promise<WaitingListEntryView[]> {
  const data = parseInput(listInput, input);
  const rows = await db
    .select()
    .from(w)
    .where(and(eq(w.carrierCode, carrier.code), data.state ? eq(w.state, data.state) : undefined, data.area_code ? eq(w.areaCode, data.area_code) : undefined))
    .orderBy(asc(w.joinedAt), asc(w.id));
  return rows.map(entryView);
}

/* ───────────── offering a freed day ───────────── */

export interface OfferSettings {
  now: Date;
  offerMinutes: number;
}

const hashOfferToken = (token: string) => createHash("sha256").update(`waiting-list-offer:${token}`).digest("hex");

/**
 * The day's appointment windows as one span, e.g. 08:00–16:00 ("window" of the offer message); a
 * freed day that is today starts at its first window still open (ADR 110).
 */
function daySpan(roster: Roster, open: string[]): { start: string; end: string } {
  const slots = open.length ? open : slotTimes(roster);
  const last = minutesOf(slots[slots.length - 1] ?? roster.firstTimeslot) + roster.timeslotMinutes;
  return { start: slots[0] ?? roster.firstTimeslot, end: `${String(Math.floor(last / 60) % 24).padStart(2, "0")}:${String(last % 60).padStart(2, "0")}` };
}

/**
 * One unit of an area-day's capacity came free inside the caller's transaction: offers it to the
 * first waiting customer whose booking can take it. Returns the entry offered, or null (nobody
 * waiting, the day not bookable, the unit already gone). With `wait: false` a day another
 * transaction has locked right now is left alone: that transaction is taking (or freeing) capacity
 * on it, and waiting for it could deadlock a date change moving the other way.
 */
export async function offerFreedCapacity(
  tx: DbOrTx,
  carrier: CarrierContext,
  settings: OfferSettings,
  areaCode: string,
  day: IsoDate,
  options: { wait?: boolean } = {},
): Promise<WaitingListEntryView | null> {
  const { now } = settings;
  await tx.insert(s.capacityDays).values({ carrierCode: carrier.code, areaCode, day }).onConflictDoNothing();
  const locked = await tx
    .select({ day: s.capacityDays.day })
    .from(s.capacityDays)
    .where(and(eq(s.capacityDays.carrierCode, carrier.code), eq(s.capacityDays.areaCode, areaCode), eq(s.capacityDays.day, day)))
    .for("update", options.wait === false ? { skipLocked: true } : undefined);
  if (locked.length === 0) return null;
  const roster = await loadAreaRoster(tx, carrier, areaCode);
  if (!isBookable(roster, carrier, now, day)) return null;
  const candidates = await tx
    .select({ entry: w, booking: { status: s.bookings.checkoutStatus, areaCode: s.bookings.areaCode, address: s.bookings.address, postcode: s.bookings.postcode } })
    .from(w)
    .innerJoin(s.bookings, eq(s.bookings.id, w.bookingId))
    .where(and(eq(w.carrierCode, carrier.code), eq(w.areaCode, areaCode), eq(w.state, "waiting")))
    .orderBy(asc(w.joinedAt), asc(w.id))
    .limit(50)
    // The candidate's booking too (ADR 238): holding a day for it updates its booking row (ADR 224), and
    // a customer changing that booking right now may be waiting for this day's lock.
    .for("update", { of: [w, s.bookings], skipLocked: true });
  for (const { entry, booking } of candidates) {
    // Not this customer, this time (they keep their place): paying or paid, moved to another area,
    // or holding another day in a checkout of their own (the offer must not move their choice).
    if (booking.status !== "PENDING" || booking.areaCode !== areaCode) continue;
    const current = await findHold(tx, carrier, entry.bookingId);
    if (current && (current.expiresAt === null || current.expiresAt > now)) continue;
    const holdUntil = new Date(now.getTime() + settings.offerMinutes * 60_000);
    try {
      await holdDay(tx, carrier, now, { bookingId: entry.bookingId, areaCode, day, expiresAt: holdUntil });
    } catch (error) {
      if (error instanceof DateUnavailableError) return null;
      throw error;
    }
    const token = randomBytes(24).toString("base64url");
    const [offered] = await tx
      .update(w)
      .set({ state: "offered", offeredDay: day, offeredAt: now, holdUntil, offerTokenHash: hashOfferToken(token), offerUsedAt: null, updatedAt: now })
      .where(eq(w.id, entry.id))
      .returning();
    const address = booking.address
      ? [booking.address.line_1, booking.address.line_2, booking.address.town, booking.address.postcode].filter(Boolean)
      : [booking.postcode ?? entry.postcode];
    await enqueueMessage(tx, {
      carrierCode: carrier.code,
      kind: "waiting-list-offer",
      orderRef: null,
      eventKey: `offer:${entry.id}`,
      locale: entry.locale,
      payload: {
        to: { name: entry.name, email: entry.email, phone: entry.phone },
        values: {
          date: day,
          window: daySpan(roster, openSlotTimes(roster, carrier, now, day)),
          address,
          offerUrl: `${entry.siteUrl}${OFFER_PATH}?token=${token}`,
          holdUntil: holdUntil.toISOString(),
        },
      },
      runAt: now,
      expiresAt: holdUntil,
    });
    await tx
      .insert(s.scheduledJobs)
      .values({ type: EXPIRE_JOB_TYPE, dedupeKey: `${EXPIRE_JOB_TYPE}:${entry.id}`, carrierCode: carrier.code, runAt: holdUntil })
      .onConflictDoNothing({ target: s.scheduledJobs.dedupeKey });
    return entryView(offered!);
  }
  return null;
}

/* ───────────── expiry (the scheduler) ───────────── */

/**
 * Offers whose hold ran out unused (due at `now`) expire; each one's day goes to the next customer
 * waiting if it is still free. Run by the scheduler's `waiting_list_expire` rows (one per offer,
 * due at its hold's end); a row claimed late, or twice after a lease ran out, finds nothing left to
 * do: entries are taken FOR UPDATE SKIP LOCKED and changed only while still `offered`.
 */
export async function expireOffers(db: DbOrTx, now: Date, offerMinutes: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(w)
      .where(and(eq(w.state, "offered"), lte(w.holdUntil, now)))
      .orderBy(asc(w.holdUntil), asc(w.id))
      .limit(100)
      .for("update", { skipLocked: true });
    for (const entry of due) await closeOffer(tx, entry, now, offerMinutes, "expired");
    return due.length;
  });
}

/** Ends an offer (expired, or declined: withdrawn) and passes a day that is free again to the next customer. */
async function closeOffer(tx: DbOrTx, entry: Entry, now: Date, offerMinutes: number, state: "expired" | "withdrawn"): Promise<void> {
  const carrier = carrierContext(entry.carrier as Parameters<typeof carrierContext>[0]);
  // The booking's row before its hold (ADR 238): deleting the hold updates the booking row (ADR 224),
  // and a checkout holds that row while it writes the hold, so the hold must not be taken first. The
  // entry is locked already, and a checkout completing the order locks the booking and then this
  // entry (markBooked, bookings/completion.ts): waiting for the booking here could close that circle, so a booking another
  // transaction is changing right now is not waited for — it keeps its hold, as a customer paying does.
  const [locked] = await tx.select({ status: s.bookings.checkoutStatus }).from(s.bookings).where(eq(s.bookings.id, entry.bookingId)).for("update", { skipLocked: true });
  const [booking] = locked ? [locked] : await tx.select({ status: s.bookings.checkoutStatus }).from(s.bookings).where(eq(s.bookings.id, entry.bookingId));
  if (booking?.status === "SUCCESS") {
    await tx.update(w).set({ state: "booked", closedAt: now, updatedAt: now }).where(eq(w.id, entry.id));
    return;
  }
  await tx.update(w).set({ state, closedAt: now, updatedAt: now }).where(eq(w.id, entry.id));
  const hold = await findHold(tx, carrier, entry.bookingId);
  const stillOffered = hold && hold.day === entry.offeredDay && hold.areaCode === entry.areaCode;
  // A customer paying right now keeps the day (the checkout extended the hold); otherwise the offer's hold goes.
  if (locked && stillOffered && booking?.status !== "PROCESSING") {
    await releaseHold(tx, carrier, entry.bookingId);
    await tx
      .update(s.bookings)
      .set({ date: null, updatedAt: now })
      .where(and(eq(s.bookings.id, entry.bookingId), eq(s.bookings.date, entry.offeredDay!)));
  }
  await offerFreedCapacity(tx, carrier, { now, offerMinutes }, entry.areaCode, entry.offeredDay!);
}

/* ───────────── the offer link ───────────── */

export type OfferStatus = "valid" | "used" | "expired" | "unknown";

export interface OfferView {
  status: OfferStatus;
  /** Only while valid or just accepted. */
  date?: IsoDate;
  hold_until?: string;
  booking_reference?: string;
}

const tokenInput = z
  .string()
  .trim()
  .min(16)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

async function findByToken(db: DbOrTx, carrier: CarrierContext, token: unknown, lock: boolean): Promise<Entry | null> {
  const parsed = tokenInput.safeParse(token);
  if (!parsed.success) return null;
  // Another carrier's host finds nothing: the token is looked up within the carrier of the site.
  const query = db
    .select()
    .from(w)
    .where(and(eq(w.carrierCode, carrier.code), eq(w.offerTokenHash, hashOfferToken(parsed.data))));
  const [entry] = lock ? await query.for("update") : await query;
  return entry ?? null;
}

async function offerStatus(db: DbOrTx, carrier: CarrierContext, entry: Entry | null, now: Date): Promise<OfferStatus> {
  if (!entry) return "unknown";
  if (entry.offerUsedAt || entry.state === "booked") return "used";
  if (entry.state !== "offered" || !entry.holdUntil || entry.holdUntil <= now) return "expired";
  const hold = await findHold(db, carrier, entry.bookingId);
  if (!hold || hold.day !== entry.offeredDay || (hold.expiresAt !== null && hold.expiresAt <= now)) return "expired";
  return "valid";
}

/** What the offer link stands for, without using it (the page a link checker or a preview may open). */
export async function viewOffer(ctx: EngineContext, carrier: CarrierContext, token: unknown): Promise<OfferView> {
  const entry = await findByToken(ctx.db, carrier, token, false);
  const status = await offerStatus(ctx.db, carrier, entry, ctx.clock.now());
  return status === "valid" ? { status, date: entry!.offeredDay!, hold_until: entry!.holdUntil!.toISOString() } : { status };
}

/**
 * The customer takes the offer: their booking gets the held day as its date and the link is used
 * up. The entry stays `offered` until the booking becomes an order (`booked`) or the hold runs out.
 */
export async function acceptOffer(ctx: EngineContext, carrier: CarrierContext, token: unknown): Promise<OfferView> {
  return ctx.db.transaction(async (tx) => {
    const entry = await findByToken(tx, carrier, token, true);
    const now = ctx.clock.now();
    const status = await offerStatus(tx, carrier, entry, now);
    if (status !== "valid") return { status };
    const booking = await lockBooking(tx, carrier, entry!.bookingReference);
    if (booking.checkoutStatus !== "PENDING") return { status: "used" };
    await tx.update(s.bookings).set({ date: entry!.offeredDay, updatedAt: now }).where(eq(s.bookings.id, booking.id));
    await tx.update(w).set({ offerUsedAt: now, updatedAt: now }).where(eq(w.id, entry!.id));
    return { status: "valid", date: entry!.offeredDay!, hold_until: entry!.holdUntil!.toISOString(), booking_reference: booking.reference };
  });
}

/** "No thanks": the customer leaves the list and the held day goes to the next customer at once. */
export async function declineOffer(ctx: EngineContext, carrier: CarrierContext, token: unknown): Promise<OfferView> {
  return ctx.db.transaction(async (tx) => {
    const entry = await findByToken(tx, carrier, token, true);
    const now = ctx.clock.now();
    const status = await offerStatus(tx, carrier, entry, now);
    if (status !== "valid") return { status };
    await closeOffer(tx, entry!, now, ctx.config.waitingListOfferMinutes, "withdrawn");
    return { status: "valid" };
  });
}

/** The customer leaves the list from their booking (while waiting; an offer is left with its link). */
export async function leaveWaitingList(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<number> {
  const booking = await findBooking(ctx.db, carrier, reference);
  const now = ctx.clock.now();
  const left = await ctx.db
    .update(w)
    .set({ state: "withdrawn", closedAt: now, updatedAt: now })
    .where(and(eq(w.carrierCode, carrier.code), eq(w.bookingId, booking.id), eq(w.state, "waiting")))
    .returning({ id: w.id });
  return left.length;
}
