// The setup checklist's rules (issue 24 item 2, ADR 194, 195): a pure function of the carrier's entries and the engine's answer.
import { describe, expect, it } from 'vitest';
import { SETUP_MESSAGES } from './admin/setup-checklist-messages';
import { type ChecklistCarrier, type ChecklistEntries, type EngineAnswer, checklistReady, listLink, setupChecklist } from './setup-checklist';

const carrier = (over: Partial<ChecklistCarrier> = {}): ChecklistCarrier => ({
  documentId: 'doc1',
  code: 'newbrand',
  name: 'New Brand',
  published: true,
  defaultLocale: 'en',
  supportedLocales: ['en', 'de'],
  showImprint: false,
  inStore: false,
  domains: ['repairs.newbrand.example'],
  ...over,
});

const GUIDES = ['cancel-repair', 'change-date', 'change-address', 'repair-cost', 'track-technician'];
const perLocale = (slugs: string[] = []) => ['en', 'de'].flatMap((locale) => (slugs.length ? slugs.map((slug) => ({ locale, slug })) : [{ locale }]));

const complete = (over: Partial<ChecklistEntries> = {}): ChecklistEntries => ({
  landing: perLocale(),
  faq: perLocale(),
  legal: perLocale(['terms', 'privacy']),
  helpGuides: perLocale(GUIDES),
  contactReasons: perLocale(),
  messageTemplates: perLocale(),
  areas: [{ code: 'london' }],
  technicians: [{ serviceArea: 'london' }],
  rosters: 1,
  stores: 0,
  staff: 1,
  ...over,
});

const empty: ChecklistEntries = {
  landing: [],
  faq: [],
  legal: [],
  helpGuides: [],
  contactReasons: [],
  messageTemplates: [],
  areas: [],
  technicians: [],
  rosters: 0,
  stores: 0,
  staff: 0,
};

const engine = (
  over: Partial<NonNullable<EngineAnswer['engine']>> = {},
  domains: EngineAnswer['domains'] = [{ domain: 'repairs.newbrand.example', tlsAllowed: true, addresses: ['203.0.113.7'], pointsHere: true }],
): EngineAnswer => ({
  known: true,
  engine: { synced: true, lastSyncAt: '2026-11-26T18:00:00.000Z', revision: '2026-11-26T17:59:59.000Z', roster: true, areas: 1, staffedAreas: 1, bookable: true, ...over },
  domains,
});

const find = (items: ReturnType<typeof setupChecklist>, key: string, locale?: string) => items.filter((i) => i.key === key && (locale === undefined || i.locale === locale));

describe('a carrier set up completely', () => {
  it('is ready: every item done, with the engine’s sync time and revision', () => {
    const items = setupChecklist(carrier(), complete(), engine());
    expect(items.filter((i) => i.state !== 'done')).toEqual([]);
    expect(checklistReady(items)).toBe(true);
    expect(find(items, 'engine')[0].values).toMatchObject({ lastSyncAt: '2026-11-26T18:00:00.000Z', revision: '2026-11-26T17:59:59.000Z' });
    // Content is checked per locale of the carrier.
    expect(find(items, 'landing').map((i) => i.locale)).toEqual(['en', 'de']);
  });
});

describe('a new carrier', () => {
  it('shows every requirement missing, each with a link to the list that fixes it', () => {
    const items = setupChecklist(carrier({ published: false, supportedLocales: [] }), empty, { known: false, engine: null, domains: [] });
    expect(checklistReady(items)).toBe(false);
    const states = Object.fromEntries(items.map((i) => [i.key, i.state]));
    expect(states).toMatchObject({
      carrier: 'missing',
      landing: 'missing',
      faq: 'missing',
      legal: 'missing',
      'contact-reasons': 'missing',
      areas: 'missing',
      roster: 'missing',
      staff: 'missing',
      domain: 'missing',
      engine: 'missing',
    });
    // The app has built-in wording for guides and messages: a gap there only warns.
    expect(states['help-guides']).toBe('warning');
    expect(states['message-templates']).toBe('warning');
    // No supported locales: the default locale's content is what counts.
    expect(find(items, 'landing').map((i) => i.locale)).toEqual(['en']);
    expect(find(items, 'carrier')[0].link).toBe('/admin/content-manager/collection-types/api::carrier.carrier/doc1');
    expect(find(items, 'roster')[0].link).toContain('/admin/content-manager/collection-types/api::ops-roster.ops-roster?');
    expect(decodeURIComponent(find(items, 'roster')[0].link)).toContain('filters[$and][0][carrierCode][$eq]=newbrand');
    expect(find(items, 'engine')[0].reason).toBe('not-served');
  });
});

describe('content per locale', () => {
  it('names the legal pages missing in one locale only, and wants the imprint when the carrier shows one', () => {
    const legal = [...perLocale(['terms', 'privacy']), { locale: 'en', slug: 'imprint' }];
    const items = setupChecklist(carrier({ showImprint: true }), complete({ legal }), engine());
    expect(find(items, 'legal', 'en')[0].state).toBe('done');
    expect(find(items, 'legal', 'de')[0]).toMatchObject({ state: 'missing', reason: 'slugs-missing', values: { slugs: 'imprint' } });
    expect(decodeURIComponent(find(items, 'legal', 'de')[0].link)).toContain('plugins[i18n][locale]=de');
  });

  it('counts a German landing page for German only', () => {
    const items = setupChecklist(carrier(), complete({ landing: [{ locale: 'de' }] }), engine());
    expect(find(items, 'landing', 'en')[0].state).toBe('missing');
    expect(find(items, 'landing', 'de')[0].state).toBe('done');
  });
});

describe('operations data', () => {
  it('warns of an area without a technician while another is staffed; missing when none is', () => {
    const some = setupChecklist(carrier(), complete({ areas: [{ code: 'london' }, { code: 'leeds' }] }), engine());
    expect(find(some, 'areas')[0]).toMatchObject({ state: 'warning', values: { areas: 'leeds' } });
    const none = setupChecklist(carrier(), complete({ technicians: [{ serviceArea: 'elsewhere' }] }), engine());
    expect(find(none, 'areas')[0]).toMatchObject({ state: 'missing', reason: 'no-technician' });
  });

  it('asks for a store only where in-store is on', () => {
    expect(find(setupChecklist(carrier(), complete(), engine()), 'stores')[0]).toMatchObject({ state: 'done', reason: 'not-needed' });
    expect(find(setupChecklist(carrier({ inStore: true }), complete(), engine()), 'stores')[0]).toMatchObject({ state: 'missing', reason: 'in-store-without-store' });
    expect(find(setupChecklist(carrier({ inStore: true }), complete({ stores: 2 }), engine()), 'stores')[0]).toMatchObject({ state: 'done', values: { count: 2 } });
  });
});

describe('the domain', () => {
  const with1 = (check: EngineAnswer['domains'][number]) => find(setupChecklist(carrier(), complete(), engine({}, [check])), 'domain')[0];
  const name = 'repairs.newbrand.example';

  it('is missing when the TLS ask would refuse it, when it does not resolve, or points elsewhere', () => {
    expect(with1({ domain: name, tlsAllowed: false, addresses: ['203.0.113.7'], pointsHere: true }).reason).toBe('no-certificate');
    expect(with1({ domain: name, tlsAllowed: true, addresses: [], pointsHere: false }).reason).toBe('dns-none');
    expect(with1({ domain: name, tlsAllowed: true, addresses: ['198.51.100.1'], pointsHere: false })).toMatchObject({
      state: 'missing',
      reason: 'dns-elsewhere',
      values: { addresses: '198.51.100.1' },
    });
  });

  it('only warns when the deployment’s addresses are not configured or DNS could not be asked', () => {
    expect(with1({ domain: name, tlsAllowed: true, addresses: ['198.51.100.1'], pointsHere: null })).toMatchObject({ state: 'warning', reason: 'dns-unverified' });
    expect(with1({ domain: name, tlsAllowed: true, addresses: null, pointsHere: null })).toMatchObject({ state: 'warning', reason: 'dns-unknown' });
  });

  it('is one item per domain, and missing when the carrier has none', () => {
    const two = setupChecklist(carrier({ domains: [name, 'www.newbrand.example'] }), complete(), engine());
    expect(find(two, 'domain').map((i) => [i.values.domain, i.reason])).toEqual([
      [name, 'points-here'],
      ['www.newbrand.example', 'not-served'],
    ]);
    expect(find(setupChecklist(carrier({ domains: [] }), complete(), engine()), 'domain')[0]).toMatchObject({ state: 'missing', reason: 'no-domain' });
  });
});

describe("the engine's view", () => {
  it('tells synced-but-not-bookable apart from not synced, and an app that did not answer', () => {
    expect(find(setupChecklist(carrier(), complete(), engine({ bookable: false, staffedAreas: 0 })), 'engine')[0]).toMatchObject({ state: 'missing', reason: 'no-staffed-area' });
    expect(find(setupChecklist(carrier(), complete(), engine({ bookable: false, roster: false })), 'engine')[0]).toMatchObject({ state: 'missing', reason: 'no-roster' });
    expect(find(setupChecklist(carrier(), complete(), engine({ synced: false, bookable: false })), 'engine')[0].reason).toBe('not-synced');
    const unreachable = setupChecklist(carrier(), complete(), null);
    expect(find(unreachable, 'engine')[0]).toMatchObject({ state: 'warning', reason: 'app-unreachable' });
    expect(find(unreachable, 'domain')[0]).toMatchObject({ state: 'warning', reason: 'app-unreachable' });
    // A warning does not hold a launch back.
    expect(checklistReady(unreachable)).toBe(true);
  });
});

describe('links', () => {
  it('filter the list by the carrier (code on the carrier type, carrierCode elsewhere)', () => {
    expect(decodeURIComponent(listLink('api::carrier.carrier', 'x'))).toContain('[code][$eq]=x');
    expect(decodeURIComponent(listLink('api::faq-item.faq-item', 'x', 'de'))).toContain('[carrierCode][$eq]=x');
  });
});

describe('texts (en and de)', () => {
  it('has every item, reason and tester answer in English and German', () => {
    expect(Object.keys(SETUP_MESSAGES.de).sort()).toEqual(Object.keys(SETUP_MESSAGES.en).sort());
    const scenarios = [
      setupChecklist(carrier(), complete(), engine()),
      setupChecklist(carrier({ published: false, inStore: true, domains: [] }), empty, { known: false, engine: null, domains: [] }),
      setupChecklist(
        carrier({ inStore: true, domains: ['a.example', 'b.example', 'c.example', 'd.example'] }),
        complete({ areas: [{ code: 'x' }, { code: 'london' }], stores: 1 }),
        {
          ...engine({ synced: false }),
          domains: [
            { domain: 'a.example', tlsAllowed: false, addresses: [], pointsHere: false },
            { domain: 'b.example', tlsAllowed: true, addresses: null, pointsHere: null },
            { domain: 'c.example', tlsAllowed: true, addresses: ['198.51.100.1'], pointsHere: false },
            { domain: 'd.example', tlsAllowed: true, addresses: ['198.51.100.1'], pointsHere: null },
          ],
        },
      ),
      setupChecklist(carrier(), complete(), engine({ bookable: false, roster: false })),
      setupChecklist(carrier(), complete(), engine({ bookable: false, staffedAreas: 0 })),
      setupChecklist(carrier({ domains: ['e.example'] }), complete(), engine({}, [{ domain: 'e.example', tlsAllowed: true, addresses: [], pointsHere: false }])),
      setupChecklist(carrier(), complete({ technicians: [] }), null),
    ].flat();
    const ids = new Set(scenarios.flatMap((i) => [`repair.setup.item.${i.key}`, `repair.setup.reason.${i.reason}`, `repair.setup.state.${i.state}`]));
    for (const outcome of ['served', 'malformed', 'not-covered', 'no-technician', 'no-roster', 'no-free-day']) ids.add(`repair.setup.tester.${outcome}`);
    const absent = [...ids].filter((id) => !SETUP_MESSAGES.en[id] || !SETUP_MESSAGES.de[id]);
    expect(absent).toEqual([]);
    // Every reason the rules can give was reached above.
    const reasons = Object.keys(SETUP_MESSAGES.en).filter((id) => id.startsWith('repair.setup.reason.'));
    expect(reasons.filter((id) => !ids.has(id))).toEqual([]);
  });
});
