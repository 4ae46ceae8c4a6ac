/**
 * Webhooks to partners (issue 23 item 7, ADR 179): the event types an endpoint may subscribe to and
 * the rules for an endpoint's URL. The CMS checks the URL on save; the engine checks it again, with
 * the addresses its name resolves to, when it delivers (ADR 180).
 */

/** The event types, as the payload's `type` names them; the CMS shows one tick box per type. */
export const WEBHOOK_EVENTS = /** @type {const} */ ([
  "order.created",
  "order.cancelled",
  "order.date_changed",
  "order.address_changed",
  "order.refunded",
  "job.on_the_way",
  "job.started",
  "job.completed",
]);

const refuse = (/** @type {string} */ reason) => ({ ok: /** @type {const} */ (false), reason });

/**
 * An endpoint's URL: an absolute http(s) address without user name or password, https only when
 * `production` (plain http is for a developer's own receiver). Names and addresses are checked
 * against private networks only at delivery, where the name is resolved.
 * @param {unknown} input
 * @param {{ production: boolean }} rules
 * @returns {{ ok: true, url: string } | { ok: false, reason: string }}
 */
export function checkWebhookUrl(input, rules) {
  if (typeof input !== "string" || !input.trim()) return refuse("is empty");
  const text = input.trim();
  if (text.length > 2000) return refuse("is longer than 2000 characters");
  let url;
  try {
    url = new URL(text);
  } catch {
    return refuse("is not a full web address (e.g. https://partner.example/webhooks)");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return refuse("must start with https://");
  if (url.protocol === "http:" && rules.production) return refuse("must use https:// (plain http:// is refused in production)");
  if (url.username || url.password) return refuse("must not contain a user name or password: the signature proves who sends");
  if (url.hash) return refuse("must not contain a #fragment");
  return { ok: /** @type {const} */ (true), url: url.toString() };
}
