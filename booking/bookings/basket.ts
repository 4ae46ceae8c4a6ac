/**
 * The booking lifecycle up to checkout (spec §4, §7 "Bookings"): build, load, postcode, address,
 * store and drop-off, devices, warranty, customer details, discount code, availability and date.
 * Every operation takes the carrier first, validates its input with zod, changes the booking inside
 * one transaction holding the booking's row lock, and answers with the booking state.
 */
import * as s from "../db/schema";
import { and, eq } from "drizzle-orm";
import type { BookingTransaction } from "../db/open";
import type { EngineContext } from "../context";
import { releaseHold } from "../availability/availability";
import type { Locale } from "../catalogue/queries";
import type { CarrierContext } from "../domain/carrier";
import { Deferred, mutateBooking, type BookingRow } from "./repository";
import { readBookingState, type BookingState } from "./state";

/** Manufacturer warranty assumed for in-warranty repairs (months from the purchase date). */
export const WARRANTY_MONTHS = 12;

export const now = (ctx: EngineContext) => ctx.clock.now();

/** The booking's state after a change: the booking, its hold, area and the catalogue revision in one read (ADR 222). */
export async function stateAfter(ctx: EngineContext, carrier: CarrierContext, reference: string, locale?: Locale): Promise<BookingState> {
  return readBookingState(ctx.db, carrier, reference, now(ctx), locale);
}

export async function change(
  ctx: EngineContext,
  carrier: CarrierContext,
  reference: unknown,
  fn: (tx: BookingTransaction, booking: BookingRow) => Promise<void | Deferred>,
): Promise<BookingState> {
  const { booking } = await mutateBooking(ctx, carrier, reference, fn);
  return stateAfter(ctx, carrier, booking.reference);
}

export async function setBooking(tx: BookingTransaction, booking: BookingRow, values: Partial<typeof s.bookings.$inferInsert>): Promise<void> {
  await tx
    .update(s.bookings)
    .set(values)
    .where(and(eq(s.bookings.carrierCode, booking.carrierCode), eq(s.bookings.id, booking.id)));
}

/** The repair area changed: the day held in the old area no longer counts, so the date must be chosen again. */
export async function dropDateIfAreaChanges(
  tx: BookingTransaction,
  carrier: CarrierContext,
  booking: BookingRow,
  areaCode: string,
): Promise<Partial<typeof s.bookings.$inferInsert>> {
  if (booking.areaCode === areaCode) return {};
  await releaseHold(tx, carrier, booking.id);
  return { date: null };
}
