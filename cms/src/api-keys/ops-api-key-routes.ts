import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { z } from 'zod';
import { signedAppGet } from '../app-channel/app-signed-fetch';
import { OPS_UIDS } from '../lib/content-model';
import { OPERATOR_CONDITION_ID, allFenced, carrierCodesOf, permissionsFor } from '../access/editor-fence';
import { DEFAULT_OVERLAP_HOURS, apiKeyEntry, issueSecret, panelView, rotateKey } from './ops-api-keys';

/**
 * The API key panel's admin routes (ADR 183, 184), under /admin/ops-api-keys with the admin's own
 * log-in (Strapi's admin strategy): the panel reads a key's state and its last use, issues its
 * secret once, and rotates it. Each checks the user's content-manager permission on the key type
 * and, for a fenced operator, that they operate the key's carrier, as the content manager does.
 */

const UID = OPS_UIDS.apiKey;
const CM = 'plugin::content-manager.explorer';

type AdminUser = { id: number; roles?: { code?: string }[] };
type Ctx = { params: { documentId?: string }; request: { body?: unknown }; state: { user?: AdminUser }; body: unknown; status: number };

const documentId = z.string().min(1).max(64);
const rotateBody = z.strictObject({ overlapHours: z.number().min(0).max(720).optional() }).optional();

/** The key's entry when the user may do `action` on it; 404 otherwise (another carrier's key is not there for them). */
async function allowedEntry(strapi: Core.Strapi, ctx: Ctx, action: 'read' | 'update' | 'create') {
  const user = ctx.state.user;
  if (!user) throw new errors.UnauthorizedError();
  const id = documentId.safeParse(ctx.params.documentId);
  if (!id.success) throw new errors.ValidationError('A key is named by its document id.');
  const entry = await apiKeyEntry(strapi, id.data);
  const permissions = await permissionsFor(strapi, user, `${CM}.${action}`, UID);
  if (permissions !== null && permissions.length === 0) throw new errors.ForbiddenError(`You may not ${action} API keys.`);
  if (!entry) throw new errors.NotFoundError('No such API key');
  if (allFenced(permissions, OPERATOR_CONDITION_ID) && !(await carrierCodesOf(strapi, user.id, 'operators')).includes(String(entry.carrierCode))) {
    throw new errors.NotFoundError('No such API key');
  }
  return { documentId: id.data, entry };
}

const engineKey = z.object({ id: z.string(), createdAt: z.string(), expiresAt: z.string().nullable(), revokedAt: z.string().nullable(), lastUsedAt: z.string().nullable() });
const engineAnswer = z.object({ keys: z.array(engineKey) });

/** The engine's side of a key (last use; whether the sync has it), read from the app; null when the app does not answer. */
async function engineSide(strapi: Core.Strapi, carrierCode: string, keyId: string) {
  const parsed = engineAnswer.safeParse(await signedAppGet(strapi, '/api/ops/api-keys', { carrier: carrierCode }, 'api-keys'));
  if (!parsed.success) return null;
  const key = parsed.data.keys.find((k) => k.id === keyId);
  return key
    ? { known: true, lastUsedAt: key.lastUsedAt, revokedAt: key.revokedAt, expiresAt: key.expiresAt }
    : { known: false, lastUsedAt: null, revokedAt: null, expiresAt: null };
}

export function registerApiKeyRoutes(strapi: Core.Strapi): void {
  const routes = [
    {
      method: 'GET',
      path: '/ops-api-keys/:documentId',
      handler: async (ctx: Ctx) => {
        const { entry } = await allowedEntry(strapi, ctx, 'read');
        const view = panelView(entry);
        ctx.body = { ...view, engine: view.secretIssued ? await engineSide(strapi, view.carrierCode, view.keyId) : null };
      },
    },
    {
      method: 'POST',
      path: '/ops-api-keys/:documentId/secret',
      handler: async (ctx: Ctx) => {
        const { documentId: id } = await allowedEntry(strapi, ctx, 'update');
        ctx.body = await issueSecret(strapi, id);
        ctx.status = 201;
      },
    },
    {
      method: 'POST',
      path: '/ops-api-keys/:documentId/rotate',
      handler: async (ctx: Ctx) => {
        const { documentId: id } = await allowedEntry(strapi, ctx, 'create');
        const body = rotateBody.safeParse(ctx.request.body && Object.keys(ctx.request.body as object).length ? ctx.request.body : undefined);
        if (!body.success) throw new errors.ValidationError('overlapHours: a number of hours from 0 to 720.');
        ctx.body = await rotateKey(strapi, id, body.data?.overlapHours ?? DEFAULT_OVERLAP_HOURS);
        ctx.status = 201;
      },
    },
  ].map((route) => ({ ...route, config: { policies: ['admin::isAuthenticatedAdmin'] } }));
  const admin = strapi.admin as unknown as { routes: Record<string, unknown> };
  admin.routes['ops-api-keys'] = { type: 'admin', prefix: '/admin', routes };
}
