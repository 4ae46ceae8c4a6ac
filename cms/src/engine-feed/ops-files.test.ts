// The seed and the feed meet in these two mappings: a file turned into entries and back must be the
// file again, with the contract's optional additions at their defaults (/work/ops-contract.md).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueFileToEntries, engineFileToEntries, entriesToCatalogueFile, entriesToEngineFile, isoDateTime } from './ops-files';
import { withEngineDefaults } from './ops-defaults';

const tenants = path.resolve(__dirname, '../../../tenants');
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
const carriers = fs.readdirSync(tenants).filter((name) => fs.existsSync(path.join(tenants, name, 'engine.json')));

describe('engine.json through the CMS entries', () => {
  it.each(carriers)('%s comes back unchanged', (code) => {
    const file = readJson(path.join(tenants, code, 'engine.json'));
    const carrier = readJson(path.join(tenants, code, 'carrier.json'));
    const back = entriesToEngineFile({ code, countryCode: carrier.countryCode, currency: carrier.currency }, engineFileToEntries(file));
    expect(back).toEqual(withEngineDefaults(file));
  });

  it('sends a single-use code with a usage limit of 1, and an unlimited one with none', () => {
    const file = readJson(path.join(tenants, 'patchpoint', 'engine.json'));
    const back = entriesToEngineFile({ code: 'patchpoint', countryCode: 'GB', currency: 'GBP' }, engineFileToEntries(file));
    expect(back.discount_codes.find((d) => d.code === 'ONEOFF20')).toMatchObject({ single_use: true, usage_limit: 1, starts_at: null });
    expect(back.discount_codes.find((d) => d.code === 'WELCOME10')).toMatchObject({ single_use: false, usage_limit: null });
  });

  it("sends the roster's lead time to the engine, 60 when the field was left empty (ADR 110)", () => {
    const entries = engineFileToEntries(readJson(path.join(tenants, 'patchpoint', 'engine.json')));
    const send = (lead: unknown) =>
      entriesToEngineFile({ code: 'patchpoint', countryCode: 'GB', currency: 'GBP' }, { ...entries, roster: { ...entries.roster, sameDayLeadMinutes: lead } });
    expect(send(90).roster.same_day_lead_minutes).toBe(90);
    expect(send(0).roster.same_day_lead_minutes).toBe(0);
    expect(send(null).roster.same_day_lead_minutes).toBe(60);
  });

  it('sends a store whose opening hours were left empty in the CMS with none', () => {
    const entries = engineFileToEntries(readJson(path.join(tenants, 'gadgethub', 'engine.json')));
    entries.stores[0] = { ...entries.stores[0], openingHours: null };
    const back = entriesToEngineFile({ code: 'gadgethub', countryCode: 'GB', currency: 'GBP' }, entries);
    expect(back.stores[0]?.opening_hours).toEqual([]);
    expect(back.stores[1]?.opening_hours).toEqual([
      { days: [1, 2, 3, 4, 5, 6], opens: '10:00', closes: '21:00' },
      { days: [7], opens: '12:00', closes: '18:00' },
    ]);
  });
});

describe('catalogue.json through the CMS entries', () => {
  it('comes back unchanged', () => {
    const file = readJson(path.join(tenants, 'catalogue.json'));
    expect(entriesToCatalogueFile(catalogueFileToEntries(file))).toEqual(file);
  });
});

describe('datetimes', () => {
  it("write whole seconds as the files do, whatever Strapi's milliseconds", () => {
    expect(isoDateTime('2030-12-31T23:59:59.000Z')).toBe('2030-12-31T23:59:59Z');
    expect(isoDateTime('2030-12-31T23:59:59.250Z')).toBe('2030-12-31T23:59:59.250Z');
    expect(isoDateTime(null)).toBeNull();
  });
});
