import type { Core } from '@strapi/strapi';
import { CARRIER_UID, CATALOGUE_UIDS, OPS_UIDS } from '../lib/content-model';
import { type CatalogueEntries, type OpsEntries, entriesToCatalogueFile, entriesToEngineFile } from './ops-files';
import { CATALOGUE_KEY, revisedCarrierCodes, revisionOf } from './ops-revision';
import { readApiKeysFeed } from '../api-keys/ops-api-keys';

/**
 * Operations and catalogue data in Strapi as the engine's files, read for the feed (written once by
 * the seed, seeding/seed-operations.ts; docs/decisions/076-operations-and-catalogue-in-the-cms.md).
 */

export type Data = Record<string, unknown>;

/** Entries in creation order, so the seeded data reads back in the order of its file. */
export async function all(strapi: Core.Strapi, uid: string, where: Data = {}, populate?: string[]): Promise<Data[]> {
  return (await strapi.db.query(uid as never).findMany({ where, orderBy: { id: 'asc' }, ...(populate ? { populate } : {}) } as never)) as Data[];
}

async function carrierFacts(strapi: Core.Strapi, code: string) {
  const rows = (await strapi.db.query(CARRIER_UID as never).findMany({ where: { code }, select: ['code', 'countryCode', 'currency', 'publishedAt'] } as never)) as Data[];
  // The published version is what the site serves; a never-published carrier still has its draft.
  const row = rows.find((r) => r.publishedAt) ?? rows[0];
  return row ? { code, countryCode: String(row.countryCode ?? ''), currency: String(row.currency ?? '') } : null;
}

/**
 * A carrier's entries as the engine may use them: an area is served once it has a technician (the
 * engine refuses an area without one), so a new area waits until its first technician is saved.
 * Null when the carrier has no roster or no served area yet.
 */
export async function readOpsEntries(strapi: Core.Strapi, code: string): Promise<OpsEntries | null> {
  const where = { carrierCode: code };
  const [roster] = await all(strapi, OPS_UIDS.roster, where);
  if (!roster) return null;
  const technicians = await all(strapi, OPS_UIDS.technician, where);
  const staffed = new Set(technicians.map((t) => t.serviceArea));
  const serviceAreas = (await all(strapi, OPS_UIDS.serviceArea, where)).filter((area) => staffed.has(area.code));
  if (serviceAreas.length === 0) return null;
  const [offering] = await all(strapi, OPS_UIDS.offering, where);
  return {
    roster,
    offering: offering ?? {},
    serviceAreas,
    technicians,
    stores: await all(strapi, OPS_UIDS.store, where),
    discountCodes: await all(strapi, OPS_UIDS.discountCode, where),
    priceOverrides: await all(strapi, OPS_UIDS.priceOverride, where),
    webhookEndpoints: await all(strapi, OPS_UIDS.webhookEndpoint, where),
  };
}

/** A carrier's engine file, or null when the carrier, its roster or a served area does not exist. */
export async function readEngineFeed(strapi: Core.Strapi, code: string) {
  // The revision is read before the entries: a save that lands while they are read then carries a
  // newer revision than the one served, so its own webhook syncs again. Read after, the engine would
  // store the older entries under the newer revision and skip that save for good.
  const revision = await revisionOf(strapi, code);
  const carrier = await carrierFacts(strapi, code);
  const entries = carrier && (await readOpsEntries(strapi, code));
  if (!carrier || !entries) return null;
  const updatedAt = revision ?? new Date(String(entries.roster.updatedAt)).toISOString();
  // The carrier's partner API keys travel with its revision: one sync, one transaction (ADR 182).
  return { code, updatedAt, engine: entriesToEngineFile(carrier, entries), apiKeys: await readApiKeysFeed(strapi, code) };
}

/** Carriers the engine can sell for: a carrier entry, a roster and an area with a technician. */
export async function readCarrierList(strapi: Core.Strapi) {
  const rosters = (await strapi.db.query(OPS_UIDS.roster as never).findMany({ select: ['carrierCode', 'updatedAt'], orderBy: { carrierCode: 'asc' } } as never)) as Data[];
  const technicians = (await strapi.db.query(OPS_UIDS.technician as never).findMany({ select: ['carrierCode', 'serviceArea'] } as never)) as Data[];
  const areas = (await strapi.db.query(OPS_UIDS.serviceArea as never).findMany({ select: ['carrierCode', 'code'] } as never)) as Data[];
  const staffed = new Set(technicians.map((t) => `${String(t.carrierCode)}|${String(t.serviceArea)}`));
  const served = new Set(areas.filter((a) => staffed.has(`${String(a.carrierCode)}|${String(a.code)}`)).map((a) => a.carrierCode));
  const carriers = new Set(((await strapi.db.query(CARRIER_UID as never).findMany({ select: ['code'] } as never)) as Data[]).map((c) => c.code as string));
  const revised = new Set(await revisedCarrierCodes(strapi));
  const list: { code: string; updatedAt: string }[] = [];
  for (const roster of rosters) {
    const code = roster.carrierCode as string;
    if (!carriers.has(code) || !served.has(code)) continue;
    const updatedAt = revised.has(code) ? await revisionOf(strapi, code) : null;
    list.push({ code, updatedAt: updatedAt ?? new Date(String(roster.updatedAt)).toISOString() });
  }
  return list;
}

export async function readCatalogueFeed(strapi: Core.Strapi) {
  // Before the entries, as in readEngineFeed.
  const revision = await revisionOf(strapi, CATALOGUE_KEY);
  const [setting] = await all(strapi, CATALOGUE_UIDS.setting, {}, ['irisCodes']);
  const entries: CatalogueEntries = {
    setting: setting ?? {},
    deviceTypes: await all(strapi, CATALOGUE_UIDS.deviceType),
    makes: await all(strapi, CATALOGUE_UIDS.make),
    problems: await all(strapi, CATALOGUE_UIDS.problem),
    models: await all(strapi, CATALOGUE_UIDS.model, {}, ['versions', 'colours', 'picture']),
    prices: await all(strapi, CATALOGUE_UIDS.price, {}, ['amounts']),
    extras: await all(strapi, CATALOGUE_UIDS.extra, {}, ['prices']),
    triageQuestions: await all(strapi, CATALOGUE_UIDS.triageQuestion),
  };
  const updatedAt = revision ?? new Date(0).toISOString();
  return { updatedAt, catalogue: entriesToCatalogueFile(entries) };
}
