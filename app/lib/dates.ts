/**
 * The one place dates and times shown to the customer are formatted (repair dates, arrival windows,
 * the change deadline, tracking times). Two kinds of value:
 * - calendar days, ISO 'YYYY-MM-DD' with no zone: the engine already reckons them in the carrier's
 *   time zone, so they are formatted as they are (as UTC dates, whatever the server's zone);
 * - instants (ISO timestamps): shown as the wall clock of the carrier's time zone.
 *
 * `locale` is the page's language ('en', 'de': British English and German, as the site has always
 * shown them) or a full BCP 47 tag ('en-US') used as it is.
 */
import type { Locale } from "~/content/schemas";

const LANGUAGE_TAG: Record<Locale, string> = { en: "en-GB", de: "de-DE" };

export type DateLocale = Locale | (string & {});

function intlTag(locale: DateLocale): string {
  return locale in LANGUAGE_TAG ? LANGUAGE_TAG[locale as Locale] : locale;
}

/** Formatters made once per language and options: making one costs ~70 µs, using it ~1 µs (a repair-date page formats dozens of days). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(locale: DateLocale, options: Intl.DateTimeFormatOptions, value: Date): string {
  return plainSpaces(formatterOf(locale, options).format(value));
}

/**
 * ICU's thin and narrow no-break spaces as plain ones: Node's ICU writes '8:00\u2009–\u20099:00\u202fAM'
 * where Chromium's writes plain spaces, and a page whose server and browser disagree on one character
 * fails to hydrate (React error 418). Every formatted date and time reads the same on both sides.
 */
function plainSpaces(text: string): string {
  return text.replace(/[\u2009\u202f]/g, " ");
}

function formatterOf(locale: DateLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = intlTag(locale);
  const key = `${tag}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // Bounded: the languages and time zones of the carriers are few; anything else starts the map afresh.
    if (formatters.size >= 200) formatters.clear();
    formatters.set(key, (formatter = new Intl.DateTimeFormat(tag, options)));
  }
  return formatter;
}

function utcDate(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** The calendar day `days` after `day` (both ISO). */
export function addDays(day: string, days: number): string {
  const date = utcDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A calendar day in full: 'Wednesday 25 November 2026' / 'Mittwoch, 25. November 2026'. */
export function longDate(day: string, locale: DateLocale): string {
  return format(locale, { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }, utcDate(day));
}

/** The parts of a day tile: 'Wed', '25', 'Nov'. */
export function dayTile(day: string, locale: DateLocale): { weekday: string; day: string; month: string } {
  const part = (options: Intl.DateTimeFormatOptions) => format(locale, { timeZone: "UTC", ...options }, utcDate(day));
  return { weekday: part({ weekday: "short" }), day: part({ day: "numeric" }), month: part({ month: "short" }) };
}

/** The day an instant falls on in the carrier's zone, without the year: 'Wednesday 25 November'. */
export function dayOfInstant(instant: string | Date, timeZone: string, locale: DateLocale): string {
  return format(locale, { timeZone, weekday: "long", day: "numeric", month: "long" }, new Date(instant));
}

/**
 * Whether the locale reads a 12-hour clock (en-US, en-CA, en-AU: 'h12') or a 24-hour one (en-GB,
 * de-DE), as Intl knows it (ADR 246); resolved once per locale.
 */
function twelveHour(locale: DateLocale): boolean {
  const tag = intlTag(locale);
  let twelve = hourCycles.get(tag);
  if (twelve === undefined) {
    const cycle = new Intl.DateTimeFormat(tag, { hour: "numeric" }).resolvedOptions().hourCycle;
    twelve = cycle === "h12" || cycle === "h11";
    hourCycles.set(tag, twelve);
  }
  return twelve;
}
const hourCycles = new Map<string, boolean>();

/**
 * The options of a time of day in the locale's own hour cycle: 24-hour locales keep two-digit hours
 * ('08:30'; h23, as `hour12: false` gives en-US '24:30'), 12-hour ones read '8:30 AM' / '8:30 a.m.' / '8:30 am'.
 */
function clockOptions(locale: DateLocale, timeZone: string): Intl.DateTimeFormatOptions {
  return twelveHour(locale) ? { timeZone, hour: "numeric", minute: "2-digit" } : { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
}

/** An instant as a wall-clock time in the carrier's zone, in the locale's hour cycle: '10:15' (en-GB, de-DE), '10:15 AM' (en-US). */
export function clockTime(instant: string | Date, timeZone: string, locale: DateLocale): string {
  return format(locale, clockOptions(locale, timeZone), new Date(instant));
}

/** A time of day 'HH:MM' (no zone: a slot's or an opening time's wall clock) as the locale reads it: '08:00' / '8:00 AM'. */
export function timeOfDay(hhmm: string, locale: DateLocale): string {
  return format(locale, clockOptions(locale, "UTC"), wallClock(hhmm));
}

function wallClock(hhmm: string): Date {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return new Date(Date.UTC(1970, 0, 1, h, m));
}

function oneHourAfter(start: string): string {
  const [h, m] = start.split(":").map(Number) as [number, number];
  const total = h * 60 + m + 60;
  return `${String(Math.floor(total / 60) % 24).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/**
 * An arrival window as the locale reads a range: '08:00–09:00' (en-GB, de-DE, as always), '8:00 – 9:00 AM'
 * (en-US), '8:00–9:00 a.m.' (en-CA), '8:00 – 9:00 am' (en-AU); from its start alone ('08:00'), the
 * one-hour slot it begins. A window past midnight is its two times joined by a dash.
 */
export function timeslotText(slot: string | { start: string; end: string }, locale: DateLocale): string {
  const { start, end } = typeof slot === "string" ? { start: slot, end: oneHourAfter(slot) } : slot;
  if (!twelveHour(locale)) return `${timeOfDay(start, locale)}–${timeOfDay(end, locale)}`;
  if (end <= start) return `${timeOfDay(start, locale)} – ${timeOfDay(end, locale)}`;
  return plainSpaces(formatterOf(locale, clockOptions(locale, "UTC")).formatRange(wallClock(start), wallClock(end)));
}

/** Whole minutes from `now` until `instant`, never below zero. */
export function minutesUntil(instant: string | Date, now: string | Date): number {
  return Math.max(0, Math.round((new Date(instant).getTime() - new Date(now).getTime()) / 60_000));
}

/* ───────────── store opening hours (ADR 088) ───────────── */

/** Days (1 Monday … 7 Sunday) a store opens with the same hours, as the engine lists them. */
export interface OpeningHoursEntry {
  days: number[];
  opens: string;
  closes: string;
}

/** An ISO weekday's short name in the page's language: 1 → 'Mon' / 'Mo'. (1 January 2024 was a Monday.) */
export function weekdayShort(weekday: number, locale: DateLocale): string {
  return format(locale, { timeZone: "UTC", weekday: "short" }, new Date(Date.UTC(2024, 0, weekday)));
}

/** Weekdays as people write them: three or more in a row as a range ('Mon–Fri'), the rest listed ('Mon–Wed and Fri', 'Sat and Sun'). */
export function weekdaysText(days: readonly number[], locale: DateLocale): string {
  const runs: number[][] = [];
  for (const day of [...new Set(days)].sort((a, b) => a - b)) {
    const run = runs.at(-1);
    if (run && day === run.at(-1)! + 1) run.push(day);
    else runs.push([day]);
  }
  const parts = runs.flatMap((run) => (run.length >= 3 ? [`${weekdayShort(run[0]!, locale)}–${weekdayShort(run.at(-1)!, locale)}`] : run.map((day) => weekdayShort(day, locale))));
  return new Intl.ListFormat(intlTag(locale), { style: "long", type: "conjunction" }).format(parts);
}

/** A store's hours, one line per entry in the order entered: 'Mon–Sat 09:00–18:00' (en-US 'Mon–Sat 9:00 AM – 6:00 PM'). Days not listed are closed and not shown. */
export function openingHoursLines(hours: readonly OpeningHoursEntry[], locale: DateLocale): string[] {
  return hours.filter((entry) => entry.days.length > 0).map((entry) => `${weekdaysText(entry.days, locale)} ${timeslotText({ start: entry.opens, end: entry.closes }, locale)}`);
}
