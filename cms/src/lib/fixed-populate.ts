import { factories } from '@strapi/strapi';

/**
 * A core controller whose REST reads always populate the given components, whatever the client
 * asks: what the API returns is fixed on the server (house style), and `populate=*` is not needed.
 */
export function controllerWithPopulate(uid: string, populate: string[]) {
  return factories.createCoreController(uid as never, () => ({
    async find(ctx) {
      ctx.query = { ...ctx.query, populate };
      return super.find(ctx);
    },
    async findOne(ctx) {
      ctx.query = { ...ctx.query, populate };
      return super.findOne(ctx);
    },
  }));
}
