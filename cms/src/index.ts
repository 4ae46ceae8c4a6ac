import type { Core } from '@strapi/strapi';
import { ensureAdmin, ensureApiTokens, ensureLocales } from './lib/access';
import { registerCarrierValidation } from './lib/carrier-validation';
import { seedDevicePictures } from './lib/device-pictures';
import { applyEditViews } from './lib/edit-views';
import { ensureCarrierEditorRole, registerFenceCondition, registerFenceMiddleware } from './lib/editor-fence';
import { seedCarriers } from './lib/seed';
import { registerWebhookEmitter } from './lib/webhook';

export default {
  /** Document middlewares, outermost first: fence, validation, then the webhook after the change. */
  register({ strapi }: { strapi: Core.Strapi }) {
    registerFenceMiddleware(strapi);
    registerCarrierValidation(strapi);
    registerWebhookEmitter(strapi);
  },

  /** Idempotent on every start: locales, first admin, API tokens, editor fence, edit views, device pictures, seed carriers. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureLocales(strapi);
    await ensureAdmin(strapi);
    await ensureApiTokens(strapi);
    await registerFenceCondition(strapi);
    await ensureCarrierEditorRole(strapi);
    await applyEditViews(strapi);
    await seedCarriers(strapi, await seedDevicePictures(strapi));
  },
};
