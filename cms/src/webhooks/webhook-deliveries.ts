import type { Core } from '@strapi/strapi';
import { OPS_UIDS } from '../lib/content-model';
import { signBody, webhookTarget } from '../app-channel/webhook';

/**
 * The endpoint's deliveries in the admin (ADR 181): two admin routes the side panel calls for the
 * endpoint being edited. Each checks that the admin user may read that entry (the operations fence:
 * only the carrier's operators), then asks the app over the signed channel of the bookings count
 * (`/api/ops/webhook-deliveries`, signed "<path>?<query>" with CMS_WEBHOOK_SECRET).
 */

type Ctx = {
  params: Record<string, string>;
  state: { userAbility?: unknown };
  status: number;
  body: unknown;
};

const READ = 'plugin::content-manager.explorer.read';
const UPDATE = 'plugin::content-manager.explorer.update';

/** The endpoint entry when the user may `action` it, else null (404: another carrier's entry is not there for them). */
async function endpointFor(strapi: Core.Strapi, ctx: Ctx, action: string): Promise<{ carrierCode: string; documentId: string } | null> {
  const entry = (await strapi.db.query(OPS_UIDS.webhookEndpoint as never).findOne({ where: { documentId: ctx.params.documentId } } as never)) as Record<string, unknown> | null;
  if (!entry || !ctx.state.userAbility) return null;
  const checker = strapi.plugin('content-manager').service('permission-checker').create({ userAbility: ctx.state.userAbility, model: OPS_UIDS.webhookEndpoint });
  if (checker.cannot[action === READ ? 'read' : 'update'](entry)) return null;
  return { carrierCode: String(entry.carrierCode), documentId: String(entry.documentId) };
}

async function askApp(method: 'GET' | 'POST', query: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const target = webhookTarget();
  if (!target) return { status: 503, body: { error: 'The app is not configured (APP_WEBHOOK_URL, CMS_WEBHOOK_SECRET).' } };
  const url = new URL('/api/ops/webhook-deliveries', target.url);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  try {
    const response = await fetch(url, { method, headers: { 'X-Webhook-Signature': signBody(`${url.pathname}${url.search}`, target.secret) }, signal: AbortSignal.timeout(5000) });
    return { status: response.status, body: await response.json().catch(() => ({ error: `The app answered ${response.status}.` })) };
  } catch (error) {
    return { status: 502, body: { error: `The app could not be reached: ${(error as Error).message}` } };
  }
}

export function registerWebhookDeliveryRoutes(strapi: Core.Strapi): void {
  strapi.server.routes({
    type: 'admin',
    routes: [
      {
        method: 'GET',
        path: '/ops-webhook-endpoints/:documentId/deliveries',
        handler: async (ctx: Ctx) => {
          const endpoint = await endpointFor(strapi, ctx, READ);
          if (!endpoint) return void ((ctx.status = 404), (ctx.body = { error: 'No such endpoint.' }));
          const answer = await askApp('GET', { carrier: endpoint.carrierCode, endpoint: endpoint.documentId });
          ctx.status = answer.status;
          ctx.body = answer.body;
        },
        config: { policies: ['admin::isAuthenticatedAdmin'] },
      },
      {
        method: 'POST',
        path: '/ops-webhook-endpoints/:documentId/deliveries/:id/redeliver',
        handler: async (ctx: Ctx) => {
          const endpoint = await endpointFor(strapi, ctx, UPDATE);
          if (!endpoint || !/^\d+$/.test(ctx.params.id ?? '')) return void ((ctx.status = 404), (ctx.body = { error: 'No such endpoint or delivery.' }));
          const answer = await askApp('POST', { carrier: endpoint.carrierCode, id: ctx.params.id });
          ctx.status = answer.status;
          ctx.body = answer.body;
        },
        config: { policies: ['admin::isAuthenticatedAdmin'] },
      },
    ],
  } as never);
}
