/** Changing an order's date or address (spec §4 "Change date", "Change address"; ADR 251, ADR 256). */
import * as s from "../db/schema";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { rescheduleOrderMessages } from "../records/messages";
import type { BookingTransaction } from "../db/open";
import type { EngineContext } from "../context";
import { activeTechnicians, claimFirstWindow, holdDay, loadAreaRoster, loadAvailability, openSlotTimes, slotTimes, type AvailabilityDay } from "../availability/availability";
import { addressInput, addressValue } from "../coverage/places";
import { assignTechnician } from "../bookings/completion";
import { areaForAddress, normaliseForCarrier } from "../coverage/coverage";
import type { CarrierContext } from "../domain/carrier";
import {
  DateUnavailableError,
  FIELD_MESSAGES,
  NoTechnicianError,
  NotFoundError,
  OrderCancelledError,
  OrderDateUnavailableError,
  OrderRefundedError,
  ValidationError,
} from "../domain/errors";
import { calendarDate, id } from "../domain/inputs";
import { addMinutesToClock } from "../domain/time";
import { parseInput } from "../domain/validate";
import { offerFreedCapacity } from "../waiting-list/waiting-list";
import { CUSTOMER, recordOrderEvent, type OrderActor } from "../records/history";
import { type OrderLookup, findOrder, type OrderView, assertChangeable, assertDateChangeable, assertHasVisit, lookupOrder } from "./lookup";
import { announceChange } from "./notices";
import { type OrderRow, isFullyRefunded } from "./rules";

const orderDaysInput = z.object({
  start_date: calendarDate.optional().nullable(),
  days_to_load: z.coerce.number().int().min(1).max(31).optional(),
});

/** Spec §7 GET /orders/{order}/load-days/{date}/10: the order's area, its own hold not counted against it. */
export async function orderAvailability(ctx: EngineContext, carrier: CarrierContext, lookup: OrderLookup, input: z.input<typeof orderDaysInput> = {}): Promise<AvailabilityDay[]> {
  const data = parseInput(orderDaysInput, input ?? {});
  const order = await findOrder(ctx.db, carrier, lookup);
  if (order.status === "CANCELLED") throw new OrderCancelledError();
  if (isFullyRefunded(order)) throw new OrderRefundedError();
  assertHasVisit(order);
  return loadAvailability(ctx.db, carrier, ctx.clock.now(), {
    areaCode: order.areaCode,
    startDate: data.start_date,
    daysToLoad: data.days_to_load,
    selectedDate: order.date,
    excludeBookingId: order.bookingId,
  });
}

export const REASON_MESSAGE = FIELD_MESSAGES.REASON_TOO_SHORT;

/** A reason of more than three words: the customer's date change, and every customer-service action (ADR 189). */
export const reasonInput = z
  .string({ error: REASON_MESSAGE })
  .trim()
  .refine((r) => r.split(" ").filter(Boolean).length > 3, REASON_MESSAGE)
  .pipe(z.string().max(1000));

/** A window's start as the roster writes it ('08:00'). */
const windowStart = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, FIELD_MESSAGES.WINDOW_UNAVAILABLE);

const changeDateInput = z.object({
  date: calendarDate,
  /**
   * The arrival window's start chosen on that day (customer service, ADR 256): it must be one of the
   * day's windows still open and free for a technician of the area. Absent: the first free window,
   * as the customer's own move gives (spec §4 "Change date").
   */
  slot: windowStart.optional().nullable(),
  /**
   * null: the move is made without one and the date-change log call records it next (spec §7: PUT
   * date sends the date alone, then POST /technicians/log/date-change; ADR 267). Absent is refused.
   */
  reason: reasonInput.nullable(),
  /** A staff user changing the date; null for the customer. */
  user_id: z.string().max(80).optional().nullable(),
});

export interface DateChangeLogEntry {
  id: number;
  job_id: number;
  user_id: string | null;
  original_date: string;
  new_date: string;
  reason: string;
  original_technician: string;
  new_technician: string;
  created_at: string;
  /** Who moved it, as the order's history names them (ADR 247): the staff account's or the partner key's name; null for the customer and the system. */
  by: { type: OrderActor["type"]; name: string | null };
}

function logView(row: typeof s.dateChangeLog.$inferSelect, by: DateChangeLogEntry["by"]): DateChangeLogEntry {
  return {
    by,
    id: row.id,
    job_id: row.jobId,
    user_id: row.userId,
    original_date: row.originalDate,
    new_date: row.newDate,
    reason: row.reason,
    original_technician: row.originalTechnician,
    new_technician: row.newTechnician,
    created_at: row.createdAt.toISOString(),
  };
}

async function moveJob(tx: BookingTransaction, carrier: CarrierContext, order: OrderRow, areaCode: string, day: string, now: Date) {
  const [job] = await tx
    .select()
    .from(s.jobs)
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.orderId, order.id)));
  const { technicianId, slot } = await assignTechnician(tx, carrier, areaCode, day, now, job!.id);
  await tx.update(s.jobs).set({ technicianId, date: day, slot }).where(eq(s.jobs.id, job!.id));
  return { job: job!, technicianId, slot, now };
}

/**
 * Moves the order's job into the chosen window of `day` with a technician of its area who is free
 * then (ADR 256): each candidate's window is claimed without waiting, as a payment claims one (ADR
 * 237), and read free after the claim; the least-loaded technician first. None free:
 * WINDOW_UNAVAILABLE. The caller holds the area-day's capacity lock (holdDay).
 */
async function moveJobToWindow(tx: BookingTransaction, carrier: CarrierContext, order: OrderRow, day: string, slot: string) {
  const [job] = await tx
    .select()
    .from(s.jobs)
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.orderId, order.id)));
  const technicians = await activeTechnicians(tx, carrier, order.areaCode);
  const dayJobs = () =>
    tx
      .select({ id: s.jobs.id, technicianId: s.jobs.technicianId, slot: s.jobs.slot })
      .from(s.jobs)
      .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.date, day), eq(s.jobs.status, "SCHEDULED")));
  const others = (await dayJobs()).filter((j) => j.id !== job!.id);
  const load = (id: string) => others.filter((j) => j.technicianId === id).length;
  let candidates = technicians
    .filter((t) => !others.some((j) => j.technicianId === t.id && j.slot === slot))
    .sort((a, b) => load(a.id) - load(b.id) || a.id.localeCompare(b.id))
    .map((t) => ({ technicianId: t.id, slot }));
  while (candidates.length) {
    const index = await claimFirstWindow(tx, carrier, day, candidates);
    // Every free technician's window is being given by a payment still running: not free now.
    if (index === null) break;
    const claimed = candidates[index]!;
    const taken = (await dayJobs()).some((j) => j.id !== job!.id && j.technicianId === claimed.technicianId && j.slot === slot);
    if (!taken) {
      await tx.update(s.jobs).set({ technicianId: claimed.technicianId, date: day, slot }).where(eq(s.jobs.id, job!.id));
      return { job: job!, technicianId: claimed.technicianId, slot };
    }
    candidates = candidates.filter((_, i) => i !== index);
  }
  throw new ValidationError({ slot: ["WINDOW_UNAVAILABLE"] });
}

export interface OrderWindow {
  start: string;
  end: string;
  /** A technician of the area is free then, and the window is still open (not over, not too close). */
  available: boolean;
  /** The order's own window now. */
  current: boolean;
}

const orderWindowsInput = z.object({ date: calendarDate });

/**
 * The arrival windows of one day the order may move to (ADR 256): the roster's windows of the day,
 * each available when the day has room for the order (its own hold not counted) and some active
 * technician of the area has no other job then. The move checks the same again under its locks.
 */
export async function orderWindows(ctx: EngineContext, carrier: CarrierContext, lookup: OrderLookup, input: z.input<typeof orderWindowsInput>): Promise<OrderWindow[]> {
  const { date } = parseInput(orderWindowsInput, input);
  const order = await findOrder(ctx.db, carrier, lookup);
  if (order.status === "CANCELLED") throw new OrderCancelledError();
  assertHasVisit(order);
  const now = ctx.clock.now();
  const [[day], roster, technicians, jobs] = await Promise.all([
    loadAvailability(ctx.db, carrier, now, { areaCode: order.areaCode, startDate: date, daysToLoad: 1, excludeBookingId: order.bookingId }),
    loadAreaRoster(ctx.db, carrier, order.areaCode),
    activeTechnicians(ctx.db, carrier, order.areaCode),
    ctx.db
      .select({ technicianId: s.jobs.technicianId, slot: s.jobs.slot, orderId: s.jobs.orderId })
      .from(s.jobs)
      .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.date, date), eq(s.jobs.status, "SCHEDULED"))),
  ]);
  // A day before today is moved to today by the availability: nothing of it is offered.
  const dayOpen = day?.date === date && day.available;
  const open = new Set(openSlotTimes(roster, carrier, now, date));
  return slotTimes(roster).map((start) => {
    const current = order.date === date && order.slot === start;
    const free = technicians.some((t) => !jobs.some((j) => j.orderId !== order.id && j.technicianId === t.id && j.slot === start));
    return { start, end: addMinutesToClock(start, roster.timeslotMinutes), available: dayOpen && open.has(start) && free && !current, current };
  });
}

/**
 * Spec §7 PUT /orders/{id}/date then POST /technicians/log/date-change: moves the order to another
 * available day (OR04 when it is not), reassigns the technician and logs the change.
 */
export async function changeOrderDate(
  ctx: EngineContext,
  carrier: CarrierContext,
  lookup: OrderLookup,
  input: z.input<typeof changeDateInput>,
  actor: OrderActor = CUSTOMER,
): Promise<{ order: OrderView; log: DateChangeLogEntry }> {
  const data = parseInput(changeDateInput, input);
  const log = await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, carrier, lookup, true);
    assertHasVisit(order);
    await assertDateChangeable(tx, ctx, carrier, order, !!data.user_id);
    // A chosen window may be another one on the same day; without one, the day must change.
    if (data.date === order.date && (!data.slot || data.slot === order.slot)) throw new ValidationError({ date: ["DATE_UNCHANGED"] });
    const now = ctx.clock.now();
    const roster = data.slot ? await loadAreaRoster(tx, carrier, order.areaCode) : null;
    // A window the roster does not have, or one already over or too close on that day, is never free.
    if (roster && !openSlotTimes(roster, carrier, now, data.date).includes(data.slot!)) throw new ValidationError({ slot: ["WINDOW_UNAVAILABLE"] });
    try {
      // Takes the new day under its capacity lock; the order's single hold row moves there.
      await holdDay(tx, carrier, now, { bookingId: order.bookingId, areaCode: order.areaCode, day: data.date, expiresAt: null });
    } catch (error) {
      if (error instanceof DateUnavailableError) throw new OrderDateUnavailableError("Sorry, that date is not available. Please choose another date.");
      throw error;
    }
    const { job, technicianId, slot } = data.slot
      ? await moveJobToWindow(tx, carrier, order, data.date, data.slot)
      : await moveJob(tx, carrier, order, order.areaCode, data.date, now);
    await tx.update(s.orders).set({ date: data.date, technicianId, slot, updatedAt: now }).where(eq(s.orders.id, order.id));
    await tx.update(s.bookings).set({ date: data.date, updatedAt: now }).where(eq(s.bookings.id, order.bookingId));
    if (data.date !== order.date) await rescheduleOrderMessages(tx, carrier, order.orderRef, data.date, now);
    const minutes = roster?.timeslotMinutes ?? (await loadAreaRoster(tx, carrier, order.areaCode)).timeslotMinutes;
    // The old day has a unit free for the waiting list; not waiting for its lock avoids a deadlock with a move the other way (ADR 094).
    await offerFreedCapacity(tx, carrier, { now, offerMinutes: ctx.config.waitingListOfferMinutes }, order.areaCode, order.date, { wait: false });
    const [entry] = await tx
      .insert(s.dateChangeLog)
      .values({
        carrierCode: carrier.code,
        jobId: job.id,
        userId: data.user_id ?? null,
        originalDate: order.date,
        newDate: data.date,
        reason: data.reason ?? "",
        originalTechnician: order.technicianId,
        newTechnician: technicianId,
        createdAt: now,
      })
      .returning();
    await recordOrderEvent(tx, {
      carrierCode: carrier.code,
      orderId: order.id,
      orderRef: order.orderRef,
      kind: "date_changed",
      actor,
      key: `date-change:${entry!.id}`,
      at: now,
      details: { from: order.date, to: data.date, slot_from: order.slot, slot_to: slot, reason: data.reason },
    });
    // After the history, so the partners' event carries the order's state with this move (ADR 247).
    // The message states the day and window of this move, whatever happens to the order later.
    await announceChange(tx, carrier, order, "date-changed", now, {
      method: "REQUEST",
      visit: { date: data.date, window: { start: slot, end: addMinutesToClock(slot, minutes) } },
    });
    return entry!;
  });
  const named = actor.type === "staff" || actor.type === "partner" ? actor.name : null;
  return { order: await lookupOrder(ctx, carrier, lookup), log: logView(log, { type: actor.type, name: named }) };
}

export async function dateChangeLog(ctx: EngineContext, carrier: CarrierContext, jobId: number): Promise<DateChangeLogEntry[]> {
  const rows = await ctx.db
    .select({ log: s.dateChangeLog, actorType: s.orderEvents.actorType, actorName: s.orderEvents.actorName })
    .from(s.dateChangeLog)
    .innerJoin(s.jobs, eq(s.jobs.id, s.dateChangeLog.jobId))
    // The move's entry in the order's history names who made it (ADR 247).
    .leftJoin(
      s.orderEvents,
      and(
        eq(s.orderEvents.carrierCode, s.dateChangeLog.carrierCode),
        eq(s.orderEvents.orderId, s.jobs.orderId),
        eq(s.orderEvents.eventKey, sql`'date-change:' || ${s.dateChangeLog.id}`),
      ),
    )
    .where(and(eq(s.dateChangeLog.carrierCode, carrier.code), eq(s.dateChangeLog.jobId, parseInput(id, jobId, "job_id"))))
    .orderBy(asc(s.dateChangeLog.id));
  return rows.map(({ log, actorType, actorName }) =>
    logView(log, actorType ? { type: actorType, name: actorName } : log.userId ? { type: "staff", name: null } : { type: "customer", name: null }),
  );
}

const technicianInput = z.string().trim().min(1).max(80);

/** Spec §3 "Date-change log": the entry the spec's client sends after PUT /orders/{id}/date. */
const dateChangeEntryInput = z.object({
  jobId: id,
  userId: z
    .union([z.string().trim().max(80), z.number().int()])
    .nullish()
    .transform((value) => (value === undefined || value === null || value === "" ? null : String(value))),
  original_date: calendarDate,
  new_date: calendarDate,
  reason: reasonInput,
  original_technician: technicianInput,
  new_technician: technicianInput,
});

/**
 * Spec §7 POST /technicians/log/date-change (ADR 267): the log entry of a move the order's history
 * holds. The move itself (PUT /orders/{id}/date) wrote the entry with its dates and technicians; this
 * records the entry's reason (and user) where the move was made without one, and answers an entry
 * already recorded the same way as it is. An entry no move of the job matches, or one that states
 * another reason or user than the one recorded, contradicts the history: refused, naming the field.
 */
export async function recordDateChange(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof dateChangeEntryInput>): Promise<DateChangeLogEntry[]> {
  const data = parseInput(dateChangeEntryInput, input);
  const contradiction = (field: keyof typeof data, message: string) => new ValidationError({ [field]: [message] });
  await ctx.db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: s.jobs.id })
      .from(s.jobs)
      .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.id, data.jobId)));
    if (!job) throw new NotFoundError("The job");
    const moves = await tx
      .select()
      .from(s.dateChangeLog)
      .where(and(eq(s.dateChangeLog.carrierCode, carrier.code), eq(s.dateChangeLog.jobId, job.id)))
      .orderBy(asc(s.dateChangeLog.id))
      .for("update");
    const toDay = moves.filter((move) => move.newDate === data.new_date);
    if (!toDay.length) throw contradiction("new_date", "The order's history has no move of this job to new_date: PUT /orders/{id}/date moves it first.");
    const fromDay = toDay.filter((move) => move.originalDate === data.original_date);
    if (!fromDay.length) throw contradiction("original_date", `The job was moved to ${data.new_date} from ${toDay.at(-1)!.originalDate}, not from original_date.`);
    const move = [...fromDay].reverse().find((entry) => entry.originalTechnician === data.original_technician && entry.newTechnician === data.new_technician);
    if (!move) {
      const last = fromDay.at(-1)!;
      const field = last.originalTechnician !== data.original_technician ? "original_technician" : "new_technician";
      throw contradiction(field, `The move's ${field.replace("_", " ")} was ${field === "original_technician" ? last.originalTechnician : last.newTechnician}.`);
    }
    if (move.userId !== null && data.userId !== null && move.userId !== data.userId) throw contradiction("userId", `The move was logged for user ${move.userId}.`);
    if (move.reason && move.reason !== data.reason) throw contradiction("reason", "The move was logged with another reason.");
    if (move.reason === data.reason && (data.userId === null || move.userId === data.userId)) return;
    await tx
      .update(s.dateChangeLog)
      .set({ reason: data.reason, userId: move.userId ?? data.userId })
      .where(eq(s.dateChangeLog.id, move.id));
    // The move's entry in the order's history carries the reason too.
    await tx
      .update(s.orderEvents)
      .set({ details: sql`${s.orderEvents.details} || ${JSON.stringify({ reason: data.reason })}::jsonb` })
      .where(and(eq(s.orderEvents.carrierCode, carrier.code), eq(s.orderEvents.eventKey, `date-change:${move.id}`)));
  });
  return dateChangeLog(ctx, carrier, data.jobId);
}

const changeAddressInput = addressInput.pick({ line_1: true, line_2: true, town: true, postcode: true, latitude: true, longitude: true });

/**
 * Spec §7 PUT /orders/{id}/address. OR03 when no technician's area covers the address; OR04 when
 * the booked day has no room in the new area (change the date first).
 */
export async function changeOrderAddress(
  ctx: EngineContext,
  carrier: CarrierContext,
  lookup: OrderLookup,
  input: z.input<typeof changeAddressInput>,
  actor: OrderActor = CUSTOMER,
): Promise<OrderView> {
  const data = parseInput(changeAddressInput, input);
  const postcode = normaliseForCarrier(carrier, data.postcode);
  const area = await areaForAddress(ctx.db, carrier, { postcode, latitude: data.latitude, longitude: data.longitude });
  if (!area) throw new NoTechnicianError();
  const address = addressValue(postcode, data);
  await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, carrier, lookup, true);
    assertHasVisit(order);
    assertChangeable(ctx, carrier, order);
    const now = ctx.clock.now();
    let assignment = { technicianId: order.technicianId, slot: order.slot };
    if (area.code !== order.areaCode) {
      try {
        await holdDay(tx, carrier, now, { bookingId: order.bookingId, areaCode: area.code, day: order.date, expiresAt: null });
      } catch (error) {
        if (error instanceof DateUnavailableError) throw new OrderDateUnavailableError();
        throw error;
      }
      assignment = await moveJob(tx, carrier, order, area.code, order.date, now);
    }
    await tx.update(s.orders).set({ address, areaCode: area.code, technicianId: assignment.technicianId, slot: assignment.slot, updatedAt: now }).where(eq(s.orders.id, order.id));
    await tx.update(s.bookings).set({ address, postcode: postcode.display, areaCode: area.code, updatedAt: now }).where(eq(s.bookings.id, order.bookingId));
    const sequence = await announceChange(tx, carrier, order, "address-changed", now, { method: "REQUEST" });
    await recordOrderEvent(tx, {
      carrierCode: carrier.code,
      orderId: order.id,
      orderRef: order.orderRef,
      kind: "address_changed",
      actor,
      key: `address-change:${sequence}`,
      at: now,
      details: { from: order.address.postcode, to: address.postcode, area_from: order.areaCode, area_to: area.code },
    });
  });
  return lookupOrder(ctx, carrier, lookup);
}
