/**
 * Issue 24 item 2 (ADR 195): the engine's own view of a carrier for the CMS's setup checklist, and
 * the postcode tester. Both read the engine's copy of the operations data with the rules customers
 * meet: the postcode is normalised for the carrier's country, the longest matching prefix of an
 * active area wins (coverage.ts), and a day is free when the customer's availability says so.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { activeAreas, areaForNormalisedPostcode } from "../coverage/coverage";
import type { EngineContext } from "../context";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { normalisePostcode } from "../domain/postcode";
import { addDays, localParts } from "../domain/time";
import { parseInput } from "../domain/validate";
import { BOOKING_HORIZON_DAYS, MAX_DAYS_TO_LOAD, loadAvailability } from "../availability/availability";

export interface CarrierSetupView {
  /** Whether the engine holds the carrier's operations data at all (a sync took it over). */
  synced: boolean;
  /** When the engine last stored the carrier's data, ISO; null before the first sync. */
  lastSyncAt: string | null;
  /** The CMS revision time of what the engine holds, ISO; null when withdrawn or never synced. */
  revision: string | null;
  roster: boolean;
  areas: number;
  /** Active areas with at least one active technician. */
  staffedAreas: number;
  /** A roster and a staffed area: a customer can book a day now. */
  bookable: boolean;
}

export async function carrierSetupView(ctx: EngineContext, carrier: CarrierContext): Promise<CarrierSetupView> {
  const [seed] = await ctx.db.select().from(s.carrierSeeds).where(eq(s.carrierSeeds.carrierCode, carrier.code));
  const [roster] = await ctx.db.select({ code: s.carrierRosters.carrierCode }).from(s.carrierRosters).where(eq(s.carrierRosters.carrierCode, carrier.code));
  const areas = await activeAreas(ctx.db, carrier);
  const staffed = new Set(
    (
      await ctx.db
        .select({ area: s.technicians.areaCode })
        .from(s.technicians)
        .where(and(eq(s.technicians.carrierCode, carrier.code), eq(s.technicians.active, true)))
    ).map((row) => row.area),
  );
  const staffedAreas = areas.filter((area) => staffed.has(area.code)).length;
  return {
    synced: Boolean(seed && seed.sourceHash !== "withdrawn"),
    lastSyncAt: seed?.seededAt?.toISOString() ?? null,
    revision: seed?.sourceUpdatedAt?.toISOString() ?? null,
    roster: Boolean(roster),
    areas: areas.length,
    staffedAreas,
    bookable: Boolean(roster) && staffedAreas > 0,
  };
}

export const postcodeTestInput = z.object({ postcode: z.string().trim().min(1).max(20) }).strict();

/** Why no area serves the postcode; `served` with the area and the next free day otherwise. */
export type PostcodeTestAnswer =
  | { outcome: "served"; postcode: string; area: { code: string; name: string }; nextFreeDay: string }
  | { outcome: "malformed"; country: string }
  | { outcome: "not-covered"; postcode: string }
  | { outcome: "no-technician" | "no-roster" | "no-free-day"; postcode: string; area: { code: string; name: string } };

export async function testPostcode(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof postcodeTestInput>): Promise<PostcodeTestAnswer> {
  const { postcode: raw } = parseInput(postcodeTestInput, input);
  const postcode = normalisePostcode(carrier.countryCode, raw);
  if (!postcode.ok) return { outcome: "malformed", country: carrier.countryCode };
  const found = areaForNormalisedPostcode(await activeAreas(ctx.db, carrier), postcode);
  if (!found) return { outcome: "not-covered", postcode: postcode.display };
  const area = { code: found.code, name: found.name };
  const [roster] = await ctx.db.select({ code: s.carrierRosters.carrierCode }).from(s.carrierRosters).where(eq(s.carrierRosters.carrierCode, carrier.code));
  if (!roster) return { outcome: "no-roster", postcode: postcode.display, area };
  const [technician] = await ctx.db
    .select({ id: s.technicians.id })
    .from(s.technicians)
    .where(and(eq(s.technicians.carrierCode, carrier.code), eq(s.technicians.areaCode, found.code), eq(s.technicians.active, true)))
    .limit(1);
  if (!technician) return { outcome: "no-technician", postcode: postcode.display, area };
  // The customer's availability, a month at a time, to the end of the booking horizon.
  const now = ctx.clock.now();
  const today = localParts(now, carrier.timezone).date;
  for (let offset = 0; offset <= BOOKING_HORIZON_DAYS; offset += MAX_DAYS_TO_LOAD) {
    const days = await loadAvailability(ctx.db, carrier, now, { areaCode: found.code, startDate: addDays(today, offset), daysToLoad: MAX_DAYS_TO_LOAD });
    const free = days.find((day) => day.available);
    if (free) return { outcome: "served", postcode: postcode.display, area, nextFreeDay: free.date };
  }
  return { outcome: "no-free-day", postcode: postcode.display, area };
}
