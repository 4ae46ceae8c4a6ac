import type { Core } from '@strapi/strapi';
import { CARRIER_UID, isCatalogueUid, isOpsUid } from '../lib/content-model';
import { webhooksSilenced } from '../app-channel/webhook';

/**
 * Revision times of /work/ops-contract.md: one per carrier for its operations data, one for the
 * catalogue. Every create, update and delete bumps it, and it only ever increases (at least 1 ms
 * per change even if the clock steps back), so the engine can keep the newest delivery and ignore
 * an older one. Kept in Strapi's core store, beside the content, as epoch milliseconds.
 */

const STORE = { type: 'core', name: 'ops-revision' } as const;
export const CATALOGUE_KEY = '_catalogue';
const CHANGES = ['create', 'update', 'delete', 'clone'];

export async function revisionOf(strapi: Core.Strapi, key: string): Promise<string | null> {
  const value = (await strapi.store.get({ ...STORE, key })) as number | null;
  return typeof value === 'number' ? new Date(value).toISOString() : null;
}

export async function bumpRevision(strapi: Core.Strapi, key: string): Promise<string> {
  const previous = ((await strapi.store.get({ ...STORE, key })) as number | null) ?? 0;
  const next = Math.max(Date.now(), previous + 1);
  await strapi.store.set({ ...STORE, key, value: next });
  return new Date(next).toISOString();
}

/** Every carrier code that has a revision (the catalogue's own key left out). */
export async function revisedCarrierCodes(strapi: Core.Strapi): Promise<string[]> {
  const rows = (await strapi.db.query('strapi::core-store').findMany({
    where: { key: { $startsWith: `${STORE.type}_${STORE.name}_` } },
    select: ['key'],
  })) as { key: string }[];
  return rows.map((r) => r.key.slice(`${STORE.type}_${STORE.name}_`.length)).filter((k) => k !== CATALOGUE_KEY);
}

/**
 * Document middleware, registered inside the webhook's so the revision is bumped before the app
 * is told. A carrier's own change bumps its revision too: its country and currency are part of
 * what the engine reads. Bulk seeding (webhooks silenced) sets revisions once at its end.
 */
export function registerRevisionBump(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    const relevant = isOpsUid(ctx.uid) || isCatalogueUid(ctx.uid) || ctx.uid === CARRIER_UID;
    if (!relevant || !CHANGES.includes(ctx.action) || webhooksSilenced()) return next();
    if (isCatalogueUid(ctx.uid)) {
      const result = await next();
      await bumpRevision(strapi, CATALOGUE_KEY);
      return result;
    }
    const field = ctx.uid === CARRIER_UID ? 'code' : 'carrierCode';
    const params = ctx.params as { documentId?: string; data?: Record<string, unknown> };
    const before = params.documentId
      ? ((await strapi.db.query(ctx.uid as never).findOne({ where: { documentId: params.documentId }, select: [field] } as never)) as Record<string, unknown> | null)
      : null;
    const result = await next();
    // An entry moved to another carrier changes both.
    const codes = new Set([before?.[field], params.data?.[field]].filter((c): c is string => typeof c === 'string' && c !== ''));
    for (const code of codes) await bumpRevision(strapi, code);
    return result;
  });
}
