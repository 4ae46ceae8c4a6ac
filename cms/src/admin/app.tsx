import type { ComponentType } from 'react';
import type { StrapiApp } from '@strapi/strapi/admin';
import { apiKeyTranslations } from './api-key-messages';
import { OPS_CODE_PICKERS, OPS_CUSTOM_FIELDS } from '../lib/ops-custom-fields';
import { opsControlTranslations } from './ops-control-messages';
import { ApiKeyPanel } from './api-key-panel';
import { WEBHOOK_PANEL_TRANSLATIONS, WebhookDeliveriesPanel } from './webhook-deliveries-panel';

type Input = { default: ComponentType };
/** Strapi passes the field's props (name, label, hint, …); its type names none. */
const input = (load: () => Promise<ComponentType>) => async () => ({ default: await load() }) as Input;

type ContentManagerApis = { addEditViewSidePanel(panels: unknown[]): void };

// Offline: no release notifications, no tutorials (both fetch from outside).
export default {
  config: {
    locales: ['de'],
    notifications: { releases: false },
    tutorials: false,
    translations: {
      en: { ...apiKeyTranslations('en'), ...WEBHOOK_PANEL_TRANSLATIONS.en, ...opsControlTranslations('en') },
      de: { ...apiKeyTranslations('de'), ...WEBHOOK_PANEL_TRANSLATIONS.de, ...opsControlTranslations('de') },
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
    // Operations values with controls made for them, not JSON (ADR 197, 198); the server registers the same names.
    const controls = () => import('./ops-controls');
    app.customFields.register([
      {
        name: OPS_CUSTOM_FIELDS.weekdays,
        type: 'json',
        intlLabel: { id: 'ops-controls.weekdays.label', defaultMessage: 'Weekdays' },
        intlDescription: { id: 'ops-controls.weekdays.description', defaultMessage: 'Working weekdays' },
        components: { Input: input(async () => (await controls()).WeekdaysInput as unknown as ComponentType) },
      },
      {
        name: OPS_CUSTOM_FIELDS.dates,
        type: 'json',
        intlLabel: { id: 'ops-controls.dates.label', defaultMessage: 'Dates' },
        intlDescription: { id: 'ops-controls.dates.description', defaultMessage: 'A list of dates picked from a calendar' },
        components: { Input: input(async () => (await controls()).DatesInput as unknown as ComponentType) },
      },
      {
        name: OPS_CUSTOM_FIELDS.postcodePrefixes,
        type: 'json',
        intlLabel: { id: 'ops-controls.prefixes.label', defaultMessage: 'Postcode prefixes' },
        intlDescription: { id: 'ops-controls.prefixes.description', defaultMessage: 'Postcode starts checked against the country' },
        components: { Input: input(async () => (await controls()).PostcodePrefixesInput as unknown as ComponentType) },
      },
      {
        name: OPS_CODE_PICKERS.serviceArea,
        type: 'string',
        intlLabel: { id: 'ops-controls.area.label', defaultMessage: 'Service area' },
        intlDescription: { id: 'ops-controls.area.description', defaultMessage: "One of the carrier's service areas" },
        components: { Input: input(async () => (await controls()).ServiceAreaCodeInput as unknown as ComponentType) },
      },
    ]);
  },
  bootstrap(app: StrapiApp) {
    // Side panels beside the edit view: the API key's key shown once, status, last use, rotation (ADR 183, 184);
    // a webhook endpoint's deliveries (ADR 181). Each panel renders only for its own content type.
    (app.getPlugin('content-manager').apis as unknown as ContentManagerApis).addEditViewSidePanel([ApiKeyPanel, WebhookDeliveriesPanel]);
  },
};
