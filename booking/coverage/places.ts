/**
 * Where a carrier repairs (spec §7 "Bookings"): whether an address is covered, and the carrier's stores
 * near a postcode. No booking is read or written here; bookings/location.ts sets them on a basket (ADR 284).
 */
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { EngineContext } from "../context";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { FIELD_MESSAGES, PostcodeNotCoveredError } from "../domain/errors";
import { id, latitude, longitude, plainText, shortText } from "../domain/inputs";
import { parseInput } from "../domain/validate";
import { areaForAddress, normaliseForCarrier } from "./coverage";
export const addressInput = z.object({
  line_1: plainText({ error: "Please enter the first line of the address." }).trim().min(1, "Please enter the first line of the address.").max(120),
  line_2: shortText(120).optional().nullable(),
  town: plainText({ error: "Please enter the town." }).trim().min(1, "Please enter the town.").max(80),
  postcode: plainText({ error: FIELD_MESSAGES.POSTCODE_MISSING }).trim().min(1, FIELD_MESSAGES.POSTCODE_MISSING),
  latitude: latitude.optional().nullable(),
  longitude: longitude.optional().nullable(),
  is_business_account: z.boolean().optional(),
  model_version_id: id.optional().nullable(),
  problems: z.array(id).optional().nullable(),
  carrier: z.string().optional(),
});

/** The address, its postcode and the area covering it; BK04 (ADDRESS_NOT_COVERED) when none does. */
export async function coveredAddress(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof addressInput>) {
  const data = parseInput(addressInput, input);
  const postcode = normaliseForCarrier(carrier, data.postcode);
  const area = await areaForAddress(ctx.db, carrier, { postcode, latitude: data.latitude, longitude: data.longitude });
  if (!area) throw new PostcodeNotCoveredError("ADDRESS_NOT_COVERED");
  return { data, postcode, area };
}

/** The stored address of a checked address: the carrier's form of the postcode, and the point only when both coordinates came. */
export function addressValue(postcode: { display: string }, data: z.output<typeof addressInput>): s.AddressValue {
  const hasPoint = typeof data.latitude === "number" && typeof data.longitude === "number";
  return {
    postcode: postcode.display,
    line_1: data.line_1,
    line_2: data.line_2 ?? "",
    town: data.town,
    latitude: hasPoint ? data.latitude! : null,
    longitude: hasPoint ? data.longitude! : null,
  };
}

/** Whether `setAddress` would take this address, without a booking and without writing (ADR 191); its errors are setAddress's. */
export async function checkAddress(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof addressInput>): Promise<void> {
  await coveredAddress(ctx, carrier, input);
}

export interface StoreView {
  id: number;
  code: string;
  name: string;
  address: { line_1: string; line_2: string; town: string; postcode: string };
  latitude: number;
  longitude: number;
  drop_off_available: boolean;
  /** The carrier's hours as entered, grouped by days (ADR 088); [] when not given. */
  opening_hours: s.OpeningHoursEntry[];
  distance_km: number | null;
}

function storeView(row: typeof s.stores.$inferSelect, distance: number | null = null): StoreView {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: { line_1: row.line1, line_2: row.line2, town: row.town, postcode: row.postcode },
    latitude: row.latitude,
    longitude: row.longitude,
    drop_off_available: row.dropOffAvailable,
    opening_hours: row.openingHours,
    distance_km: distance,
  };
}

/** Spec §7 GET /company/stores/locate/{postcode}/{carrier}: the carrier's stores, nearest first when the postcode geocodes. */
export async function locateStores(ctx: EngineContext, carrier: CarrierContext, postcode: unknown, options: { dropOffOnly?: boolean } = {}): Promise<StoreView[]> {
  const normalised = normaliseForCarrier(carrier, postcode);
  const rows = await ctx.db
    .select()
    .from(s.stores)
    .where(and(eq(s.stores.carrierCode, carrier.code), eq(s.stores.active, true)))
    .orderBy(asc(s.stores.name));
  const eligible = options.dropOffOnly ? rows.filter((r) => r.dropOffAvailable) : rows;
  const point = await ctx.addresses.geocode({ country: carrier.countryCode, text: normalised.display }).catch(() => null);
  if (!point) return eligible.map((r) => storeView(r));
  const { distanceKm } = await import("../domain/geo");
  return eligible
    .map((r) => storeView(r, Math.round(distanceKm(point, { latitude: r.latitude, longitude: r.longitude }) * 10) / 10))
    .sort((a, b) => (a.distance_km ?? 0) - (b.distance_km ?? 0));
}
