import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { CARRIER_UID, CATALOGUE_UIDS, CONTRACT_UIDS, OPS_UIDS, carrierField, isContractUid, isOpsUid } from '../lib/content-model';
import { MESSAGE_TEMPLATE_UID } from '../messages/message-templates';

/**
 * Editor fence (docs/decisions/002-editor-fence.md). Strapi's RBAC has no per-entry scoping, so:
 * 1. an admin RBAC condition limits an editor to the entries of the carriers whose `editors`
 *    include them (list, read, update, delete, publish are filtered by Strapi itself);
 * 2. a document middleware checks what the content manager does not: the carrier of a new
 *    entry (create, clone, new locale), and that an update does not move an entry to another carrier;
 * 3. the "Carrier editor" role carries that condition on every contract type.
 * The same mechanism fences operations people (docs/decisions/078-operations-role.md): the carrier's
 * `operators`, the condition "Is an operator of the entry's carrier" and the "Operations" role on the
 * operations types. Catalogue types belong to the "Catalogue manager" role, unfenced.
 */

export const FENCE_CONDITION_NAME = 'is-carrier-editor';
export const FENCE_CONDITION_ID = `api::${FENCE_CONDITION_NAME}`;
export const CARRIER_EDITOR_ROLE = 'Carrier editor';
export const OPERATOR_CONDITION_NAME = 'is-carrier-operator';
export const OPERATOR_CONDITION_ID = `api::${OPERATOR_CONDITION_NAME}`;
export const OPERATIONS_ROLE = 'Operations';
export const CATALOGUE_MANAGER_ROLE = 'Catalogue manager';

const CM = 'plugin::content-manager.explorer';
const LANDING_UID = 'api::landing-page.landing-page';

type AdminUser = { id: number; roles?: { code?: string }[] };

/** Codes of the carriers whose editors (or operators) include the admin user (draft and published alike). */
export async function carrierCodesOf(strapi: Core.Strapi, userId: number, relation: 'editors' | 'operators' = 'editors'): Promise<string[]> {
  const carriers = (await strapi.db.query(CARRIER_UID as never).findMany({
    where: { [relation]: { id: userId } },
    select: ['code'],
  } as never)) as { code: string }[];
  return [...new Set(carriers.map((c) => c.code))];
}

export async function registerFenceCondition(strapi: Core.Strapi): Promise<void> {
  const conditions = [
    { displayName: "Is an editor of the entry's carrier", name: FENCE_CONDITION_NAME, relation: 'editors' as const },
    { displayName: "Is an operator of the entry's carrier", name: OPERATOR_CONDITION_NAME, relation: 'operators' as const },
  ];
  for (const { displayName, name, relation } of conditions) {
    await strapi.admin.services.permission.conditionProvider.register({
      displayName,
      name,
      category: 'Carrier',
      // Strapi passes the user merged with the permission being evaluated.
      async handler(user: AdminUser & { permission?: { subject?: string } }) {
        const codes = await carrierCodesOf(strapi, user.id, relation);
        return { [carrierField(user.permission?.subject ?? '')]: { $in: codes } };
      },
    });
  }
}

type RolePermission = { action: string; subject: string; properties: { fields?: string[]; locales?: string[] } };

/** Every content-manager permission Strapi knows, with all fields. */
function allContentPermissions(strapi: Core.Strapi): RolePermission[] {
  const actions = strapi.admin.services.permission.actionProvider.values().filter((a: { section: string }) => a.section === 'contentTypes');
  return strapi.admin.services['content-type'].getPermissionsWithNestedFields(actions) as RolePermission[];
}

/** The permissions of the Carrier editor role: every contract type, fenced; carriers read/update only. */
async function carrierEditorPermissions(strapi: Core.Strapi) {
  const locales = ((await strapi.plugin('i18n').service('locales').find()) as { code: string }[]).map((l) => l.code);
  return allContentPermissions(strapi)
    .filter((p) => CONTRACT_UIDS.includes(p.subject))
    .filter((p) => p.subject !== CARRIER_UID || [`${CM}.read`, `${CM}.update`, `${CM}.publish`].includes(p.action))
    .map((p) => {
      const properties: Record<string, unknown> = { ...p.properties };
      if (p.subject === CARRIER_UID && properties.fields) {
        // An editor may change a carrier's settings, not its identity nor who edits or operates it.
        properties.fields = (properties.fields as string[]).filter((f) => f !== 'editors' && f !== 'operators' && !(f === 'code' && p.action === `${CM}.update`));
      } else if (p.subject !== CARRIER_UID) {
        properties.locales = locales;
      }
      return { action: p.action, subject: p.subject, properties, conditions: [FENCE_CONDITION_ID] };
    });
}

const OPS_TYPES: readonly string[] = Object.values(OPS_UIDS);
const CATALOGUE_TYPES: readonly string[] = Object.values(CATALOGUE_UIDS);

const ONBOARDING_ACTIONS = [`${CM}.create`, `${CM}.read`, `${CM}.update`, `${CM}.publish`];

/**
 * Operations onboard carriers (ADR 204): they may create one (no condition: a new carrier has no
 * operators yet; its creator becomes one, see registerCarrierCreator), and read, change and publish
 * the carriers they operate, every field but who edits or operates it and, once made, its code.
 */
function operationsCarrierPermissions(strapi: Core.Strapi): RolePermission[] {
  return allContentPermissions(strapi)
    .filter((p) => p.subject === CARRIER_UID && ONBOARDING_ACTIONS.includes(p.action))
    .map((p) => {
      const properties: RolePermission['properties'] = { ...p.properties };
      if (properties.fields) properties.fields = properties.fields.filter((f) => f !== 'editors' && f !== 'operators' && !(f === 'code' && p.action === `${CM}.update`));
      return { action: p.action, subject: p.subject, properties, conditions: p.action === `${CM}.create` ? [] : [OPERATOR_CONDITION_ID] };
    });
}

/** The Operations role: every operations type, fenced to their carriers; carriers created, and their own read, changed and published (ADR 204). */
function operationsPermissions(strapi: Core.Strapi) {
  return [
    ...allContentPermissions(strapi)
      .filter((p) => OPS_TYPES.includes(p.subject))
      .map((p) => ({ action: p.action, subject: p.subject, properties: p.properties, conditions: [OPERATOR_CONDITION_ID] })),
    ...operationsCarrierPermissions(strapi),
  ];
}

/**
 * An Operations role made before ADR 204 (it read only its carriers' code and name) gets the
 * carrier onboarding permissions once; a note remembers it, so an admin who takes them away later
 * is not overruled.
 */
async function grantCarrierOnboarding(strapi: Core.Strapi): Promise<void> {
  const role = (await strapi.admin.services.role.findOne({ name: OPERATIONS_ROLE })) as { id: number } | null;
  if (!role) return;
  const store = strapi.store({ type: 'core', name: 'operations-types' });
  if (await store.get({ key: 'carrier-onboarding' })) return;
  const creates = await strapi.admin.services.permission.findMany({ where: { role: { id: role.id }, subject: CARRIER_UID, action: `${CM}.create` } });
  if ((creates as unknown[]).length === 0) {
    await strapi.admin.services.role.addPermissions(role.id, operationsCarrierPermissions(strapi));
    strapi.log.info(`[fence] role "${OPERATIONS_ROLE}" may now onboard carriers`);
  }
  await store.set({ key: 'carrier-onboarding', value: true });
}

/** The Catalogue manager role: the shared catalogue, every action, no condition. */
function catalogueManagerPermissions(strapi: Core.Strapi) {
  return allContentPermissions(strapi)
    .filter((p) => CATALOGUE_TYPES.includes(p.subject))
    .map((p) => ({ action: p.action, subject: p.subject, properties: p.properties, conditions: [] }));
}

/** Creates a role once; an existing role is left as the admins shaped it. */
async function ensureRole(strapi: Core.Strapi, name: string, description: string, permissions: unknown[]): Promise<void> {
  const roleService = strapi.admin.services.role;
  if (await roleService.findOne({ name })) return;
  const role = await roleService.create({ name, description });
  await roleService.assignPermissions(role.id, permissions);
  strapi.log.info(`[fence] created role "${name}"`);
}

/** Contract types added after deployments created their Carrier editor role: customer messages (ADR 092). */
export const CONTRACT_TYPES_ADDED_LATER: readonly string[] = [MESSAGE_TEMPLATE_UID];
/** Operations types added after deployments created their Operations role: staff accounts (ADR 095), partner API keys (ADR 182), webhook endpoints (ADR 179). */
export const OPERATIONS_TYPES_ADDED_LATER: readonly string[] = [OPS_UIDS.staffMember, OPS_UIDS.apiKey, OPS_UIDS.webhookEndpoint];

type GrantDeps = {
  roleId: number;
  /** The role's permissions on a type. */
  permissionsOn(uid: string): Promise<unknown[]>;
  addPermissions(roleId: number, permissions: RolePermission[]): Promise<unknown>;
  granted(uid: string): Promise<boolean>;
  markGranted(uid: string): Promise<void>;
};

/**
 * An existing role gets each type added later once, fenced like the others, unless it already has
 * permissions on it; a note remembers the grant, so an admin who takes the type away later is not overruled.
 */
export async function grantTypesAddedLater(deps: GrantDeps, permissions: RolePermission[], types: readonly string[] = CONTRACT_TYPES_ADDED_LATER): Promise<string[]> {
  const added: string[] = [];
  for (const uid of types) {
    if (await deps.granted(uid)) continue;
    const wanted = permissions.filter((p) => p.subject === uid);
    if (wanted.length && (await deps.permissionsOn(uid)).length === 0) {
      await deps.addPermissions(deps.roleId, wanted);
      added.push(uid);
    }
    await deps.markGranted(uid);
  }
  return added;
}

/** Gives an existing role the types added after it was created (see grantTypesAddedLater). */
async function grantLaterTypes(strapi: Core.Strapi, roleName: string, storeName: string, permissions: RolePermission[], types: readonly string[]): Promise<void> {
  const role = (await strapi.admin.services.role.findOne({ name: roleName })) as { id: number } | null;
  if (!role) return;
  const store = strapi.store({ type: 'core', name: storeName });
  const added = await grantTypesAddedLater(
    {
      roleId: role.id,
      permissionsOn: (uid) => strapi.admin.services.permission.findMany({ where: { role: { id: role.id }, subject: uid } }),
      addPermissions: (roleId, list) => strapi.admin.services.role.addPermissions(roleId, list),
      granted: async (uid) => Boolean(await store.get({ key: uid })),
      markGranted: (uid) => store.set({ key: uid, value: true }),
    },
    permissions,
    types,
  );
  if (added.length) strapi.log.info(`[fence] role "${roleName}" may now edit ${added.join(', ')}`);
}

export async function ensureCarrierEditorRole(strapi: Core.Strapi): Promise<void> {
  const permissions = await carrierEditorPermissions(strapi);
  await ensureRole(strapi, CARRIER_EDITOR_ROLE, 'Edits the content of the carriers whose Editors list includes them, and nothing else.', permissions);
  await grantLaterTypes(strapi, CARRIER_EDITOR_ROLE, 'carrier-editor-types', permissions, CONTRACT_TYPES_ADDED_LATER);
}

export async function ensureOperationsRoles(strapi: Core.Strapi): Promise<void> {
  await ensureRole(
    strapi,
    OPERATIONS_ROLE,
    'Changes the operations data (areas, technicians, roster, stores, discount codes, prices) of the carriers whose Operators list includes them.',
    operationsPermissions(strapi),
  );
  await grantLaterTypes(strapi, OPERATIONS_ROLE, 'operations-types', operationsPermissions(strapi), OPERATIONS_TYPES_ADDED_LATER);
  await grantCarrierOnboarding(strapi);
  await ensureRole(strapi, CATALOGUE_MANAGER_ROLE, 'Changes the shared device and repair catalogue.', catalogueManagerPermissions(strapi));
}

type Perm = { action: string; subject?: string | null; conditions?: string[] };

/** The user's permissions for this action on this type; null for a super admin, who has them all unfenced. */
export async function permissionsFor(strapi: Core.Strapi, user: AdminUser, action: string, uid: string): Promise<Perm[] | null> {
  if (strapi.admin.services.role.hasSuperAdminRole(user)) return null;
  const permissions = (await strapi.admin.services.permission.findUserPermissions(user)) as Perm[];
  return permissions.filter((p) => p.action === action && p.subject === uid);
}

/** True when every one of these permissions (there being some) carries the fence condition. */
export const allFenced = (permissions: Perm[] | null, condition: string): boolean =>
  permissions !== null && permissions.length > 0 && permissions.every((p) => (p.conditions ?? []).includes(condition));

/** True when every permission the user has for this action on this type carries the fence condition. */
export async function isFenced(strapi: Core.Strapi, user: AdminUser, action: string, uid: string, condition: string): Promise<boolean> {
  return allFenced(await permissionsFor(strapi, user, action, uid), condition);
}

// A PolicyError is a ForbiddenError (403) whose message Strapi passes on to the admin panel.
const forbidden = (message: string) => new errors.PolicyError(message);

export function registerFenceMiddleware(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    const ops = isOpsUid(ctx.uid);
    if (!['create', 'update', 'clone'].includes(ctx.action) || !(ops || isContractUid(ctx.uid))) return next();
    // Only admin-panel requests by a fenced editor; REST tokens and bootstrap code are trusted.
    const request = strapi.requestContext.get() as { state?: { user?: AdminUser; auth?: { strategy?: { name?: string } } } } | undefined;
    const user = request?.state?.user;
    if (!user || request?.state?.auth?.strategy?.name !== 'admin') return next();
    const cmAction = ctx.action === 'update' ? `${CM}.update` : `${CM}.create`;
    if (!(await isFenced(strapi, user, cmAction, ctx.uid, ops ? OPERATOR_CONDITION_ID : FENCE_CONDITION_ID))) return next();

    const role = ops ? 'an operator' : 'an editor';
    const codes = await carrierCodesOf(strapi, user.id, ops ? 'operators' : 'editors');
    const field = carrierField(ctx.uid);
    const params = ctx.params as { documentId?: string; data?: Record<string, unknown> };

    if (params.documentId) {
      const existing = (await strapi.db.query(ctx.uid as never).findOne({
        where: { documentId: params.documentId },
        select: [field],
      } as never)) as Record<string, string> | null;
      if (existing && !codes.includes(existing[field])) {
        throw forbidden(`You are not ${role} of carrier "${existing[field]}"`);
      }
    }
    const wanted = params.data?.[field];
    if (ctx.action === 'create' && wanted === undefined) {
      throw forbidden(`Choose one of your carriers in ${field}`);
    }
    if (wanted !== undefined && !codes.includes(wanted as string)) {
      throw forbidden(`You are not ${role} of carrier "${String(wanted)}"`);
    }
    return next();
  });
}

/**
 * A carrier created in the admin by a user who is not a super admin (operations onboarding a
 * carrier, ADR 204) lists its creator among its operators, and among its editors when they hold a
 * fenced content role, so they go on to its areas, roster and pages; nobody else gains access.
 */
export function registerCarrierCreator(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    if (ctx.uid !== CARRIER_UID || ctx.action !== 'create') return next();
    const request = strapi.requestContext.get() as { state?: { user?: AdminUser; auth?: { strategy?: { name?: string } } } } | undefined;
    const user = request?.state?.user;
    if (!user || request?.state?.auth?.strategy?.name !== 'admin' || strapi.admin.services.role.hasSuperAdminRole(user)) return next();
    const params = ctx.params as { data?: Record<string, unknown> };
    const me = { connect: [{ id: user.id }] };
    const editor = await isFenced(strapi, user, `${CM}.create`, LANDING_UID, FENCE_CONDITION_ID);
    params.data = { ...params.data, operators: me, ...(editor ? { editors: me } : {}) };
    return next();
  });
}
