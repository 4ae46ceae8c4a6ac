import { describe, expect, it } from "vitest";
import { addDays, fullDate, isIsoDate, isoWeekday, localParts, weekdayName, zonedTime } from "./time";

describe("calendar in a carrier's time zone", () => {
  it("reads the local day and hour of an instant", () => {
    expect(localParts(new Date("2025-06-01T23:30:00Z"), "Europe/London")).toMatchObject({ date: "2025-06-02", hour: 0, minute: 30 });
    expect(localParts(new Date("2025-06-01T23:30:00Z"), "America/New_York")).toMatchObject({ date: "2025-06-01", hour: 19 });
    expect(localParts(new Date("2025-06-01T23:30:00Z"), "Australia/Sydney")).toMatchObject({ date: "2025-06-02", hour: 9 });
  });

  it("finds the instant of a local wall-clock time, across daylight-saving changes", () => {
    expect(zonedTime("2025-06-05", "08:00", "Europe/London").toISOString()).toBe("2025-06-05T07:00:00.000Z");
    expect(zonedTime("2025-01-05", "08:00", "Europe/London").toISOString()).toBe("2025-01-05T08:00:00.000Z");
    expect(zonedTime("2025-03-30", "08:00", "Europe/Berlin").toISOString()).toBe("2025-03-30T06:00:00.000Z");
    expect(zonedTime("2025-11-02", "09:30", "America/Toronto").toISOString()).toBe("2025-11-02T14:30:00.000Z");
    expect(zonedTime("2025-06-05", "08:00", "Australia/Sydney").toISOString()).toBe("2025-06-04T22:00:00.000Z");
  });

  it("answers a time asked again the same, as a Date of its own, per time zone", () => {
    const first = zonedTime("2025-03-30", "08:00", "Europe/Berlin");
    const again = zonedTime("2025-03-30", "08:00", "Europe/Berlin");
    expect(again).not.toBe(first);
    expect(again.toISOString()).toBe("2025-03-30T06:00:00.000Z");
    // Changing the Date a caller got changes nothing for the next caller.
    first.setUTCHours(0);
    expect(zonedTime("2025-03-30", "08:00", "Europe/Berlin").toISOString()).toBe("2025-03-30T06:00:00.000Z");
    expect(zonedTime("2025-03-30", "08:00", "Europe/London").toISOString()).toBe("2025-03-30T07:00:00.000Z");
    expect(zonedTime("2025-03-30", "08:30", "Europe/Berlin").toISOString()).toBe("2025-03-30T06:30:00.000Z");
  });

  it("does day arithmetic and names days", () => {
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(isoWeekday("2025-06-08")).toBe(7);
    expect(weekdayName("2025-06-02")).toBe("Monday");
    expect(fullDate("2025-06-01")).toBe("Sunday 1st June 2025");
    expect(fullDate("2025-06-12")).toBe("Thursday 12th June 2025");
    expect(fullDate("2025-06-23")).toBe("Monday 23rd June 2025");
  });

  it("accepts only real calendar days", () => {
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-6-1")).toBe(false);
  });
});
