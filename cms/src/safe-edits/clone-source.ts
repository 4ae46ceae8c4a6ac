import type { Core } from '@strapi/strapi';

type Data = Record<string, unknown>;

const SYSTEM_FIELDS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations'];

/**
 * What a `clone` (the admin's "Duplicate", or POST …/clone/:id with overrides) will create: the
 * source entry with the request's data laid over it. Save-time rules check this like a `create`,
 * so a duplicate or an override cannot skip them. Components are read with their fields; relations
 * are left out (no rule reads them).
 */
export async function cloneData(strapi: Core.Strapi, uid: string, params: { documentId?: string; locale?: string | null; data?: Data }): Promise<Data> {
  const model = strapi.getModel(uid as never) as unknown as { attributes: Record<string, { type: string }> } | undefined;
  const components = Object.entries(model?.attributes ?? {})
    .filter(([, attribute]) => attribute.type === 'component')
    .map(([name]) => name);
  const where: Data = { documentId: params.documentId, ...(params.locale ? { locale: params.locale } : {}) };
  const rows = (await strapi.db.query(uid as never).findMany({ where, ...(components.length ? { populate: components } : {}) } as never)) as Data[];
  // The draft is what the admin duplicates; a type without drafts has one row.
  const source = rows.find((row) => row.publishedAt == null) ?? rows[0] ?? {};
  const copy = Object.fromEntries(Object.entries(source).filter(([name]) => !SYSTEM_FIELDS.includes(name) && (model?.attributes[name]?.type ?? 'relation') !== 'relation'));
  return { ...copy, ...(params.data ?? {}) };
}
