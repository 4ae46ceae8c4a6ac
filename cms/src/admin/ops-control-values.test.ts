import { describe, expect, it } from 'vitest';
import {
  codeOptions,
  dayOf,
  domainProblemsOf,
  isoDay,
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

describe("a carrier's domains as tags (ADR 203)", () => {
  it('typed host names are split, trimmed and lower-cased, none twice, added at the end', () => {
    expect(typedDomains(' Repair.Fixly.example, fixly.example;  ')).toEqual(['repair.fixly.example', 'fixly.example']);
    expect(withDomains(['a.example'], 'B.example a.example')).toEqual(['a.example', 'b.example']);
    expect(withDomains(null, 'a.example')).toEqual(['a.example']);
    expect(withoutDomain(['a.example', 'b.example'], 'a.example')).toEqual(['b.example']);
  });

  it("a wrong tag carries the save's own message under it; the others none", () => {
    const problems = domainProblemsOf(['fixly.example', 'https://fixly.example/x']);
    expect(problems.field).toEqual([]);
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
