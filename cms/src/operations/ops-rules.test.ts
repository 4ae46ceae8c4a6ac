// What the CMS refuses on save, and the message the operations person reads (issue 9, item 3).
import { describe, expect, it } from 'vitest';
import {
  amountsProblems,
  discountCodeProblems,
  minorUnitsProblem,
  priceOverrideProblems,
  rosterProblems,
  serviceAreaProblems,
  openingHoursProblems,
  storeProblems,
  symptomsProblems,
  triageOptionsProblems,
} from './ops-rules';

const messages = (problems: { message: string }[]) => problems.map((p) => p.message).join('\n');

describe('postcode prefixes of a service area', () => {
  it("names the field and the bad prefix, judged by the carrier's country", () => {
    const problems = serviceAreaProblems({ country: 'GB', postcodePrefixes: ['SW1A', 'SW1A 1AA'] }, 'GB');
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toEqual(['postcodePrefixes', '1']);
    expect(problems[0].message).toMatch(/Postcode prefixes: 'SW1A 1AA' is not a GB postcode prefix/);
  });

  it("refuses an area in another country than the carrier's", () => {
    expect(messages(serviceAreaProblems({ country: 'DE', postcodePrefixes: ['101'] }, 'GB'))).toMatch(/Country is DE but the carrier is in GB/);
  });

  it('refuses an area without prefixes', () => {
    expect(messages(serviceAreaProblems({ country: 'GB', postcodePrefixes: [] }, 'GB'))).toMatch(/at least one prefix/);
  });
});

describe('roster', () => {
  it('refuses a roster with no working day', () => {
    expect(messages(rosterProblems({ workingWeekdays: [] }))).toMatch(/Working weekdays: the roster has no working day/);
  });

  it('refuses a weekday outside 1 to 7', () => {
    expect(messages(rosterProblems({ workingWeekdays: [0, 1] }))).toMatch(/1 \(Monday\) to 7 \(Sunday\)/);
  });

  it.each(['25/12/2026', '2026-13-01', '2026-02-30', '2026-1-5'])('refuses the closed date %s', (date) => {
    const problems = rosterProblems({ closedDates: ['2026-12-25', date] });
    expect(problems[0].path).toEqual(['closedDates', '1']);
    expect(problems[0].message).toMatch(/is not a date in the form YYYY-MM-DD/);
  });

  it('accepts a working week and real dates', () => {
    expect(rosterProblems({ workingWeekdays: [1, 2, 3, 4, 5], closedDates: ['2026-12-25', '2028-02-29'] })).toEqual([]);
  });

  it.each([-15, 90.5, 721, '60'])('refuses the lead time %s and says what to enter (ADR 110)', (lead) => {
    const problems = rosterProblems({ sameDayLeadMinutes: lead });
    expect(problems[0].path).toEqual(['sameDayLeadMinutes']);
    expect(problems[0].message).toMatch(/^Lead time before an appointment: enter whole minutes from 0 to 720/);
  });

  it.each([0, 60, 720])('accepts the lead time %s', (lead) => {
    expect(rosterProblems({ sameDayLeadMinutes: lead })).toEqual([]);
  });
});

describe('money in minor units', () => {
  it('refuses a negative amount', () => {
    expect(minorUnitsProblem(['price'], 'Price', -100)?.message).toBe('Price cannot be negative (got -100).');
  });

  it('refuses a fractional amount and says what minor units are', () => {
    expect(minorUnitsProblem(['price'], 'Price', 49.99)?.message).toMatch(/whole number of minor units \(pence\/cents\): 4999 means 49.99/);
  });

  it('refuses a price of 0 for a paid repair', () => {
    expect(messages(priceOverrideProblems({ price: 0 }))).toMatch(/Price is 0: a paid repair cannot cost nothing/);
    expect(messages(amountsProblems('amounts', [{ currency: 'GBP', price: 0 }], { paid: true }))).toMatch(/amounts GBP price is 0/);
  });

  it('lets an extra be free', () => {
    expect(amountsProblems('prices', [{ currency: 'GBP', price: 0 }], { paid: false })).toEqual([]);
  });

  it('wants the non-sale price above the price', () => {
    expect(messages(priceOverrideProblems({ price: 9900, nonSalePrice: 9900 }))).toMatch(/Non-sale price .* must be higher than Price/);
  });

  it('refuses a currency twice', () => {
    expect(
      messages(
        amountsProblems(
          'amounts',
          [
            { currency: 'GBP', price: 100 },
            { currency: 'GBP', price: 200 },
          ],
          { paid: true },
        ),
      ),
    ).toMatch(/GBP is listed twice/);
  });
});

describe('discount codes', () => {
  it('refuses a percent above 100 and a fractional value', () => {
    expect(messages(discountCodeProblems({ kind: 'percent', value: 120 }))).toMatch(/a percent discount is at most 100/);
    expect(messages(discountCodeProblems({ kind: 'fixed', value: 4.5 }))).toMatch(/Value must be a whole number above 0/);
  });

  it('refuses a window that ends before it starts', () => {
    expect(messages(discountCodeProblems({ startsAt: '2027-01-01T00:00:00Z', expiresAt: '2026-01-01T00:00:00Z' }))).toMatch(/Expires at must be after Starts at/);
  });

  it('refuses a single-use code with another usage limit', () => {
    expect(messages(discountCodeProblems({ singleUse: true, usageLimit: 5 }))).toMatch(/a single-use code is used once/);
  });
});

describe('stores', () => {
  it("refuses a postcode that is not the carrier country's", () => {
    expect(messages(storeProblems({ postcode: '10115' }, 'GB'))).toMatch(/Postcode '10115' is not a GB postcode/);
    expect(storeProblems({ postcode: 'W1D 1LA' }, 'GB')).toEqual([]);
  });
});

describe('store opening hours', () => {
  const weekdays = { days: [1, 2, 3, 4, 5, 6], opens: '09:00', closes: '18:00' };
  const sunday = { days: [7], opens: '11:00', closes: '17:00' };

  it('takes groups of days with their hours, or none at all', () => {
    expect(openingHoursProblems([weekdays, sunday])).toEqual([]);
    expect(openingHoursProblems([])).toEqual([]);
    expect(openingHoursProblems(null)).toEqual([]);
    expect(storeProblems({ postcode: 'W1D 1LA', openingHours: [weekdays, sunday] }, 'GB')).toEqual([]);
  });

  it('refuses something that is not a list, naming the field and showing an example', () => {
    expect(messages(openingHoursProblems({ monday: '9-6' }))).toMatch(
      /^Opening hours must be a list like \[\{ "days": \[1, 2, 3, 4, 5\], "opens": "09:00", "closes": "18:00" \}\]/,
    );
  });

  it('refuses a weekday outside 1 (Monday) to 7 (Sunday) or an entry without days', () => {
    expect(messages(openingHoursProblems([{ ...weekdays, days: [0, 1] }]))).toMatch(/Opening hours, entry 1: days must be a list of weekdays from 1 \(Monday\) to 7 \(Sunday\)/);
    expect(openingHoursProblems([{ ...weekdays, days: [] }])[0]?.path).toEqual(['openingHours', '0', 'days']);
  });

  it('refuses a time that is not HH:MM', () => {
    expect(messages(openingHoursProblems([{ ...weekdays, opens: '9am' }]))).toMatch(/entry 1: opens must be a time as HH:MM \(24-hour clock\), e\.g\. "09:00" \(got "9am"\)/);
    expect(messages(openingHoursProblems([{ ...weekdays, closes: '24:00' }]))).toMatch(/entry 1: closes must be a time as HH:MM/);
  });

  it('refuses closing at or before opening', () => {
    expect(messages(openingHoursProblems([{ ...weekdays, opens: '18:00', closes: '09:00' }]))).toMatch(/entry 1: closes \(09:00\) must be after opens \(18:00\)/);
    expect(openingHoursProblems([{ ...weekdays, closes: '09:00' }])[0]?.path).toEqual(['openingHours', '0', 'closes']);
  });

  it('refuses a day listed in two entries', () => {
    expect(messages(openingHoursProblems([weekdays, { ...sunday, days: [6, 7] }]))).toMatch(/entry 2: day 6 is already listed; each day belongs in one entry only/);
  });

  it('reports the problem on save as a store problem', () => {
    expect(messages(storeProblems({ postcode: 'W1D 1LA', openingHours: [{ ...weekdays, closes: '08:00' }] }, 'GB'))).toMatch(/Opening hours, entry 1: closes/);
  });
});

describe("a problem's symptoms and a triage question's answers (ADR 217)", () => {
  it('names the row a problem is in, so the admin shows it under that row', () => {
    expect(symptomsProblems({ symptoms: [{ en: 'Cracked glass', de: 'Gesprungenes Glas' }] })).toEqual([]);
    expect(symptomsProblems({ symptoms: null })).toEqual([]);
    expect(symptomsProblems({ symptoms: [{ en: 'Cracked glass' }] })).toEqual([{ path: ['symptoms', '0'], message: 'Symptoms: symptom 1 needs German text.' }]);
    expect(symptomsProblems({ symptoms: { en: 'x' } })[0]).toMatchObject({ path: ['symptoms'], message: expect.stringMatching(/^Symptoms must be a list like/) });
  });

  it('asks the engine catalogue of the answers: at least two, each a slug code used once, with both texts', () => {
    const yes = { code: 'yes', label: { en: 'Yes', de: 'Ja' } };
    const no = { code: 'no', label: { en: 'No', de: 'Nein' } };
    expect(triageOptionsProblems({ options: [yes, no] })).toEqual([]);
    expect(triageOptionsProblems({ options: [yes] }).map((p) => p.path)).toEqual([['options']]);
    expect(triageOptionsProblems({ options: [yes, yes] }).map((p) => p.path)).toEqual([['options', '1']]);
    expect(triageOptionsProblems({ options: [yes, { ...no, code: '' }] })[0]!.message).toMatch(/^Options: answer 2 needs a code/);
    expect(triageOptionsProblems({ options: [yes, { ...no, label: { en: 'No', de: '' } }] })[0]!.message).toBe('Options: answer 2 needs German text.');
  });
});
