/** The content types of docs/content-model.md (the contract with tenants/ and the web app). */
export const CARRIER_UID = 'api::carrier.carrier';

export const LOCALIZED_UIDS = [
  'api::landing-page.landing-page',
  'api::faq-item.faq-item',
  'api::faq-category.faq-category',
  'api::help-guide.help-guide',
  'api::legal-page.legal-page',
  'api::contact-reason.contact-reason',
  'api::ui-text.ui-text',
  'api::message-template.message-template',
] as const;

export const CONTRACT_UIDS: readonly string[] = [CARRIER_UID, ...LOCALIZED_UIDS];

export const isContractUid = (uid: string): boolean => CONTRACT_UIDS.includes(uid);

/** The field naming the carrier an entry belongs to. */
export const carrierField = (uid: string): 'code' | 'carrierCode' => (uid === CARRIER_UID ? 'code' : 'carrierCode');

export const CARRIER_CODE_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Operations types (per carrier, `carrierCode`) and catalogue types (shared), read by the engine
 * through the feed (/work/ops-contract.md, docs/decisions/076-operations-and-catalogue-in-the-cms.md).
 * Their uids carry the prefix so the app can route a webhook without a list of names.
 */
export const OPS_UIDS = {
  serviceArea: 'api::ops-service-area.ops-service-area',
  technician: 'api::ops-technician.ops-technician',
  roster: 'api::ops-roster.ops-roster',
  store: 'api::ops-store.ops-store',
  discountCode: 'api::ops-discount-code.ops-discount-code',
  priceOverride: 'api::ops-price-override.ops-price-override',
  offering: 'api::ops-offering.ops-offering',
  staffMember: 'api::ops-staff-member.ops-staff-member',
  apiKey: 'api::ops-api-key.ops-api-key',
  webhookEndpoint: 'api::ops-webhook-endpoint.ops-webhook-endpoint',
} as const;

export const CATALOGUE_UIDS = {
  setting: 'api::catalogue-setting.catalogue-setting',
  deviceType: 'api::catalogue-device-type.catalogue-device-type',
  make: 'api::catalogue-make.catalogue-make',
  problem: 'api::catalogue-problem.catalogue-problem',
  model: 'api::catalogue-model.catalogue-model',
  price: 'api::catalogue-price.catalogue-price',
  extra: 'api::catalogue-extra.catalogue-extra',
  triageQuestion: 'api::catalogue-triage-question.catalogue-triage-question',
} as const;

export const CURRENCY_CODES = ['GBP', 'EUR', 'AUD', 'USD', 'CAD'] as const;

export const isOpsUid = (uid: string): boolean => uid.startsWith('api::ops-');
export const isCatalogueUid = (uid: string): boolean => uid.startsWith('api::catalogue-');
