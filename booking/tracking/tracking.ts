/**
 * Technician tracking (spec §2 /my/technician/{email}/{orderRef}; §7 GET /vans/location): the order,
 * where the customer is and where the van is now. The van comes from `vanLocation`: only what the
 * technician reported (ADR 253), or a van marked simulated under the development switch.
 */
import { and, eq } from "drizzle-orm";
import * as s from "../db/schema";
import type { EngineContext } from "../context";
import type { CarrierContext } from "../domain/carrier";
import { OrderNotFoundError } from "../domain/errors";
import { lookupOrder, vanLocation, type OrderLookup, type OrderView, type VanLocation } from "../orders/orders";

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
