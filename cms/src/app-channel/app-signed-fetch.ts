import type { Core } from '@strapi/strapi';
import { signBody, webhookTarget } from './webhook';

/**
 * A GET to the web app over the channel the CMS webhook uses (/work/ops-contract.md): the app's
 * origin from APP_WEBHOOK_URL, the HMAC of "<path>?<query>" with CMS_WEBHOOK_SECRET in
 * X-Webhook-Signature (the app checks it with verifyWebhookSignature). The parsed JSON of a 2xx
 * answer, or null when the app is off, down, slow or refuses (logged under `tag`); callers decide
 * what "cannot tell" means for them. Used by the booking-count warning (ADR 079) and the API key
 * panel's last use (ADR 184); reusable by any admin panel that reads from the app.
 */
export async function signedAppGet(strapi: Core.Strapi, path: string, params: Record<string, string>, tag: string, timeoutMs = 2000): Promise<unknown | null> {
  const target = webhookTarget();
  if (!target) return null;
  const url = new URL(path, target.url);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  try {
    const response = await fetch(url, { headers: { 'X-Webhook-Signature': signBody(`${url.pathname}${url.search}`, target.secret) }, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) {
      strapi.log.warn(`[${tag}] ${url.pathname} answered ${response.status}`);
      return null;
    }
    return await response.json();
  } catch (error) {
    strapi.log.warn(`[${tag}] app not reachable (${(error as Error).message})`);
    return null;
  }
}
