import { describe, expect, it } from "vitest";
import { addDays, dayTile, formatLongDate, MAX_PAGES, pageStarts, pagesFromQuery, timeslotLabel } from "./dates";

describe("repair dates (spec §9: 10 days from today, with 'load more')", () => {
  it("loads one page of ten days unless more were asked for, never past the booking horizon", () => {
    expect(pagesFromQuery(null)).toBe(1);
    expect(pagesFromQuery("abc")).toBe(1);
    expect(pagesFromQuery("0")).toBe(1);
    expect(pagesFromQuery("3")).toBe(3);
    expect(pagesFromQuery("50")).toBe(MAX_PAGES);
  });

  it("starts each further page ten days after the previous one", () => {
    expect(pageStarts("2026-11-25", 1)).toEqual([]);
    expect(pageStarts("2026-11-25", 3)).toEqual(["2026-12-05", "2026-12-15"]);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("formats a calendar day in the carrier's language whatever the server's time zone", () => {
    // ICU versions differ on the comma after the English weekday.
    expect(formatLongDate("2026-11-25", "en")).toMatch(/^Wednesday,? 25 November 2026$/);
    expect(formatLongDate("2026-11-25", "de")).toBe("Mittwoch, 25. November 2026");
    expect(dayTile("2026-11-25", "en")).toEqual({ weekday: "Wed", day: "25", month: "Nov" });
  });

  it("shows a one-hour timeslot from its start", () => {
    expect(timeslotLabel("08:00")).toBe("08:00–09:00");
    expect(timeslotLabel("23:30")).toBe("23:30–00:30");
    expect(timeslotLabel("09:30", "10:30")).toBe("09:30–10:30");
  });
});
