import { describe, expect, it } from "vitest";
import { distanceKm } from "../domain/geo";
import { estimateArrival, isStale, MAX_POSITION_ACCURACY_M, positionDecision, reportedPosition, VAN_URBAN_SPEED_KMH } from "./rules";

const HOME = { latitude: 51.5034, longitude: -0.1276 };
/** About 3 km north-west of HOME. */
const FAR = { latitude: 51.5274, longitude: -0.1578 };
const at = (iso: string) => new Date(iso);

describe("the arrival estimate from the reported position (ADR 115)", () => {
  it("is the straight-line distance at the urban van speed after the position was reported", () => {
    const reported = at("2025-06-05T07:00:00Z");
    const eta = estimateArrival(FAR, HOME, reported, reported);
    const minutes = (eta.getTime() - reported.getTime()) / 60_000;
    expect(minutes).toBeCloseTo((distanceKm(FAR, HOME) / VAN_URBAN_SPEED_KMH) * 60, 1);
    expect(minutes).toBeGreaterThan(8);
    expect(minutes).toBeLessThan(12);
  });

  it("comes earlier as the van comes closer, and is now once it is at the door", () => {
    const now = at("2025-06-05T07:00:00Z");
    const halfway = { latitude: (FAR.latitude + HOME.latitude) / 2, longitude: (FAR.longitude + HOME.longitude) / 2 };
    expect(estimateArrival(halfway, HOME, now, now).getTime()).toBeLessThan(estimateArrival(FAR, HOME, now, now).getTime());
    expect(estimateArrival(HOME, HOME, now, now)).toEqual(now);
  });

  it("is never earlier than now, even from a position reported a while ago", () => {
    const reported = at("2025-06-05T07:00:00Z");
    const now = at("2025-06-05T07:30:00Z");
    expect(estimateArrival(FAR, HOME, reported, now)).toEqual(now);
    // Five minutes after the report the van still has the rest of its drive ahead.
    const later = at("2025-06-05T07:05:00Z");
    const eta = estimateArrival(FAR, HOME, reported, later);
    expect(eta.getTime()).toBeGreaterThan(later.getTime());
    expect(eta).toEqual(estimateArrival(FAR, HOME, reported, reported));
  });

  it("is given in whole seconds", () => {
    const reported = at("2025-12-01T16:59:30Z");
    const eta = estimateArrival(FAR, HOME, reported, reported);
    expect(eta.getUTCMilliseconds()).toBe(0);
    expect(eta.getTime()).toBeGreaterThan(reported.getTime());
  });
});

describe("a stale position", () => {
  const reported = at("2025-06-05T07:00:00Z");
  it("is fresh up to ten minutes and stale after", () => {
    expect(isStale(reported, at("2025-06-05T07:00:00Z"))).toBe(false);
    expect(isStale(reported, at("2025-06-05T07:10:00Z"))).toBe(false);
    expect(isStale(reported, at("2025-06-05T07:10:01Z"))).toBe(true);
    expect(isStale(reported, at("2025-06-05T09:00:00Z"))).toBe(true);
  });
});

describe("which position is kept", () => {
  const last = at("2025-06-05T07:00:00Z");
  it("keeps the first one and one every ten seconds at most", () => {
    expect(positionDecision({ accuracy: 12 }, null, last)).toBe("accepted");
    expect(positionDecision({ accuracy: 12 }, last, at("2025-06-05T07:00:05Z"))).toBe("too_soon");
    expect(positionDecision({ accuracy: 12 }, last, at("2025-06-05T07:00:09.999Z"))).toBe("too_soon");
    expect(positionDecision({ accuracy: 12 }, last, at("2025-06-05T07:00:10Z"))).toBe("accepted");
    // A clock that went back counts as too soon, not as a free pass.
    expect(positionDecision({ accuracy: 12 }, last, at("2025-06-05T06:59:00Z"))).toBe("too_soon");
  });

  it("refuses a position less precise than a kilometre; an unknown accuracy counts as precise", () => {
    expect(positionDecision({ accuracy: MAX_POSITION_ACCURACY_M }, null, last)).toBe("accepted");
    expect(positionDecision({ accuracy: MAX_POSITION_ACCURACY_M + 1 }, null, last)).toBe("inaccurate");
    expect(positionDecision({ accuracy: null }, null, last)).toBe("accepted");
  });

  it("validates the browser's numbers", () => {
    expect(reportedPosition.parse({ latitude: 51.5, longitude: -0.12 })).toEqual({ latitude: 51.5, longitude: -0.12, accuracy: null });
    expect(reportedPosition.safeParse({ latitude: 91, longitude: 0 }).success).toBe(false);
    expect(reportedPosition.safeParse({ latitude: 0, longitude: -180.5 }).success).toBe(false);
    expect(reportedPosition.safeParse({ latitude: 0, longitude: 0, accuracy: -1 }).success).toBe(false);
    expect(reportedPosition.safeParse({ latitude: Number.NaN, longitude: 0 }).success).toBe(false);
    expect(reportedPosition.safeParse({ latitude: 0, longitude: Infinity }).success).toBe(false);
  });
});
