import type { Core } from '@strapi/strapi';
import { readCatalogueFeed } from '../../../engine-feed/ops-data';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: { body: unknown }) {
    ctx.body = await readCatalogueFeed(strapi);
  },
});
