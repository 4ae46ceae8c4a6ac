/**
 * Great-circle distance (haversine) on a sphere of the Earth's mean radius R1 = 6371.0088 km
 * (IUGG), the radius that minimises the error over the whole globe. Used by the engine's coverage
 * and arrival estimates and by the tracking page's "van is x mi away".
 */
export const EARTH_RADIUS_KM = 6371.0088;

/** @param {{ latitude: number; longitude: number }} a @param {{ latitude: number; longitude: number }} b */
export function distanceKm(a, b) {
  const toRad = (deg) => (deg * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  // min(1, …): rounding can push h a hair above 1 for antipodal points, and asin(>1) is NaN.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
