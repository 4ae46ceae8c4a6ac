import type { ComponentType } from 'react';
import type { StrapiApp } from '@strapi/strapi/admin';
import { apiKeyTranslations } from '../api-keys/admin/api-key-messages';
import { opsControlTranslations } from '../operations/admin/ops-control-messages';
import { registerOpsControls } from '../operations/admin/register-controls';
import { ApiKeyPanel } from '../api-keys/admin/api-key-panel';
import { SETUP_MESSAGES } from '../setup-checklist/admin/setup-checklist-messages';
import { WEBHOOK_PANEL_TRANSLATIONS, WebhookDeliveriesPanel } from '../webhooks/admin/webhook-deliveries-panel';

/** The menu's icon: a ticked list (inline, so the admin needs no icon package of its own). */
const ChecklistIcon = () => (
  <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
    <path d="M9 6h11M9 12h11M9 18h11M3.5 6l1.5 1.5L7.5 4.5M3.5 12l1.5 1.5 2.5-3M3.5 18l1.5 1.5 2.5-3" />
  </svg>
);

type ContentManagerApis = { addEditViewSidePanel(panels: unknown[]): void };

// Offline: no release notifications, no tutorials (both fetch from outside).
export default {
  config: {
    locales: ['de'],
    notifications: { releases: false },
    tutorials: false,
    translations: {
      en: { ...apiKeyTranslations('en'), ...WEBHOOK_PANEL_TRANSLATIONS.en, ...SETUP_MESSAGES.en, ...opsControlTranslations('en') },
      de: { ...apiKeyTranslations('de'), ...WEBHOOK_PANEL_TRANSLATIONS.de, ...SETUP_MESSAGES.de, ...opsControlTranslations('de') },
    },
  },
  register(app: StrapiApp) {
    // The carrier setup checklist and postcode tester (ADR 194): a page of its own in the main menu, for
    // every admin user; its routes show only the carriers the user may see.
    app.addMenuLink({
      to: 'carrier-setup',
      icon: ChecklistIcon,
      intlLabel: { id: 'repair.setup.menu', defaultMessage: 'Carrier setup' },
      Component: () => import('../setup-checklist/admin/setup-checklist-page'),
      permissions: [],
    });
    // Partner API key scopes as a multi-select (ADR 182); the server registers the same name.
    app.customFields.register({
      name: 'api-key-scopes',
      type: 'json',
      intlLabel: { id: 'ops-api-key.scopes.label', defaultMessage: 'Scopes' },
      intlDescription: { id: 'ops-api-key.scopes.description', defaultMessage: 'What the key may do' },
      // Strapi passes the field's props (name, label, hint, …); its type names none.
      components: { Input: async () => (await import('../api-keys/admin/api-key-scopes-input')) as unknown as { default: ComponentType } },
    });
    // Operations values with controls made for them, not JSON, and codes picked from what exists
    // (ADR 197-199); the server registers the same names.
    registerOpsControls(app);
  },
  bootstrap(app: StrapiApp) {
    // Side panels beside the edit view: the API key's key shown once, status, last use, rotation (ADR 183, 184);
    // a webhook endpoint's deliveries (ADR 181). Each panel renders only for its own content type.
    (app.getPlugin('content-manager').apis as unknown as ContentManagerApis).addEditViewSidePanel([ApiKeyPanel, WebhookDeliveriesPanel]);
  },
};
