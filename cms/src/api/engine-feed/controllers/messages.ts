import type { Core } from '@strapi/strapi';
import { readMessageFeed } from '../../../messages/message-feed';

type Ctx = { params: { code?: string; locale?: string }; body: unknown; notFound(message: string): void; badRequest(message: string): void };

/** Named findOne so the web app's read-only token may call it, like the rest of the feed. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async findOne(ctx: Ctx) {
    const code = String(ctx.params.code ?? '');
    const locale = String(ctx.params.locale ?? '');
    if (!['en', 'de'].includes(locale)) return ctx.badRequest(`Messages are written in en or de, not ${locale}`);
    const feed = await readMessageFeed(strapi, code, locale);
    if (!feed) return ctx.notFound(`No published carrier ${code}`);
    ctx.body = feed;
  },
});
