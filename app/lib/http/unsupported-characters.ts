/** The message under a field that held refused characters (ADR 231), in the base catalogue (en/de) every page has. */
export const UNSUPPORTED_CHARACTERS_KEY = "landing.unsupportedCharacters";
