import { describe, expect, it } from 'vitest';
import { catalogueChoices } from './ops-catalogue-choices';

const rows = {
  makes: [
    { makeId: 2, code: 'apple', name: 'Apple', typeId: 1 },
    { makeId: 3, code: 'google', name: 'Google', typeId: 1 },
    { makeId: 40, code: 'bosch', name: 'Bosch', typeId: 2 },
    { makeId: 41, code: '', name: 'No code', typeId: 2 },
  ],
  models: [
    { slug: 'pixel-8', title: 'Pixel 8', makeIds: [3] },
    { slug: 'iphone-15', title: 'iPhone 15', makeIds: [2] },
    { slug: 'serie-6', title: 'Serie 6', makeIds: [40] },
    { slug: 'orphan', title: 'Orphan', makeIds: [99] },
  ],
  problems: [
    { code: 'screen', titleEn: 'Screen repair' },
    { code: 'battery', titleEn: 'Battery replacement' },
    { code: 'no-title', titleEn: null },
  ],
};

describe('what the offering pickers choose from', () => {
  it('lists every make, each model under its make, and every repair, by name with the codes the engine compares', () => {
    const choices = catalogueChoices({ singleMakeOnly: false }, rows);
    expect(choices.makes).toEqual([
      { code: 'apple', name: 'Apple', id: 2 },
      { code: 'bosch', name: 'Bosch', id: 40 },
      { code: 'google', name: 'Google', id: 3 },
    ]);
    expect(choices.models).toEqual([
      { code: 'iphone-15', name: 'iPhone 15', group: 'Apple' },
      { code: 'serie-6', name: 'Serie 6', group: 'Bosch' },
      { code: 'pixel-8', name: 'Pixel 8', group: 'Google' },
    ]);
    expect(choices.problems).toEqual([
      { code: 'battery', name: 'Battery replacement' },
      { code: 'no-title', name: 'no-title' },
      { code: 'screen', name: 'Screen repair' },
    ]);
  });

  it("a single-make carrier sells only its make among phones and tablets, as the engine's makeAllowed", () => {
    const choices = catalogueChoices({ singleMakeOnly: true, singleMakeId: 2 }, rows);
    expect(choices.makes.map((m) => m.code)).toEqual(['apple', 'bosch']);
    expect(choices.models.map((m) => m.code)).toEqual(['iphone-15', 'serie-6']);
  });
});
