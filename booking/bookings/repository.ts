/** Loading and locking bookings; every query filters by the carrier (tenant) first. */
import { and, eq } from "drizzle-orm";
import type { BookingTransaction, DbOrTx } from "../db/open";
import { bookingDevicesStatement, bookingLockStatement, bookingStampStatement } from "../db/prepared";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { BookingCompletedError, BookingNotFoundError, DomainError, PaymentInProgressError } from "../domain/errors";
import { isBookingReference } from "../domain/references";
import type { EngineContext } from "../context";
import { revisionOf } from "../catalogue/revision";

export type BookingRow = typeof s.bookings.$inferSelect;
export type DeviceRow = typeof s.bookingDevices.$inferSelect;

export function canonicalReference(reference: unknown): string {
  const value = typeof reference === "string" ? reference.trim().toUpperCase() : "";
  if (!isBookingReference(value)) throw new BookingNotFoundError();
  return value;
}

export async function findBooking(db: DbOrTx, carrier: CarrierContext, reference: unknown): Promise<BookingRow> {
  const ref = canonicalReference(reference);
  const [row] = await db
    .select()
    .from(s.bookings)
    .where(and(eq(s.bookings.carrierCode, carrier.code), eq(s.bookings.reference, ref)));
  if (!row) throw new BookingNotFoundError();
  return row;
}

/** SELECT … FOR UPDATE: serialises every change to one booking. */
export async function lockBooking(tx: DbOrTx, carrier: CarrierContext, reference: unknown): Promise<BookingRow> {
  const ref = canonicalReference(reference);
  const [row] = await bookingLockStatement(tx).execute({ carrierCode: carrier.code, reference: ref });
  if (!row) throw new BookingNotFoundError();
  return row;
}

export async function bookingDevices(db: DbOrTx, carrier: CarrierContext, bookingId: number): Promise<DeviceRow[]> {
  return bookingDevicesStatement(db).execute({ carrierCode: carrier.code, bookingId });
}

export function assertEditable(booking: BookingRow): void {
  if (booking.checkoutStatus === "SUCCESS") throw new BookingCompletedError();
  // The basket must not change while its payment is in flight: the amount being charged is fixed.
  if (booking.checkoutStatus === "PROCESSING") throw new PaymentInProgressError();
}

/** An error to raise after the transaction commits (e.g. BK13 after the date was reset to null). */
export class Deferred {
  constructor(readonly error: DomainError) {}
}

/**
 * Runs `change` on the locked booking inside one transaction. BK01 for an unknown reference, BK07
 * once the booking is complete. `change` may return a Deferred to commit its writes and then fail.
 */
export async function mutateBooking<T>(
  ctx: EngineContext,
  carrier: CarrierContext,
  reference: unknown,
  change: (tx: BookingTransaction, booking: BookingRow) => Promise<T | Deferred>,
): Promise<{ booking: BookingRow; result: T }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    // Locks the row and stamps the change in one round trip (ADR 212): the carrier's retention as it
    // is now counts from this change (ADR 193). A refused change rolls the stamp back with the rest.
    const ref = canonicalReference(reference);
    const [booking] = await bookingStampStatement(tx).execute({
      carrierCode: carrier.code,
      reference: ref,
      updatedAt: ctx.clock.now().toISOString(),
      retentionDays: carrier.draftRetentionDays,
    });
    if (!booking) throw new BookingNotFoundError();
    assertEditable(booking);
    const result = await change(tx, booking);
    return { booking, result };
  });
  if (outcome.result instanceof Deferred) throw outcome.result.error;
  return outcome as { booking: BookingRow; result: T };
}

/** What a booked page's cache key takes from the database (ADR 225): read in one query. */
export interface BookedPageVersion {
  carrierCode: string;
  /** Raised by the triggers of ADR 224 with every change of the booking, its devices or its hold. */
  version: number;
  checkoutStatus: string;
  discountCode: string | null;
  /** The catalogue and carrier revision (ADR 210), as `revisionOf` writes it. */
  revision: string;
  /** When the booking's hold on its day runs out (ms since the epoch); null without a hold or for an order's (ADR 233). */
  holdExpiresAt: number | null;
}

/**
 * The booking's version, carrier, status and promo code with the catalogue revision and its hold's
 * expiry, in one query;
 * null for a reference that is malformed or unknown. A read: it locks and writes nothing.
 */
export async function bookedPageVersion(db: DbOrTx, reference: unknown): Promise<BookedPageVersion | null> {
  let ref: string;
  try {
    ref = canonicalReference(reference);
  } catch {
    return null;
  }
  const [row] = await db
    .select({
      carrierCode: s.bookings.carrierCode,
      version: s.bookings.version,
      checkoutStatus: s.bookings.checkoutStatus,
      discountCode: s.bookings.discountCode,
      catalogue: s.catalogueInfo.sourceHash,
      carrier: s.carrierSeeds.sourceHash,
      holdExpiresAt: s.capacityHolds.expiresAt,
    })
    .from(s.bookings)
    .leftJoin(s.carrierSeeds, eq(s.carrierSeeds.carrierCode, s.bookings.carrierCode))
    .leftJoin(s.capacityHolds, eq(s.capacityHolds.bookingId, s.bookings.id))
    .leftJoin(s.catalogueInfo, eq(s.catalogueInfo.id, 1))
    .where(eq(s.bookings.reference, ref));
  if (!row) return null;
  return {
    carrierCode: row.carrierCode,
    version: Number(row.version),
    checkoutStatus: row.checkoutStatus,
    discountCode: row.discountCode,
    revision: revisionOf(row.catalogue, row.carrier),
    holdExpiresAt: row.holdExpiresAt ? row.holdExpiresAt.getTime() : null,
  };
}
