/** A store's opening hours (ADR 088); see opening-hours.js. */
export interface OpeningHoursEntry {
  /** Weekdays, 1 Monday … 7 Sunday. */
  days: number[];
  /** HH:MM, 24-hour clock. */
  opens: string;
  closes: string;
}
/** A problem: the field's path (from 'openingHours') and what is wrong with it. */
export type OpeningHoursProblem = { path: string[]; message: string };
/** What is wrong with opening hours; [] when they are fine, null or missing. */
export declare function openingHoursProblems(value: unknown): OpeningHoursProblem[];
