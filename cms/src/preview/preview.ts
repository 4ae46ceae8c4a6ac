import type { Core } from '@strapi/strapi';
import { CARRIER_UID } from '../lib/content-model';
import { allFenced, carrierCodesOf, FENCE_CONDITION_ID, permissionsFor } from '../access/editor-fence';
import { createPreviewToken } from '@repair/rules/preview-token';

const READ = 'plugin::content-manager.explorer.read';

/**
 * Strapi's preview (config/admin.ts → preview.config.handler), ADR 086: the URL of the page that
 * shows an entry on its carrier's own site. For a draft, the URL goes through the site's /preview
 * route with a signed token naming the carrier; the site then reads drafts for that carrier only.
 */

type Entry = { carrierCode?: string; slug?: string; category?: string };

/** Where each previewable type is shown on the site (app/routes). */
export const PREVIEW_PATHS: Record<string, (entry: Entry) => string | null> = {
  'api::landing-page.landing-page': () => '/',
  'api::faq-item.faq-item': (e) => (e.category ? `/faqs/${e.category}` : '/faqs'),
  'api::faq-category.faq-category': (e) => (e.slug ? `/faqs/${e.slug}` : '/faqs'),
  'api::help-guide.help-guide': (e) => (e.slug ? `/help/${e.slug}` : '/help'),
  'api::legal-page.legal-page': (e) => (e.slug ? `/${e.slug}` : null),
};

/** The carrier's site: its first real domain over https, or <code>.localhost on the app's port when run locally. */
export function siteOrigin(carrier: { code: string; domains?: unknown }, local: boolean, port = '3000'): string {
  const domains = Array.isArray(carrier.domains) ? carrier.domains.filter((d): d is string => typeof d === 'string') : [];
  const real = domains.find((d) => !d.endsWith('.localhost') && d !== 'localhost');
  if (real && !local) return `https://${real}`;
  return `http://${carrier.code}.localhost:${port}`;
}

/** The URL the admin's preview panel opens; null when the type has no page or the user may not see it. */
export function previewUrl(origin: string, path: string, options: { locale?: string | null; status?: string; token: string }): string {
  const page = options.locale ? `${path}?lng=${encodeURIComponent(options.locale)}` : path;
  if (options.status === 'published') return `${origin}${page}`;
  return `${origin}/preview?${new URLSearchParams({ token: options.token, path: page })}`;
}

const isLocalRun = () => process.env.NODE_ENV !== 'production' || process.env.CMS_DEV_DEFAULTS === '1';

/** The config is read before Strapi exists, hence the getter. */
export function createPreviewHandler(getStrapi: () => Core.Strapi, previewSecret: string) {
  return async (uid: string, params: { documentId?: string; locale?: string | null; status?: string }): Promise<string | null> => {
    const strapi = getStrapi();
    const pathOf = PREVIEW_PATHS[uid];
    if (!pathOf || !params.documentId) return null;
    const entry = (await strapi.documents(uid as never).findOne({
      documentId: params.documentId,
      ...(params.locale ? { locale: params.locale } : {}),
      status: 'draft',
    } as never)) as Entry | null;
    if (!entry?.carrierCode) return null;

    // The preview route itself checks no permission (Strapi 5.54): the fence is applied here.
    const request = strapi.requestContext.get() as { state?: { user?: { id: number; roles?: { code?: string }[] } } } | undefined;
    const user = request?.state?.user;
    if (!user) return null;
    // Only who may read this type in the content manager previews it (operations and catalogue
    // roles may not), and a fenced editor only for their carriers.
    const permissions = await permissionsFor(strapi, user, READ, uid);
    if (permissions !== null && permissions.length === 0) {
      strapi.log.warn(`[preview] user ${user.id} may not read ${uid}: no preview`);
      return null;
    }
    if (allFenced(permissions, FENCE_CONDITION_ID)) {
      const codes = await carrierCodesOf(strapi, user.id);
      if (!codes.includes(entry.carrierCode)) {
        strapi.log.warn(`[preview] user ${user.id} is not an editor of carrier "${entry.carrierCode}": no preview`);
        return null;
      }
    }
    const path = pathOf(entry);
    if (!path) return null;
    const carrier = (await strapi.db.query(CARRIER_UID as never).findOne({ where: { code: entry.carrierCode }, select: ['code', 'domains'] } as never)) as {
      code: string;
      domains?: unknown;
    } | null;
    if (!carrier) return null;
    const origin = siteOrigin(carrier, isLocalRun(), process.env.PREVIEW_SITE_PORT || '3000');
    return previewUrl(origin, path, { locale: params.locale, status: params.status, token: createPreviewToken(carrier.code, previewSecret) });
  };
}

/** Origins the admin may frame: https sites, and *.localhost when run locally (PREVIEW_ALLOWED_ORIGINS adds more). */
export function previewAllowedOrigins(): string[] {
  const extra = (process.env.PREVIEW_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return ["'self'", 'https:', ...(isLocalRun() ? ['http://localhost:*', 'http://*.localhost:*'] : []), ...extra];
}
