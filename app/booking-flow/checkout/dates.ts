/**
 * Calendar days on the repair-date, checkout and complete pages. Days are ISO 'YYYY-MM-DD' with no
 * time zone (the engine reckons them in the carrier's zone), so they are formatted as UTC dates.
 */
import type { Locale } from "~/content/schemas";

/** Spec §9: availability loads 10 days at a time, with 'load more'. */
export const DAYS_PER_PAGE = 10;
/** The engine books at most 90 days ahead: nine pages of ten days cover it. */
export const MAX_PAGES = 9;

const INTL_LOCALE: Record<Locale, string> = { en: "en-GB", de: "de-DE" };

function utcDate(date: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

export function addDays(date: string, days: number): string {
  const d = utcDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 'Monday 2 June 2025' / 'Montag, 2. Juni 2025'. */
export function formatLongDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(utcDate(date));
}

/** The parts of a day tile: 'Mon', '2', 'Jun'. */
export function dayTile(date: string, locale: Locale): { weekday: string; day: string; month: string } {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: "UTC", ...options }).format(utcDate(date));
  return { weekday: part({ weekday: "short" }), day: part({ day: "numeric" }), month: part({ month: "short" }) };
}

/** How many pages of days the visitor asked for (`?pages=`), kept within 1…MAX_PAGES. */
export function pagesFromQuery(value: string | null): number {
  const pages = Number(value);
  if (!Number.isInteger(pages) || pages < 1) return 1;
  return Math.min(pages, MAX_PAGES);
}

/** Start dates of the pages after the first, which begins at the engine's today. */
export function pageStarts(firstDay: string, pages: number): string[] {
  return Array.from({ length: Math.max(pages - 1, 0) }, (_, index) => addDays(firstDay, DAYS_PER_PAGE * (index + 1)));
}

/** A one-hour timeslot from its start: '08:00' → '08:00–09:00'. */
export function timeslotLabel(start: string, end?: string): string {
  if (end) return `${start}–${end}`;
  const [h, m] = start.split(":").map(Number) as [number, number];
  const total = h * 60 + m + 60;
  return `${start}–${String(Math.floor(total / 60) % 24).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}
