/**
 * Discount (promo) codes: per carrier, percent or fixed, optional expiry, optionally single use.
 * A single-use code counts as used only when an order completes with it; while a booking is paying
 * with it the code is reserved for that booking so nobody else can complete with it meanwhile.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { PromoAlreadyUsedError, PromoInvalidError, PromoNotRecognisedError, ValidationError } from "../domain/errors";

export type DiscountRow = typeof s.discountCodes.$inferSelect;
export type DiscountProblem = "not_recognised" | "expired" | "used";

export const EXPIRED_MESSAGE = "Sorry, that promo code has expired.";

export function canonicalDiscountCode(raw: unknown): string {
  const code = typeof raw === "string" ? raw.trim().toUpperCase().replace(/\s+/g, "") : "";
  if (!code) throw new ValidationError({ discount_code: ["PROMO_MISSING"] });
  if (code.length > 40 || !/^[A-Z0-9-]+$/.test(code)) throw new PromoNotRecognisedError();
  return code;
}

export async function findDiscount(db: DbOrTx, carrier: CarrierContext, code: string, lock = false): Promise<DiscountRow | null> {
  const query = db
    .select()
    .from(s.discountCodes)
    .where(and(eq(s.discountCodes.carrierCode, carrier.code), eq(s.discountCodes.code, code)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export function discountProblem(row: DiscountRow | null, bookingId: number, now: Date): DiscountProblem | null {
  if (!row || !row.active) return "not_recognised";
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "expired";
  if (row.singleUse) {
    if (row.usedAt) return "used";
    if (row.reservedByBookingId && row.reservedByBookingId !== bookingId && row.reservedUntil && row.reservedUntil.getTime() > now.getTime()) return "used";
  }
  return null;
}

export function assertDiscountUsable(row: DiscountRow | null, bookingId: number, now: Date): asserts row is DiscountRow {
  switch (discountProblem(row, bookingId, now)) {
    case "not_recognised":
      throw new PromoNotRecognisedError();
    case "expired":
      throw new PromoInvalidError(EXPIRED_MESSAGE);
    case "used":
      throw new PromoAlreadyUsedError();
    default:
      return;
  }
}
