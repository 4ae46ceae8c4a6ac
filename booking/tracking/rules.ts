/**
 * The live tracker's rules (issue 21, ADR 115): which reported position the engine keeps, when the
 * van arrives from where it was last seen, and when a position is too old to count as "now".
 * Pure functions of their arguments (and the clock's `now` passed in), for the unit tests.
 */
import { z } from "zod";
import { distanceKm, type LatLng } from "../domain/geo";

/**
 * The van's assumed average speed in town, along the straight line from its reported position to the
 * customer (ADR 115): 20 km/h over the crow-flies distance is about 26 km/h on the roads (a detour
 * factor of about 1.3), a typical daytime speed in a city centre with lights and parking.
 */
export const VAN_URBAN_SPEED_KMH = 20;

/** A reported position older than this shows as "last seen at …" and gives no arrival estimate. */
export const POSITION_STALE_AFTER_MS = 10 * 60_000;

/** At most one position per job in this time (the technician's page sends at most every 15 s). */
export const MIN_POSITION_INTERVAL_MS = 10_000;

/** A position less precise than this (the browser's accuracy radius, in metres) is not shown. */
export const MAX_POSITION_ACCURACY_M = 1_000;

/** A position as the technician's browser reports it: degrees, and the accuracy radius in metres. */
export const reportedPosition = z.object({
  latitude: z.number({ error: "The latitude must be a number." }).finite().min(-90, "The latitude must be between -90 and 90.").max(90, "The latitude must be between -90 and 90."),
  longitude: z
    .number({ error: "The longitude must be a number." })
    .finite()
    .min(-180, "The longitude must be between -180 and 180.")
    .max(180, "The longitude must be between -180 and 180."),
  accuracy: z.number({ error: "The accuracy must be a number." }).finite().min(0, "The accuracy cannot be negative.").nullable().default(null),
});
export type ReportedPosition = z.output<typeof reportedPosition>;

export type PositionDecision = "accepted" | "too_soon" | "inaccurate";

/**
 * Whether a new position is kept: not when the browser says it is too imprecise, nor within
 * MIN_POSITION_INTERVAL_MS of the last one kept (also when the clock says the last one is "later").
 * An unknown accuracy is taken as good: a browser without it still places the van.
 */
export function positionDecision(position: Pick<ReportedPosition, "accuracy">, lastAt: Date | null, now: Date): PositionDecision {
  if (position.accuracy !== null && position.accuracy > MAX_POSITION_ACCURACY_M) return "inaccurate";
  if (lastAt && now.getTime() - lastAt.getTime() < MIN_POSITION_INTERVAL_MS) return "too_soon";
  return "accepted";
}

/**
 * When the van reaches the customer: from where it was at `positionAt`, the straight-line distance
 * at VAN_URBAN_SPEED_KMH, and never earlier than `now` (a van already due is due now). Whole seconds.
 */
export function estimateArrival(from: LatLng, to: LatLng, positionAt: Date, now: Date, speedKmh = VAN_URBAN_SPEED_KMH): Date {
  const travelMs = (distanceKm(from, to) / speedKmh) * 3_600_000;
  const arrival = Math.max(now.getTime(), positionAt.getTime() + travelMs);
  return new Date(Math.ceil(arrival / 1000) * 1000);
}

/** True when the position was reported more than POSITION_STALE_AFTER_MS before `now`. */
export function isStale(positionAt: Date, now: Date): boolean {
  return now.getTime() - positionAt.getTime() > POSITION_STALE_AFTER_MS;
}
