/**
 * The area manager's day (issue 11 item 9, ADR 099): the area's jobs on a day, moving a job to
 * another technician of the area, and the capacity per day. A manager tied to an area sees only it
 * (JOB_FORBIDDEN otherwise); one without an area (superAdmin) chooses among the carrier's areas.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import * as s from "../db/schema";
import type { EngineContext } from "../context";
import { activeTechnicians, claimWindow, dayCapacity, heldByDay, loadAreaRoster, lockDay, openSlotTimes, openUnits } from "../availability/availability";
import type { CarrierContext } from "../domain/carrier";
import { JobForbiddenError, NotFoundError, ValidationError } from "../domain/errors";
import { calendarDate, id } from "../domain/inputs";
import { addDays, localDate } from "../domain/time";
import { parseInput } from "../domain/validate";
import { loadJobViews, type JobView } from "./technician";

const areaCode = z.string().trim().min(1).max(60);

/** The manager's own area (null: any of the carrier's) and the area asked for. */
const scopeInput = z.object({ manager_area: areaCode.nullable(), area_code: areaCode.optional().nullable() });

async function resolveArea(ctx: EngineContext, carrier: CarrierContext, scope: z.output<typeof scopeInput>) {
  const areas = await ctx.db
    .select({ code: s.serviceAreas.code, name: s.serviceAreas.name })
    .from(s.serviceAreas)
    .where(and(eq(s.serviceAreas.carrierCode, carrier.code), eq(s.serviceAreas.active, true)))
    .orderBy(asc(s.serviceAreas.position));
  const wanted = scope.manager_area ?? scope.area_code ?? areas[0]?.code;
  if (scope.manager_area && scope.area_code && scope.area_code !== scope.manager_area) throw new JobForbiddenError();
  const area = areas.find((a) => a.code === wanted);
  if (!area) throw new NotFoundError("Service area");
  // A manager of one area is offered only that area.
  return { area, areas: scope.manager_area ? [area] : areas };
}

export interface AreaJob {
  job: JobView;
  technician_name: string;
  /** Where the booking came from (spec §7 POST /build; ADR 135): for operations, not the technician's job view. */
  attribution: { referrer: string | null; lucid_ref: string | null; channel: string | null };
}

export interface AreaDay {
  area: { code: string; name: string };
  areas: { code: string; name: string }[];
  date: string;
  technicians: { id: string; name: string; jobs: number; free_slots: string[] }[];
  jobs: AreaJob[];
  /** The day's jobs not to be worked: their order was cancelled or refunded in full (ADR 247), so the manager knows why a window freed. */
  closed_jobs: { job_id: number; order_ref: number; timeslot: { start: string; end: string }; postcode: string; technician_name: string; order_state: JobView["order_state"] }[];
}

const dayInput = scopeInput.extend({ date: calendarDate.optional().nullable() });

/**
 * The area's jobs of a day (today in the carrier's time zone), by time slot, with each technician's
 * free slots: only windows a booking could still get (today: starting after now + the roster's lead
 * time, ADR 110), not the ones already over.
 */
export async function areaJobs(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof dayInput>): Promise<AreaDay> {
  const data = parseInput(dayInput, input);
  const { area, areas } = await resolveArea(ctx, carrier, data);
  const date = data.date ?? localDate(ctx.clock.now(), carrier.timezone);
  const roster = await loadAreaRoster(ctx.db, carrier, area.code);
  const technicians = await activeTechnicians(ctx.db, carrier, area.code);
  // The day's jobs in one read: the scheduled ones to work, and the cancelled or refunded ones not to (ADR 247).
  const dayRows = await ctx.db
    .select({ job: s.jobs, referrer: s.bookings.referrer, lucidRef: s.bookings.lucidRef, channel: s.bookings.channel })
    .from(s.jobs)
    .innerJoin(s.orders, eq(s.orders.id, s.jobs.orderId))
    .innerJoin(s.bookings, eq(s.bookings.id, s.orders.bookingId))
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.orders.areaCode, area.code), eq(s.jobs.date, date), inArray(s.jobs.status, ["SCHEDULED", "CANCELLED"])))
    .orderBy(asc(s.jobs.slot), asc(s.jobs.id));
  const rows = dayRows.filter((r) => r.job.status === "SCHEDULED");
  const views = await loadJobViews(
    ctx.db,
    carrier,
    rows.map((r) => r.job),
  );
  const closed = await loadJobViews(
    ctx.db,
    carrier,
    dayRows.filter((r) => r.job.status === "CANCELLED").map((r) => r.job),
  );
  const slots = openSlotTimes(roster, carrier, ctx.clock.now(), date);
  const allTechnicians = await ctx.db.select().from(s.technicians).where(eq(s.technicians.carrierCode, carrier.code));
  return {
    area,
    areas,
    date,
    technicians: technicians.map((t) => {
      const taken = new Set(views.filter((v) => v.technician_id === t.id).map((v) => v.timeslot.start));
      return { id: t.id, name: t.name, jobs: taken.size, free_slots: slots.filter((slot) => !taken.has(slot)) };
    }),
    jobs: views.map((job, index) => {
      const row = rows[index]!;
      return {
        job,
        technician_name: allTechnicians.find((t) => t.id === job.technician_id)?.name ?? job.technician_id,
        attribution: { referrer: row.referrer, lucid_ref: row.lucidRef, channel: row.channel },
      };
    }),
    closed_jobs: closed.map((job) => ({
      job_id: job.job_id,
      order_ref: job.order_ref,
      timeslot: job.timeslot,
      postcode: job.customer.address.postcode,
      technician_name: allTechnicians.find((t) => t.id === job.technician_id)?.name ?? job.technician_id,
      order_state: job.order_state,
    })),
  };
}

export interface CapacityDay {
  date: string;
  working: boolean;
  capacity: number;
  booked: number;
  free: number;
}

const capacityInput = scopeInput.extend({ from: calendarDate.optional().nullable(), days: z.coerce.number().int().min(1).max(31).default(7) });

/**
 * Capacity per day of the area: technicians × slots on working days, units held (orders and live
 * drafts), what is left; today what is left counts only the windows still open (ADR 110).
 */
export async function areaCapacity(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof capacityInput>): Promise<CapacityDay[]> {
  const data = parseInput(capacityInput, input);
  const { area } = await resolveArea(ctx, carrier, data);
  const now = ctx.clock.now();
  const from = data.from ?? localDate(now, carrier.timezone);
  const to = addDays(from, data.days - 1);
  const roster = await loadAreaRoster(ctx.db, carrier, area.code);
  const technicians = await activeTechnicians(ctx.db, carrier, area.code);
  const held = await heldByDay(ctx.db, carrier, area.code, from, to, now);
  const days: CapacityDay[] = [];
  for (let i = 0; i < data.days; i++) {
    const date = addDays(from, i);
    const capacity = dayCapacity(roster, technicians.length, date);
    const booked = held.get(date) ?? 0;
    const left = Math.max(0, capacity - booked);
    const open = await openUnits(ctx.db, carrier, roster, area.code, date, now);
    days.push({ date, working: capacity > 0, capacity, booked, free: open === null ? left : Math.min(left, open) });
  }
  return days;
}

const reassignInput = scopeInput.omit({ area_code: true }).extend({
  job_id: id,
  technician_id: z.string().trim().min(1).max(80),
  staff_id: z.string().trim().min(1).max(80),
});

/** Why a job moved to another technician, in the date-change log (spec §3). */
export const REASSIGN_REASON = "Reassigned by the area manager";

/**
 * Moves a job to another technician of its area at the same time slot: the area-day's capacity is
 * unchanged, the new technician must be free at that slot, and a started job stays where it is. The
 * move is logged like a date change (same date, old and new technician).
 */
export async function reassignJob(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof reassignInput>): Promise<AreaJob> {
  const data = parseInput(reassignInput, input);
  const jobId = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ job: s.jobs, order: s.orders })
      .from(s.jobs)
      .innerJoin(s.orders, eq(s.orders.id, s.jobs.orderId))
      .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.id, data.job_id)));
    if (!found || (data.manager_area && found.order.areaCode !== data.manager_area)) throw new JobForbiddenError();
    // The area-day's lock, so two moves cannot fill one slot twice; the window's claim below keeps a payment out of it.
    await lockDay(tx, carrier, found.order.areaCode, found.job.date);
    const [job] = await tx.select().from(s.jobs).where(eq(s.jobs.id, data.job_id)).for("update");
    if (job!.status === "CANCELLED" || job!.workStatus) throw new ValidationError({ technician_id: ["JOB_ALREADY_STARTED"] });
    if (job!.technicianId === data.technician_id) return job!.id;
    const technicians = await activeTechnicians(tx, carrier, found.order.areaCode);
    if (!technicians.some((t) => t.id === data.technician_id)) throw new ValidationError({ technician_id: ["TECHNICIAN_NOT_IN_AREA"] });
    // The window's claim, as a payment giving windows takes it (ADR 237; payments do not take the
    // day's lock): the clash is read after it, so a job given meanwhile under that claim is seen.
    await claimWindow(tx, carrier, job!.date, { technicianId: data.technician_id, slot: job!.slot });
    const [clash] = await tx
      .select({ id: s.jobs.id })
      .from(s.jobs)
      .where(
        and(
          eq(s.jobs.carrierCode, carrier.code),
          eq(s.jobs.technicianId, data.technician_id),
          eq(s.jobs.date, job!.date),
          eq(s.jobs.slot, job!.slot),
          eq(s.jobs.status, "SCHEDULED"),
        ),
      );
    if (clash) throw new ValidationError({ technician_id: ["TECHNICIAN_SLOT_TAKEN"] });
    const now = ctx.clock.now();
    await tx.update(s.jobs).set({ technicianId: data.technician_id }).where(eq(s.jobs.id, job!.id));
    await tx.update(s.orders).set({ technicianId: data.technician_id, updatedAt: now }).where(eq(s.orders.id, found.order.id));
    await tx.insert(s.dateChangeLog).values({
      carrierCode: carrier.code,
      jobId: job!.id,
      userId: data.staff_id,
      originalDate: job!.date,
      newDate: job!.date,
      reason: REASSIGN_REASON,
      originalTechnician: job!.technicianId,
      newTechnician: data.technician_id,
    });
    return job!.id;
  });
  const [row] = await ctx.db
    .select({ job: s.jobs, referrer: s.bookings.referrer, lucidRef: s.bookings.lucidRef, channel: s.bookings.channel })
    .from(s.jobs)
    .innerJoin(s.orders, eq(s.orders.id, s.jobs.orderId))
    .innerJoin(s.bookings, eq(s.bookings.id, s.orders.bookingId))
    .where(eq(s.jobs.id, jobId));
  const job = row!.job;
  const [view] = await loadJobViews(ctx.db, carrier, [job]);
  const [technician] = await ctx.db
    .select()
    .from(s.technicians)
    .where(and(eq(s.technicians.carrierCode, carrier.code), eq(s.technicians.id, job.technicianId)));
  return { job: view!, technician_name: technician?.name ?? job.technicianId, attribution: { referrer: row!.referrer, lucid_ref: row!.lucidRef, channel: row!.channel } };
}
