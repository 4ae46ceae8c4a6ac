import type { ComponentType } from 'react';
import type { StrapiApp } from '@strapi/strapi/admin';
import { OPS_CODE_PICKERS, OPS_CUSTOM_FIELDS } from '../ops-custom-fields';
import { OPS_CONTROL_MESSAGES } from './ops-control-messages';

/** Each operations custom field: its name, stored type, message key and input (Strapi passes the field's props). */
const OPS_FIELDS: [
  name: string,
  type: 'json' | 'string',
  key:
    | 'weekdays'
    | 'dates'
    | 'prefixes'
    | 'area'
    | 'hours'
    | 'permissions'
    | 'stores'
    | 'technician'
    | 'exclusions'
    | 'catalogue'
    | 'makes'
    | 'device-types'
    | 'domains'
    | 'locales'
    | 'referrers'
    | 'carrier'
    | 'symptoms'
    | 'options',
  input: keyof typeof import('./controls'),
][] = [
  [OPS_CUSTOM_FIELDS.weekdays, 'json', 'weekdays', 'WeekdaysInput'],
  [OPS_CUSTOM_FIELDS.dates, 'json', 'dates', 'DatesInput'],
  [OPS_CUSTOM_FIELDS.postcodePrefixes, 'json', 'prefixes', 'PostcodePrefixesInput'],
  [OPS_CUSTOM_FIELDS.openingHours, 'json', 'hours', 'OpeningHoursInput'],
  [OPS_CUSTOM_FIELDS.permissions, 'json', 'permissions', 'PermissionsInput'],
  [OPS_CUSTOM_FIELDS.storeCodes, 'json', 'stores', 'StoreCodesInput'],
  [OPS_CUSTOM_FIELDS.catalogueExclusions, 'json', 'exclusions', 'CatalogueExclusionsInput'],
  [OPS_CUSTOM_FIELDS.catalogueCodes, 'json', 'catalogue', 'CatalogueCodesInput'],
  [OPS_CUSTOM_FIELDS.makeIds, 'json', 'makes', 'MakeIdsInput'],
  [OPS_CUSTOM_FIELDS.deviceTypes, 'json', 'device-types', 'DeviceTypesInput'],
  [OPS_CODE_PICKERS.serviceArea, 'string', 'area', 'ServiceAreaCodeInput'],
  [OPS_CODE_PICKERS.technician, 'string', 'technician', 'TechnicianCodeInput'],
  [OPS_CUSTOM_FIELDS.domains, 'json', 'domains', 'DomainsInput'],
  [OPS_CUSTOM_FIELDS.locales, 'json', 'locales', 'LocalesInput'],
  [OPS_CUSTOM_FIELDS.referrerMakes, 'json', 'referrers', 'ReferrerMakesInput'],
  [OPS_CODE_PICKERS.carrier, 'string', 'carrier', 'CarrierCodeInput'],
  [OPS_CUSTOM_FIELDS.symptoms, 'json', 'symptoms', 'SymptomsInput'],
  [OPS_CUSTOM_FIELDS.triageOptions, 'json', 'options', 'TriageOptionsInput'],
];

/**
 * Operations values with controls made for them, not JSON, and codes picked from what exists
 * (ADR 197-199): each custom field with its control, loaded when a form first shows one; the server
 * registers the same names (src/index.ts).
 */
export function registerOpsControls(app: StrapiApp): void {
  app.customFields.register(
    OPS_FIELDS.map(([name, type, key, exported]) => ({
      name,
      type,
      intlLabel: { id: `ops-controls.${key}.label`, defaultMessage: OPS_CONTROL_MESSAGES[`ops-controls.${key}.label`].en },
      intlDescription: { id: `ops-controls.${key}.description`, defaultMessage: OPS_CONTROL_MESSAGES[`ops-controls.${key}.description`].en },
      components: { Input: async () => ({ default: (await import('./controls'))[exported] as unknown as ComponentType }) },
    })),
  );
}
