import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { devDefaultsAllowed } from '../../config/env-defaults';
import { CARRIER_UID, carrierField, isCatalogueUid, isContractUid, isOpsUid } from '../lib/content-model';

/**
 * Content-change webhook of docs/content-model.md: after every create / update / publish /
 * unpublish / delete of a contract type, POST {event, model, carrierCode, locale} to the web app,
 * signed with HMAC-SHA256 of the raw body. Fire-and-forget: a slow or absent app never fails or
 * delays an editor's save. Operations and catalogue types send their full uid as `model`
 * (`api::ops-…`, `api::catalogue-…`; /work/ops-contract.md), catalogue changes with carrierCode null.
 */

export type ContentChange = {
  event: 'entry.create' | 'entry.update' | 'entry.publish' | 'entry.unpublish' | 'entry.delete';
  model: string;
  carrierCode: string | null;
  locale: string | null;
};

const EVENTS: Record<string, ContentChange['event']> = {
  create: 'entry.create',
  update: 'entry.update',
  publish: 'entry.publish',
  unpublish: 'entry.unpublish',
  delete: 'entry.delete',
};
const TIMEOUT_MS = 2000;
const DEV_SECRET = 'dev-webhook-secret';

const silenced = new AsyncLocalStorage<boolean>();

/** Runs fn without emitting webhooks for the changes it makes (seeding notifies once per carrier instead). */
export const withoutWebhooks = <T>(fn: () => Promise<T>): Promise<T> => silenced.run(true, fn);
export const webhooksSilenced = (): boolean => silenced.getStore() === true;

export const signBody = (body: string, secret: string): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export function webhookTarget(): { url: string; secret: string } | null {
  const url = process.env.APP_WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/cms-webhook';
  if (!url) return null; // APP_WEBHOOK_URL='' switches the webhook off
  const secret = process.env.CMS_WEBHOOK_SECRET || (devDefaultsAllowed() ? DEV_SECRET : '');
  if (!secret) return null;
  return { url, secret };
}

// When the app is down every save fails to deliver: say so once a minute, not once a save.
const WARN_EVERY_MS = 60_000;
let lastWarning = 0;
let unreported = 0;
function warnUndelivered(strapi: Core.Strapi, message: string): void {
  const now = Date.now();
  if (now - lastWarning < WARN_EVERY_MS) {
    unreported += 1;
    return;
  }
  const more = unreported ? ` (${unreported} more undelivered since the last warning)` : '';
  strapi.log.warn(`[webhook] ${message}${more}`);
  lastWarning = now;
  unreported = 0;
}

export function sendContentChange(strapi: Core.Strapi, change: ContentChange): void {
  const target = webhookTarget();
  if (!target) return;
  const body = JSON.stringify(change);
  fetch(target.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Webhook-Signature': signBody(body, target.secret) },
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
    .then((res) => {
      if (!res.ok) warnUndelivered(strapi, `${target.url} answered ${res.status} to ${change.event} ${change.model}`);
      return res.body?.cancel();
    })
    .catch((error: Error) => {
      const reason = (error as Error & { cause?: unknown }).cause ?? error.message;
      warnUndelivered(strapi, `${change.event} ${change.model} not delivered to ${target.url}: ${reason}`);
    });
}

const singleLocale = (locale: unknown): string | null => (typeof locale === 'string' && locale !== '*' ? locale : null);

type Entry = Record<string, unknown> | null | undefined;

function firstEntry(result: unknown): Entry {
  if (!result || typeof result !== 'object') return null;
  const entries = (result as { entries?: Entry[] }).entries;
  if (Array.isArray(entries)) return entries[0] ?? null;
  return result as Entry;
}

export function registerWebhookEmitter(strapi: Core.Strapi): void {
  if (!webhookTarget()) {
    strapi.log.warn('[webhook] off: APP_WEBHOOK_URL is empty or CMS_WEBHOOK_SECRET is not set');
  }
  strapi.documents.use(async (ctx, next) => {
    const event = EVENTS[ctx.action];
    if (!event || silenced.getStore()) return next();
    if (isCatalogueUid(ctx.uid)) {
      const result = await next();
      sendContentChange(strapi, { event, model: ctx.uid, carrierCode: null, locale: null });
      return result;
    }
    const ops = isOpsUid(ctx.uid);
    if (!ops && !isContractUid(ctx.uid)) return next();

    const params = ctx.params as { documentId?: string; locale?: unknown; data?: Record<string, unknown> };
    const field = carrierField(ctx.uid);
    // Read the carrier before the change: after a delete the entry is gone.
    const before: Entry = params.documentId
      ? await strapi.db
          .query(ctx.uid as never)
          .findOne({ where: { documentId: params.documentId }, select: (ctx.uid === CARRIER_UID || ops ? [field] : [field, 'locale']) as never })
      : null;

    const result = await next();

    const after = firstEntry(result);
    const carrierCode = (after?.[field] ?? before?.[field] ?? params.data?.[field] ?? null) as string | null;
    const locale = ctx.uid === CARRIER_UID || ops ? null : (singleLocale(params.locale) ?? singleLocale(after?.locale) ?? null);
    sendContentChange(strapi, { event, model: ops ? ctx.uid : ctx.contentType.info.singularName, carrierCode, locale });
    // An entry moved to another carrier changes the one it left too.
    const left = before?.[field] as string | null | undefined;
    if (left && carrierCode && left !== carrierCode) {
      sendContentChange(strapi, { event, model: ops ? ctx.uid : ctx.contentType.info.singularName, carrierCode: left, locale });
    }
    return result;
  });
}
