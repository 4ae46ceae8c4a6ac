/** One haversine for the app, the engine and the tests: packages/rules/distance.js (ADR 161). */
export { distanceKm, type LatLng } from "@repair/rules/distance";
import type { LatLng } from "@repair/rules/distance";

/** The point a fraction `t` (0…1) of the way from `a` to `b` (linear; fine over a van's few dozen km). */
export function interpolate(a: LatLng, b: LatLng, t: number): LatLng {
  const f = Math.min(1, Math.max(0, t));
  return {
    latitude: a.latitude + (b.latitude - a.latitude) * f,
    longitude: a.longitude + (b.longitude - a.longitude) * f,
  };
}
