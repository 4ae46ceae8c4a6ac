import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { z } from 'zod';
import { signedAppGet } from '../app-channel/app-signed-fetch';
import { CARRIER_UID, CARRIER_CODE_PATTERN, LOCALIZED_UIDS, OPS_UIDS } from '../lib/content-model';
import { FENCE_CONDITION_ID, OPERATOR_CONDITION_ID, carrierCodesOf, permissionsFor } from '../access/editor-fence';
import { MESSAGE_TEMPLATE_UID } from '../messages/message-templates';
import { type ChecklistCarrier, type ChecklistEntries, type LocalizedEntry, engineAnswerSchema, setupChecklist } from './setup-checklist';

/**
 * The setup checklist's admin routes (ADR 194, 195), under /admin/setup-checklist (the page itself is /admin/carrier-setup) with the admin's own
 * log-in: the carriers the user may see (as the content manager fences the carrier type: editors see
 * their carriers, operations staff theirs, a super admin all), one carrier's checklist, and the
 * postcode tester. The CMS reads the entries itself (counts and states only, never their content) and
 * asks the app over the signed channel (`/api/ops/carrier-setup`, ADR 184's channel).
 */

const CM = 'plugin::content-manager.explorer';

type AdminUser = { id: number; roles?: { code?: string }[] };
type Ctx = { params: { code?: string }; query: Record<string, unknown>; state: { user?: AdminUser }; body: unknown; status: number };

const codeParam = z.string().max(100).regex(CARRIER_CODE_PATTERN);
/** The types whose entries name their carrier in `carrierCode`. */
const CARRIER_CODE_TYPES = [...LOCALIZED_UIDS, ...Object.values(OPS_UIDS)] as [string, ...string[]];
const uidParam = z.enum(CARRIER_CODE_TYPES);
const postcodeParam = z.string().trim().min(1, 'Enter a postcode.').max(20, 'A postcode has at most 20 characters.');

/** Codes of the carriers the user may read in the content manager; `all` for an unfenced reader. */
export const visibleCarrierCodes = (strapi: Core.Strapi, user: AdminUser): Promise<'all' | string[]> => fencedCarrierCodes(strapi, user, `${CM}.read`, CARRIER_UID);

/**
 * Codes of the carriers whose entries of type `uid` the user may `action` under the fences (ADR 002,
 * 078): `all` for a super admin or an unconditioned permission, else the carriers they operate or
 * edit, by the condition each permission carries; none without a permission.
 */
export async function fencedCarrierCodes(strapi: Core.Strapi, user: AdminUser, action: string, uid: string): Promise<'all' | string[]> {
  const permissions = await permissionsFor(strapi, user, action, uid);
  if (permissions === null) return 'all';
  if (permissions.some((p) => !(p.conditions ?? []).length)) return 'all';
  const codes = new Set<string>();
  if (permissions.some((p) => (p.conditions ?? []).includes(OPERATOR_CONDITION_ID))) for (const c of await carrierCodesOf(strapi, user.id, 'operators')) codes.add(c);
  if (permissions.some((p) => (p.conditions ?? []).includes(FENCE_CONDITION_ID))) for (const c of await carrierCodesOf(strapi, user.id, 'editors')) codes.add(c);
  return [...codes];
}

type CarrierRow = Record<string, unknown> & { documentId: string; code: string; publishedAt: string | null };

async function carrierRows(strapi: Core.Strapi, codes: 'all' | string[]): Promise<CarrierRow[]> {
  if (codes !== 'all' && codes.length === 0) return [];
  return (await strapi.db.query(CARRIER_UID as never).findMany({
    where: codes === 'all' ? {} : { code: { $in: codes } },
    orderBy: { code: 'asc' },
  } as never)) as CarrierRow[];
}

/** One row per carrier: the published version's values where there is one, else the draft's. */
function byCarrier(rows: CarrierRow[]): Map<string, { row: CarrierRow; published: boolean }> {
  const carriers = new Map<string, { row: CarrierRow; published: boolean }>();
  for (const row of rows) {
    const seen = carriers.get(row.code);
    if (!seen || (row.publishedAt && !seen.published)) carriers.set(row.code, { row, published: Boolean(row.publishedAt) || Boolean(seen?.published) });
  }
  return carriers;
}

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

async function published(strapi: Core.Strapi, uid: string, code: string, withSlug = false): Promise<LocalizedEntry[]> {
  return (await strapi.db.query(uid as never).findMany({
    where: { carrierCode: code, publishedAt: { $notNull: true } },
    select: withSlug ? ['locale', 'slug'] : ['locale'],
  } as never)) as LocalizedEntry[];
}

async function entriesOf(strapi: Core.Strapi, code: string): Promise<ChecklistEntries> {
  const ops = (uid: string, select: string[], where: Record<string, unknown> = {}) =>
    strapi.db.query(uid as never).findMany({ where: { carrierCode: code, ...where }, select } as never) as Promise<Record<string, unknown>[]>;
  const [landing, faq, legal, helpGuides, contactReasons, messageTemplates, areas, technicians, rosters, stores, staff] = await Promise.all([
    published(strapi, 'api::landing-page.landing-page', code),
    published(strapi, 'api::faq-item.faq-item', code),
    published(strapi, 'api::legal-page.legal-page', code, true),
    published(strapi, 'api::help-guide.help-guide', code, true),
    published(strapi, 'api::contact-reason.contact-reason', code),
    published(strapi, MESSAGE_TEMPLATE_UID, code),
    ops(OPS_UIDS.serviceArea, ['code']),
    ops(OPS_UIDS.technician, ['serviceArea']),
    ops(OPS_UIDS.roster, ['id']),
    ops(OPS_UIDS.store, ['id']),
    ops(OPS_UIDS.staffMember, ['id'], { disabled: false }),
  ]);
  return {
    landing,
    faq,
    legal,
    helpGuides,
    contactReasons,
    messageTemplates,
    areas: areas.map((a) => ({ code: String(a.code) })),
    technicians: technicians.map((t) => ({ serviceArea: String(t.serviceArea) })),
    rosters: rosters.length,
    stores: stores.length,
    staff: staff.length,
  };
}

function checklistCarrier(row: CarrierRow, isPublished: boolean): ChecklistCarrier {
  return {
    documentId: row.documentId,
    code: row.code,
    name: String(row.name ?? row.code),
    published: isPublished,
    defaultLocale: String(row.defaultLocale ?? 'en'),
    supportedLocales: stringList(row.supportedLocales),
    showImprint: row.showImprint === true,
    inStore: row.allowsInStoreBookings === true || row.allowsInStoreDropOff === true,
    domains: stringList(row.domains),
  };
}

/** The carrier when the user may see it; 404 otherwise (another carrier's checklist is not there for them). */
export async function visibleCarrier(strapi: Core.Strapi, ctx: Ctx) {
  const user = ctx.state.user;
  if (!user) throw new errors.UnauthorizedError();
  const code = codeParam.safeParse(ctx.params.code);
  if (!code.success) throw new errors.ValidationError('A carrier is named by its code.');
  const codes = await visibleCarrierCodes(strapi, user);
  const found = codes === 'all' || codes.includes(code.data) ? byCarrier(await carrierRows(strapi, [code.data])).get(code.data) : undefined;
  if (!found) throw new errors.NotFoundError('No such carrier');
  return found;
}

export function registerSetupChecklistRoutes(strapi: Core.Strapi): void {
  const routes = [
    {
      method: 'GET',
      path: '/setup-checklist',
      handler: async (ctx: Ctx) => {
        if (!ctx.state.user) throw new errors.UnauthorizedError();
        const carriers = byCarrier(await carrierRows(strapi, await visibleCarrierCodes(strapi, ctx.state.user)));
        ctx.body = { carriers: [...carriers.values()].map(({ row }) => ({ code: row.code, name: String(row.name ?? row.code) })) };
      },
    },
    {
      method: 'GET',
      path: '/setup-checklist/:code',
      handler: async (ctx: Ctx) => {
        const { row, published: isPublished } = await visibleCarrier(strapi, ctx);
        const carrier = checklistCarrier(row, isPublished);
        const [entries, answer] = await Promise.all([
          entriesOf(strapi, carrier.code),
          signedAppGet(strapi, '/api/ops/carrier-setup', { carrier: carrier.code }, 'carrier-setup', 5000),
        ]);
        const engine = engineAnswerSchema.safeParse(answer);
        ctx.body = { carrier: { code: carrier.code, name: carrier.name }, items: setupChecklist(carrier, entries, engine.success ? engine.data : null) };
      },
    },
    {
      method: 'GET',
      path: '/setup-checklist/:code/postcode',
      handler: async (ctx: Ctx) => {
        const { row } = await visibleCarrier(strapi, ctx);
        const postcode = postcodeParam.safeParse(ctx.query.postcode);
        if (!postcode.success) throw new errors.ValidationError(postcode.error.issues[0]?.message ?? 'Enter a postcode.');
        const answer = (await signedAppGet(strapi, '/api/ops/carrier-setup', { carrier: row.code, postcode: postcode.data }, 'carrier-setup', 5000)) as { answer?: unknown } | null;
        // null: the app did not answer, or does not serve the carrier yet (its entry is not published).
        ctx.body = { answer: answer?.answer ?? null };
      },
    },
    {
      // The carrier picker of a carrierCode field (ADR 205): the carriers the user may create entries of this type for.
      method: 'GET',
      path: '/carrier-choices',
      handler: async (ctx: Ctx) => {
        if (!ctx.state.user) throw new errors.UnauthorizedError();
        const uid = uidParam.safeParse(ctx.query.uid);
        if (!uid.success) throw new errors.ValidationError(`uid must be a content type with a carrier: ${CARRIER_CODE_TYPES.join(', ')}.`);
        const carriers = byCarrier(await carrierRows(strapi, await fencedCarrierCodes(strapi, ctx.state.user, `${CM}.create`, uid.data)));
        ctx.body = { carriers: [...carriers.values()].map(({ row }) => ({ code: row.code, name: String(row.name ?? row.code) })) };
      },
    },
  ].map((route) => ({ ...route, config: { policies: ['admin::isAuthenticatedAdmin'] } }));
  const admin = strapi.admin as unknown as { routes: Record<string, unknown> };
  admin.routes['setup-checklist'] = { type: 'admin', prefix: '/admin', routes };
}
