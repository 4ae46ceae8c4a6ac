// Generated from message-kinds.js by scripts/rules-declarations.mjs; do not edit (ADR 166).
/**
 * The customer messages the engine sends (issue 10, ADR 092) and the `{{placeholders}}` each may
 * use. The engine's renderer fills exactly these (booking/notifications/template-kinds.ts); the CMS
 * refuses a template with any other on save (cms/src/messages/message-templates.ts).
 */
export const CUSTOMER_MESSAGE_KINDS: readonly ["booking-confirmed", "evening-before", "morning-of", "booking-cancelled", "date-changed", "address-changed", "imei-accepted", "proof-accepted", "contact-received", "call-back-requested", "waiting-list-offer", "booking-handed-over", "mail-in-confirmed", "order-refunded", "order-partly-refunded"];
export const PLACEHOLDER_NAMES: readonly ["brand", "orderRef", "devices", "date", "window", "address", "amount", "refund", "manageUrl", "trackingUrl", "offerUrl", "holdUntil", "bookingCode", "confirmUrl", "mailInAddress"];
/**
 * The placeholders each kind of message may use.
 * @type {Readonly<Record<CustomerMessageKind, readonly PlaceholderName[]>>}
 */
export const PLACEHOLDERS_OF: Readonly<Record<CustomerMessageKind, readonly PlaceholderName[]>>;
/**
 * Placeholders whose value is a web address: shown as a link, and only http(s).
 * @type {readonly PlaceholderName[]}
 */
export const URL_PLACEHOLDERS: readonly PlaceholderName[];
export type CustomerMessageKind = (typeof CUSTOMER_MESSAGE_KINDS)[number];
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];
