/**
 * The values behind the operations controls (ADR 197, 198), pure so a unit test covers them: what a
 * tick, a picked date or a typed tag does to the stored JSON, and which of the server's save rules
 * (lib/ops-rules.ts, the same functions the document middleware runs) the value breaks. The admin
 * shows those messages word for word, so the form says before the save what the save would say.
 */
import { type Problem, PREFIX_EXAMPLES, rosterProblems, serviceAreaProblems } from '../lib/ops-rules';
import { SITE_LOCALES, domainFormatProblems, referrerMakesProblems, supportedLocaleProblems } from '../lib/safe-edits';

/** 1 Monday … 7 Sunday, the engine's numbering (ISO 8601). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The days ticked: whole numbers 1–7 of the stored value, each once, Monday first. */
export function weekdaysOf(value: unknown): number[] {
  return WEEKDAYS.filter((day) => list(value).includes(day));
}

/** The stored list after ticking (`on`) or unticking one day, always Monday first. */
export function withWeekday(value: unknown, day: number, on: boolean): number[] {
  return WEEKDAYS.filter((d) => (d === day ? on : weekdaysOf(value).includes(d)));
}

/** A picked calendar day as the stored YYYY-MM-DD (the day the person clicked, in their own time zone). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A stored YYYY-MM-DD as that day at local midnight (for showing it), or null when it is not a date. */
export function dayOf(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return isoDay(date) === iso ? date : null;
}

/** The stored dates as texts; anything else stays visible (and flagged) rather than lost. */
export function datesOf(value: unknown): string[] {
  return list(value).map((d) => (typeof d === 'string' ? d : JSON.stringify(d)));
}

/** The list with one more date, each date once, earliest first (entries that are not dates keep their place at the end). */
export function withDate(value: unknown, iso: string): string[] {
  const all = [...new Set([...datesOf(value), iso])];
  const dates = all.filter((d) => dayOf(d)).sort();
  return [...dates, ...all.filter((d) => !dayOf(d))];
}

export function withoutDate(value: unknown, iso: string): string[] {
  return datesOf(value).filter((d) => d !== iso);
}

/** Prefixes as typed: several at once split on spaces, commas or semicolons; upper case, as the rule wants them. */
export function typedPrefixes(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((p) => p.trim().toUpperCase())
    .filter(Boolean);
}

export function prefixesOf(value: unknown): string[] {
  return list(value).map((p) => (typeof p === 'string' ? p : JSON.stringify(p)));
}

/** The list with the typed prefixes added at the end, none twice. */
export function withPrefixes(value: unknown, text: string): string[] {
  return [...new Set([...prefixesOf(value), ...typedPrefixes(text)])];
}

export function withoutPrefix(value: unknown, prefix: string): string[] {
  return prefixesOf(value).filter((p) => p !== prefix);
}

/** The country's prefix format in the words of the save message, or null for no (or an unknown) country. */
export function prefixFormat(country: unknown): string | null {
  return typeof country === 'string' && Object.hasOwn(PREFIX_EXAMPLES, country) ? PREFIX_EXAMPLES[country] : null;
}

/** The server's messages for one field, split into the whole field's and each item's (by index). */
export type FieldProblems = { field: string[]; items: Map<number, string> };

function split(problems: Problem[], field: string): FieldProblems {
  const mine = problems.filter((p) => p.path[0] === field);
  const items = new Map<number, string>();
  for (const p of mine) if (p.path.length > 1) items.set(Number(p.path[1]), p.message);
  return { field: mine.filter((p) => p.path.length === 1).map((p) => p.message), items };
}

/** What the roster's save would say about this field's value (workingWeekdays or closedDates). */
export function rosterFieldProblems(field: 'workingWeekdays' | 'closedDates', value: unknown): FieldProblems {
  return split(rosterProblems({ [field]: value }), field);
}

/**
 * What the service area's save would say about its prefixes in `country`. Without a country the
 * prefixes cannot be judged yet; the control asks for the country instead.
 */
export function prefixProblems(value: unknown, country: unknown): FieldProblems {
  if (!prefixFormat(country)) return { field: [], items: new Map() };
  return split(serviceAreaProblems({ country, postcodePrefixes: value }), 'postcodePrefixes');
}

/** Host names as typed: several at once split on spaces, commas or semicolons; lower case, as the save wants them. */
export function typedDomains(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
}

/** The list with the typed host names added at the end, none twice (a wrong one stays, flagged in the save's words). */
export function withDomains(value: unknown, text: string): string[] {
  return [...new Set([...prefixesOf(value), ...typedDomains(text)])];
}

export const withoutDomain = withoutPrefix;

/** What the carrier's save would say about its domains: each message under its tag (the cross-carrier "already used" check runs on save only). */
export function domainProblemsOf(value: unknown): FieldProblems {
  return split(domainFormatProblems(value), 'domains');
}

/** The languages to choose from: the site's, and a stored one it does not have (flagged by the save's message, never dropped). */
export function localeChoices(value: unknown): string[] {
  const stored = list(value).map((l) => (typeof l === 'string' ? l : JSON.stringify(l)));
  return [...SITE_LOCALES, ...stored.filter((l) => !(SITE_LOCALES as readonly string[]).includes(l))];
}

/** The languages chosen, as stored: the site's order (English first), each once. */
export function withLocales(value: unknown, chosen: readonly string[]): string[] {
  return localeChoices(value).filter((l) => chosen.includes(l));
}

/** What the carrier's save would say about its languages. */
export function localeProblemsOf(value: unknown): FieldProblems {
  return split(supportedLocaleProblems(value), 'supportedLocales');
}

/** A carrier's referrer brands (ADR 135, 203): the stored `{ "<referrer code>": <brand catalogue id> }` as rows, in stored order. */
export function referrerRowsOf(value: unknown): { code: string; make: string }[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).map(([code, make]) => ({ code, make: typeof make === 'string' ? make : JSON.stringify(make) }));
}

/** The object with one referrer set: the typed brand id as a number when it is digits (else as typed, for the save's message to flag). */
export function withReferrer(value: unknown, code: string, make: string): Record<string, unknown> {
  const current = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const id = make.trim();
  return { ...current, [code.trim()]: /^\d+$/.test(id) ? Number(id) : id };
}

/** The object without that referrer; none left is no value, as before any was set. */
export function withoutReferrer(value: unknown, code: string): Record<string, unknown> | null {
  const rest = Object.fromEntries(Object.entries(referrerRowsOf(value).length ? (value as Record<string, unknown>) : {}).filter(([c]) => c !== code));
  return Object.keys(rest).length ? rest : null;
}

/** What the carrier's save would say about its referrer brands: each message under its row (by the row's index). */
export function referrerProblemsOf(value: unknown): FieldProblems {
  const problems = value == null ? [] : referrerMakesProblems(value);
  const codes = referrerRowsOf(value).map((row) => row.code);
  const items = new Map<number, string>();
  for (const p of problems) if (p.path.length > 1 && !items.has(codes.indexOf(p.path[1]!))) items.set(codes.indexOf(p.path[1]!), p.message);
  return { field: problems.filter((p) => p.path.length === 1).map((p) => p.message), items };
}

/** One choice of a code picker: the stored code and what a person reads. */
export type CodeOption = { code: string; label: string; missing?: boolean };

/**
 * The choices of a picker of another entry's code (ADR 199): the entries the admin listed (already
 * fenced to the user's carriers), by name, each once; a stored code that is not among them stays a
 * choice, marked missing, so opening an entry never changes its value.
 */
export function codeOptions(rows: unknown, current: unknown): CodeOption[] {
  const seen = new Set<string>();
  const options: CodeOption[] = [];
  for (const row of list(rows)) {
    const { code, name } = (row ?? {}) as { code?: unknown; name?: unknown };
    if (typeof code !== 'string' || !code || seen.has(code)) continue;
    seen.add(code);
    options.push({ code, label: typeof name === 'string' && name && name !== code ? `${name} (${code})` : code });
  }
  options.sort((a, b) => a.label.localeCompare(b.label));
  if (typeof current === 'string' && current && !seen.has(current)) options.unshift({ code: current, label: current, missing: true });
  return options;
}
