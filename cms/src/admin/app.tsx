import type { ComponentType } from 'react';
import type { StrapiApp } from '@strapi/strapi/admin';
import { apiKeyTranslations } from './api-key-messages';
import { ApiKeyPanel } from './api-key-panel';
import { WEBHOOK_PANEL_TRANSLATIONS, WebhookDeliveriesPanel } from './webhook-deliveries-panel';

type ContentManagerApis = { addEditViewSidePanel(panels: unknown[]): void };

// Offline: no release notifications, no tutorials (both fetch from outside).
export default {
  config: {
    locales: ['de'],
    notifications: { releases: false },
    tutorials: false,
    translations: {
      en: { ...apiKeyTranslations('en'), ...WEBHOOK_PANEL_TRANSLATIONS.en },
      de: { ...apiKeyTranslations('de'), ...WEBHOOK_PANEL_TRANSLATIONS.de },
    },
  },
  register(app: StrapiApp) {
    // Partner API key scopes as a multi-select (ADR 182); the server registers the same name.
    app.customFields.register({
      name: 'api-key-scopes',
      type: 'json',
      intlLabel: { id: 'ops-api-key.scopes.label', defaultMessage: 'Scopes' },
      intlDescription: { id: 'ops-api-key.scopes.description', defaultMessage: 'What the key may do' },
      // Strapi passes the field's props (name, label, hint, …); its type names none.
      components: { Input: async () => (await import('./api-key-scopes-input')) as unknown as { default: ComponentType } },
    });
  },
  bootstrap(app: StrapiApp) {
    // Side panels beside the edit view: the API key's key shown once, status, last use, rotation (ADR 183, 184);
    // a webhook endpoint's deliveries (ADR 181). Each panel renders only for its own content type.
    (app.getPlugin('content-manager').apis as unknown as ContentManagerApis).addEditViewSidePanel([ApiKeyPanel, WebhookDeliveriesPanel]);
  },
};
