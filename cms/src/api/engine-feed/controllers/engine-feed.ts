import type { Core } from '@strapi/strapi';
import { readCarrierList, readEngineFeed } from '../../../engine-feed/ops-data';

type Ctx = { params: { code?: string }; body: unknown; notFound(message: string): void };

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: Ctx) {
    ctx.body = { carriers: await readCarrierList(strapi) };
  },
  async findOne(ctx: Ctx) {
    const code = String(ctx.params.code ?? '');
    const feed = await readEngineFeed(strapi, code);
    if (!feed) return ctx.notFound(`No operations data for carrier ${code}`);
    ctx.body = feed;
  },
});
