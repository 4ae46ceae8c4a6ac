/**
 * Discount (promo) codes: per carrier, percent or fixed, an optional validity window (starts_at,
 * expires_at) and an optional usage limit (single use is a limit of 1). A use counts only when an
 * order completes with the code; while a booking is paying with a limited code it holds a
 * reservation, and used plus reserved never exceeds the limit (ADR 083), so concurrent payers
 * cannot overshoot it.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { PromoAlreadyUsedError, PromoInvalidError, PromoNotRecognisedError, ValidationError } from "../domain/errors";

export type DiscountRow = typeof s.discountCodes.$inferSelect & {
  /** Reservations still running at the time of reading: booking id and until when. */
  reservations: { bookingId: number; reservedUntil: Date }[];
};
export type DiscountProblem = "not_recognised" | "not_started" | "expired" | "used";

export const EXPIRED_MESSAGE = "Sorry, that promo code has expired.";

export function canonicalDiscountCode(raw: unknown): string {
  const code = typeof raw === "string" ? raw.trim().toUpperCase().replace(/\s+/g, "") : "";
  if (!code) throw new ValidationError({ discount_code: ["PROMO_MISSING"] });
  if (code.length > 40 || !/^[A-Z0-9-]+$/.test(code)) throw new PromoNotRecognisedError();
  return code;
}

/** How many completed orders may use the code; null: unlimited. */
export function usageLimit(row: Pick<DiscountRow, "usageLimit" | "singleUse">): number | null {
  return row.usageLimit ?? (row.singleUse ? 1 : null);
}

/** The code with its reservations; `lock` locks the code row, so reservations are decided one payer at a time. */
export async function findDiscount(db: DbOrTx, carrier: CarrierContext, code: string, lock = false): Promise<DiscountRow | null> {
  const query = db
    .select()
    .from(s.discountCodes)
    .where(and(eq(s.discountCodes.carrierCode, carrier.code), eq(s.discountCodes.code, code)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  const reservations = usageLimit(row) === null ? [] : await reservationsOf(db, carrier, code);
  return { ...row, reservations };
}

async function reservationsOf(db: DbOrTx, carrier: CarrierContext, code: string): Promise<DiscountRow["reservations"]> {
  return db
    .select({ bookingId: s.discountCodeReservations.bookingId, reservedUntil: s.discountCodeReservations.reservedUntil })
    .from(s.discountCodeReservations)
    .where(and(eq(s.discountCodeReservations.carrierCode, carrier.code), eq(s.discountCodeReservations.code, code)));
}

export function discountProblem(row: DiscountRow | null, bookingId: number, now: Date): DiscountProblem | null {
  if (!row || !row.active) return "not_recognised";
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return "not_started";
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "expired";
  const limit = usageLimit(row);
  if (limit !== null) {
    const reservedByOthers = row.reservations.filter((r) => r.bookingId !== bookingId && r.reservedUntil.getTime() > now.getTime()).length;
    if (row.usedCount + reservedByOthers >= limit) return "used";
  }
  return null;
}

export function assertDiscountUsable(row: DiscountRow | null, bookingId: number, now: Date): asserts row is DiscountRow {
  switch (discountProblem(row, bookingId, now)) {
    case "not_recognised":
      throw new PromoNotRecognisedError();
    case "not_started":
      throw new PromoInvalidError();
    case "expired":
      throw new PromoInvalidError(EXPIRED_MESSAGE);
    case "used":
      throw new PromoAlreadyUsedError();
    default:
      return;
  }
}

/** Reserves a limited code for a booking's payment; call with the code row locked (`findDiscount(…, true)`). */
export async function reserveDiscount(tx: DbOrTx, carrier: CarrierContext, code: string, bookingId: number, until: Date): Promise<void> {
  await tx
    .insert(s.discountCodeReservations)
    .values({ carrierCode: carrier.code, code, bookingId, reservedUntil: until })
    .onConflictDoUpdate({ target: [s.discountCodeReservations.carrierCode, s.discountCodeReservations.code, s.discountCodeReservations.bookingId], set: { reservedUntil: until } });
}

/** Gives back every code a booking reserved (a failed payment, an abandoned draft, a completed order). */
export async function releaseDiscountReservations(tx: DbOrTx, carrier: CarrierContext, bookingId: number): Promise<void> {
  await tx.delete(s.discountCodeReservations).where(and(eq(s.discountCodeReservations.carrierCode, carrier.code), eq(s.discountCodeReservations.bookingId, bookingId)));
}
