import { describe, expect, it } from "vitest";
import { arrivalText, distanceIn, distanceKm, distanceUnit, fitView, inView, project, tilesFor, trackingParts } from "./tracking-view";

const westminster = { latitude: 51.5034, longitude: -0.1276 };
const stPauls = { latitude: 51.5138, longitude: -0.0984 };

describe("tracking view", () => {
  it("measures distance in miles for GB and US, kilometres elsewhere", () => {
    const km = distanceKm(westminster, stPauls);
    expect(km).toBeGreaterThan(2.2);
    expect(km).toBeLessThan(2.4);
    expect(distanceUnit("GB")).toBe("mi");
    expect(distanceUnit("DE")).toBe("km");
    expect(distanceIn(km, "mi")).toBeCloseTo(1.4, 1);
  });

  it("projects like the tile servers: zoom 0 is one 256 px tile of the world", () => {
    expect(project({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ latitude: 0, longitude: -180 }, 1).x).toBe(0);
  });

  it("fits the van and the home inside the view with padding, and lists the tiles that cover it", () => {
    const view = fitView([westminster, stPauls], 600, 360);
    for (const point of [westminster, stPauls]) {
      const { x, y } = inView(point, view);
      expect(x).toBeGreaterThanOrEqual(48);
      expect(x).toBeLessThanOrEqual(552);
      expect(y).toBeGreaterThanOrEqual(48);
      expect(y).toBeLessThanOrEqual(312);
    }
    const tiles = tilesFor(view, "https://tiles.example/{z}/{x}/{y}.png");
    expect(tiles.length).toBeGreaterThanOrEqual(6);
    expect(tiles[0]!.url).toMatch(new RegExp(`^https://tiles.example/${view.zoom}/\\d+/\\d+.png$`));
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
  });

  it("zooms in close when the van is at the door", () => {
    expect(fitView([westminster, westminster], 600, 360).zoom).toBe(16);
  });
});

describe("the arrival line (ADR 115)", () => {
  const onTheWay = { status: "on_the_way", eta: "2026-12-08T07:12:00.000Z", position_at: "2026-12-08T07:03:00.000Z", stale: false, checked_at: "2026-12-08T07:04:00.000Z" };

  it("gives the estimate in the carrier's time zone and the minutes from the engine's time", () => {
    expect(arrivalText(onTheWay, "Europe/London", "en")).toEqual({ eta: "07:12", minutes: 8, lastSeen: null });
    expect(arrivalText(onTheWay, "Europe/Berlin", "de")).toEqual({ eta: "08:12", minutes: 8, lastSeen: null });
    // British summer time: the same instant an hour later on the clock.
    expect(arrivalText({ ...onTheWay, eta: "2026-06-08T07:12:00.000Z", checked_at: "2026-06-08T07:04:00.000Z" }, "Europe/London", "en")).toMatchObject({ eta: "08:12" });
  });

  it("says when a stale van was last seen, in the carrier's zone, instead of an estimate", () => {
    const stale = { ...onTheWay, eta: null, stale: true, checked_at: "2026-12-08T07:20:00.000Z" };
    expect(arrivalText(stale, "Europe/London", "en")).toEqual({ eta: null, minutes: null, lastSeen: "07:03" });
    expect(arrivalText(stale, "Europe/Berlin", "de")).toEqual({ eta: null, minutes: null, lastSeen: "08:03" });
    expect(arrivalText({ ...stale, position_at: "2026-06-08T16:45:00.000Z" }, "Europe/London", "en").lastSeen).toBe("17:45");
  });

  it("shows no estimate once the van has arrived, and never a negative wait", () => {
    expect(arrivalText({ ...onTheWay, status: "arrived", eta: null }, "Europe/London", "en")).toEqual({ eta: null, minutes: null, lastSeen: null });
    expect(arrivalText({ ...onTheWay, checked_at: "2026-12-08T07:30:00.000Z" }, "Europe/London", "en").minutes).toBe(0);
  });
});

describe("what the tracking page shows (ADR 253: only what the technician reported)", () => {
  const none = { eta: null, lastSeen: null };
  const van = (status: string, point: boolean, simulated = false) => ({ status, latitude: point ? 51.51 : null, longitude: point ? -0.13 : null, simulated });

  it("shows the window and 'the live map starts when…' before the technician is on the way, and no map or van", () => {
    expect(trackingParts(van("scheduled", false), none)).toEqual({ map: false, window: true, liveMapNote: true, noPosition: false, simulatedNote: false, vanPosition: "notYet" });
  });

  it("shows the map and no window once there is a position and an estimate; the window again while none can be given", () => {
    expect(trackingParts(van("on_the_way", true), { eta: "08:20", lastSeen: null })).toEqual({
      map: true,
      window: false,
      liveMapNote: false,
      noPosition: false,
      simulatedNote: false,
      vanPosition: "point",
    });
    expect(trackingParts(van("on_the_way", false), none)).toEqual({
      map: true,
      window: true,
      liveMapNote: false,
      noPosition: true,
      simulatedNote: false,
      vanPosition: "notShared",
    });
    // A stale position: the last known one with its time, not the window.
    expect(trackingParts(van("on_the_way", true), { eta: null, lastSeen: "07:50" })).toMatchObject({ map: true, window: false, vanPosition: "point" });
  });

  it("shows neither a map nor a van once the technician has arrived or finished", () => {
    for (const status of ["arrived", "completed", "cancelled"])
      expect(trackingParts(van(status, false), none), status).toEqual({
        map: false,
        window: false,
        liveMapNote: false,
        noPosition: false,
        simulatedNote: false,
        vanPosition: null,
      });
  });

  it("says plainly that a development server's van is simulated", () => {
    expect(trackingParts(van("at_base", true, true), none)).toMatchObject({ map: true, simulatedNote: true, vanPosition: "point" });
    expect(trackingParts(van("scheduled", false, true), none)).toMatchObject({ map: false, simulatedNote: true, liveMapNote: true });
  });
});
