import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@repair/rules/webhooks';
import { EVENT_FIELDS, prepareWebhookData, webhookEndpointProblems, webhookEndpointToEngine } from './webhook-endpoints';

describe('webhook endpoints in the CMS (ADR 179)', () => {
  it('has one tick box per event type', () => {
    expect(Object.values(EVENT_FIELDS).sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });

  it('makes the secret on create, keeps it on update, replaces it only when asked', () => {
    const created: Record<string, unknown> = { url: 'https://p.example/', signingSecret: 'whsec_typed' };
    prepareWebhookData(created, true);
    expect(created.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const update: Record<string, unknown> = { signingSecret: 'whsec_typed', description: 'x' };
    prepareWebhookData(update, false);
    expect(update).toEqual({ description: 'x', regenerateSecret: false });
    const rekey: Record<string, unknown> = { regenerateSecret: true };
    prepareWebhookData(rekey, false);
    expect(rekey.signingSecret).toMatch(/^whsec_/);
    expect(rekey.regenerateSecret).toBe(false);
  });

  it('names the URL field in its message; http only outside production', () => {
    expect(webhookEndpointProblems({ url: 'http://p.example/' }, true)).toEqual([{ path: ['url'], message: expect.stringMatching(/^URL: the address must use https:\/\//) }]);
    expect(webhookEndpointProblems({ url: 'http://127.0.0.1:3000/' }, false)).toEqual([]);
    expect(webhookEndpointProblems({ url: 'https://a:b@p.example/' }, false)[0]?.message).toMatch(/user name or password/);
  });

  it('hands the engine the ticked events and the secret', () => {
    const entry = {
      documentId: 'abc123',
      url: 'https://p.example/hooks',
      description: 'Call centre',
      enabled: true,
      signingSecret: 'whsec_' + Buffer.alloc(32, 7).toString('base64'),
      orderCreated: true,
      orderCancelled: false,
      jobCompleted: true,
    };
    const engine = webhookEndpointToEngine(entry);
    expect(engine.events).toEqual(['order.created', 'order.date_changed', 'order.address_changed', 'order.refunded', 'job.on_the_way', 'job.started', 'job.completed']);
    expect(engine).toMatchObject({ id: 'abc123', url: 'https://p.example/hooks', enabled: true, description: 'Call centre' });
    // The engine's seed schema (booking/catalogue/seed-schema.ts) takes whsec_ and at least 30 bytes of base64.
    expect(engine.secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);
  });
});
