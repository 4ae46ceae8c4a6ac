// Generated from webhooks.js by scripts/rules-declarations.mjs; do not edit (ADR 166).
/**
 * An endpoint's URL: an absolute http(s) address without user name or password, https only when
 * `production` (plain http is for a developer's own receiver). Names and addresses are checked
 * against private networks only at delivery, where the name is resolved.
 * @param {unknown} input
 * @param {{ production: boolean }} rules
 * @returns {{ ok: true, url: string } | { ok: false, reason: string }}
 */
export function checkWebhookUrl(input: unknown, rules: {
    production: boolean;
}): {
    ok: true;
    url: string;
} | {
    ok: false;
    reason: string;
};
/**
 * Webhooks to partners (issue 23 item 7, ADR 179): the event types an endpoint may subscribe to and
 * the rules for an endpoint's URL. The CMS checks the URL on save; the engine checks it again, with
 * the addresses its name resolves to, when it delivers (ADR 180).
 */
/** The event types, as the payload's `type` names them; the CMS shows one tick box per type. */
export const WEBHOOK_EVENTS: readonly ["order.created", "order.cancelled", "order.date_changed", "order.address_changed", "order.refunded", "job.on_the_way", "job.started", "job.completed"];
