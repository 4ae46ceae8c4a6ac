import type { Core } from '@strapi/strapi';

/**
 * Files of the media library, opened straight from the CMS (`/uploads/…`), run nothing: an SVG or
 * HTML someone uploaded cannot script the admin's origin (ADR 085). The site serves the same files
 * through its /media route with the same policy.
 */
export default (_config: unknown, _context: { strapi: Core.Strapi }) => {
  return async (ctx: { path: string; set(name: string, value: string): void }, next: () => Promise<void>) => {
    await next();
    if (ctx.path.startsWith('/uploads/')) {
      ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      ctx.set('X-Content-Type-Options', 'nosniff');
    }
  };
};
