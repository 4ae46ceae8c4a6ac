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
] as const;

export const CONTRACT_UIDS: readonly string[] = [CARRIER_UID, ...LOCALIZED_UIDS];

export const isContractUid = (uid: string): boolean => CONTRACT_UIDS.includes(uid);

/** The field naming the carrier an entry belongs to. */
export const carrierField = (uid: string): 'code' | 'carrierCode' => (uid === CARRIER_UID ? 'code' : 'carrierCode');

export const CARRIER_CODE_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
