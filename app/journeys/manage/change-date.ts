/**
 * Change date (spec §4 "Change date", §5, §9): a reason of more than three words (split on spaces)
 * before the dates appear; days load 10 at a time from today, with 'load more'.
 */
export const DAYS_PER_PAGE = 10;
/** The engine books up to 90 days ahead: nine pages of ten. */
export const MAX_DAY_PAGES = 9;
export const MIN_REASON_WORDS = 4;

export function reasonWords(reason: string): number {
  return reason.split(" ").filter((word) => word.trim() !== "").length;
}

/** Spec §5: more than 3 words. */
export function reasonIsEnough(reason: unknown): reason is string {
  return typeof reason === "string" && reasonWords(reason) >= MIN_REASON_WORDS;
}

export function dayPages(value: string | null): number {
  const pages = Number(value);
  if (!Number.isInteger(pages) || pages < 1) return 1;
  return Math.min(pages, MAX_DAY_PAGES);
}

export { addDays } from "~/lib/dates";
