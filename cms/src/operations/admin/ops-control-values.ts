/**
 * The values behind the operations controls (ADR 197, 198), pure so a unit test covers them: what a
 * tick, a picked date or a typed tag does to the stored JSON, and which of the server's save rules
 * (operations/ops-rules.ts, the same functions the document middleware runs) the value breaks. The admin
 * shows those messages word for word, so the form says before the save what the save would say.
 */
import { type Problem, DEVICE_KINDS, PREFIX_EXAMPLES, openingHoursProblems, rosterProblems, serviceAreaProblems, symptomsProblems, triageOptionsProblems } from '../ops-rules';
import { PERMISSION_TAGS, staffMemberProblems } from '../../staff-accounts/staff-rules';
import { SITE_LOCALES, domainFormatProblems, referrerMakesProblems, supportedLocaleProblems } from '../../safe-edits/safe-edits';

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

/** One day of a store's week table (ADR 200): open or closed, and its times as HH:MM. */
export type DayHours = { day: number; open: boolean; opens: string; closes: string };

/** A stored opening-hours entry, the engine's shape (packages/rules/opening-hours.js). */
export type HoursEntry = { days: number[]; opens: string; closes: string };

/** The times a day gets when it is opened with no open day to copy. */
export const DEFAULT_HOURS = { opens: '09:00', closes: '17:00' } as const;

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/**
 * The week table of a stored value: Monday to Sunday, a day open when an entry lists it (the first
 * such entry, as the rule allows a day in one entry only), closed otherwise. Entries the table
 * cannot show are left to the save's message; the value changes only when a person edits a day.
 */
export function hoursTableOf(value: unknown): DayHours[] {
  const entries = list(value).filter((e): e is Record<string, unknown> => !!e && typeof e === 'object' && !Array.isArray(e));
  return WEEKDAYS.map((day) => {
    const entry = entries.find((e) => Array.isArray(e.days) && e.days.includes(day));
    return entry ? { day, open: true, opens: text(entry.opens, ''), closes: text(entry.closes, '') } : { day, open: false, opens: '', closes: '' };
  });
}

/**
 * The stored entries of a week table: the open days grouped by equal times, each group's days
 * Monday first, the groups in the order of their first day (how the site lists them:
 * "Mon–Sat 09:00–18:00", "Sun 11:00–17:00"). No open day: an empty list (the store shows no hours).
 */
export function hoursOfTable(rows: DayHours[]): HoursEntry[] {
  const entries: HoursEntry[] = [];
  for (const row of [...rows].filter((r) => r.open).sort((a, b) => a.day - b.day)) {
    const same = entries.find((e) => e.opens === row.opens && e.closes === row.closes);
    if (same) same.days.push(row.day);
    else entries.push({ days: [row.day], opens: row.opens, closes: row.closes });
  }
  return entries;
}

/**
 * The stored value after a person changed one day: opened (with the times of the nearest open day
 * before it, else after it, else 09:00–17:00), closed, or given a new opening or closing time.
 */
export function withDayHours(value: unknown, day: number, change: { open?: boolean; opens?: string; closes?: string }): HoursEntry[] {
  const rows = hoursTableOf(value);
  const row = rows.find((r) => r.day === day);
  if (!row) return hoursOfTable(rows);
  if (change.open === true && !row.open) {
    const open = rows.filter((r) => r.open && r.opens && r.closes);
    const copy = [...open].reverse().find((r) => r.day < day) ?? open.find((r) => r.day > day) ?? DEFAULT_HOURS;
    Object.assign(row, { open: true, opens: copy.opens, closes: copy.closes });
  }
  if (change.open === false) row.open = false;
  if (change.opens !== undefined) row.opens = change.opens;
  if (change.closes !== undefined) row.closes = change.closes;
  return hoursOfTable(rows);
}

/**
 * The save's messages for opening hours: those about the whole value, and each entry's under the
 * first day it lists, with every day of that entry flagged.
 */
export type HoursProblems = { field: string[]; days: Map<number, string[]>; flagged: Set<number> };

export function openingHoursFieldProblems(value: unknown): HoursProblems {
  const result: HoursProblems = { field: [], days: new Map(), flagged: new Set() };
  for (const problem of openingHoursProblems(value ?? null)) {
    const entry = problem.path.length > 1 ? (list(value)[Number(problem.path[1])] as { days?: unknown } | undefined) : undefined;
    const listed = WEEKDAYS.filter((d) => Array.isArray(entry?.days) && entry.days.includes(d));
    if (listed.length === 0) {
      result.field.push(problem.message);
      continue;
    }
    result.days.set(listed[0], [...(result.days.get(listed[0]) ?? []), problem.message]);
    for (const day of listed) result.flagged.add(day);
  }
  return result;
}

/** A list value's items as texts (anything else shown as its JSON, so it stays visible). */
export const textsOf = (value: unknown): string[] => list(value).map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));

/** One box of a multi-select: the stored text, and whether it is among the choices that exist. */
export type Choice = { value: string; on: boolean; known: boolean };

/**
 * The permission tags as boxes (ADR 201): every tag the app knows (packages/rules/staff.js), in
 * its order, ticked when listed; a stored tag the app does not know stays, ticked and marked, so
 * opening an account changes nothing.
 */
export function permissionChoices(value: unknown): Choice[] {
  const stored = textsOf(value);
  const known: readonly string[] = PERMISSION_TAGS;
  return [
    ...known.map((tag) => ({ value: tag, on: stored.includes(tag), known: true })),
    ...[...new Set(stored.filter((tag) => !known.includes(tag)))].map((tag) => ({ value: tag, on: true, known: false })),
  ];
}

/** The stored tags after ticking or unticking one: the known ones in the app's order, then the unknown still listed. */
export function withPermission(value: unknown, tag: string, on: boolean): string[] {
  return permissionChoices(value)
    .filter((choice) => (choice.value === tag ? on : choice.on))
    .map((choice) => choice.value);
}

/** The stored list after ticking (added at the end, once) or unticking one item. */
export function withListed(value: unknown, item: string, on: boolean): string[] {
  const stored = textsOf(value).filter((x) => x !== item);
  return on ? [...stored, item] : stored;
}

/**
 * The boxes of a multi-select over the carrier's entries (a staff member's stores): each entry by
 * name with its code, ticked when stored; a stored code the carrier does not have stays, ticked and
 * marked missing.
 */
export function codeChoices(rows: unknown, value: unknown): (CodeOption & { on: boolean })[] {
  const stored = textsOf(value);
  const options = codeOptions(rows, undefined);
  const seen = new Set(options.map((o) => o.code));
  return [
    ...stored.filter((code) => !seen.has(code)).map((code) => ({ code, label: code, missing: true, on: true })),
    ...options.map((o) => ({ ...o, on: stored.includes(o.code) })),
  ];
}

/** Entries whose code is in another field (a technician's `technicianId`) as the `{ code, name }` rows the pickers list. */
export const rowsByCode = (rows: unknown, field: string): { code: unknown; name: unknown }[] =>
  list(rows).map((row) => ({ code: (row as Record<string, unknown> | null)?.[field], name: (row as Record<string, unknown> | null)?.name }));

/**
 * What the staff account's save would say about one field, judged with the stores the admin
 * listed for the carrier (the areas and technicians are the save's to check).
 */
export function staffFieldProblems(field: 'rolePermissions' | 'companyPermissions' | 'storeCodes', entry: Record<string, unknown>, storeCodes: readonly string[] | null): string[] {
  if (field === 'storeCodes' && storeCodes === null) return [];
  const facts = { carrierCode: String(entry.carrierCode ?? ''), storeCodes: storeCodes ?? [], areaCodes: [], technicianCodes: [], allowsInStoreBookings: true };
  return staffMemberProblems(entry, facts, { required: false })
    .filter((p) => p.path[0] === field)
    .map((p) => p.message);
}

/** What the staff account's save would say about its service area, judged with the carrier's areas the admin listed (ADR 218). */
export function staffAreaProblem(entry: Record<string, unknown>, areaCodes: readonly string[]): string | undefined {
  const facts = { carrierCode: String(entry.carrierCode ?? ''), storeCodes: [], areaCodes, technicianCodes: [], allowsInStoreBookings: true };
  return staffMemberProblems(entry, facts, { required: false }).find((p) => p.path[0] === 'serviceArea')?.message;
}

/** One catalogue entry a picker offers (ADR 202): the stored code or slug, its name, and its make for a model. */
export type CatalogueChoice = { code: string; name: string; group?: string; id?: number };

/** How a picked entry reads: "Pixel 8 (Google)" for a model, the name otherwise; a code the catalogue lacks reads as itself. */
export const choiceLabel = (choice: CatalogueChoice | undefined, code: string): string => (choice ? (choice.group ? `${choice.name} (${choice.group})` : choice.name) : code);

/**
 * The choices still to pick: the catalogue's entries not yet in the list whose name, make or code
 * contains the typed text (any case), at most `limit`, so a long catalogue stays a short list.
 */
export function pickable(choices: readonly CatalogueChoice[], value: unknown, typed: string, limit = 50): CatalogueChoice[] {
  const stored = new Set(textsOf(value));
  const wanted = typed.trim().toLowerCase();
  return choices
    .filter((c) => !stored.has(c.code))
    .filter((c) => !wanted || [c.name, c.group ?? '', c.code].some((t) => t.toLowerCase().includes(wanted)))
    .slice(0, limit);
}

/** A stored list of ids: its whole numbers, each once (anything else is the save's to refuse). */
const idsOf = (value: unknown): number[] => [...new Set(list(value).filter((v): v is number => Number.isInteger(v)))];

/**
 * The makes of a catalogue model as boxes: every make of the catalogue by name, ticked when its id
 * is stored; a stored id the catalogue lacks stays, ticked and marked missing.
 */
export function idChoices(makes: readonly CatalogueChoice[], value: unknown): { id: number; label: string; on: boolean; missing?: boolean }[] {
  const stored = idsOf(value);
  const listed = makes.filter((m): m is CatalogueChoice & { id: number } => typeof m.id === 'number');
  const ids = new Set(listed.map((m) => m.id));
  return [
    ...stored.filter((id) => !ids.has(id)).map((id) => ({ id, label: String(id), on: true, missing: true })),
    ...listed.map((m) => ({ id: m.id, label: m.name, on: stored.includes(m.id) })),
  ];
}

/** The stored ids after ticking (added at the end, once) or unticking one. */
export function withId(value: unknown, id: number, on: boolean): number[] {
  const stored = idsOf(value).filter((x) => x !== id);
  return on ? [...stored, id] : stored;
}

/** A catalogue extra's device types after ticking or unticking one, in the catalogue's order (phone, tablet, appliance). */
export function withDeviceKind(value: unknown, kind: string, on: boolean): string[] {
  const stored = textsOf(value);
  return DEVICE_KINDS.filter((k) => (k === kind ? on : stored.includes(k)));
}

/**
 * A list of localized rows (ADR 217): a problem's symptoms `[{ en, de }]` or a triage question's
 * answers `[{ code, label: { en, de } }]`, the engine's shapes. The control shows each row's texts;
 * an edit changes only the one text of the one row, so whatever else a stored row holds stays.
 */
export type LocalizedRowKind = 'symptoms' | 'options';

/** One row as the control shows it: its code (answers only) and its English and German texts. */
export type LocalizedRow = { code: string; en: string; de: string };

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The rows of a stored value: each item's code and texts (missing ones empty, for the save's message to flag). */
export function localizedRowsOf(kind: LocalizedRowKind, value: unknown): LocalizedRow[] {
  return list(value).map((item) => {
    const texts = kind === 'options' ? record(record(item).label) : record(item);
    return { code: kind === 'options' ? str(record(item).code) : '', en: str(texts.en), de: str(texts.de) };
  });
}

/** The stored list with one text of row `index` set (`code`, `en` or `de`), the rest of every row as it was. */
export function withLocalizedText(kind: LocalizedRowKind, value: unknown, index: number, key: 'code' | 'en' | 'de', text: string): unknown[] {
  return list(value).map((item, i) => {
    if (i !== index) return item;
    const row = record(item);
    if (kind === 'symptoms') return { ...row, [key]: text };
    return key === 'code' ? { ...row, code: text } : { ...row, label: { ...record(row.label), [key]: text } };
  });
}

/** The stored list with an empty row at the end, for the person to fill. */
export function withLocalizedRow(kind: LocalizedRowKind, value: unknown): unknown[] {
  return [...list(value), kind === 'options' ? { code: '', label: { en: '', de: '' } } : { en: '', de: '' }];
}

/** The stored list without row `index`. */
export function withoutLocalizedRow(value: unknown, index: number): unknown[] {
  return list(value).filter((_, i) => i !== index);
}

/** The stored list with row `index` moved one place up (-1) or down (+1); at either end it stays. */
export function withLocalizedRowMoved(value: unknown, index: number, by: -1 | 1): unknown[] {
  const items = [...list(value)];
  const to = index + by;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return items;
  [items[index], items[to]] = [items[to], items[index]];
  return items;
}

/** What the save would say about the list: the whole field's messages and each row's under it (the same rules the document middleware runs). */
export function localizedRowProblems(kind: LocalizedRowKind, value: unknown): FieldProblems {
  return kind === 'options' ? split(triageOptionsProblems({ options: value }), 'options') : split(symptomsProblems({ symptoms: value }), 'symptoms');
}
