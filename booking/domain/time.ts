/**
 * Calendar arithmetic in a carrier's time zone (see ADR 013). Dates are ISO 'YYYY-MM-DD' strings
 * (a calendar day has no time zone); instants are Date. Only Intl is used, so no tz database ships
 * with the engine beyond Node's own ICU.
 */

export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalParts {
  date: IsoDate;
  hour: number;
  minute: number;
  second: number;
}

export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

export function localDate(instant: Date, timeZone: string): IsoDate {
  return localParts(instant, timeZone).date;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: IsoDate): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

export function weekdayName(date: IsoDate): string {
  return WEEKDAY_NAMES[isoWeekday(date) - 1]!;
}

/** 'Tuesday 3rd June 2025'-style long form in English; the web formats per locale itself. */
export function fullDate(date: IsoDate): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const suffix = d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th";
  return `${weekdayName(date)} ${d}${suffix} ${MONTH_NAMES[m - 1]} ${y}`;
}

/**
 * zonedTime's answers by time zone, day and time (ms since the epoch): each costs two formatToParts,
 * and the availability of ten days asks for every window of every day on each load (issue 25 item 2).
 * A time zone's rules do not change while the process runs; the map is emptied when it grows large.
 */
const zonedTimes = new Map<string, number>();
const ZONED_TIMES_MAX = 10_000;

/** The instant at which the wall-clock time `hh:mm` on `date` occurs in `timeZone`. */
export function zonedTime(date: IsoDate, time: string, timeZone: string): Date {
  const key = `${timeZone}|${date}|${time}`;
  let instant = zonedTimes.get(key);
  if (instant === undefined) {
    if (zonedTimes.size >= ZONED_TIMES_MAX) zonedTimes.clear();
    zonedTimes.set(key, (instant = computeZonedTime(date, time, timeZone)));
  }
  return new Date(instant);
}

function computeZonedTime(date: IsoDate, time: string, timeZone: string): number {
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle DST edges: guess with the offset at the UTC reading, then correct once.
  let guess = asUtc - offsetMs(new Date(asUtc), timeZone);
  guess = asUtc - offsetMs(new Date(guess), timeZone);
  return guess;
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (east positive). */
export function offsetMs(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const [y, m, d] = p.date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** 'HH:MM' → minutes after midnight. */
export function minutesOf(time: string): number {
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return hh * 60 + mm;
}

/** A wall-clock time `minutes` later ('09:00' + 90 → '10:30'), wrapping at midnight: a slot's end. */
export function addMinutesToClock(time: string, minutes: number): string {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60) % 24).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}
