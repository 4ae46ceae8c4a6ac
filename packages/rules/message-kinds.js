/**
 * The customer messages the engine sends (issue 10, ADR 092) and the `{{placeholders}}` each may
 * use. The engine's renderer fills exactly these (booking/notifications/template-kinds.ts); the CMS
 * refuses a template with any other on save (cms/src/messages/message-templates.ts).
 */
export const CUSTOMER_MESSAGE_KINDS = /** @type {const} */ ([
  "booking-confirmed",
  "evening-before",
  "morning-of",
  "booking-cancelled",
  "date-changed",
  "address-changed",
  "imei-accepted",
  "proof-accepted",
  "contact-received",
  "call-back-requested",
  "waiting-list-offer",
  "booking-handed-over",
  "mail-in-confirmed",
  "order-refunded",
  "order-partly-refunded",
]);

export const PLACEHOLDER_NAMES = /** @type {const} */ ([
  "brand",
  "orderRef",
  "devices",
  "date",
  "window",
  "address",
  "amount",
  "refund",
  "manageUrl",
  "trackingUrl",
  "offerUrl",
  "holdUntil",
  "bookingCode",
  "confirmUrl",
  "mailInAddress",
]);

/** @type {PlaceholderName[]} */
const BOOKING = ["brand", "orderRef", "devices", "date", "window", "address", "manageUrl", "trackingUrl"];

/**
 * The placeholders each kind of message may use.
 * @type {Readonly<Record<CustomerMessageKind, readonly PlaceholderName[]>>}
 */
export const PLACEHOLDERS_OF = {
  "booking-confirmed": [...BOOKING, "amount"],
  "evening-before": BOOKING,
  "morning-of": BOOKING,
  "booking-cancelled": ["brand", "orderRef", "devices", "date", "refund"],
  "date-changed": BOOKING,
  "address-changed": BOOKING,
  "imei-accepted": ["brand", "orderRef", "devices", "manageUrl"],
  "proof-accepted": ["brand", "orderRef", "devices", "manageUrl"],
  "contact-received": ["brand", "orderRef"],
  "call-back-requested": ["brand", "orderRef", "date", "window"],
  "waiting-list-offer": ["brand", "date", "window", "address", "offerUrl", "holdUntil"],
  "booking-handed-over": ["brand", "devices", "date", "address", "bookingCode", "confirmUrl", "holdUntil"],
  // A repair by post (ADR 140): the carrier's postal address instead of a visit; {{address}} is where the device goes back to.
  "mail-in-confirmed": ["brand", "orderRef", "devices", "address", "amount", "manageUrl", "mailInAddress"],
  // Customer service gave money back (ADR 247): {{refund}} is this refund. In full, the booking is closed;
  // in part, it stays booked ({{amount}} is what was paid).
  "order-refunded": ["brand", "orderRef", "devices", "date", "refund", "manageUrl"],
  "order-partly-refunded": [...BOOKING, "amount", "refund"],
};

/**
 * Placeholders whose value is a web address: shown as a link, and only http(s).
 * @type {readonly PlaceholderName[]}
 */
export const URL_PLACEHOLDERS = ["manageUrl", "trackingUrl", "offerUrl", "confirmUrl"];

// The types come from the lists above; message-kinds.d.ts is generated from this file
// (node scripts/rules-declarations.mjs, ADR 166).
/** @typedef {(typeof CUSTOMER_MESSAGE_KINDS)[number]} CustomerMessageKind */
/** @typedef {(typeof PLACEHOLDER_NAMES)[number]} PlaceholderName */
