/**
 * Availability and capacity (ADR 011, ADR 013).
 *
 * Capacity of an area on a day = its active technicians × the roster's slots per technician (or the
 * area's own number, for a small remote area), on the roster's working weekdays that are not closed
 * dates; 0 otherwise. Every booking with a date holds
 * one unit (`capacity_holds`); a draft's hold expires, an order's does not. A day is available when
 * it is bookable (not before the first bookable day, not past the horizon) and holds < capacity.
 *
 * Days are calendar days in the carrier's time zone. Same day: bookable only until the roster's
 * `same_day_booking_until` local time (none when null), and only while a technician still has a free
 * window that starts at least the roster's lead time (`same_day_lead_minutes`, default 60) after now
 * (ADR 110): a window that is over, or too close to reach, is neither counted nor given.
 */
import { and, count, eq, gt, gte, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { queryRows, type DbOrTx } from "../db/open";
import { bookingHoldStatement } from "../db/prepared";
import { keptWhere, type Keep } from "../catalogue/revision";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { BookingStateError, DateUnavailableError } from "../domain/errors";
import { addDays, fullDate, isoWeekday, localParts, minutesOf, weekdayName, zonedTime, type IsoDate } from "../domain/time";

export type Roster = typeof s.carrierRosters.$inferSelect;

/** How far ahead a day can be booked. */
export const BOOKING_HORIZON_DAYS = 90;
export const DEFAULT_DAYS_TO_LOAD = 10;
export const MAX_DAYS_TO_LOAD = 31;

export interface AvailabilityDay {
  /** ISO 'YYYY-MM-DD'. */
  date: IsoDate;
  /** English weekday name ('Monday'); the web formats per locale from `date`. */
  week_day: string;
  /** English long form ('Monday 2nd June 2025'). */
  full_date: string;
  available: boolean;
  selected: boolean;
}

export async function loadRoster(db: DbOrTx, carrier: CarrierContext): Promise<Roster> {
  const [roster] = await db.select().from(s.carrierRosters).where(eq(s.carrierRosters.carrierCode, carrier.code));
  if (!roster) throw new BookingStateError(`No roster is set up for carrier ${carrier.code}.`);
  return roster;
}

/**
 * The carrier's roster as it applies in one area: an area with its own slots per technician a day
 * (tenants/<code>/engine.json `service_areas[].slots_per_technician_per_day`) uses that number.
 */
export async function loadAreaRoster(db: DbOrTx, carrier: CarrierContext, areaCode: string): Promise<Roster> {
  const roster = await loadRoster(db, carrier);
  const [area] = await db
    .select({ slots: s.serviceAreas.slotsPerTechnicianPerDay })
    .from(s.serviceAreas)
    .where(and(eq(s.serviceAreas.carrierCode, carrier.code), eq(s.serviceAreas.code, areaCode)));
  return area?.slots ? { ...roster, slotsPerTechnicianPerDay: area.slots } : roster;
}

export async function activeTechnicians(db: DbOrTx, carrier: CarrierContext, areaCode: string) {
  return db
    .select()
    .from(s.technicians)
    .where(and(eq(s.technicians.carrierCode, carrier.code), eq(s.technicians.areaCode, areaCode), eq(s.technicians.active, true)))
    .orderBy(s.technicians.id);
}

/**
 * Where an area's roster and technicians may be kept (ADR 222). Both are written only by a carrier's
 * sync (catalogue/seed.ts), which writes a new carrier hash with them.
 */
export type KeepStaff = Keep;

export interface AreaStaff {
  roster: Roster;
  technicians: Awaited<ReturnType<typeof activeTechnicians>>;
}

/** The area's roster and active technicians: three queries, or one (the revision) while kept, none when the revision is given. */
export async function areaStaff(db: DbOrTx, carrier: CarrierContext, areaCode: string, keep: KeepStaff | null): Promise<AreaStaff> {
  const read = async (): Promise<AreaStaff> => ({ roster: await loadAreaRoster(db, carrier, areaCode), technicians: await activeTechnicians(db, carrier, areaCode) });
  return keptWhere(db, carrier, keep, `staff|${carrier.code}|${areaCode}`, read);
}

export function isWorkingDay(roster: Roster, date: IsoDate): boolean {
  return roster.workingWeekdays.includes(isoWeekday(date)) && !roster.closedDates.includes(date);
}

export function dayCapacity(roster: Roster, technicianCount: number, date: IsoDate): number {
  return isWorkingDay(roster, date) ? technicianCount * roster.slotsPerTechnicianPerDay : 0;
}

/** Local start times of the day's appointment windows ('08:00', '09:30', …). */
export function slotTimes(roster: Roster): string[] {
  const first = minutesOf(roster.firstTimeslot);
  return Array.from({ length: roster.slotsPerTechnicianPerDay }, (_, i) => {
    const m = first + i * roster.timeslotIntervalMinutes;
    return `${String(Math.floor(m / 60) % 24).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  });
}

/**
 * The windows of `date` a booking made at `now` may still get: those starting at or after now plus
 * the roster's lead time, each window's start read in the carrier's time zone (DST-correct through
 * zonedTime). On a later day that is every window; today it can be none.
 */
export function openSlotTimes(roster: Roster, carrier: CarrierContext, now: Date, date: IsoDate): string[] {
  const earliest = now.getTime() + roster.sameDayLeadMinutes * 60_000;
  return slotTimes(roster).filter((slot) => appointmentStart(carrier, date, slot).getTime() >= earliest);
}

/**
 * Units of an area-day still sellable at `now` when some of its windows are already closed (today):
 * each active technician's free windows among the open ones, less the live draft holds on the day
 * (a draft holds a unit but has no window yet). null: every window is open, the plain capacity count
 * applies. The booking `excludeBookingId` (an order changing its date) does not count against itself.
 */
export async function openUnits(
  db: DbOrTx,
  carrier: CarrierContext,
  roster: Roster,
  areaCode: string,
  date: IsoDate,
  now: Date,
  excludeBookingId?: number,
): Promise<number | null> {
  const open = openSlotTimes(roster, carrier, now, date);
  if (open.length === slotTimes(roster).length) return null;
  if (!open.length || !isWorkingDay(roster, date)) return 0;
  const technicians = await activeTechnicians(db, carrier, areaCode);
  const jobs = await db
    .select({ technicianId: s.jobs.technicianId, slot: s.jobs.slot, bookingId: s.orders.bookingId })
    .from(s.jobs)
    .innerJoin(s.orders, eq(s.orders.id, s.jobs.orderId))
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.date, date), eq(s.jobs.status, "SCHEDULED")));
  let free = 0;
  for (const t of technicians) {
    const taken = new Set(jobs.filter((j) => j.technicianId === t.id && j.bookingId !== excludeBookingId).map((j) => j.slot));
    free += open.filter((slot) => !taken.has(slot)).length;
  }
  const [drafts] = await db
    .select({ held: count() })
    .from(s.capacityHolds)
    .where(
      and(
        eq(s.capacityHolds.carrierCode, carrier.code),
        eq(s.capacityHolds.areaCode, areaCode),
        eq(s.capacityHolds.day, date),
        gt(s.capacityHolds.expiresAt, now),
        excludeBookingId !== undefined ? ne(s.capacityHolds.bookingId, excludeBookingId) : undefined,
      ),
    );
  return Math.max(0, free - Number(drafts?.held ?? 0));
}

/** Today in the carrier's zone, or tomorrow once the same-day cut-off has passed (or when same day is off). */
export function firstBookableDate(roster: Roster, carrier: CarrierContext, now: Date): IsoDate {
  const local = localParts(now, carrier.timezone);
  const cutoff = roster.sameDayBookingUntil;
  if (cutoff && local.hour * 60 + local.minute < minutesOf(cutoff)) return local.date;
  return addDays(local.date, 1);
}

export function lastBookableDate(carrier: CarrierContext, now: Date): IsoDate {
  return addDays(localParts(now, carrier.timezone).date, BOOKING_HORIZON_DAYS);
}

export function isBookable(roster: Roster, carrier: CarrierContext, now: Date, date: IsoDate): boolean {
  return date >= firstBookableDate(roster, carrier, now) && date <= lastBookableDate(carrier, now) && isWorkingDay(roster, date);
}

/** Holds counting against capacity at `now`: orders', and drafts' not yet expired. */
export function activeHold(now: Date) {
  return or(isNull(s.capacityHolds.expiresAt), gt(s.capacityHolds.expiresAt, now));
}

export async function heldByDay(
  db: DbOrTx,
  carrier: CarrierContext,
  areaCode: string,
  from: IsoDate,
  to: IsoDate,
  now: Date,
  excludeBookingId?: number,
): Promise<Map<IsoDate, number>> {
  const rows = await db
    .select({ day: s.capacityHolds.day, held: count() })
    .from(s.capacityHolds)
    .where(
      and(
        eq(s.capacityHolds.carrierCode, carrier.code),
        eq(s.capacityHolds.areaCode, areaCode),
        gte(s.capacityHolds.day, from),
        lte(s.capacityHolds.day, to),
        activeHold(now),
        excludeBookingId !== undefined ? ne(s.capacityHolds.bookingId, excludeBookingId) : undefined,
      ),
    )
    .groupBy(s.capacityHolds.day);
  return new Map(rows.map((r) => [r.day, Number(r.held)]));
}

export interface AvailabilityQuery {
  areaCode: string;
  /** First day to show; before today it is moved to today. */
  startDate?: IsoDate | null;
  daysToLoad?: number;
  selectedDate?: IsoDate | null;
  /** The booking whose own hold must not count against it (an order changing its date). */
  excludeBookingId?: number;
  /** Where the roster and technicians are kept; by default with the database outside a transaction, read inside one. */
  keep?: KeepStaff | null;
}

export async function loadAvailability(db: DbOrTx, carrier: CarrierContext, now: Date, query: AvailabilityQuery): Promise<AvailabilityDay[]> {
  const { roster, technicians } = await areaStaff(db, carrier, query.areaCode, query.keep !== undefined ? query.keep : db instanceof PgTransaction ? null : { owner: db });
  const today = localParts(now, carrier.timezone).date;
  const start = query.startDate && query.startDate > today ? query.startDate : today;
  const days = Math.min(Math.max(query.daysToLoad ?? DEFAULT_DAYS_TO_LOAD, 1), MAX_DAYS_TO_LOAD);
  const end = addDays(start, days - 1);
  const held = await heldByDay(db, carrier, query.areaCode, start, end, now, query.excludeBookingId);
  const first = firstBookableDate(roster, carrier, now);
  const last = lastBookableDate(carrier, now);
  const result: AvailabilityDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(start, i);
    const capacity = dayCapacity(roster, technicians.length, date);
    let available = date >= first && date <= last && (held.get(date) ?? 0) < capacity;
    // Today (or just after midnight, tomorrow) only while a window after now + lead time is free.
    if (available) available = ((await openUnits(db, carrier, roster, query.areaCode, date, now, query.excludeBookingId)) ?? 1) > 0;
    result.push({ date, week_day: weekdayName(date), full_date: fullDate(date), available, selected: date === query.selectedDate });
  }
  return result;
}

export interface HoldRequest {
  bookingId: number;
  areaCode: string;
  day: IsoDate;
  /** null: an order's permanent hold. */
  expiresAt: Date | null;
  /** Where the roster and technicians are kept (the engine's database); read in the transaction when absent. */
  keep?: KeepStaff;
}

/**
 * Takes (or moves) the booking's hold on an area's day inside the caller's transaction. The day's
 * capacity row is locked (lockDay), so concurrent holders of the same day queue and each counts the
 * holds committed before it: the last unit cannot be sold twice (ADR 011). The roster and the
 * technicians are read before the lock, so the lock is held for the count, the write and the
 * caller's commit only (ADR 212): callers take it as the last step of their transaction.
 * Throws DateUnavailableError (BK13) when the day is full or not bookable.
 */
export async function holdDay(tx: DbOrTx, carrier: CarrierContext, now: Date, request: HoldRequest): Promise<void> {
  const { roster, technicians } = await areaStaff(tx, carrier, request.areaCode, request.keep ?? null);
  if (!isBookable(roster, carrier, now, request.day)) throw new DateUnavailableError();
  const capacity = dayCapacity(roster, technicians.length, request.day);
  if (capacity === 0) throw new DateUnavailableError();
  await lockDay(tx, carrier, request.areaCode, request.day);
  // A day whose remaining windows are all over, too close or taken is not sold (ADR 110); no query
  // while every window of the day is still open.
  if ((await openUnits(tx, carrier, roster, request.areaCode, request.day, now, request.bookingId)) === 0) throw new DateUnavailableError();
  // Counts the day's other active holds and takes the unit in one statement (ADR 212): its snapshot
  // is taken after the lock, so every hold committed before it is counted.
  const expiresAt = request.expiresAt ? request.expiresAt.toISOString() : null;
  const taken = await queryRows<{ id: number }>(
    tx,
    sql`insert into capacity_holds (carrier_code, area_code, day, booking_id, expires_at)
        select ${carrier.code}, ${request.areaCode}, ${request.day}::date, ${request.bookingId}::bigint, ${expiresAt}::timestamptz
         where (select count(*) from capacity_holds
                 where carrier_code = ${carrier.code} and area_code = ${request.areaCode} and day = ${request.day}::date
                   and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz) and booking_id <> ${request.bookingId}::bigint) < ${capacity}::int
        on conflict (booking_id) do update set area_code = excluded.area_code, day = excluded.day, expires_at = excluded.expires_at, created_at = now()
        returning id`,
  );
  if (taken.length === 0) throw new DateUnavailableError();
}

/**
 * Locks an area-day's capacity row until the transaction ends (holding a unit of it, or assigning
 * technicians to that day's jobs). SELECT … FOR UPDATE, not an upsert that writes the row: a
 * writer's row would make the waiting list's INSERT … ON CONFLICT DO NOTHING (and its SKIP LOCKED
 * look at a freed day) wait for this transaction, and two date changes moving opposite ways deadlock.
 */
export async function lockDay(tx: DbOrTx, carrier: CarrierContext, areaCode: string, day: IsoDate): Promise<void> {
  const lock = () =>
    tx
      .select({ day: s.capacityDays.day })
      .from(s.capacityDays)
      .where(and(eq(s.capacityDays.carrierCode, carrier.code), eq(s.capacityDays.areaCode, areaCode), eq(s.capacityDays.day, day)))
      .for("update");
  // The row exists after the day's first hold: one round trip then; the day's first holder creates it.
  if ((await lock()).length) return;
  await tx.insert(s.capacityDays).values({ carrierCode: carrier.code, areaCode, day }).onConflictDoNothing();
  await lock();
}

/**
 * The advisory-lock class of a technician's window (ADR 237): the two-key form, so it never meets
 * the one-key locks of migrations and syncs.
 */
const WINDOW_LOCK_CLASS = 237;

export interface Window {
  technicianId: string;
  slot: string;
}

const windowKey = (carrier: CarrierContext, day: IsoDate, w: Window) => `${carrier.code}|${day}|${w.technicianId}|${w.slot}`;

/**
 * Takes, without waiting, the transaction's claim on the first of `windows` (in order) no other
 * transaction claims right now, and returns its index (null: every one is claimed by a transaction
 * still running). A claim lasts to the end of the transaction. Whether the window is free must be
 * read in a LATER statement: its snapshot then holds every job written under an earlier claim of the
 * window (that writer has committed, or it would still hold the claim). Claims replace the area-day's
 * lock for giving windows (ADR 237): two payments of one day only meet when they want the same window.
 */
export async function claimFirstWindow(tx: DbOrTx, carrier: CarrierContext, day: IsoDate, windows: Window[]): Promise<number | null> {
  if (!windows.length) return null;
  const keys = windows.map((w) => windowKey(carrier, day, w));
  // No ORDER BY: the rows come in the array's order and the filter runs row by row until the LIMIT is
  // met, so only the window returned is claimed (a sort would try, and take, every one first).
  const [row] = await queryRows<{ i: string }>(
    tx,
    sql`select k.i from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) with ordinality as k(key, i)
         where pg_try_advisory_xact_lock(${WINDOW_LOCK_CLASS}::int, hashtext(k.key)) limit 1`,
  );
  return row ? Number(row.i) - 1 : null;
}

/** Waits for the transaction's claim on one window (a manager moving a job to a given technician). */
export async function claimWindow(tx: DbOrTx, carrier: CarrierContext, day: IsoDate, window: Window): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WINDOW_LOCK_CLASS}::int, hashtext(${windowKey(carrier, day, window)}))`);
}

/**
 * The expired holds a purge may delete: those of bookings no transaction holds right now. Deleting a
 * hold raises its booking's version (a trigger updates the booking row, ADR 224), so the purge locks
 * the bookings first and skips any a visitor is changing — that visitor's transaction may be waiting
 * for this very hold row (taking the day again), and waiting for it back would deadlock. A skipped
 * hold has already stopped counting and goes with the next purge.
 */
function expiredHoldsOfUnlockedBookings(db: DbOrTx, now: Date, carrierCode?: string) {
  const expired = and(lte(s.capacityHolds.expiresAt, now), carrierCode === undefined ? undefined : eq(s.capacityHolds.carrierCode, carrierCode));
  const unlocked = db
    .select({ id: s.bookings.id })
    .from(s.bookings)
    .where(inArray(s.bookings.id, db.select({ id: s.capacityHolds.bookingId }).from(s.capacityHolds).where(expired)))
    .for("update", { skipLocked: true });
  return and(expired, inArray(s.capacityHolds.bookingId, unlocked));
}

export async function purgeExpiredHolds(db: DbOrTx, carrier: CarrierContext, now: Date): Promise<number> {
  const removed = await db
    .delete(s.capacityHolds)
    .where(expiredHoldsOfUnlockedBookings(db, now, carrier.code))
    .returning({ id: s.capacityHolds.id });
  return removed.length;
}

/** Every carrier's expired draft holds, for the scheduler's recurring purge (issue 10 item 9, ADR 091). */
export async function purgeAllExpiredHolds(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db.delete(s.capacityHolds).where(expiredHoldsOfUnlockedBookings(db, now)).returning({ id: s.capacityHolds.id });
  return removed.length;
}

export async function releaseHold(tx: DbOrTx, carrier: CarrierContext, bookingId: number): Promise<void> {
  await tx.delete(s.capacityHolds).where(and(eq(s.capacityHolds.carrierCode, carrier.code), eq(s.capacityHolds.bookingId, bookingId)));
}

export async function findHold(db: DbOrTx, carrier: CarrierContext, bookingId: number) {
  const [hold] = await bookingHoldStatement(db).execute({ carrierCode: carrier.code, bookingId });
  return hold ?? null;
}

/** When an appointment window opens, as an instant. */
export function appointmentStart(carrier: CarrierContext, date: IsoDate, slot: string): Date {
  return zonedTime(date, slot, carrier.timezone);
}
