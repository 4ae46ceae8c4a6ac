import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { CARRIER_UID, CATALOGUE_UIDS, OPS_UIDS } from '../lib/content-model';
import { type CatalogueEntries, type OpsEntries, catalogueFileToEntries, engineFileToEntries, entriesToCatalogueFile, entriesToEngineFile } from './ops-files';
import { CATALOGUE_KEY, bumpRevision, revisedCarrierCodes, revisionOf } from './ops-revision';
import { type Pictures, devicePictureName } from '../seeding/device-pictures';
import { carrierFolders } from '../seeding/tenant-files';
import { sendContentChange, withoutWebhooks } from '../app-channel/webhook';
import { seedStaffAccounts } from '../staff-accounts/staff-accounts';
import { readApiKeysFeed } from '../api-keys/ops-api-keys';
import { devDefaultsAllowed } from '../../config/env-defaults';

/**
 * Operations and catalogue data in Strapi as the engine's files: read for the feed, written once
 * by the seed (docs/decisions/076-operations-and-catalogue-in-the-cms.md).
 */

type Data = Record<string, unknown>;

/** Entries in creation order, so the seeded data reads back in the order of its file. */
async function all(strapi: Core.Strapi, uid: string, where: Data = {}, populate?: string[]): Promise<Data[]> {
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

// ---------------------------------------------------------------- seeding

/** What the seed has done, so an entry an operator deleted is not seeded again at the next start. */
const SEEDED = { type: 'core', name: 'ops-seeded', key: 'done' } as const;
const PICTURES_KEY = '_catalogue-pictures';
/** The IRIS codes (ADR 273) came after the catalogue: a catalogue seeded before them gets them once. */
const IRIS_KEY = '_catalogue-iris-codes';

/** Adds the file's IRIS codes to a catalogue seeded before them, unless an operator has some already. */
async function seedIrisCodes(strapi: Core.Strapi, file: unknown): Promise<number> {
  const [setting] = await all(strapi, CATALOGUE_UIDS.setting, {}, ['irisCodes']);
  const { irisCodes } = catalogueFileToEntries(file).setting as { irisCodes: Data[] };
  if (!setting || (setting.irisCodes as Data[] | undefined)?.length || !irisCodes.length) return 0;
  await strapi.documents(CATALOGUE_UIDS.setting as never).update({ documentId: setting.documentId, data: { irisCodes } } as never);
  return irisCodes.length;
}

async function create(strapi: Core.Strapi, uid: string, data: Data): Promise<void> {
  await strapi.documents(uid as never).create({ data } as never);
}

async function seedCarrierOps(strapi: Core.Strapi, code: string, file: unknown): Promise<void> {
  const entries = engineFileToEntries(file);
  const withCarrier = (data: Data) => ({ ...data, carrierCode: code });
  await strapi.db.transaction(async () => {
    await create(strapi, OPS_UIDS.roster, withCarrier(entries.roster));
    await create(strapi, OPS_UIDS.offering, withCarrier(entries.offering));
    for (const area of entries.serviceAreas) await create(strapi, OPS_UIDS.serviceArea, withCarrier(area));
    for (const technician of entries.technicians) await create(strapi, OPS_UIDS.technician, withCarrier(technician));
    for (const store of entries.stores) await create(strapi, OPS_UIDS.store, withCarrier(store));
    for (const discount of entries.discountCodes) await create(strapi, OPS_UIDS.discountCode, withCarrier(discount));
    for (const override of entries.priceOverrides) await create(strapi, OPS_UIDS.priceOverride, withCarrier(override));
  });
}

/** Demo staff accounts (ADR 095), after the carrier's stores and areas, once, with development defaults only. */
async function seedDemoStaff(strapi: Core.Strapi, code: string, folder: string, done: Set<string>): Promise<void> {
  const key = `staff:${code}`;
  if (done.has(key) || !devDefaultsAllowed()) return;
  try {
    const seeded = await withoutWebhooks(() => seedStaffAccounts(strapi, code, folder));
    if (seeded > 0) strapi.log.info(`[seed] ${seeded} demo staff account(s) of ${code}`);
    done.add(key);
    await strapi.store.set({ ...SEEDED, value: [...done] });
  } catch (error) {
    strapi.log.error(`[seed] staff accounts of ${code} not seeded: ${(error as Error).message}`);
  }
}

/** The media-library picture whose file name the model's demo imagePath names (ADR 085). */
function libraryPicture(model: Data, pictures: Pictures): number | undefined {
  const name = devicePictureName(model.imagePath);
  return name ? pictures.get(name) : undefined;
}

async function seedCatalogue(strapi: Core.Strapi, file: unknown, pictures: Pictures): Promise<void> {
  const catalogue = catalogueFileToEntries(file);
  const entries = { ...catalogue, models: catalogue.models.map((model) => ({ ...model, picture: libraryPicture(model, pictures) ?? null })) };
  await strapi.db.transaction(async () => {
    await strapi.documents(CATALOGUE_UIDS.setting as never).create({ data: entries.setting } as never);
    const lists: [string, Data[]][] = [
      [CATALOGUE_UIDS.deviceType, entries.deviceTypes],
      [CATALOGUE_UIDS.make, entries.makes],
      [CATALOGUE_UIDS.problem, entries.problems],
      [CATALOGUE_UIDS.model, entries.models],
      [CATALOGUE_UIDS.price, entries.prices],
      [CATALOGUE_UIDS.extra, entries.extras],
      [CATALOGUE_UIDS.triageQuestion, entries.triageQuestions],
    ];
    for (const [uid, items] of lists) for (const item of items) await create(strapi, uid, item);
  });
}

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * Seeds tenants/catalogue.json and every tenants/<code>/engine.json once (per carrier, and once for
 * the catalogue): what was seeded is remembered, so admin edits and deletions survive restarts and
 * a carrier folder added later is seeded at the next start. One webhook per seeded carrier after.
 */
/**
 * Models seeded before their pictures were in the media library get them once (a picture an
 * operator removes later stays removed).
 */
async function linkModelPictures(strapi: Core.Strapi, pictures: Pictures): Promise<number> {
  const models = await all(strapi, CATALOGUE_UIDS.model, {}, ['picture']);
  let linked = 0;
  for (const model of models) {
    const picture = model.picture ? undefined : libraryPicture(model, pictures);
    if (!picture) continue;
    await strapi.documents(CATALOGUE_UIDS.model as never).update({ documentId: model.documentId, data: { picture } } as never);
    linked += 1;
  }
  return linked;
}

export async function seedOperations(strapi: Core.Strapi, pictures: Pictures = new Map()): Promise<void> {
  const tenantsDir = path.resolve(strapi.dirs.app.root, process.env.TENANTS_DIR || '../tenants');
  const done = new Set(((await strapi.store.get(SEEDED)) as string[] | null) ?? []);
  const seeded: string[] = [];
  const failed: string[] = [];
  const remember = async (key: string) => {
    done.add(key);
    seeded.push(key);
    await strapi.store.set({ ...SEEDED, value: [...done] });
  };

  const catalogueFile = path.join(tenantsDir, 'catalogue.json');
  if (!done.has(CATALOGUE_KEY) && fs.existsSync(catalogueFile)) {
    try {
      await withoutWebhooks(() => seedCatalogue(strapi, readJson(catalogueFile), pictures));
      await bumpRevision(strapi, CATALOGUE_KEY);
      done.add(PICTURES_KEY); // seeded with their pictures
      done.add(IRIS_KEY); // and their IRIS codes
      await remember(CATALOGUE_KEY);
    } catch (error) {
      failed.push('catalogue');
      strapi.log.error(`[seed] catalogue not seeded: ${(error as Error).message} ${JSON.stringify((error as { details?: unknown }).details ?? '')}`);
    }
  }
  if (done.has(CATALOGUE_KEY) && !done.has(PICTURES_KEY) && pictures.size > 0) {
    const linked = await withoutWebhooks(() => linkModelPictures(strapi, pictures));
    await bumpRevision(strapi, CATALOGUE_KEY);
    done.add(PICTURES_KEY);
    await strapi.store.set({ ...SEEDED, value: [...done] });
    seeded.push(CATALOGUE_KEY);
    strapi.log.info(`[seed] ${linked} catalogue model(s) linked to their library picture`);
  }
  if (done.has(CATALOGUE_KEY) && !done.has(IRIS_KEY) && fs.existsSync(catalogueFile)) {
    const added = await withoutWebhooks(() => seedIrisCodes(strapi, readJson(catalogueFile)));
    if (added) await bumpRevision(strapi, CATALOGUE_KEY);
    done.add(IRIS_KEY);
    await strapi.store.set({ ...SEEDED, value: [...done] });
    if (added) seeded.push(CATALOGUE_KEY);
    strapi.log.info(`[seed] ${added} IRIS code(s) added to the catalogue`);
  }
  for (const folder of carrierFolders(tenantsDir)) {
    const engineFile = path.join(folder, 'engine.json');
    if (!fs.existsSync(engineFile)) continue;
    const file = readJson(engineFile) as { carrier_code?: string };
    const code = file.carrier_code ?? path.basename(folder);
    if (!done.has(code)) {
      try {
        await withoutWebhooks(() => seedCarrierOps(strapi, code, file));
        await bumpRevision(strapi, code);
        await remember(code);
      } catch (error) {
        failed.push(code);
        strapi.log.error(`[seed] operations of ${code} not seeded: ${(error as Error).message} ${JSON.stringify((error as { details?: unknown }).details ?? '')}`);
      }
    }
    if (done.has(code)) await seedDemoStaff(strapi, code, folder, done);
  }
  for (const key of seeded) {
    const catalogue = key === CATALOGUE_KEY;
    sendContentChange(strapi, {
      event: 'entry.create',
      model: catalogue ? CATALOGUE_UIDS.model : OPS_UIDS.roster,
      carrierCode: catalogue ? null : key,
      locale: null,
    });
  }
  strapi.log.info(
    `[seed] operations and catalogue: ${seeded.length} seeded${seeded.length ? ` (${seeded.join(', ')})` : ''}, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`,
  );
}
