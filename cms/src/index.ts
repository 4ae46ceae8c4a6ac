import type { Core } from '@strapi/strapi';
import { ensureAdmin, ensureApiTokens, ensureLocales } from './access/access';
import { registerBookingWarning } from './operations/booking-warning';
import { SCOPES_FIELD, registerApiKeyHashGuard } from './api-keys/ops-api-keys';
import { registerApiKeyRoutes } from './api-keys/ops-api-key-routes';
import { registerCarrierValidation } from './safe-edits/carrier-validation';
import { seedDevicePictures } from './seeding/device-pictures';
import { applyEditViews } from './edit-views/edit-views';
import { ensureCarrierEditorRole, ensureOperationsRoles, registerCarrierCreator, registerFenceCondition, registerFenceMiddleware } from './access/editor-fence';
import { seedOperations } from './seeding/seed-operations';
import { registerRevisionBump } from './engine-feed/ops-revision';
import { OPS_CODE_PICKERS, OPS_CUSTOM_FIELDS } from './operations/ops-custom-fields';
import { registerOpsValidation } from './operations/ops-validation';
import { seedCarriers } from './seeding/seed';
import { registerSetupChecklistRoutes } from './setup-checklist/setup-checklist-routes';
import { registerCatalogueChoiceRoutes } from './operations/ops-catalogue-choices';
import { registerWebhookEmitter } from './app-channel/webhook';
import { registerWebhookDeliveryRoutes } from './webhooks/webhook-deliveries';

export default {
  /**
   * Document middlewares, outermost first: fence, validation, then the webhook after the change,
   * with the revision bumped before the webhook goes out.
   */
  register({ strapi }: { strapi: Core.Strapi }) {
    registerFenceMiddleware(strapi);
    registerCarrierCreator(strapi);
    registerCarrierValidation(strapi);
    registerOpsValidation(strapi);
    registerBookingWarning(strapi);
    registerWebhookEmitter(strapi);
    registerRevisionBump(strapi);
    // Partner API keys (ADR 182, 183): scopes as a multi-select, the panel's admin routes.
    strapi.customFields.register({ name: SCOPES_FIELD, type: 'json' });
    // Operations values edited with controls, not JSON (ADR 197): stored as the same JSON as before.
    for (const name of Object.values(OPS_CUSTOM_FIELDS)) strapi.customFields.register({ name, type: 'json' });
    // Links typed as codes picked from what exists (ADR 199): stored as the same code.
    for (const name of Object.values(OPS_CODE_PICKERS)) strapi.customFields.register({ name, type: 'string' });
    registerApiKeyRoutes(strapi);
    registerApiKeyHashGuard(strapi);
    registerWebhookDeliveryRoutes(strapi);
    // The setup checklist page's admin routes (ADR 194, 195).
    registerSetupChecklistRoutes(strapi);
    // What an offering's exclusion pickers choose from (ADR 202).
    registerCatalogueChoiceRoutes(strapi);
  },

  /** Idempotent on every start: locales, first admin, API tokens, fences and roles, edit views, device pictures, seed carriers and their operations. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureLocales(strapi);
    await ensureAdmin(strapi);
    await ensureApiTokens(strapi);
    await registerFenceCondition(strapi);
    await ensureCarrierEditorRole(strapi);
    await ensureOperationsRoles(strapi);
    await applyEditViews(strapi);
    const pictures = await seedDevicePictures(strapi);
    await seedCarriers(strapi, pictures);
    await seedOperations(strapi, pictures);
  },
};
