/**
 * Save-time rules of the operations and catalogue types (docs/decisions/077-ops-validation-on-save.md).
 * Pure functions over an entry's fields (camelCase, as Strapi stores them); each problem names the
 * field and says what is wrong, in words an operations person understands. The engine validates
 * the same data again on import (booking/catalogue/seed-schema.ts); the postcode, service-area
 * prefix and opening-hours rules both use are in packages/rules (ADR 161).
 */
import { openingHoursProblems } from '@repair/rules/opening-hours';
import { validPostcode, validPrefix } from '@repair/rules/postcodes';
import { CURRENCY_CODES } from '../lib/content-model';

export { openingHoursProblems, validPostcode, validPrefix };

export type Problem = { path: string[]; message: string };
type Data = Record<string, unknown>;

const shown = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** What a prefix looks like per country: the save message's example, and the admin's hint (ADR 198). */
export const PREFIX_EXAMPLES: Record<string, string> = {
  GB: "a postcode area or district such as 'SW' or 'SW1A'",
  DE: "the first 1 to 5 digits of a PLZ such as '101'",
  AU: "the first 1 to 4 digits of a postcode such as '20'",
  US: "the first 1 to 5 digits of a ZIP code such as '100'",
  CA: "a forward sortation area or its start such as 'M5V' or 'M5'",
};

const isoDate = (value: unknown): boolean => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Money: a whole, non-negative number of minor units (pence, cents). */
export function minorUnitsProblem(path: string[], label: string, value: unknown, { positive = false } = {}): Problem | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { path, message: `${label} must be a whole number of minor units (pence/cents), e.g. 4999 for 49.99 (got ${shown(value)}).` };
  }
  if (!Number.isInteger(value)) {
    return { path, message: `${label} must be a whole number of minor units (pence/cents): 4999 means 49.99, so ${value} is not allowed.` };
  }
  if (value < 0) return { path, message: `${label} cannot be negative (got ${value}).` };
  if (positive && value === 0) {
    return { path, message: `${label} is 0: a paid repair cannot cost nothing. Enter the price in minor units, e.g. 4999 for 49.99.` };
  }
  return null;
}

function stringList(data: Data, field: string, label: string, problems: Problem[]): string[] | null {
  const value = data[field];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    problems.push({ path: [field], message: `${label} must be a list of texts, e.g. ["SW1A", "E1"] (got ${shown(value)}).` });
    return null;
  }
  return value as string[];
}

/** Service area: postcode prefixes valid for the area's country, which is the carrier's. */
export function serviceAreaProblems(data: Data, carrierCountry?: string | null): Problem[] {
  const problems: Problem[] = [];
  const country = String(data.country ?? carrierCountry ?? '');
  if (carrierCountry && data.country && data.country !== carrierCountry) {
    problems.push({ path: ['country'], message: `Country is ${String(data.country)} but the carrier is in ${carrierCountry}; a service area is in the carrier's country.` });
  }
  if ('postcodePrefixes' in data) {
    const prefixes = stringList(data, 'postcodePrefixes', 'Postcode prefixes', problems);
    if (prefixes && prefixes.length === 0) {
      problems.push({ path: ['postcodePrefixes'], message: 'Postcode prefixes: a service area needs at least one prefix.' });
    }
    prefixes?.forEach((prefix, index) => {
      if (!validPrefix(country, prefix)) {
        problems.push({
          path: ['postcodePrefixes', String(index)],
          message: `Postcode prefixes: '${prefix}' is not a ${country} postcode prefix; use ${PREFIX_EXAMPLES[country] ?? 'a postcode start'} (upper case, no spaces).`,
        });
      }
    });
    if (prefixes) {
      const twice = prefixes.filter((p, i) => prefixes.indexOf(p) !== i);
      if (twice.length) problems.push({ path: ['postcodePrefixes'], message: `Postcode prefixes: ${[...new Set(twice)].join(', ')} listed twice.` });
    }
  }
  return problems;
}

/**
 * Roster: at least one working weekday (1 Monday … 7 Sunday), closed dates as YYYY-MM-DD, a lead
 * time of whole minutes from 0 to 720 (ADR 110).
 */
export function rosterProblems(data: Data): Problem[] {
  const problems: Problem[] = [];
  if ('sameDayLeadMinutes' in data && data.sameDayLeadMinutes != null) {
    const lead = data.sameDayLeadMinutes;
    if (typeof lead !== 'number' || !Number.isInteger(lead) || lead < 0 || lead > 720) {
      problems.push({
        path: ['sameDayLeadMinutes'],
        message: `Lead time before an appointment: enter whole minutes from 0 to 720, e.g. 60 for an hour between booking and the earliest window (got ${shown(lead)}).`,
      });
    }
  }
  if ('workingWeekdays' in data) {
    const days = data.workingWeekdays;
    if (!Array.isArray(days) || days.length === 0) {
      problems.push({
        path: ['workingWeekdays'],
        message: 'Working weekdays: the roster has no working day; tick at least one (in the API: a list of 1 Monday … 7 Sunday, e.g. [1, 2, 3, 4, 5]).',
      });
    } else if (days.some((d) => !Number.isInteger(d) || (d as number) < 1 || (d as number) > 7)) {
      problems.push({ path: ['workingWeekdays'], message: `Working weekdays must be numbers from 1 (Monday) to 7 (Sunday), e.g. [1, 2, 3, 4, 5] (got ${shown(days)}).` });
    } else if (new Set(days).size !== days.length) {
      problems.push({ path: ['workingWeekdays'], message: `Working weekdays lists a day twice (got ${shown(days)}).` });
    }
  }
  if ('closedDates' in data && data.closedDates != null) {
    const dates = data.closedDates;
    if (!Array.isArray(dates)) {
      problems.push({ path: ['closedDates'], message: `Closed dates must be a list of dates, e.g. ["2026-12-25"] (got ${shown(dates)}).` });
    } else {
      dates.forEach((date, index) => {
        if (!isoDate(date)) {
          problems.push({ path: ['closedDates', String(index)], message: `Closed dates: ${shown(date)} is not a date in the form YYYY-MM-DD, e.g. "2026-12-25".` });
        }
      });
    }
  }
  return problems;
}

export function storeProblems(data: Data, carrierCountry?: string | null): Problem[] {
  const problems = 'openingHours' in data ? openingHoursProblems(data.openingHours) : [];
  if (!carrierCountry || typeof data.postcode !== 'string' || validPostcode(carrierCountry, data.postcode)) return problems;
  return [{ path: ['postcode'], message: `Postcode '${data.postcode}' is not a ${carrierCountry} postcode.` }, ...problems];
}

/** Discount code: value by kind, validity window, usage limit consistent with single use. */
export function discountCodeProblems(data: Data): Problem[] {
  const problems: Problem[] = [];
  const { kind, value } = data;
  if (value !== undefined && value !== null) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      problems.push({
        path: ['value'],
        message: `Value must be a whole number above 0: percent for a percent code, minor units (pence/cents, 500 = 5.00) for a fixed one (got ${shown(value)}).`,
      });
    } else if (kind === 'percent' && value > 100) {
      problems.push({ path: ['value'], message: `Value: a percent discount is at most 100 (got ${value}).` });
    }
  }
  const starts = data.startsAt ? new Date(String(data.startsAt)) : null;
  const expires = data.expiresAt ? new Date(String(data.expiresAt)) : null;
  if (starts && expires && starts.getTime() >= expires.getTime()) {
    problems.push({ path: ['expiresAt'], message: 'Expires at must be after Starts at.' });
  }
  if (data.singleUse === true && data.usageLimit != null && data.usageLimit !== 1) {
    problems.push({ path: ['usageLimit'], message: `Usage limit: a single-use code is used once; leave the limit empty or set it to 1 (got ${shown(data.usageLimit)}).` });
  }
  return problems;
}

export function priceOverrideProblems(data: Data): Problem[] {
  const problems = [minorUnitsProblem(['price'], 'Price', data.price, { positive: true }), minorUnitsProblem(['nonSalePrice'], 'Non-sale price', data.nonSalePrice)].filter(
    (p): p is Problem => p !== null,
  );
  if (problems.length === 0 && typeof data.nonSalePrice === 'number' && typeof data.price === 'number' && data.nonSalePrice <= data.price) {
    problems.push({ path: ['nonSalePrice'], message: 'Non-sale price is the price before the sale, so it must be higher than Price.' });
  }
  return problems;
}

/**
 * Amounts per currency (catalogue prices, extras): each currency once, money in whole minor units;
 * a repair price must be above 0, an extra may be free.
 */
export function amountsProblems(field: string, amounts: unknown, { paid }: { paid: boolean }): Problem[] {
  if (amounts == null) return [];
  if (!Array.isArray(amounts)) return [{ path: [field], message: `${field} must be a list of amounts, one per currency.` }];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  amounts.forEach((amount: Data, index) => {
    const at = (name: string) => [field, String(index), name];
    const label = `${field} ${String(amount?.currency ?? index + 1)}`;
    if (!CURRENCY_CODES.includes(amount?.currency as never)) {
      problems.push({ path: at('currency'), message: `${label}: currency must be one of ${CURRENCY_CODES.join(', ')}.` });
    } else if (seen.has(amount.currency as string)) {
      problems.push({ path: at('currency'), message: `${field}: ${String(amount.currency)} is listed twice.` });
    }
    seen.add(amount?.currency as string);
    const price = minorUnitsProblem(at('price'), `${label} price`, amount?.price, { positive: paid });
    const nonSale = minorUnitsProblem(at('nonSalePrice'), `${label} non-sale price`, amount?.nonSalePrice);
    if (price) problems.push(price);
    if (nonSale) problems.push(nonSale);
    if (!price && !nonSale && typeof amount?.nonSalePrice === 'number' && amount.nonSalePrice <= (amount.price as number)) {
      problems.push({ path: at('nonSalePrice'), message: `${label}: the non-sale price is the price before the sale, so it must be higher than the price.` });
    }
  });
  return problems;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The kinds of device an extra can be sold with, the catalogue model's `deviceType` values. */
export const DEVICE_KINDS = ['phone', 'tablet', 'appliance'] as const;

/** A catalogue extra's device types: at least one, each a kind of DEVICE_KINDS. */
export function deviceTypesProblems(data: Data): Problem[] {
  const kinds = data.deviceTypes;
  if (!('deviceTypes' in data) || (Array.isArray(kinds) && kinds.length > 0 && kinds.every((k) => (DEVICE_KINDS as readonly unknown[]).includes(k)))) return [];
  return [{ path: ['deviceTypes'], message: `Device types must list at least one of ${DEVICE_KINDS.map((k) => `"${k}"`).join(', ')}.` }];
}

/** A list of codes or slugs (offering exclusions, a model's problems, a question's models). */
export function slugListProblems(data: Data, field: string, label: string, { required = false } = {}): Problem[] {
  if (!(field in data) || (data[field] == null && !required)) return [];
  const problems: Problem[] = [];
  const list = stringList(data, field, label, problems);
  if (!list) return problems;
  if (required && list.length === 0) problems.push({ path: [field], message: `${label}: list at least one.` });
  const bad = list.filter((s) => !SLUG.test(s));
  if (bad.length) problems.push({ path: [field], message: `${label}: ${bad.map((b) => `'${b}'`).join(', ')} must be lower-case words joined by hyphens.` });
  return problems;
}

export function idListProblems(data: Data, field: string, label: string): Problem[] {
  if (!(field in data)) return [];
  const list = data[field];
  if (!Array.isArray(list) || list.length === 0 || list.some((v) => !Number.isInteger(v) || (v as number) < 1)) {
    return [{ path: [field], message: `${label} must be a list of at least one id (whole numbers above 0), e.g. [2] (got ${shown(list)}).` }];
  }
  return [];
}

/**
 * Localized texts kept as JSON ({ en, de }) inside a list: symptoms, triage options (the engine's
 * shape, booking/catalogue/seed-schema.ts). A value that is no list gets one message; otherwise each
 * item that breaks the rule gets its own, its path the item's index, so the admin's control shows it
 * under that row (ADR 217). Triage options also need a code each (a slug, once per question) and at
 * least two of them, as the engine's catalogue schema asks.
 */
export function localizedListProblems(data: Data, field: string, label: string, { withCode = false } = {}): Problem[] {
  if (!(field in data) || data[field] == null) return [];
  const list = data[field];
  const example = withCode ? '[{ "code": "yes", "label": { "en": "Yes", "de": "Ja" } }]' : '[{ "en": "Cracked glass", "de": "Gesprungenes Glas" }]';
  if (!Array.isArray(list)) return [{ path: [field], message: `${label} must be a list like ${example}, with English and German text.` }];
  const item = withCode ? 'answer' : 'symptom';
  const missing = (text: unknown) =>
    ['en', 'de'].filter((l) => !text || typeof text !== 'object' || typeof (text as Data)[l] !== 'string' || !((text as Data)[l] as string).trim());
  const problems: Problem[] = [];
  const seen = new Set<string>();
  list.forEach((entry: unknown, i) => {
    const row = (entry ?? {}) as Data;
    const say = (message: string) => problems.push({ path: [field, String(i)], message: `${label}: ${item} ${i + 1} ${message}` });
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      return say(`must be like ${withCode ? '{ "code": "yes", "label": { "en": "Yes", "de": "Ja" } }' : '{ "en": "Cracked glass", "de": "Gesprungenes Glas" }'}.`);
    if (withCode) {
      if (typeof row.code !== 'string' || !SLUG.test(row.code))
        return say(`needs a code of lower-case words joined by hyphens, e.g. yes or no-display (got ${shown(row.code ?? '')}).`);
      if (seen.has(row.code)) return say(`has the code ${row.code} of an earlier answer; give each answer its own code.`);
      seen.add(row.code);
    }
    const gaps = missing(withCode ? row.label : row);
    if (gaps.length) return say(`needs ${gaps.length === 2 ? 'English and German' : gaps[0] === 'en' ? 'English' : 'German'} text.`);
    return undefined;
  });
  if (withCode && list.length < 2) problems.push({ path: [field], message: `${label}: give at least two answers for the customer to choose from.` });
  return problems;
}

/** A catalogue problem's symptoms: a list of { en, de } texts. */
export const symptomsProblems = (data: Data): Problem[] => localizedListProblems(data, 'symptoms', 'Symptoms');

/** A triage question's answer options: at least two { code, label: { en, de } }, each code once. */
export const triageOptionsProblems = (data: Data): Problem[] => localizedListProblems(data, 'options', 'Options', { withCode: true });
