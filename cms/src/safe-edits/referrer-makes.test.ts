import { describe, expect, it } from 'vitest';
import { carrierProblems } from './carrier-validation';
import { referrerMakesProblems } from './safe-edits';

describe("a carrier's referrer makes (ADR 135)", () => {
  it('accepts referrer codes of safe characters mapped to catalogue ids, and an empty map', () => {
    expect(referrerMakesProblems({ samsung: 1, 'apple.store_2~x': 2 })).toEqual([]);
    expect(referrerMakesProblems({})).toEqual([]);
    expect(carrierProblems({ referrerMakes: null })).toEqual([]);
  });

  it('says what is wrong with anything else', () => {
    expect(referrerMakesProblems(['samsung'])[0]!.message).toMatch(/must be an object/);
    expect(referrerMakesProblems({ 'apple store': 2 })[0]!.message).toMatch(/referrer code "apple store"/);
    expect(referrerMakesProblems({ samsung: '1' })[0]!.message).toMatch(/catalogue id/);
    expect(referrerMakesProblems({ samsung: 0 })).toHaveLength(1);
    expect(carrierProblems({ referrerMakes: { samsung: 1.5 } })).toEqual([expect.objectContaining({ path: ['referrerMakes', 'samsung'] })]);
  });
});
