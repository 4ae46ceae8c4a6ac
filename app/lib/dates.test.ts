import { describe, expect, it } from "vitest";
import { addDays, clockTime, dayOfInstant, dayTile, longDate, minutesUntil, openingHoursLines, timeslotText, weekdaysText } from "./dates";

/** ICU puts thin and narrow no-break spaces around a range's dash and before AM/PM; they read as spaces. */
const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, " ");

describe("calendar days, formatted as the day they are whatever the server's time zone", () => {
  it("in the site's languages: British English and German", () => {
    // ICU versions differ on the comma after the English weekday.
    expect(longDate("2026-11-25", "en")).toMatch(/^Wednesday,? 25 November 2026$/);
    expect(longDate("2026-11-25", "en-GB")).toMatch(/^Wednesday,? 25 November 2026$/);
    expect(longDate("2026-11-25", "de")).toBe("Mittwoch, 25. November 2026");
    expect(longDate("2026-11-25", "de-DE")).toBe("Mittwoch, 25. November 2026");
  });

  it("in the carriers' other English locales", () => {
    expect(longDate("2026-11-25", "en-US")).toBe("Wednesday, November 25, 2026");
    expect(longDate("2026-11-25", "en-AU")).toMatch(/^Wednesday,? 25 November 2026$/);
    expect(longDate("2026-11-25", "en-CA")).toBe("Wednesday, November 25, 2026");
  });

  it("as day tiles", () => {
    expect(dayTile("2026-11-25", "en")).toEqual({ weekday: "Wed", day: "25", month: "Nov" });
    expect(dayTile("2026-11-25", "de")).toEqual({ weekday: "Mi", day: "25", month: expect.stringMatching(/^Nov\.?$/) });
    expect(dayTile("2026-01-01", "en-US")).toEqual({ weekday: "Thu", day: "1", month: "Jan" });
  });

  it("counted on across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2025-06-28", 10)).toBe("2025-07-08");
  });
});

describe("instants, shown on the carrier's wall clock", () => {
  // 13:30 UTC on 24 November is half past midnight on 25 November in Sydney.
  const nearMidnight = "2026-11-24T13:30:00Z";

  it("fall on the carrier's day, not the server's", () => {
    expect(dayOfInstant(nearMidnight, "Australia/Sydney", "en-AU")).toBe("Wednesday 25 November");
    expect(dayOfInstant(nearMidnight, "Europe/London", "en")).toMatch(/^Tuesday,? 24 November$/);
    expect(dayOfInstant(nearMidnight, "Europe/Berlin", "de")).toBe("Dienstag, 24. November");
  });

  it("read in the locale's own hour cycle: 24-hour in en-GB and de-DE, 12-hour in en-US, en-CA and en-AU (ADR 246)", () => {
    expect(clockTime(nearMidnight, "Europe/Berlin", "de")).toBe("14:30");
    expect(clockTime(nearMidnight, "Europe/Berlin", "de-DE")).toBe("14:30");
    expect(clockTime(nearMidnight, "Europe/London", "en")).toBe("13:30");
    expect(clockTime(nearMidnight, "Europe/London", "en-GB")).toBe("13:30");
    expect(clockTime("2026-11-24T08:05:00Z", "Europe/London", "en-GB")).toBe("08:05");
    expect(plain(clockTime(nearMidnight, "Australia/Sydney", "en-AU"))).toBe("12:30 am");
    expect(plain(clockTime(nearMidnight, "Australia/Sydney", "en-US"))).toBe("12:30 AM");
    expect(plain(clockTime(nearMidnight, "America/Toronto", "en-CA"))).toBe("8:30 a.m.");
    expect(plain(clockTime(nearMidnight, "America/New_York", "en-US"))).toBe("8:30 AM");
    expect(plain(clockTime(nearMidnight, "America/Los_Angeles", "en-US"))).toBe("5:30 AM");
    expect(plain(clockTime("2026-11-24T19:45:00Z", "America/New_York", "en-US"))).toBe("2:45 PM");
  });

  it("count whole minutes to go, never below zero", () => {
    expect(minutesUntil("2026-11-24T10:20:00Z", "2026-11-24T10:05:20Z")).toBe(15);
    expect(minutesUntil("2026-11-24T10:00:00Z", "2026-11-24T10:05:00Z")).toBe(0);
  });
});

describe("arrival windows", () => {
  it("read from start to end, or as the hour a start begins, 24-hour in en-GB and de-DE as always", () => {
    for (const locale of ["en", "en-GB", "de", "de-DE"]) {
      expect(timeslotText({ start: "08:00", end: "09:00" }, locale)).toBe("08:00–09:00");
      expect(timeslotText("08:00", locale)).toBe("08:00–09:00");
      expect(timeslotText("23:30", locale)).toBe("23:30–00:30");
      expect(timeslotText({ start: "13:00", end: "17:00" }, locale)).toBe("13:00–17:00");
    }
  });

  it("read as the locale writes a range of 12-hour times in en-US, en-CA and en-AU (ADR 246)", () => {
    expect(plain(timeslotText({ start: "08:00", end: "09:00" }, "en-US"))).toBe("8:00 – 9:00 AM");
    expect(plain(timeslotText("08:00", "en-US"))).toBe("8:00 – 9:00 AM");
    expect(plain(timeslotText({ start: "11:30", end: "12:30" }, "en-US"))).toBe("11:30 AM – 12:30 PM");
    expect(plain(timeslotText({ start: "13:00", end: "17:00" }, "en-US"))).toBe("1:00 – 5:00 PM");
    expect(plain(timeslotText({ start: "08:00", end: "09:00" }, "en-CA"))).toBe("8:00–9:00 a.m.");
    expect(plain(timeslotText({ start: "11:30", end: "12:30" }, "en-CA"))).toBe("11:30 a.m.–12:30 p.m.");
    expect(plain(timeslotText({ start: "08:00", end: "09:00" }, "en-AU"))).toBe("8:00 – 9:00 am");
    expect(plain(timeslotText({ start: "18:00", end: "19:00" }, "en-AU"))).toBe("6:00 – 7:00 pm");
  });

  it("past midnight, read as two times in the locale's hour cycle, never with a date", () => {
    expect(plain(timeslotText("23:30", "en-US"))).toBe("11:30 PM – 12:30 AM");
    expect(plain(timeslotText("23:30", "en-CA"))).toBe("11:30 p.m. – 12:30 a.m.");
    expect(plain(timeslotText("23:30", "en-AU"))).toBe("11:30 pm – 12:30 am");
  });
});

describe("store opening hours", () => {
  const weekdays = { days: [1, 2, 3, 4, 5], opens: "09:00", closes: "18:00" };
  const saturday = { days: [6], opens: "10:00", closes: "16:00" };

  it("read one line per entry, in the order entered, with the days' names in the page's language", () => {
    expect(openingHoursLines([weekdays, saturday], "en")).toEqual(["Mon–Fri 09:00–18:00", "Sat 10:00–16:00"]);
    // ICU versions differ on the full stop after a German short weekday.
    const [monToFri, sat] = openingHoursLines([weekdays, saturday], "de");
    expect(monToFri).toMatch(/^Mo\.?–Fr\.? 09:00–18:00$/);
    expect(sat).toMatch(/^Sa\.? 10:00–16:00$/);
  });

  it("read hours in a 12-hour locale's clock", () => {
    expect(openingHoursLines([weekdays, saturday], "en-US").map(plain)).toEqual(["Mon–Fri 9:00 AM – 6:00 PM", "Sat 10:00 AM – 4:00 PM"]);
  });

  it("show nothing when the store gives no hours, and leave closed days out", () => {
    expect(openingHoursLines([], "en")).toEqual([]);
    expect(openingHoursLines([{ days: [], opens: "09:00", closes: "18:00" }], "en")).toEqual([]);
    expect(openingHoursLines([weekdays], "en").join(" ")).not.toMatch(/Sat|Sun/);
  });

  it("give three or more days in a row as a range and list the others", () => {
    expect(weekdaysText([1, 2, 3, 4, 5, 6], "en")).toBe("Mon–Sat");
    expect(weekdaysText([7, 6], "en")).toBe("Sat and Sun");
    expect(weekdaysText([1, 2, 3, 5], "en")).toBe("Mon–Wed and Fri");
    expect(weekdaysText([1, 3, 5], "en")).toBe("Mon, Wed and Fri");
    expect(weekdaysText([6, 7], "de")).toMatch(/^Sa\.? und So\.?$/);
    expect(weekdaysText([7], "en-US")).toBe("Sun");
  });
});
