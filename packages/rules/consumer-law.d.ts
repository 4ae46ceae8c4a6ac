export declare const WITHDRAWAL_NOTICE_COUNTRIES: readonly string[];
export declare const POLICY_PHRASE_SETTINGS: readonly ["country", "on", "off"];
export type PolicyPhraseSetting = (typeof POLICY_PHRASE_SETTINGS)[number];
export declare function showsPolicyPhrase(setting: PolicyPhraseSetting | null | undefined, countryCode: string | null | undefined): boolean;
