/**
 * Coverage: which of the carrier's service areas serves a postcode or a point (spec §4 "check the
 * postcode or address"). A postcode is covered when it lies under one of an area's postcode prefixes
 * (the longest matching prefix wins); an address is covered when its coordinates lie within an
 * area's radius of its centre (the nearest centre wins).
 */
import { and, asc, eq } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { keptWhere } from "../catalogue/revision";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { FIELD_MESSAGES, PostcodeNotCoveredError } from "../domain/errors";
import { distanceKm, type LatLng } from "../domain/geo";
import { normalisePostcode, postcodeMatchesPrefix, type NormalisedPostcode } from "../domain/postcode";

export type ServiceArea = typeof s.serviceAreas.$inferSelect;

export const NOT_COVERED_MESSAGE = FIELD_MESSAGES.POSTCODE_NOT_COVERED;

export async function activeAreas(db: DbOrTx, carrier: CarrierContext): Promise<ServiceArea[]> {
  return db
    .select()
    .from(s.serviceAreas)
    .where(and(eq(s.serviceAreas.carrierCode, carrier.code), eq(s.serviceAreas.active, true)))
    .orderBy(asc(s.serviceAreas.position));
}

/**
 * The active areas as the catalogue revision has them (ADRs 210, 222): areas are written only by a
 * carrier's sync (catalogue/seed.ts), which writes a new carrier hash in the same transaction, so on
 * the engine's database they are read once per revision and the revision (one prepared query) is
 * read instead. Inside a transaction they are read every time.
 */
async function areasOfRevision(db: DbOrTx, carrier: CarrierContext): Promise<ServiceArea[]> {
  if (db instanceof PgTransaction) return activeAreas(db, carrier);
  return keptWhere(db, carrier, { owner: db }, `areas|${carrier.code}`, () => activeAreas(db, carrier));
}

/** Normalises the postcode for the carrier's country; BK04 when it is not a valid postcode there. */
export function normaliseForCarrier(carrier: CarrierContext, raw: unknown): NormalisedPostcode {
  const result = normalisePostcode(carrier.countryCode, typeof raw === "string" ? raw : "");
  if (!result.ok) throw new PostcodeNotCoveredError();
  return result;
}

export function areaForNormalisedPostcode(areas: ServiceArea[], postcode: NormalisedPostcode): ServiceArea | null {
  let best: { area: ServiceArea; length: number } | null = null;
  for (const area of areas) {
    for (const prefix of area.postcodePrefixes) {
      if (!postcodeMatchesPrefix(postcode, prefix)) continue;
      const length = prefix.replace(/\s+/g, "").length;
      if (!best || length > best.length) best = { area, length };
    }
  }
  return best?.area ?? null;
}

export function areaForPoint(areas: ServiceArea[], point: LatLng): ServiceArea | null {
  let best: { area: ServiceArea; distance: number } | null = null;
  for (const area of areas) {
    const distance = distanceKm(point, { latitude: area.centreLatitude, longitude: area.centreLongitude });
    if (distance <= area.radiusKm && (!best || distance < best.distance)) best = { area, distance };
  }
  return best?.area ?? null;
}

/** The area serving a postcode; BK04 when the postcode is invalid or not covered. */
export async function areaForPostcode(db: DbOrTx, carrier: CarrierContext, raw: unknown): Promise<{ area: ServiceArea; postcode: NormalisedPostcode }> {
  const postcode = normaliseForCarrier(carrier, raw);
  const area = areaForNormalisedPostcode(await areasOfRevision(db, carrier), postcode);
  if (!area) throw new PostcodeNotCoveredError("POSTCODE_NOT_COVERED");
  return { area, postcode };
}

/**
 * The area serving an address: by its coordinates when it has them (the radius check), else by its
 * postcode. Returns null when nothing covers it; callers raise their own error (BK04 in the booking
 * flow, OR03 on a manage-page address change).
 */
export async function areaForAddress(
  db: DbOrTx,
  carrier: CarrierContext,
  address: { postcode: NormalisedPostcode; latitude?: number | null; longitude?: number | null },
): Promise<ServiceArea | null> {
  const areas = await areasOfRevision(db, carrier);
  if (typeof address.latitude === "number" && typeof address.longitude === "number") {
    return areaForPoint(areas, { latitude: address.latitude, longitude: address.longitude });
  }
  return areaForNormalisedPostcode(areas, address.postcode);
}
