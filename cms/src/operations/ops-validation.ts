import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { cloneData } from '../safe-edits/clone-source';
import { CARRIER_CODE_PATTERN, CARRIER_UID, CATALOGUE_UIDS, CURRENCY_CODES, OPS_UIDS, isCatalogueUid, isOpsUid } from '../lib/content-model';
import {
  type Problem,
  amountsProblems,
  deviceTypesProblems,
  discountCodeProblems,
  idListProblems,
  priceOverrideProblems,
  rosterProblems,
  serviceAreaProblems,
  slugListProblems,
  storeProblems,
  symptomsProblems,
  triageOptionsProblems,
} from './ops-rules';
import { apiKeyProblems, prepareApiKeyData } from '../api-keys/ops-api-keys';
import { normaliseUsername, staffMemberProblems } from '../staff-accounts/staff-rules';
import { prepareWebhookData, webhookEndpointProblems } from '../webhooks/webhook-endpoints';

/**
 * Document middleware: refuses an invalid operations or catalogue entry with a 400 whose message
 * names the field (docs/decisions/077-ops-validation-on-save.md). Runs for the admin, the REST API
 * and the seed alike. Checks that need other entries (the carrier's country, a code already used by
 * the same carrier, a technician's area) query the database here; the pure rules are in ops-rules.ts.
 */

type Data = Record<string, unknown>;

function assertValid(problems: Problem[]): void {
  if (problems.length === 0) return;
  throw new errors.ValidationError(problems.map((p) => p.message).join(' '), {
    errors: problems.map((p) => ({ path: p.path, message: p.message, name: 'ValidationError', value: undefined })),
  });
}

async function carrierCountry(strapi: Core.Strapi, code: unknown): Promise<string | null> {
  if (typeof code !== 'string') return null;
  const carrier = (await strapi.db.query(CARRIER_UID as never).findOne({ where: { code }, select: ['countryCode'] } as never)) as {
    countryCode?: string;
  } | null;
  return carrier?.countryCode ?? null;
}

async function allowsInStoreBookings(strapi: Core.Strapi, code: string): Promise<boolean> {
  const carrier = (await strapi.db.query(CARRIER_UID as never).findOne({ where: { code }, select: ['allowsInStoreBookings'] } as never)) as Data | null;
  return carrier?.allowsInStoreBookings === true;
}

/** Another entry of the same type with these field values (the entry being saved excluded). */
async function taken(strapi: Core.Strapi, uid: string, where: Data, documentId?: string): Promise<boolean> {
  const others = (await strapi.db.query(uid as never).findMany({
    where: { ...where, ...(documentId ? { documentId: { $ne: documentId } } : {}) },
    select: ['id'],
    limit: 1,
  } as never)) as unknown[];
  return others.length > 0;
}

/** A price override names a model of the catalogue and one of that model's problems. */
async function catalogueHas(strapi: Core.Strapi, model: unknown, problem: unknown): Promise<Problem[]> {
  if (typeof model !== 'string' || typeof problem !== 'string') return [];
  const entry = (await strapi.db.query(CATALOGUE_UIDS.model as never).findOne({ where: { slug: model }, select: ['problems'] } as never)) as Data | null;
  if (!entry) return [{ path: ['model'], message: `Model: ${model} is not in the catalogue (use a model slug such as iphone-15).` }];
  const problems = Array.isArray(entry.problems) ? (entry.problems as string[]) : [];
  if (!problems.includes(problem)) return [{ path: ['problem'], message: `Problem: ${model} cannot be booked for ${problem}; it offers ${problems.join(', ')}.` }];
  return [];
}

async function opsProblems(strapi: Core.Strapi, uid: string, data: Data, existing: Data | null, documentId?: string): Promise<Problem[]> {
  const merged = { ...(existing ?? {}), ...data };
  const problems: Problem[] = [];
  const { carrierCode } = merged;
  if ('carrierCode' in data && (typeof data.carrierCode !== 'string' || !CARRIER_CODE_PATTERN.test(data.carrierCode))) {
    return [{ path: ['carrierCode'], message: `Carrier code must be the code of a carrier, e.g. "patchpoint" (got ${JSON.stringify(data.carrierCode)}).` }];
  }
  const sameCarrier = async (field: string, label: string, extra: Data = {}) => {
    if (merged[field] == null || typeof carrierCode !== 'string') return;
    if (await taken(strapi, uid, { carrierCode, [field]: merged[field], ...extra }, documentId)) {
      problems.push({ path: [field], message: `${label} ${String(merged[field])} already exists for carrier ${carrierCode}.` });
    }
  };
  switch (uid) {
    case OPS_UIDS.serviceArea: {
      problems.push(...serviceAreaProblems(merged, await carrierCountry(strapi, carrierCode)));
      await sameCarrier('code', 'Service area code');
      if (existing && (existing.code !== merged.code || existing.carrierCode !== carrierCode)) {
        const staff = (await strapi.db.query(OPS_UIDS.technician as never).count({ where: { carrierCode: existing.carrierCode, serviceArea: existing.code } } as never)) as number;
        if (staff > 0) {
          problems.push({
            path: ['code'],
            message: `Code: ${staff} technician(s) work in ${String(existing.code)}; move them to another area before changing this area's code or carrier.`,
          });
        }
      }
      break;
    }
    case OPS_UIDS.technician: {
      await sameCarrier('technicianId', 'Technician id');
      const area = merged.serviceArea;
      if (typeof area === 'string' && typeof carrierCode === 'string') {
        const exists = await taken(strapi, OPS_UIDS.serviceArea, { carrierCode, code: area });
        if (!exists) problems.push({ path: ['serviceArea'], message: `Service area: carrier ${carrierCode} has no service area with code ${area}.` });
      }
      break;
    }
    case OPS_UIDS.roster:
      problems.push(...rosterProblems(data));
      break;
    case OPS_UIDS.store:
      problems.push(...storeProblems(merged, await carrierCountry(strapi, carrierCode)));
      await sameCarrier('code', 'Store code');
      break;
    case OPS_UIDS.discountCode:
      problems.push(...discountCodeProblems(merged));
      await sameCarrier('code', 'Discount code');
      break;
    case OPS_UIDS.priceOverride: {
      problems.push(...priceOverrideProblems(merged), ...(await catalogueHas(strapi, merged.model, merged.problem)));
      if (typeof carrierCode === 'string' && (await taken(strapi, uid, { carrierCode, model: merged.model, problem: merged.problem }, documentId))) {
        problems.push({ path: ['problem'], message: `A price override for ${String(merged.model)} / ${String(merged.problem)} already exists for carrier ${carrierCode}.` });
      }
      break;
    }
    case OPS_UIDS.staffMember: {
      if (typeof carrierCode !== 'string') break;
      await sameCarrier('username', 'Username');
      const codes = async (type: string, field: string) =>
        ((await strapi.db.query(type as never).findMany({ where: { carrierCode }, select: [field] } as never)) as Data[]).map((row) => String(row[field]));
      const facts = {
        carrierCode,
        storeCodes: await codes(OPS_UIDS.store, 'code'),
        areaCodes: await codes(OPS_UIDS.serviceArea, 'code'),
        technicianCodes: await codes(OPS_UIDS.technician, 'technicianId'),
        allowsInStoreBookings: await allowsInStoreBookings(strapi, carrierCode),
      };
      const given = typeof data.password === 'string' ? data.password : undefined;
      problems.push(...staffMemberProblems(merged, facts, { given, required: !existing }));
      break;
    }
    case OPS_UIDS.apiKey:
      problems.push(...apiKeyProblems(merged));
      break;
    case OPS_UIDS.webhookEndpoint:
      problems.push(...webhookEndpointProblems(merged));
      break;
    case OPS_UIDS.offering:
      problems.push(
        ...slugListProblems(data, 'excludedMakes', 'Excluded makes'),
        ...slugListProblems(data, 'excludedModels', 'Excluded models'),
        ...slugListProblems(data, 'excludedProblems', 'Excluded problems'),
      );
      break;
  }
  return problems;
}

function catalogueProblems(uid: string, data: Data): Problem[] {
  switch (uid) {
    case CATALOGUE_UIDS.price: {
      const problems = amountsProblems('amounts', data.amounts, { paid: true });
      if (Array.isArray(data.amounts)) {
        const missing = CURRENCY_CODES.filter((c) => !(data.amounts as Data[]).some((a) => a?.currency === c));
        if (missing.length) problems.push({ path: ['amounts'], message: `Amounts: every currency needs a price; missing ${missing.join(', ')}.` });
      }
      return problems;
    }
    case CATALOGUE_UIDS.extra: {
      const problems = amountsProblems('prices', data.prices, { paid: false });
      problems.push(...deviceTypesProblems(data));
      return problems;
    }
    case CATALOGUE_UIDS.model:
      return [...idListProblems(data, 'makeIds', 'Make ids'), ...slugListProblems(data, 'problems', 'Problems', { required: true })];
    case CATALOGUE_UIDS.problem:
      return symptomsProblems(data);
    case CATALOGUE_UIDS.triageQuestion:
      return [...slugListProblems(data, 'models', 'Models', { required: true }), ...triageOptionsProblems(data)];
    default:
      return [];
  }
}

/**
 * A staff account's username is stored normalised; an empty password field means "unchanged" (the
 * admin never shows the stored hash), and a duplicate never copies the source's password hash.
 * Strapi's document service hashes a `password` attribute with bcrypt on write (ADR 095).
 */
function prepareStaffData(params: { data?: Data }, data: Data, clone: boolean): void {
  for (const target of [params.data, data]) {
    if (!target) continue;
    if ('username' in target) target.username = normaliseUsername(target.username);
    if ('password' in target && (target.password === '' || target.password == null)) delete target.password;
  }
  if (clone && !(params.data && typeof params.data.password === 'string')) delete data.password;
}

export function registerOpsValidation(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    if (!['create', 'update', 'clone'].includes(ctx.action) || !(isOpsUid(ctx.uid) || isCatalogueUid(ctx.uid))) return next();
    const params = ctx.params as { documentId?: string; data?: Data };
    // A clone is a new entry: the source with the overrides, checked in whole (a duplicate code too).
    const clone = ctx.action === 'clone';
    const data = clone ? await cloneData(strapi, ctx.uid, params) : (params.data ?? {});
    if (isCatalogueUid(ctx.uid)) {
      assertValid(catalogueProblems(ctx.uid, data));
      return next();
    }
    if (ctx.uid === OPS_UIDS.staffMember) prepareStaffData(params, data, clone);
    if (ctx.uid === OPS_UIDS.apiKey) {
      prepareApiKeyData(ctx.action, params);
      if (!clone) Object.assign(data, params.data);
    }
    if (ctx.uid === OPS_UIDS.webhookEndpoint) {
      // The secret is the CMS's to make (ADR 179), on the data Strapi writes, whatever the form sent.
      const written = params.data ?? (params.data = {});
      prepareWebhookData(written, ctx.action !== 'update');
      if (data !== written) Object.assign(data, { signingSecret: written.signingSecret, regenerateSecret: false });
    }
    // An update may carry only the changed fields; cross-field rules need the whole entry.
    const existing = params.documentId && !clone ? ((await strapi.db.query(ctx.uid as never).findOne({ where: { documentId: params.documentId } } as never)) as Data | null) : null;
    assertValid(await opsProblems(strapi, ctx.uid, data, existing, clone ? undefined : params.documentId));
    return next();
  });
}
