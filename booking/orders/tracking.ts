/**
 * Technician tracking (spec §2 /my/technician/{email}/{orderRef}; §7 GET /vans/location): the order,
 * where the customer is and where the van is now. The van comes from `vanLocation`: only what the
 * technician reported (ADR 253), or a van marked simulated under the development switch.
 */
import * as s from "../db/schema";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { EngineContext } from "../context";
import { appointmentStart } from "../availability/availability";
import type { CarrierContext } from "../domain/carrier";
import { OrderNotFoundError } from "../domain/errors";
import { interpolate, type LatLng } from "../domain/geo";
import { estimateArrival, isStale } from "../tracking/rules";
import { id, plainText } from "../domain/inputs";
import { parseInput } from "../domain/validate";
import { type OrderLookup, type OrderView, lookupOrder } from "./lookup";

/* ───────────── technician tracking ───────────── */

/**
 * The development simulation's van (ADR 035, kept behind TRACKING_SIMULATED_VAN by ADR 253): it leaves
 * its base this long before the window opens and arrives this long after. Never used otherwise.
 */
export const VAN_DEPARTS_BEFORE_MIN = 30;
export const VAN_ARRIVES_AFTER_MIN = 15;
export const REPAIR_MINUTES = 60;

export interface VanLocation {
  job_id: number;
  /**
   * From the technician's steps only (ADR 253): `scheduled` until they press "on my way", then
   * `on_the_way`, `arrived` once their start checklist says the customer is present, `completed` with
   * the repair. `at_base` only from the development simulation (`simulated`).
   */
  status: "scheduled" | "at_base" | "on_the_way" | "arrived" | "completed" | "cancelled";
  /** The technician's last reported position; null before one (never a guess). */
  latitude: number | null;
  longitude: number | null;
  /**
   * Estimated arrival (ISO instant) from a fresh reported position and its distance (ADR 115); null
   * before a position is reported, once it is stale, and once the technician has arrived.
   */
  eta: string | null;
  /** When the technician's browser reported the position shown; null for none (and for the simulation). */
  position_at: string | null;
  /** The reported position is older than 10 minutes: it is shown as the last known one, with its time. */
  stale: boolean;
  /** The engine's time of this answer (the minutes until the arrival count from it). */
  checked_at: string;
  /** True only with the development switch TRACKING_SIMULATED_VAN: the van shown is simulated, not reported (ADR 253). */
  simulated: boolean;
  technician_name: string;
  van_registration: string;
  window: { start: string; end: string };
  updated_at: string;
}

const vanInput = z.object({
  job_id: id,
  email: plainText({ error: "Your email address is missing" }).trim().min(1, "Your email address is missing").toLowerCase(),
});

/**
 * Spec §7 GET /vans/location?job_id&email: what the technician reported and nothing else (ADR 253).
 * Before "on my way" no van and no estimate, only the appointment window; on the way the last
 * reported position and the arrival from it (ADR 115), or none while the phone has shared none;
 * "arrived" and "completed" from the technician's steps. With the development switch
 * (`config.simulatedVan`) a job nobody has reported on shows the clock's simulated van, marked `simulated`.
 */
export async function vanLocation(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof vanInput>): Promise<VanLocation> {
  const { job_id, email } = parseInput(vanInput, input);
  const [found] = await ctx.db
    .select({ job: s.jobs, order: s.orders, technician: s.technicians, area: s.serviceAreas })
    .from(s.jobs)
    .innerJoin(s.orders, eq(s.orders.id, s.jobs.orderId))
    .innerJoin(s.technicians, and(eq(s.technicians.carrierCode, s.jobs.carrierCode), eq(s.technicians.id, s.jobs.technicianId)))
    .innerJoin(s.serviceAreas, and(eq(s.serviceAreas.carrierCode, s.orders.carrierCode), eq(s.serviceAreas.code, s.orders.areaCode)))
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.id, job_id)));
  if (!found || found.order.email.toLowerCase() !== email) throw new OrderNotFoundError();
  const now = ctx.clock.now();
  const start = appointmentStart(carrier, found.job.date, found.job.slot);
  const address = found.order.address;
  const customer: LatLng =
    address.latitude !== null && address.longitude !== null
      ? { latitude: address.latitude, longitude: address.longitude }
      : { latitude: found.area.centreLatitude, longitude: found.area.centreLongitude };
  const view = (status: VanLocation["status"], point: LatLng | null, eta: Date | null, simulated = false): VanLocation => ({
    job_id: found.job.id,
    status,
    latitude: point ? Math.round(point.latitude * 1e6) / 1e6 : null,
    longitude: point ? Math.round(point.longitude * 1e6) / 1e6 : null,
    eta: eta?.toISOString() ?? null,
    technician_name: found.technician.name,
    van_registration: found.technician.vanRegistration,
    window: { start: start.toISOString(), end: new Date(start.getTime() + 60 * 60_000).toISOString() },
    updated_at: now.toISOString(),
    position_at: null,
    stale: false,
    checked_at: now.toISOString(),
    simulated,
  });
  if (found.job.status === "CANCELLED" || found.order.status === "CANCELLED") return view("cancelled", null, null);
  // The technician's steps (ADR 099): the start checklist ("the customer is present") is the arrival.
  if (found.job.workStatus === "COMPLETED") return view("completed", null, null);
  if (found.job.workStatus === "STARTED") return view("arrived", null, null);
  if (found.job.workStatus === "ON_THE_WAY") {
    // The last reported position and the arrival from it (ADR 115); none while the phone has shared none.
    const reportedAt = found.job.vanLatitude !== null && found.job.vanLongitude !== null ? found.job.vanPositionAt : null;
    if (!reportedAt) return { ...view("on_the_way", null, null), updated_at: (found.job.onTheWayAt ?? now).toISOString() };
    const reported = { latitude: found.job.vanLatitude!, longitude: found.job.vanLongitude! };
    const stale = isStale(reportedAt, now);
    return {
      ...view("on_the_way", reported, stale ? null : estimateArrival(reported, customer, reportedAt, now)),
      updated_at: reportedAt.toISOString(),
      position_at: reportedAt.toISOString(),
      stale,
    };
  }
  if (!ctx.config.simulatedVan) return view("scheduled", null, null);
  return simulatedVan(carrier, found, start, customer, now, view);
}

/**
 * The development simulation (ADR 035; ADR 253 keeps it behind TRACKING_SIMULATED_VAN): on the
 * appointment day the van waits at the technician's base, drives in a straight line toward the
 * customer, arrives within the window, stays for the repair. Every answer is marked `simulated`.
 */
function simulatedVan(
  carrier: CarrierContext,
  found: { job: typeof s.jobs.$inferSelect; technician: typeof s.technicians.$inferSelect },
  start: Date,
  customer: LatLng,
  now: Date,
  view: (status: VanLocation["status"], point: LatLng | null, eta: Date | null, simulated: boolean) => VanLocation,
): VanLocation {
  const departs = new Date(start.getTime() - VAN_DEPARTS_BEFORE_MIN * 60_000);
  const arrives = new Date(start.getTime() + VAN_ARRIVES_AFTER_MIN * 60_000);
  const done = new Date(arrives.getTime() + REPAIR_MINUTES * 60_000);
  const base: LatLng = { latitude: found.technician.baseLatitude, longitude: found.technician.baseLongitude };
  const dayStart = appointmentStart(carrier, found.job.date, "00:00");
  if (now < dayStart) return view("scheduled", null, arrives, true);
  if (now < departs) return view("at_base", base, arrives, true);
  if (now < arrives) return view("on_the_way", interpolate(base, customer, (now.getTime() - departs.getTime()) / (arrives.getTime() - departs.getTime())), arrives, true);
  if (now < done) return view("arrived", customer, null, true);
  return view("completed", customer, null, true);
}

export interface TechnicianTracking {
  order_id: number;
  status: s.OrderStatus;
  /** The order's state from its history (ADR 247); "refunded" closes the visit like a cancellation. */
  state: OrderView["state"];
  /** What was given back of what was paid, in minor units of `currency`. */
  refunded_minor: number;
  paid_minor: number;
  currency: string;
  date: string;
  full_date: string;
  timeslot: { start: string; end: string };
  /** The carrier's time zone: the times on the page are shown in it. */
  timezone: string;
  customer: {
    latitude: number;
    longitude: number;
    /** true when the address has no point of its own and the service area's centre stands in. */
    approximate: boolean;
    address: { line_1: string; line_2: string; town: string; postcode: string };
  };
  van: VanLocation;
}

/** The order, the customer's point and the van; ORDER_NOT_FOUND for a wrong e-mail or reference. */
export async function trackTechnician(ctx: EngineContext, carrier: CarrierContext, lookup: OrderLookup): Promise<TechnicianTracking> {
  const order = await lookupOrder(ctx, carrier, lookup);
  // A repair by post has no technician to track (ADR 140): the same answer as an unknown order.
  if (!order.job || !order.booking.timeslot) throw new OrderNotFoundError();
  const [row] = await ctx.db
    .select({ address: s.orders.address, latitude: s.serviceAreas.centreLatitude, longitude: s.serviceAreas.centreLongitude })
    .from(s.orders)
    .innerJoin(s.serviceAreas, and(eq(s.serviceAreas.carrierCode, s.orders.carrierCode), eq(s.serviceAreas.code, s.orders.areaCode)))
    .where(and(eq(s.orders.carrierCode, carrier.code), eq(s.orders.orderRef, order.order_id)));
  const van = await vanLocation(ctx, carrier, { job_id: order.job.id, email: order.details.email });
  const address = row!.address;
  const exact = address.latitude !== null && address.longitude !== null;
  return {
    order_id: order.order_id,
    status: order.status,
    state: order.state,
    refunded_minor: order.money.refunded_minor,
    paid_minor: order.money.paid_minor,
    currency: order.money.currency,
    date: order.booking.booking_date,
    full_date: order.booking.full_date,
    timeslot: order.booking.timeslot,
    timezone: carrier.timezone,
    customer: {
      latitude: exact ? address.latitude! : row!.latitude,
      longitude: exact ? address.longitude! : row!.longitude,
      approximate: !exact,
      address: { line_1: address.line_1, line_2: address.line_2, town: address.town, postcode: address.postcode },
    },
    van,
  };
}
