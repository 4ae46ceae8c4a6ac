import { clockTime, minutesUntil, type DateLocale } from "~/lib/dates";

/**
 * What the tracking page shows besides the map: distance in the carrier's unit, and the map's
 * geometry (Web Mercator, the projection of every common tile server: {z}/{x}/{y} tiles of 256 px).
 */
export type { LatLng as Point } from "@repair/rules/distance";
export { distanceKm } from "@repair/rules/distance";
import type { LatLng as Point } from "@repair/rules/distance";

/** Miles where road distances are given in miles (GB, US), kilometres elsewhere. */
export function distanceUnit(countryCode: string): "mi" | "km" {
  return countryCode === "GB" || countryCode === "US" ? "mi" : "km";
}

export function distanceIn(km: number, unit: "mi" | "km"): number {
  const value = unit === "mi" ? km / 1.609344 : km;
  return Math.round(value * 10) / 10;
}

export const TILE_SIZE = 256;

/** World pixel coordinates at zoom `z`. */
export function project(point: Point, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-85.05112878, Math.min(85.05112878, point.latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((point.longitude + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

export interface MapView {
  zoom: number;
  /** World pixel of the view's top-left corner. */
  origin: { x: number; y: number };
  width: number;
  height: number;
}

/** The largest zoom (at most `maxZoom`) at which every point fits inside the view with `padding` px to spare. */
export function fitView(points: Point[], width: number, height: number, { padding = 48, maxZoom = 16, minZoom = 3 } = {}): MapView {
  for (let zoom = maxZoom; zoom >= minZoom; zoom--) {
    const projected = points.map((p) => project(p, zoom));
    const xs = projected.map((p) => p.x);
    const ys = projected.map((p) => p.y);
    const spanX = Math.max(...xs) - Math.min(...xs);
    const spanY = Math.max(...ys) - Math.min(...ys);
    if (spanX <= width - 2 * padding && spanY <= height - 2 * padding) {
      const centre = { x: (Math.max(...xs) + Math.min(...xs)) / 2, y: (Math.max(...ys) + Math.min(...ys)) / 2 };
      return { zoom, origin: { x: centre.x - width / 2, y: centre.y - height / 2 }, width, height };
    }
  }
  const centre = project(points[0]!, minZoom);
  return { zoom: minZoom, origin: { x: centre.x - width / 2, y: centre.y - height / 2 }, width, height };
}

/** Where a point sits inside the view, in px from the top-left corner. */
export function inView(point: Point, view: MapView): { x: number; y: number } {
  const p = project(point, view.zoom);
  return { x: p.x - view.origin.x, y: p.y - view.origin.y };
}

export interface Tile {
  url: string;
  left: number;
  top: number;
}

/** The tiles covering the view, from a template such as 'https://tile.example.org/{z}/{x}/{y}.png'. */
export function tilesFor(view: MapView, template: string): Tile[] {
  const count = 2 ** view.zoom;
  const tiles: Tile[] = [];
  const firstX = Math.floor(view.origin.x / TILE_SIZE);
  const lastX = Math.floor((view.origin.x + view.width) / TILE_SIZE);
  const firstY = Math.max(0, Math.floor(view.origin.y / TILE_SIZE));
  const lastY = Math.min(count - 1, Math.floor((view.origin.y + view.height) / TILE_SIZE));
  for (let ty = firstY; ty <= lastY; ty++) {
    for (let tx = firstX; tx <= lastX; tx++) {
      const wrapped = ((tx % count) + count) % count;
      tiles.push({
        url: template.replace("{z}", String(view.zoom)).replace("{x}", String(wrapped)).replace("{y}", String(ty)).replace("{s}", "a"),
        left: tx * TILE_SIZE - view.origin.x,
        top: ty * TILE_SIZE - view.origin.y,
      });
    }
  }
  return tiles;
}

/** The van as the engine reports it, as far as the arrival line needs it. */
export interface VanArrival {
  status: string;
  eta: string | null;
  position_at: string | null;
  stale: boolean;
  checked_at: string;
}

/**
 * The arrival line in the carrier's time zone and language (ADR 115): the estimated arrival and the
 * minutes until it while the van is on its way or about to leave; "last seen" (its time) instead
 * when the reported position is older than ten minutes.
 */
export function arrivalText(van: VanArrival, timeZone: string, locale: DateLocale): { eta: string | null; minutes: number | null; lastSeen: string | null } {
  const moving = van.status === "on_the_way" || van.status === "at_base";
  const lastSeen = van.status === "on_the_way" && van.stale && van.position_at ? clockTime(van.position_at, timeZone, locale) : null;
  if (!moving || lastSeen || !van.eta) return { eta: null, minutes: null, lastSeen };
  return { eta: clockTime(van.eta, timeZone, locale), minutes: minutesUntil(van.eta, van.checked_at), lastSeen: null };
}

/** The van as far as the page's parts need it. */
export interface VanShown {
  status: string;
  latitude: number | null;
  longitude: number | null;
  simulated: boolean;
}

export interface TrackingParts {
  /** The live map: only while the technician is on the way (or a simulated van is shown). */
  map: boolean;
  /** The appointment window: before the technician is on the way, and while no estimate can be given. */
  window: boolean;
  /** "The live map starts when your technician is on the way." */
  liveMapNote: boolean;
  /** On the way, but the phone has shared no position yet. */
  noPosition: boolean;
  /** The development switch's van: the page says it is simulated. */
  simulatedNote: boolean;
  /** The van position row: the reported point, not on the road yet, not shared yet, or no row. */
  vanPosition: "point" | "notYet" | "notShared" | null;
}

/**
 * Which parts the tracking page shows (ADR 253): only what the technician reported. Before "on my
 * way" the window and the note that the live map starts then, no map and no van; on the way the map,
 * and the window while there is no estimate; "arrived" and "completed" neither.
 */
export function trackingParts(van: VanShown, arrival: { eta: string | null; lastSeen: string | null }): TrackingParts {
  const point = van.latitude !== null && van.longitude !== null;
  const onTheWay = van.status === "on_the_way";
  return {
    map: onTheWay || (van.simulated && point),
    window: van.status === "scheduled" || (onTheWay && !arrival.eta && !arrival.lastSeen),
    liveMapNote: van.status === "scheduled",
    noPosition: onTheWay && !point,
    simulatedNote: van.simulated,
    vanPosition: point ? "point" : van.status === "scheduled" ? "notYet" : onTheWay ? "notShared" : null,
  };
}
