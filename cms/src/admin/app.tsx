import type { StrapiApp } from '@strapi/strapi/admin';
import { WEBHOOK_PANEL_TRANSLATIONS, WebhookDeliveriesPanel } from './webhook-deliveries-panel';

// Offline: no release notifications, no tutorials (both fetch from outside).
export default {
  config: {
    locales: ['de'],
    notifications: { releases: false },
    tutorials: false,
    translations: WEBHOOK_PANEL_TRANSLATIONS,
  },
  bootstrap(app: StrapiApp) {
    // A webhook endpoint's deliveries beside its edit view (ADR 181).
    const contentManager = app.getPlugin('content-manager').apis as { addEditViewSidePanel(panels: unknown[]): void };
    contentManager.addEditViewSidePanel([WebhookDeliveriesPanel]);
  },
};
