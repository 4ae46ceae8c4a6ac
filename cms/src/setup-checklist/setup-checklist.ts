import { z } from 'zod';
import { CARRIER_UID, OPS_UIDS } from '../lib/content-model';
import { MESSAGE_TEMPLATE_UID } from '../messages/message-templates';

/**
 * Issue 24 item 2 (ADR 194, 195): a carrier's setup checklist. A pure function of the carrier's
 * entries (as the admin route reads them) and the engine's answer (over the signed app channel):
 * each requirement with its state and the Content Manager address that fixes it.
 */

export type ItemState = 'done' | 'missing' | 'warning';

export interface ChecklistItem {
  /** The requirement, e.g. `carrier`, `landing`, `domain`, `engine`; with `locale` or `domain` when per locale or per name. */
  key: string;
  state: ItemState;
  /** Why the state, as a message id suffix: the admin shows `repair.setup.reason.<reason>`. */
  reason: string;
  /** Values for the reason's message (missing slugs, counts, times). */
  values: Record<string, string | number>;
  locale?: string;
  /** Where to fix it, relative to the admin (`/admin/content-manager/...`). */
  link: string;
}

/** What one published localized entry tells the checklist. */
export interface LocalizedEntry {
  locale: string;
  slug?: string | null;
}

export interface ChecklistCarrier {
  documentId: string;
  code: string;
  name: string;
  /** A published version of the carrier entry exists. */
  published: boolean;
  defaultLocale: string;
  supportedLocales: string[];
  showImprint: boolean;
  inStore: boolean;
  domains: string[];
}

export interface ChecklistEntries {
  landing: LocalizedEntry[];
  faq: LocalizedEntry[];
  legal: LocalizedEntry[];
  helpGuides: LocalizedEntry[];
  contactReasons: LocalizedEntry[];
  messageTemplates: LocalizedEntry[];
  areas: { code: string }[];
  /** Each technician's service area code. */
  technicians: { serviceArea: string }[];
  rosters: number;
  stores: number;
  /** Staff accounts that are not disabled. */
  staff: number;
}

/** The app's answer (app/lib/ops/carrier-setup.server.ts); null when the app did not answer. */
export const engineAnswerSchema = z.object({
  known: z.boolean(),
  engine: z
    .object({
      synced: z.boolean(),
      lastSyncAt: z.string().nullable(),
      revision: z.string().nullable(),
      roster: z.boolean(),
      areas: z.number(),
      staffedAreas: z.number(),
      bookable: z.boolean(),
    })
    .nullable(),
  domains: z.array(z.object({ domain: z.string(), tlsAllowed: z.boolean(), addresses: z.array(z.string()).nullable(), pointsHere: z.boolean().nullable() })),
});
export type EngineAnswer = z.infer<typeof engineAnswerSchema>;

export const LEGAL_SLUGS = ['terms', 'privacy'] as const;
export const HELP_GUIDE_SLUGS = ['cancel-repair', 'change-date', 'change-address', 'repair-cost', 'track-technician'] as const;

const CM = '/admin/content-manager/collection-types';

/** The Content Manager list of a type, filtered to the carrier (and a locale for localized types). */
export function listLink(uid: string, carrierCode: string, locale?: string): string {
  const field = uid === CARRIER_UID ? 'code' : 'carrierCode';
  const query = new URLSearchParams({ page: '1', pageSize: '10', [`filters[$and][0][${field}][$eq]`]: carrierCode });
  if (locale) query.set('plugins[i18n][locale]', locale);
  return `${CM}/${uid}?${query.toString()}`;
}

const LANDING_UID = 'api::landing-page.landing-page';
const FAQ_UID = 'api::faq-item.faq-item';
const LEGAL_UID = 'api::legal-page.legal-page';
const HELP_UID = 'api::help-guide.help-guide';
const CONTACT_UID = 'api::contact-reason.contact-reason';

const item = (key: string, state: ItemState, reason: string, link: string, values: Record<string, string | number> = {}, locale?: string): ChecklistItem => ({
  key,
  state,
  reason,
  values,
  link,
  ...(locale ? { locale } : {}),
});

/** Which of `wanted` no entry of the locale has (by slug). */
const missingSlugs = (entries: LocalizedEntry[], locale: string, wanted: readonly string[]) =>
  wanted.filter((slug) => !entries.some((entry) => entry.locale === locale && entry.slug === slug));

function contentItems(carrier: ChecklistCarrier, entries: ChecklistEntries, locale: string): ChecklistItem[] {
  const has = (list: LocalizedEntry[]) => list.filter((entry) => entry.locale === locale).length;
  const code = carrier.code;
  const legalWanted = carrier.showImprint ? [...LEGAL_SLUGS, 'imprint'] : [...LEGAL_SLUGS];
  const legalMissing = missingSlugs(entries.legal, locale, legalWanted);
  const guidesMissing = missingSlugs(entries.helpGuides, locale, HELP_GUIDE_SLUGS);
  return [
    has(entries.landing)
      ? item('landing', 'done', 'published', listLink(LANDING_UID, code, locale), {}, locale)
      : item('landing', 'missing', 'none-published', listLink(LANDING_UID, code, locale), {}, locale),
    has(entries.faq)
      ? item('faq', 'done', 'count', listLink(FAQ_UID, code, locale), { count: has(entries.faq) }, locale)
      : item('faq', 'missing', 'none-published', listLink(FAQ_UID, code, locale), {}, locale),
    legalMissing.length
      ? item('legal', 'missing', 'slugs-missing', listLink(LEGAL_UID, code, locale), { slugs: legalMissing.join(', ') }, locale)
      : item('legal', 'done', 'slugs-present', listLink(LEGAL_UID, code, locale), { slugs: legalWanted.join(', ') }, locale),
    // The app has built-in wording for a guide and a message without an entry: a gap is a warning.
    guidesMissing.length
      ? item('help-guides', 'warning', 'slugs-missing', listLink(HELP_UID, code, locale), { slugs: guidesMissing.join(', ') }, locale)
      : item('help-guides', 'done', 'count', listLink(HELP_UID, code, locale), { count: HELP_GUIDE_SLUGS.length }, locale),
    has(entries.contactReasons)
      ? item('contact-reasons', 'done', 'count', listLink(CONTACT_UID, code, locale), { count: has(entries.contactReasons) }, locale)
      : item('contact-reasons', 'missing', 'none-published', listLink(CONTACT_UID, code, locale), {}, locale),
    has(entries.messageTemplates)
      ? item('message-templates', 'done', 'count', listLink(MESSAGE_TEMPLATE_UID, code, locale), { count: has(entries.messageTemplates) }, locale)
      : item('message-templates', 'warning', 'built-in-wording', listLink(MESSAGE_TEMPLATE_UID, code, locale), {}, locale),
  ];
}

function operationsItems(carrier: ChecklistCarrier, entries: ChecklistEntries): ChecklistItem[] {
  const code = carrier.code;
  const staffed = new Set(entries.technicians.map((t) => t.serviceArea));
  const unstaffed = entries.areas.filter((area) => !staffed.has(area.code)).map((area) => area.code);
  const areasLink = listLink(OPS_UIDS.serviceArea, code);
  const areas =
    entries.areas.length === 0
      ? item('areas', 'missing', 'no-areas', areasLink)
      : unstaffed.length === entries.areas.length
        ? item('areas', 'missing', 'no-technician', listLink(OPS_UIDS.technician, code), { areas: unstaffed.join(', ') })
        : unstaffed.length
          ? item('areas', 'warning', 'some-without-technician', listLink(OPS_UIDS.technician, code), { areas: unstaffed.join(', ') })
          : item('areas', 'done', 'all-staffed', areasLink, { count: entries.areas.length });
  const rosterLink = listLink(OPS_UIDS.roster, code);
  const storesLink = listLink(OPS_UIDS.store, code);
  const staffLink = listLink(OPS_UIDS.staffMember, code);
  return [
    areas,
    entries.rosters ? item('roster', 'done', 'present', rosterLink) : item('roster', 'missing', 'none', rosterLink),
    !carrier.inStore
      ? item('stores', 'done', 'not-needed', storesLink)
      : entries.stores
        ? item('stores', 'done', 'count', storesLink, { count: entries.stores })
        : item('stores', 'missing', 'in-store-without-store', storesLink),
    entries.staff ? item('staff', 'done', 'count', staffLink, { count: entries.staff }) : item('staff', 'missing', 'none', staffLink),
  ];
}

function domainItems(carrier: ChecklistCarrier, engine: EngineAnswer | null, carrierLink: string): ChecklistItem[] {
  if (carrier.domains.length === 0) return [item('domain', 'missing', 'no-domain', carrierLink)];
  return carrier.domains.map((domain) => {
    const check = engine?.domains.find((d) => d.domain === domain);
    const values = { domain, addresses: check?.addresses?.join(', ') || '–' };
    if (!engine) return item('domain', 'warning', 'app-unreachable', carrierLink, values);
    if (!check) return item('domain', 'missing', 'not-served', carrierLink, values);
    if (!check.tlsAllowed) return item('domain', 'missing', 'no-certificate', carrierLink, values);
    if (check.addresses === null) return item('domain', 'warning', 'dns-unknown', carrierLink, values);
    if (check.addresses.length === 0) return item('domain', 'missing', 'dns-none', carrierLink, values);
    if (check.pointsHere === false) return item('domain', 'missing', 'dns-elsewhere', carrierLink, values);
    if (check.pointsHere === null) return item('domain', 'warning', 'dns-unverified', carrierLink, values);
    return item('domain', 'done', 'points-here', carrierLink, values);
  });
}

function engineItem(engine: EngineAnswer | null, carrierLink: string, rosterLink: string): ChecklistItem {
  if (!engine) return item('engine', 'warning', 'app-unreachable', carrierLink);
  if (!engine.known || !engine.engine) return item('engine', 'missing', 'not-served', carrierLink);
  const view = engine.engine;
  const values = { lastSyncAt: view.lastSyncAt ?? '–', revision: view.revision ?? '–', areas: view.staffedAreas };
  if (!view.synced) return item('engine', 'missing', 'not-synced', rosterLink, values);
  if (!view.bookable) return item('engine', 'missing', view.roster ? 'no-staffed-area' : 'no-roster', rosterLink, values);
  return item('engine', 'done', 'bookable', rosterLink, values);
}

/** The checklist of one carrier, in the order a newcomer sets it up (README "Onboarding"). */
export function setupChecklist(carrier: ChecklistCarrier, entries: ChecklistEntries, engine: EngineAnswer | null): ChecklistItem[] {
  const carrierLink = `${CM}/${CARRIER_UID}/${carrier.documentId}`;
  const locales = carrier.supportedLocales.length ? carrier.supportedLocales : [carrier.defaultLocale];
  return [
    carrier.published ? item('carrier', 'done', 'published', carrierLink) : item('carrier', 'missing', 'not-published', carrierLink),
    ...locales.flatMap((locale) => contentItems(carrier, entries, locale)),
    ...operationsItems(carrier, entries),
    ...domainItems(carrier, engine, carrierLink),
    engineItem(engine, carrierLink, listLink(OPS_UIDS.roster, carrier.code)),
  ];
}

/** Done when nothing is missing (warnings do not block a launch). */
export const checklistReady = (items: ChecklistItem[]): boolean => items.every((entry) => entry.state !== 'missing');
