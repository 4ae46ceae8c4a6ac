/** The message under a field that held refused characters (ADR 231), in the base catalogue (en/de) every page has. */
export const UNSUPPORTED_CHARACTERS_KEY = "landing.unsupportedCharacters";
/** The search field's message when a link's address container is refused (not a provider's id), in the base catalogue (en/de). */
export const ADDRESS_LIST_INVALID_KEY = "landing.addressListInvalid";
/** The search field's message when a link's picked address id is refused (not a provider's id), in the base catalogue (en/de). */
export const ADDRESS_INVALID_KEY = "landing.addressInvalid";
