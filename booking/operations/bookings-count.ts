/**
 * Issue 9, item 7: before operations remove a service area or close days, the CMS asks how many
 * bookings that touches, to warn with the count (the bookings stay valid either way). Bookings are
 * the carrier's orders that are not cancelled: in the area with an appointment today or later, or on
 * the given dates.
 */
import { and, count, eq, gte, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import type { EngineContext } from "../context";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { calendarDate } from "../domain/inputs";
import { localParts } from "../domain/time";
import { parseInput } from "../domain/validate";

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(60);

export const bookingsCountInput = z.union([z.object({ area: slug }).strict(), z.object({ dates: z.array(calendarDate).min(1).max(366) }).strict()]);

export async function countAffectedBookings(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof bookingsCountInput>): Promise<number> {
  const data = parseInput(bookingsCountInput, input);
  const scope = "area" in data ? and(eq(s.orders.areaCode, data.area), gte(s.orders.date, localParts(ctx.clock.now(), carrier.timezone).date)) : inArray(s.orders.date, data.dates);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(s.orders)
    // A repair by post has no appointment (empty slot, ADR 140): closing a day or an area does not touch it.
    .where(and(eq(s.orders.carrierCode, carrier.code), ne(s.orders.status, "CANCELLED"), ne(s.orders.slot, ""), scope));
  return Number(row?.n ?? 0);
}
