import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM, distanceKm } from "./distance.js";

const westminster = { latitude: 51.4995, longitude: -0.1248 };
const stPauls = { latitude: 51.5138, longitude: -0.0984 };

describe("distanceKm (haversine on the mean Earth radius)", () => {
  it("uses the IUGG mean radius R1", () => {
    expect(EARTH_RADIUS_KM).toBe(6371.0088);
  });

  it("is zero from a point to itself and the same both ways", () => {
    expect(distanceKm(westminster, westminster)).toBe(0);
    expect(distanceKm(westminster, stPauls)).toBe(distanceKm(stPauls, westminster));
  });

  it("measures a short distance across London (about 2.4 km)", () => {
    expect(distanceKm(westminster, stPauls)).toBeCloseTo(2.4, 1);
  });

  it("measures a degree of latitude as R·π/180 (about 111.2 km)", () => {
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo((EARTH_RADIUS_KM * Math.PI) / 180, 9);
  });

  it("measures half the globe between antipodes, never NaN", () => {
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(EARTH_RADIUS_KM * Math.PI, 6);
    expect(distanceKm({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 0 })).toBeCloseTo(EARTH_RADIUS_KM * Math.PI, 6);
  });
});
