import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { CATALOGUE_UIDS } from '../lib/content-model';
import { visibleCarrier } from '../setup-checklist/setup-checklist-routes';

/**
 * What an offering's exclusion pickers choose from (ADR 202): the shared catalogue's makes, models
 * and problems the carrier sells, by name, with the codes and slugs the engine compares
 * (booking/catalogue/queries.ts); without a carrier the whole catalogue, for the catalogue's own
 * pickers (ADR 202). An admin route under /admin/ops-controls with the admin's own
 * log-in, for carriers the user may see (the Operations role cannot read the catalogue types in the
 * content manager, and needs only names and codes).
 */

type Row = Record<string, unknown>;
export type CatalogueChoice = { code: string; name: string; group?: string; id?: number };
export type CatalogueChoices = { makes: CatalogueChoice[]; models: CatalogueChoice[]; problems: CatalogueChoice[] };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const byName = (a: CatalogueChoice, b: CatalogueChoice) => (a.group ?? '').localeCompare(b.group ?? '') || a.name.localeCompare(b.name);

/**
 * The choices for one carrier, pure over the catalogue rows: a carrier that sells a single make
 * (`singleMakeOnly`) sells only that make among phones and tablets (type 1), as the engine's
 * `makeAllowed`; a model is listed when one of its makes is sold, under its make's name.
 */
export function catalogueChoices(carrier: Row, rows: { makes: Row[]; models: Row[]; problems: Row[] }): CatalogueChoices {
  const sold = (make: Row) => carrier.singleMakeOnly !== true || make.typeId !== 1 || make.makeId === carrier.singleMakeId;
  const makes = rows.makes.filter((m) => text(m.code) && sold(m));
  const makeName = new Map(makes.map((m) => [m.makeId, text(m.name) || text(m.code)]));
  return {
    makes: makes.map((m) => ({ code: text(m.code), name: text(m.name) || text(m.code), ...(typeof m.makeId === 'number' ? { id: m.makeId } : {}) })).sort(byName),
    models: rows.models
      .filter((m) => text(m.slug) && Array.isArray(m.makeIds) && m.makeIds.some((id) => makeName.has(id)))
      .map((m) => ({ code: text(m.slug), name: text(m.title) || text(m.slug), group: makeName.get((m.makeIds as unknown[]).find((id) => makeName.has(id))) }))
      .sort(byName),
    problems: rows.problems
      .filter((p) => text(p.code))
      .map((p) => ({ code: text(p.code), name: text(p.titleEn) || text(p.code) }))
      .sort(byName),
  };
}

type Ctx = Parameters<typeof visibleCarrier>[1];

export function registerCatalogueChoiceRoutes(strapi: Core.Strapi): void {
  const all = (uid: string, select: string[]) => strapi.db.query(uid as never).findMany({ select } as never) as Promise<Row[]>;
  const catalogue = async () => {
    const [makes, models, problems] = await Promise.all([
      all(CATALOGUE_UIDS.make, ['makeId', 'code', 'name', 'typeId']),
      all(CATALOGUE_UIDS.model, ['slug', 'title', 'makeIds']),
      all(CATALOGUE_UIDS.problem, ['code', 'titleEn']),
    ]);
    return { makes, models, problems };
  };
  const routes = [
    {
      // The whole catalogue's names and codes, for the catalogue's own forms (a model's makes and problems, a question's models).
      method: 'GET',
      path: '/ops-controls/catalogue',
      handler: async (ctx: Ctx) => {
        if (!ctx.state.user) throw new errors.UnauthorizedError();
        ctx.body = catalogueChoices({}, await catalogue());
      },
    },
    {
      method: 'GET',
      path: '/ops-controls/catalogue/:code',
      handler: async (ctx: Ctx) => {
        const { row } = await visibleCarrier(strapi, ctx);
        ctx.body = catalogueChoices(row, await catalogue());
      },
    },
  ].map((route) => ({ ...route, config: { policies: ['admin::isAuthenticatedAdmin'] } }));
  const admin = strapi.admin as unknown as { routes: Record<string, unknown> };
  admin.routes['ops-controls'] = { type: 'admin', prefix: '/admin', routes };
}
