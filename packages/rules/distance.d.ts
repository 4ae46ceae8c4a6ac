export interface LatLng {
  latitude: number;
  longitude: number;
}
/** The Earth's mean radius R1 (IUGG), in kilometres. */
export declare const EARTH_RADIUS_KM: 6371.0088;
/** Great-circle distance in kilometres (haversine). */
export declare function distanceKm(a: LatLng, b: LatLng): number;
