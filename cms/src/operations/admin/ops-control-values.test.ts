import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { deviceTypesProblems } from '../ops-rules';
import {
  DEFAULT_HOURS,
  localizedRowProblems,
  localizedRowsOf,
  staffAreaProblem,
  withLocalizedRow,
  withLocalizedRowMoved,
  withLocalizedText,
  withoutLocalizedRow,
  choiceLabel,
  pickable,
  codeChoices,
  codeOptions,
  permissionChoices,
  rowsByCode,
  staffFieldProblems,
  withListed,
  withPermission,
  dayOf,
  hoursOfTable,
  hoursTableOf,
  idChoices,
  isoDay,
  openingHoursFieldProblems,
  domainProblemsOf,
  localeChoices,
  localeProblemsOf,
  referrerProblemsOf,
  referrerRowsOf,
  typedDomains,
  prefixFormat,
  prefixProblems,
  rosterFieldProblems,
  typedPrefixes,
  weekdaysOf,
  withDate,
  withDayHours,
  withDeviceKind,
  withId,
  withDomains,
  withLocales,
  withReferrer,
  withoutReferrer,
  withoutDomain,
  withoutDate,
  withoutPrefix,
  withPrefixes,
  withWeekday,
} from './ops-control-values';

describe('weekday checkboxes', () => {
  it('ticking and unticking keep the engine list, Monday first, each day once', () => {
    expect(withWeekday([], 3, true)).toEqual([3]);
    expect(withWeekday([5, 1], 3, true)).toEqual([1, 3, 5]);
    expect(withWeekday([1, 2, 3, 4, 5, 6, 7], 7, false)).toEqual([1, 2, 3, 4, 5, 6]);
    // A second tick of a ticked day changes nothing.
    expect(withWeekday([1, 3], 3, true)).toEqual([1, 3]);
    expect(withWeekday(null, 1, false)).toEqual([]);
  });

  it('shows only real days of a stored value, each once', () => {
    expect(weekdaysOf([7, 1, 1, 9, '2', 0])).toEqual([1, 7]);
    expect(weekdaysOf('[1,2]')).toEqual([]);
  });

  it("says the server's words when no day is ticked", () => {
    expect(rosterFieldProblems('workingWeekdays', []).field).toEqual([
      'Working weekdays: the roster has no working day; tick at least one (in the API: a list of 1 Monday … 7 Sunday, e.g. [1, 2, 3, 4, 5]).',
    ]);
    expect(rosterFieldProblems('workingWeekdays', [1, 2]).field).toEqual([]);
  });
});

describe('closed dates with a date picker', () => {
  it('a picked day is stored as the day clicked, whatever the time of day', () => {
    expect(isoDay(new Date(2026, 11, 25))).toBe('2026-12-25');
    expect(isoDay(new Date(2026, 0, 1, 23, 59))).toBe('2026-01-01');
    expect(dayOf('2026-12-25')?.getDate()).toBe(25);
    expect(dayOf('2026-02-30')).toBeNull();
    expect(dayOf('25.12.2026')).toBeNull();
  });

  it('adds each date once, earliest first, and removes one', () => {
    expect(withDate(null, '2026-12-26')).toEqual(['2026-12-26']);
    expect(withDate(['2026-12-26'], '2026-12-25')).toEqual(['2026-12-25', '2026-12-26']);
    expect(withDate(['2026-12-25'], '2026-12-25')).toEqual(['2026-12-25']);
    expect(withoutDate(['2026-12-25', '2026-12-26'], '2026-12-25')).toEqual(['2026-12-26']);
  });

  it("keeps a stored entry that is not a date visible, with the server's message for it", () => {
    expect(withDate(['christmas'], '2026-12-25')).toEqual(['2026-12-25', 'christmas']);
    const problems = rosterFieldProblems('closedDates', ['2026-12-25', 'christmas']);
    expect(problems.items.get(1)).toBe('Closed dates: "christmas" is not a date in the form YYYY-MM-DD, e.g. "2026-12-25".');
    expect(problems.items.has(0)).toBe(false);
  });
});

describe('postcode prefixes as tags', () => {
  it('typed text becomes upper-case tags, several at once, none twice', () => {
    expect(typedPrefixes(' sw1a, e1;  n ')).toEqual(['SW1A', 'E1', 'N']);
    expect(withPrefixes(['SW1A'], 'e1 sw1a')).toEqual(['SW1A', 'E1']);
    expect(withPrefixes(null, '')).toEqual([]);
    expect(withoutPrefix(['SW1A', 'E1'], 'SW1A')).toEqual(['E1']);
  });

  it("shows the country's format", () => {
    expect(prefixFormat('GB')).toBe("a postcode area or district such as 'SW' or 'SW1A'");
    expect(prefixFormat('DE')).toMatch(/PLZ/);
    expect(prefixFormat('')).toBeNull();
    expect(prefixFormat('toString')).toBeNull();
  });

  it("marks the tag the save would refuse, in the server's words, per country", () => {
    const gb = prefixProblems(['SW1A', '101'], 'GB');
    expect(gb.items.get(1)).toBe("Postcode prefixes: '101' is not a GB postcode prefix; use a postcode area or district such as 'SW' or 'SW1A' (upper case, no spaces).");
    expect(gb.items.has(0)).toBe(false);
    expect(prefixProblems(['101'], 'DE').items.size).toBe(0);
    expect(prefixProblems([], 'GB').field).toEqual(['Postcode prefixes: a service area needs at least one prefix.']);
    // No country chosen yet: nothing to judge against.
    expect(prefixProblems(['101'], undefined).items.size).toBe(0);
  });
});

describe('a picker of the carrier area codes', () => {
  it('lists each area once by name, with its code', () => {
    const rows = [
      { code: 'london-west', name: 'London West' },
      { code: 'london-east', name: 'London East' },
      { code: 'london-east', name: 'London East' },
      { code: 'soho', name: 'soho' },
      { code: '', name: 'No code' },
      null,
    ];
    expect(codeOptions(rows, 'london-west')).toEqual([
      { code: 'london-east', label: 'London East (london-east)' },
      { code: 'london-west', label: 'London West (london-west)' },
      { code: 'soho', label: 'soho' },
    ]);
  });

  it('keeps a stored code that is not an area of the carrier, marked, so opening the entry changes nothing', () => {
    expect(codeOptions([{ code: 'soho', name: 'Soho' }], 'gone')).toEqual([
      { code: 'gone', label: 'gone', missing: true },
      { code: 'soho', label: 'Soho (soho)' },
    ]);
    expect(codeOptions(undefined, undefined)).toEqual([]);
  });
});

describe('opening hours as a week table', () => {
  const gadgethub = [
    { days: [1, 2, 3, 4, 5, 6], opens: '09:00', closes: '18:00' },
    { days: [7], opens: '11:00', closes: '17:00' },
  ];

  it('shows each day open with its times or closed, and stores the same entries back', () => {
    const table = hoursTableOf(gadgethub);
    expect(table.map((r) => [r.day, r.open, r.opens, r.closes])).toEqual([
      [1, true, '09:00', '18:00'],
      [2, true, '09:00', '18:00'],
      [3, true, '09:00', '18:00'],
      [4, true, '09:00', '18:00'],
      [5, true, '09:00', '18:00'],
      [6, true, '09:00', '18:00'],
      [7, true, '11:00', '17:00'],
    ]);
    expect(hoursOfTable(table)).toEqual(gadgethub);
    expect(hoursTableOf(null).every((r) => !r.open)).toBe(true);
    expect(hoursTableOf('09:00-18:00').every((r) => !r.open)).toBe(true);
  });

  it('groups open days with equal times, in the order of their first day, and an all-closed week stores nothing', () => {
    expect(withDayHours(gadgethub, 6, { open: false })).toEqual([
      { days: [1, 2, 3, 4, 5], opens: '09:00', closes: '18:00' },
      { days: [7], opens: '11:00', closes: '17:00' },
    ]);
    expect(withDayHours(gadgethub, 3, { closes: '13:00' })).toEqual([
      { days: [1, 2, 4, 5, 6], opens: '09:00', closes: '18:00' },
      { days: [3], opens: '09:00', closes: '13:00' },
      { days: [7], opens: '11:00', closes: '17:00' },
    ]);
    // Sunday given the weekday hours joins their entry.
    expect(withDayHours(gadgethub, 7, { opens: '09:00', closes: '18:00' })).toEqual([{ days: [1, 2, 3, 4, 5, 6, 7], opens: '09:00', closes: '18:00' }]);
    expect(withDayHours([{ days: [2], opens: '10:00', closes: '12:00' }], 2, { open: false })).toEqual([]);
  });

  it('a day opened takes the hours of the open day before it, else after it, else 09:00–17:00', () => {
    expect(
      withDayHours(
        [
          { days: [1], opens: '08:00', closes: '16:00' },
          { days: [5], opens: '10:00', closes: '14:00' },
        ],
        3,
        { open: true },
      ),
    ).toEqual([
      { days: [1, 3], opens: '08:00', closes: '16:00' },
      { days: [5], opens: '10:00', closes: '14:00' },
    ]);
    expect(withDayHours([{ days: [5], opens: '10:00', closes: '14:00' }], 1, { open: true })).toEqual([{ days: [1, 5], opens: '10:00', closes: '14:00' }]);
    expect(withDayHours(null, 4, { open: true })).toEqual([{ days: [4], ...DEFAULT_HOURS }]);
    // Opening an open day a second time keeps its own hours.
    expect(withDayHours(gadgethub, 7, { open: true })).toEqual(gadgethub);
  });

  it("puts the save's message under the first day of the entry it concerns and flags its days", () => {
    const wrong = withDayHours(withDayHours(null, 1, { open: true }), 2, { open: true, opens: '18:00', closes: '09:00' });
    const problems = openingHoursFieldProblems(wrong);
    expect(problems.days.get(2)).toEqual(['Opening hours, entry 2: closes (09:00) must be after opens (18:00).']);
    expect([...problems.flagged]).toEqual([2]);
    expect(problems.field).toEqual([]);
    // A day in two entries (typed through the API) is flagged on the entry that lists it again.
    const twice = openingHoursFieldProblems([
      { days: [1, 2], opens: '09:00', closes: '17:00' },
      { days: [2, 3], opens: '10:00', closes: '16:00' },
    ]);
    expect(twice.days.get(2)).toEqual(['Opening hours, entry 2: day 2 is already listed; each day belongs in one entry only.']);
    expect([...twice.flagged].sort()).toEqual([2, 3]);
    expect(openingHoursFieldProblems('all week').field[0]).toMatch(/^Opening hours must be a list like/);
    expect(openingHoursFieldProblems(gadgethub)).toEqual({ field: [], days: new Map(), flagged: new Set() });
  });
});

describe("a staff account's permissions, stores and technician", () => {
  it('shows a box per permission the app knows, ticked when stored, and keeps the app order', () => {
    expect(permissionChoices(['store.handover']).map((c) => [c.value, c.on])).toEqual([
      ['store.booking', false],
      ['store.handover', true],
      ['technician.jobs', false],
      ['area.staff', false],
      ['area.jobs', false],
    ]);
    expect(withPermission(['store.handover'], 'store.booking', true)).toEqual(['store.booking', 'store.handover']);
    expect(withPermission(['store.booking', 'store.handover'], 'store.booking', false)).toEqual(['store.handover']);
    // A second tick changes nothing; no value yet is no permission.
    expect(withPermission(['area.jobs'], 'area.jobs', true)).toEqual(['area.jobs']);
    expect(withPermission(null, 'area.staff', true)).toEqual(['area.staff']);
  });

  it("keeps a stored tag the app does not know, ticked and flagged with the save's message, until unticked", () => {
    expect(permissionChoices(['store.bookings']).at(-1)).toEqual({ value: 'store.bookings', on: true, known: false });
    expect(withPermission(['store.bookings'], 'area.jobs', true)).toEqual(['area.jobs', 'store.bookings']);
    expect(withPermission(['store.bookings'], 'store.bookings', false)).toEqual([]);
    expect(staffFieldProblems('rolePermissions', { rolePermissions: ['store.bookings'] }, null)[0]).toMatch(/^Role permissions: a list of permission tags from store.booking, /);
    expect(staffFieldProblems('companyPermissions', { companyPermissions: ['area.jobs'] }, null)).toEqual([]);
  });

  it("lists the carrier's stores by name, ticked when stored, a stored code the carrier lacks kept and marked", () => {
    const rows = [
      { code: 'LON-B', name: 'Bond Street' },
      { code: 'LON-A', name: 'Aldgate' },
    ];
    expect(codeChoices(rows, ['LON-B', 'GONE'])).toEqual([
      { code: 'GONE', label: 'GONE', missing: true, on: true },
      { code: 'LON-A', label: 'Aldgate (LON-A)', on: false },
      { code: 'LON-B', label: 'Bond Street (LON-B)', on: true },
    ]);
    expect(withListed(['LON-B'], 'LON-A', true)).toEqual(['LON-B', 'LON-A']);
    expect(withListed(['LON-B', 'LON-A'], 'LON-A', true)).toEqual(['LON-B', 'LON-A']);
    expect(withListed(['LON-B', 'GONE'], 'GONE', false)).toEqual(['LON-B']);
  });

  it("says the save's words about stores once the carrier's stores are known", () => {
    const colleague = { carrierCode: 'skyline', role: 'storeColleague', storeCodes: [] };
    expect(staffFieldProblems('storeCodes', colleague, null)).toEqual([]);
    expect(staffFieldProblems('storeCodes', colleague, ['LON-A'])).toEqual(['Stores: a store colleague works in at least one of carrier skyline\'s stores, e.g. ["LON-A"].']);
    expect(staffFieldProblems('storeCodes', { ...colleague, storeCodes: ['GONE'] }, ['LON-A'])).toEqual(['Stores: carrier skyline has no store GONE; use one of LON-A.']);
    expect(staffFieldProblems('storeCodes', { ...colleague, storeCodes: ['LON-A'] }, ['LON-A'])).toEqual([]);
  });

  it('lists technicians by their technician code', () => {
    const rows = rowsByCode([{ technicianId: 'tech-2', name: 'Ada' }, { technicianId: 'tech-1', name: 'Grace' }, null], 'technicianId');
    expect(codeOptions(rows, 'tech-1')).toEqual([
      { code: 'tech-2', label: 'Ada (tech-2)' },
      { code: 'tech-1', label: 'Grace (tech-1)' },
    ]);
  });
});

describe('catalogue exclusion pickers', () => {
  const models = [
    { code: 'iphone-15', name: 'iPhone 15', group: 'Apple' },
    { code: 'pixel-8', name: 'Pixel 8', group: 'Google' },
    { code: 'pixel-7', name: 'Pixel 7', group: 'Google' },
  ];

  it('finds entries by name, make or code, any case, leaving out those already picked', () => {
    expect(pickable(models, [], 'PIXEL').map((c) => c.code)).toEqual(['pixel-8', 'pixel-7']);
    expect(pickable(models, ['pixel-8'], 'google').map((c) => c.code)).toEqual(['pixel-7']);
    expect(pickable(models, null, '').length).toBe(3);
    expect(pickable(models, null, '', 2).length).toBe(2);
    expect(pickable(models, null, 'nokia')).toEqual([]);
  });

  it('shows a pick by its name and make, a code the catalogue lacks as itself; stores the codes', () => {
    expect(choiceLabel(models[1], 'pixel-8')).toBe('Pixel 8 (Google)');
    expect(choiceLabel({ code: 'screen', name: 'Screen repair' }, 'screen')).toBe('Screen repair');
    expect(choiceLabel(undefined, 'gone-model')).toBe('gone-model');
    expect(withListed(['pixel-8'], 'iphone-15', true)).toEqual(['pixel-8', 'iphone-15']);
  });
});

describe("the catalogue's own lists", () => {
  const makes = [
    { code: 'apple', name: 'Apple', id: 2 },
    { code: 'google', name: 'Google', id: 3 },
  ];

  it("shows a model's makes as boxes by name, stores their ids, keeps an id the catalogue lacks", () => {
    expect(idChoices(makes, [3])).toEqual([
      { id: 2, label: 'Apple', on: false },
      { id: 3, label: 'Google', on: true },
    ]);
    expect(idChoices(makes, [9, 3, 3, '2'])).toEqual([
      { id: 9, label: '9', on: true, missing: true },
      { id: 2, label: 'Apple', on: false },
      { id: 3, label: 'Google', on: true },
    ]);
    expect(withId([3], 2, true)).toEqual([3, 2]);
    expect(withId([3, 2], 3, false)).toEqual([2]);
    expect(withId(null, 2, true)).toEqual([2]);
  });

  it("keeps an extra's device types in the catalogue's order, with the save's words when none is ticked", () => {
    expect(withDeviceKind(['tablet'], 'phone', true)).toEqual(['phone', 'tablet']);
    expect(withDeviceKind(['phone', 'tablet'], 'tablet', false)).toEqual(['phone']);
    expect(withDeviceKind(['phone'], 'phone', false)).toEqual([]);
    expect(deviceTypesProblems({ deviceTypes: [] })[0]?.message).toBe('Device types must list at least one of "phone", "tablet", "appliance".');
    expect(deviceTypesProblems({ deviceTypes: ['phone', 'appliance'] })).toEqual([]);
    expect(deviceTypesProblems({})).toEqual([]);
  });
});

describe("a carrier's domains as tags (ADR 203)", () => {
  it('typed host names are split, trimmed and lower-cased, none twice, added at the end', () => {
    expect(typedDomains(' Repair.Fixly.example, fixly.example;  ')).toEqual(['repair.fixly.example', 'fixly.example']);
    expect(withDomains(['a.example'], 'B.example a.example')).toEqual(['a.example', 'b.example']);
    expect(withDomains(null, 'a.example')).toEqual(['a.example']);
    expect(withoutDomain(['a.example', 'b.example'], 'a.example')).toEqual(['b.example']);
  });

  it("a wrong tag carries the save's own message under it; the others none", () => {
    const problems = domainProblemsOf(['fixly.example', 'https://fixly.example/x']);
    expect([...problems.items]).toEqual([[1, 'domains[1] must be a lower-case host name without scheme, port or path (got "https://fixly.example/x")']]);
    expect(domainProblemsOf([]).items.size).toBe(0);
  });

  it('a stored value that is not a list is shown, and flagged for the whole field', () => {
    expect(domainProblemsOf('fixly.example').field).toEqual(['domains must be an array of host names, e.g. ["fixly.example.com"]']);
  });
});

describe("a carrier's languages as a multi-select (ADR 203)", () => {
  it("offers the site's languages; a stored one it does not have stays a choice", () => {
    expect(localeChoices(null)).toEqual(['en', 'de']);
    expect(localeChoices(['de', 'fr'])).toEqual(['en', 'de', 'fr']);
  });

  it('stores the chosen ones in the site order, each once', () => {
    expect(withLocales([], ['de', 'en', 'de'])).toEqual(['en', 'de']);
    expect(withLocales(['en', 'de'], ['de'])).toEqual(['de']);
    expect(withLocales(['fr'], ['fr', 'en'])).toEqual(['en', 'fr']);
  });

  it("a language the site does not have is refused in the save's words", () => {
    expect(localeProblemsOf(['en', 'de']).field).toEqual([]);
    expect(localeProblemsOf(['en', 'fr']).field).toEqual(['supportedLocales must be an array with values from en, de']);
  });
});

describe("a carrier's referrer brands as rows (ADR 135, 203)", () => {
  it('rows of the stored object; a typed brand id is a number, a referrer set again replaces its brand', () => {
    expect(referrerRowsOf(null)).toEqual([]);
    expect(referrerRowsOf({ samsung: 1 })).toEqual([{ code: 'samsung', make: '1' }]);
    expect(withReferrer(null, ' samsung ', ' 1 ')).toEqual({ samsung: 1 });
    expect(withReferrer({ samsung: 1 }, 'samsung', '3')).toEqual({ samsung: 3 });
    expect(withReferrer({ samsung: 1 }, 'apple', 'two')).toEqual({ samsung: 1, apple: 'two' });
  });

  it('removing the last referrer leaves no value, as before one was set', () => {
    expect(withoutReferrer({ samsung: 1, apple: 2 }, 'samsung')).toEqual({ apple: 2 });
    expect(withoutReferrer({ samsung: 1 }, 'samsung')).toBeNull();
  });

  it("a wrong row carries the save's own message, under that row", () => {
    const problems = referrerProblemsOf({ samsung: 1, 'apple store': 2, huawei: 'two' });
    expect(problems.items.get(0)).toBeUndefined();
    expect(problems.items.get(1)).toMatch(/referrer code "apple store" must be 1 to 64 letters/);
    expect(problems.items.get(2)).toMatch(/the brand of "huawei" must be a catalogue id/);
    expect(referrerProblemsOf(['samsung']).field[0]).toMatch(/must be an object/);
    expect(referrerProblemsOf(null).items.size).toBe(0);
  });
});

/** The seed catalogue the CMS loads (tenants/catalogue.json): its symptoms and answers must open and save back unchanged. */
const seed = JSON.parse(readFileSync(new URL('../../../../tenants/catalogue.json', import.meta.url), 'utf8')) as {
  problems: { symptoms: unknown[] }[];
  triage_questions: { options: unknown[] }[];
};

describe("a problem's symptoms and a triage question's answers as rows (ADR 217)", () => {
  const answers = [
    { code: 'yes', label: { en: 'Yes', de: 'Ja' } },
    { code: 'no', label: { en: 'No', de: 'Nein' } },
  ];

  it('rows of the stored list, missing texts empty; nothing stored is no rows', () => {
    expect(localizedRowsOf('symptoms', null)).toEqual([]);
    expect(localizedRowsOf('symptoms', [{ en: 'Cracked glass', de: 'Gesprungenes Glas' }, { en: 'Dead' }, 'odd'])).toEqual([
      { code: '', en: 'Cracked glass', de: 'Gesprungenes Glas' },
      { code: '', en: 'Dead', de: '' },
      { code: '', en: '', de: '' },
    ]);
    expect(localizedRowsOf('options', answers)).toEqual([
      { code: 'yes', en: 'Yes', de: 'Ja' },
      { code: 'no', en: 'No', de: 'Nein' },
    ]);
  });

  it("typing changes one text of one row, in the engine's shape; the rest of the row stays", () => {
    expect(withLocalizedText('symptoms', [{ en: 'A', de: 'B', note: 1 }], 0, 'de', 'C')).toEqual([{ en: 'A', de: 'C', note: 1 }]);
    expect(withLocalizedText('options', answers, 1, 'de', 'Nö')).toEqual([answers[0], { code: 'no', label: { en: 'No', de: 'Nö' } }]);
    expect(withLocalizedText('options', answers, 0, 'code', 'ja')).toEqual([{ code: 'ja', label: { en: 'Yes', de: 'Ja' } }, answers[1]]);
    expect(withLocalizedText('options', [{ code: 'x' }], 0, 'en', 'X')).toEqual([{ code: 'x', label: { en: 'X' } }]);
  });

  it('adds an empty row at the end, removes one, and moves one up or down (not past either end)', () => {
    expect(withLocalizedRow('symptoms', null)).toEqual([{ en: '', de: '' }]);
    expect(withLocalizedRow('options', answers)).toEqual([...answers, { code: '', label: { en: '', de: '' } }]);
    expect(withoutLocalizedRow(answers, 0)).toEqual([answers[1]]);
    expect(withoutLocalizedRow([answers[0]], 0)).toEqual([]);
    expect(withLocalizedRowMoved(answers, 1, -1)).toEqual([answers[1], answers[0]]);
    expect(withLocalizedRowMoved(answers, 0, 1)).toEqual([answers[1], answers[0]]);
    expect(withLocalizedRowMoved(answers, 0, -1)).toEqual(answers);
    expect(withLocalizedRowMoved(answers, 1, 1)).toEqual(answers);
  });

  it("a wrong row carries the save's own message under it; the whole list's under the field", () => {
    const symptoms = localizedRowProblems('symptoms', [
      { en: 'A', de: 'B' },
      { en: 'C', de: ' ' },
    ]);
    expect(symptoms.items.get(0)).toBeUndefined();
    expect(symptoms.items.get(1)).toBe('Symptoms: symptom 2 needs German text.');
    const options = localizedRowProblems('options', [
      answers[0],
      { code: 'Yes!', label: { en: 'Y', de: 'J' } },
      { code: 'yes', label: { en: 'Y', de: 'J' } },
      { code: 'x', label: {} },
    ]);
    expect(options.items.get(0)).toBeUndefined();
    expect(options.items.get(1)).toMatch(/^Options: answer 2 needs a code of lower-case words joined by hyphens/);
    expect(options.items.get(2)).toBe('Options: answer 3 has the code yes of an earlier answer; give each answer its own code.');
    expect(options.items.get(3)).toBe('Options: answer 4 needs English and German text.');
    expect(localizedRowProblems('options', [answers[0]]).field).toEqual(['Options: give at least two answers for the customer to choose from.']);
    expect(localizedRowProblems('symptoms', 'glass').field[0]).toMatch(/^Symptoms must be a list like/);
    expect(localizedRowProblems('symptoms', null).field).toEqual([]);
    expect(localizedRowProblems('symptoms', []).field).toEqual([]);
  });

  it('the seed catalogue opens as rows with no message, and a row edited back saves the list unchanged', () => {
    for (const { symptoms } of seed.problems) {
      expect(localizedRowProblems('symptoms', symptoms)).toEqual({ field: [], items: new Map() });
      const rows = localizedRowsOf('symptoms', symptoms);
      expect(rows.map(({ en, de }) => ({ en, de }))).toEqual(symptoms);
      if (rows.length) expect(withLocalizedText('symptoms', withLocalizedText('symptoms', symptoms, 0, 'en', 'x'), 0, 'en', rows[0]!.en)).toEqual(symptoms);
    }
    for (const { options } of seed.triage_questions) {
      expect(localizedRowProblems('options', options)).toEqual({ field: [], items: new Map() });
      const rows = localizedRowsOf('options', options);
      expect(rows.map(({ code, en, de }) => ({ code, label: { en, de } }))).toEqual(options);
      expect(withLocalizedRowMoved(withLocalizedRowMoved(options, 0, 1), 1, -1)).toEqual(options);
    }
  });
});

describe("a staff account's service area picked from the carrier's areas (ADR 218)", () => {
  it("says before the save what the save says: an area manager needs one of the carrier's areas", () => {
    expect(staffAreaProblem({ carrierCode: 'skyline', role: 'areaManager' }, ['london-central'])).toMatch(/^Service area: an area manager belongs to one of carrier skyline's/);
    expect(staffAreaProblem({ carrierCode: 'skyline', role: 'technician', serviceArea: 'leeds' }, ['london-central'])).toBe(
      'Service area: carrier skyline has no service area with code "leeds".',
    );
    expect(staffAreaProblem({ carrierCode: 'skyline', role: 'areaManager', serviceArea: 'london-central' }, ['london-central'])).toBeUndefined();
    expect(staffAreaProblem({ carrierCode: 'skyline', role: 'storeColleague', serviceArea: null }, ['london-central'])).toBeUndefined();
  });
});
