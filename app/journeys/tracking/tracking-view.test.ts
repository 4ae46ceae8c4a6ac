import { describe, expect, it } from "vitest";
import { distanceIn, distanceKm, distanceUnit, fitView, inView, project, tilesFor } from "./tracking-view";

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
