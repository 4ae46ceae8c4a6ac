/**
 * The customer messages the engine sends (issue 10) and the `{{placeholders}}` each may use: one
 * table in packages/rules/message-kinds.js, which the CMS's save rules read too (ADR 161).
 */
export { CUSTOMER_MESSAGE_KINDS, PLACEHOLDER_NAMES, PLACEHOLDERS_OF, URL_PLACEHOLDERS, type CustomerMessageKind, type PlaceholderName } from "@repair/rules/message-kinds";
