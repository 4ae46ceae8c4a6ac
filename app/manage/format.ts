/**
 * Dates and times on the manage and tracking pages. Calendar days are ISO 'YYYY-MM-DD' (no zone);
 * instants are shown in the carrier's time zone.
 */
import type { Locale } from "~/content/schemas";

const INTL: Record<Locale, string> = { en: "en-GB", de: "de-DE" };

function utcDate(date: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** 'Thursday 5 June 2025' / 'Donnerstag, 5. Juni 2025'. */
export function longDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL[locale], { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(utcDate(date));
}

/** The parts of a day tile: 'Thu', '5', 'Jun'. */
export function dayTile(date: string, locale: Locale): { weekday: string; day: string; month: string } {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(INTL[locale], { timeZone: "UTC", ...options }).format(utcDate(date));
  return { weekday: part({ weekday: "short" }), day: part({ day: "numeric" }), month: part({ month: "short" }) };
}

/** '08:00–09:00'. */
export function timeslotText(slot: { start: string; end: string }): string {
  return `${slot.start}–${slot.end}`;
}

/** An instant as a wall-clock time in the carrier's zone: '10:15'. */
export function clockTime(instant: string | Date, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL[locale], { timeZone, hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date(instant));
}

/** Whole minutes from `now` until `instant`, never below zero. */
export function minutesUntil(instant: string | Date, now: string | Date): number {
  return Math.max(0, Math.round((new Date(instant).getTime() - new Date(now).getTime()) / 60_000));
}
