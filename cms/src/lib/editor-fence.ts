import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { CARRIER_UID, CONTRACT_UIDS, carrierField, isContractUid } from './content-model';

/**
 * Editor fence (docs/decisions/002-editor-fence.md). Strapi's RBAC has no per-entry scoping, so:
 * 1. an admin RBAC condition limits an editor to the entries of the carriers whose `editors`
 *    include them (list, read, update, delete, publish are filtered by Strapi itself);
 * 2. a document middleware checks what the content manager does not: the carrier of a new
 *    entry (create, clone, new locale), and that an update does not move an entry to another carrier;
 * 3. the "Carrier editor" role carries that condition on every contract type.
 */

export const FENCE_CONDITION_NAME = 'is-carrier-editor';
export const FENCE_CONDITION_ID = `api::${FENCE_CONDITION_NAME}`;
export const CARRIER_EDITOR_ROLE = 'Carrier editor';

const CM = 'plugin::content-manager.explorer';

type AdminUser = { id: number; roles?: { code?: string }[] };

/** Codes of the carriers the admin user is an editor of (draft and published versions alike). */
export async function carrierCodesOf(strapi: Core.Strapi, userId: number): Promise<string[]> {
  const carriers = (await strapi.db.query(CARRIER_UID as never).findMany({
    where: { editors: { id: userId } },
    select: ['code'],
  } as never)) as { code: string }[];
  return [...new Set(carriers.map((c) => c.code))];
}

export async function registerFenceCondition(strapi: Core.Strapi): Promise<void> {
  await strapi.admin.services.permission.conditionProvider.register({
    displayName: "Is an editor of the entry's carrier",
    name: FENCE_CONDITION_NAME,
    category: 'Carrier',
    // Strapi passes the user merged with the permission being evaluated.
    async handler(user: AdminUser & { permission?: { subject?: string } }) {
      const codes = await carrierCodesOf(strapi, user.id);
      return { [carrierField(user.permission?.subject ?? '')]: { $in: codes } };
    },
  });
}

/** The permissions of the Carrier editor role: every contract type, fenced; carriers read/update only. */
async function carrierEditorPermissions(strapi: Core.Strapi) {
  const permissionService = strapi.admin.services.permission;
  const actions = permissionService.actionProvider
    .values()
    .filter((a: { section: string }) => a.section === 'contentTypes');
  const locales = ((await strapi.plugin('i18n').service('locales').find()) as { code: string }[]).map((l) => l.code);
  const all = strapi.admin.services['content-type'].getPermissionsWithNestedFields(actions) as {
    action: string;
    subject: string;
    properties: { fields?: string[]; locales?: string[] };
  }[];

  return all
    .filter((p) => CONTRACT_UIDS.includes(p.subject))
    .filter((p) => p.subject !== CARRIER_UID || [`${CM}.read`, `${CM}.update`, `${CM}.publish`].includes(p.action))
    .map((p) => {
      const properties: Record<string, unknown> = { ...p.properties };
      if (p.subject === CARRIER_UID && properties.fields) {
        // An editor may change a carrier's settings, not its identity nor who edits it.
        properties.fields = (properties.fields as string[]).filter(
          (f) => f !== 'editors' && !(f === 'code' && p.action === `${CM}.update`),
        );
      } else if (p.subject !== CARRIER_UID) {
        properties.locales = locales;
      }
      return { action: p.action, subject: p.subject, properties, conditions: [FENCE_CONDITION_ID] };
    });
}

/** Creates the "Carrier editor" role once; an existing role is left as the admins shaped it. */
export async function ensureCarrierEditorRole(strapi: Core.Strapi): Promise<void> {
  const roleService = strapi.admin.services.role;
  const existing = await roleService.findOne({ name: CARRIER_EDITOR_ROLE });
  if (existing) return;
  const role = await roleService.create({
    name: CARRIER_EDITOR_ROLE,
    description: "Edits the content of the carriers whose Editors list includes them, and nothing else.",
  });
  await roleService.assignPermissions(role.id, await carrierEditorPermissions(strapi));
  strapi.log.info(`[fence] created role "${CARRIER_EDITOR_ROLE}"`);
}

type Perm = { action: string; subject?: string | null; conditions?: string[] };

/** True when every permission the user has for this action on this type carries the fence condition. */
export async function isFenced(strapi: Core.Strapi, user: AdminUser, action: string, uid: string): Promise<boolean> {
  if (strapi.admin.services.role.hasSuperAdminRole(user)) return false;
  const permissions = (await strapi.admin.services.permission.findUserPermissions(user)) as Perm[];
  const matching = permissions.filter((p) => p.action === action && p.subject === uid);
  return matching.length > 0 && matching.every((p) => (p.conditions ?? []).includes(FENCE_CONDITION_ID));
}

// A PolicyError is a ForbiddenError (403) whose message Strapi passes on to the admin panel.
const forbidden = (message: string) => new errors.PolicyError(message);

export function registerFenceMiddleware(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    if (!['create', 'update', 'clone'].includes(ctx.action) || !isContractUid(ctx.uid)) return next();
    // Only admin-panel requests by a fenced editor; REST tokens and bootstrap code are trusted.
    const request = strapi.requestContext.get() as { state?: { user?: AdminUser; auth?: { strategy?: { name?: string } } } } | undefined;
    const user = request?.state?.user;
    if (!user || request?.state?.auth?.strategy?.name !== 'admin') return next();
    const cmAction = ctx.action === 'update' ? `${CM}.update` : `${CM}.create`;
    if (!(await isFenced(strapi, user, cmAction, ctx.uid))) return next();

    const codes = await carrierCodesOf(strapi, user.id);
    const field = carrierField(ctx.uid);
    const params = ctx.params as { documentId?: string; data?: Record<string, unknown> };

    if (params.documentId) {
      const existing = (await strapi.db.query(ctx.uid as never).findOne({
        where: { documentId: params.documentId },
        select: [field],
      } as never)) as Record<string, string> | null;
      if (existing && !codes.includes(existing[field])) {
        throw forbidden(`You are not an editor of carrier "${existing[field]}"`);
      }
    }
    const wanted = params.data?.[field];
    if (ctx.action === 'create' && wanted === undefined) {
      throw forbidden(`Choose one of your carriers in ${field}`);
    }
    if (wanted !== undefined && !codes.includes(wanted as string)) {
      throw forbidden(`You are not an editor of carrier "${String(wanted)}"`);
    }
    return next();
  });
}
