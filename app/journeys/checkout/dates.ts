/**
 * The repair-date page's days, loaded a page at a time. Days are ISO 'YYYY-MM-DD'; they are
 * formatted by lib/dates.ts.
 */
import { addDays } from "~/lib/dates";

/** Spec §9: availability loads 10 days at a time, with 'load more'. */
export const DAYS_PER_PAGE = 10;
/** The engine books at most 90 days ahead: nine pages of ten days cover it. */
export const MAX_PAGES = 9;

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
