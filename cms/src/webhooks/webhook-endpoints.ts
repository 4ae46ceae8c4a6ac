import { randomBytes } from 'node:crypto';
import { checkWebhookUrl, WEBHOOK_EVENTS } from '@repair/rules/webhooks';

/**
 * Partners' webhook endpoints in the CMS (issue 23 item 7, ADR 179): one tick box per event type,
 * a signing secret the CMS makes (never typed in), the URL checked on save, and the entry as the
 * engine feed hands it to the engine.
 */

type Data = Record<string, unknown>;
type EventType = (typeof WEBHOOK_EVENTS)[number];

/** The entry's tick box of each event type. */
export const EVENT_FIELDS = {
  orderCreated: 'order.created',
  orderCancelled: 'order.cancelled',
  orderDateChanged: 'order.date_changed',
  orderAddressChanged: 'order.address_changed',
  orderRefunded: 'order.refunded',
  jobOnTheWay: 'job.on_the_way',
  jobStarted: 'job.started',
  jobCompleted: 'job.completed',
} as const satisfies Record<string, EventType>;

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
export function newSigningSecret(): string {
  return 'whsec_' + randomBytes(32).toString('base64');
}

/**
 * Before a save: a new entry (or a duplicate) gets a fresh secret; an update keeps the stored one
 * unless "New secret on save" is ticked, which is then cleared again. A typed-in secret is ignored.
 */
export function prepareWebhookData(data: Data, creating: boolean): void {
  if (creating || data.regenerateSecret === true) data.signingSecret = newSigningSecret();
  else delete data.signingSecret;
  data.regenerateSecret = false;
}

export type Problem = { path: string[]; message: string };

/** The URL rule of packages/rules/webhooks.js, as a field message; https only in production. */
export function webhookEndpointProblems(merged: Data, production = process.env.NODE_ENV === 'production'): Problem[] {
  const checked = checkWebhookUrl(merged.url, { production });
  if (!('reason' in checked)) return [];
  return [{ path: ['url'], message: `URL: the address ${checked.reason}, e.g. https://partner.example/webhooks.` }];
}

/** The entry as the engine file's `webhooks` item (booking/catalogue/seed-schema.ts). */
export function webhookEndpointToEngine(entry: Data) {
  return {
    id: String(entry.documentId),
    url: String(entry.url ?? '').trim(),
    events: Object.entries(EVENT_FIELDS)
      .filter(([field]) => entry[field] !== false)
      .map(([, type]) => type),
    secret: String(entry.signingSecret ?? ''),
    enabled: entry.enabled !== false,
    description: String(entry.description ?? ''),
  };
}
