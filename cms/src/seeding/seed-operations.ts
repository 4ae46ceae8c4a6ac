import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { CATALOGUE_UIDS, OPS_UIDS } from '../lib/content-model';
import { catalogueFileToEntries, engineFileToEntries } from '../engine-feed/ops-files';
import { type Data, all } from '../engine-feed/ops-data';
import { CATALOGUE_KEY, bumpRevision } from '../engine-feed/ops-revision';
import { type Pictures, devicePictureName } from './device-pictures';
import { carrierFolders } from './tenant-files';
import { sendContentChange, withoutWebhooks } from '../app-channel/webhook';
import { seedStaffAccounts } from '../staff-accounts/staff-accounts';
import { devDefaultsAllowed } from '../../config/env-defaults';

/**
 * Operations and catalogue data written once from tenants/ into Strapi, as the engine's files
 * (docs/decisions/076-operations-and-catalogue-in-the-cms.md); the feed reads them back
 * (engine-feed/ops-data.ts).
 */

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

/**
 * Seeds tenants/catalogue.json and every tenants/<code>/engine.json once (per carrier, and once for
 * the catalogue): what was seeded is remembered, so admin edits and deletions survive restarts and
 * a carrier folder added later is seeded at the next start. One webhook per seeded carrier after.
 */
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
