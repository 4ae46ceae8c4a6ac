export declare const CUSTOMER_MESSAGE_KINDS: readonly [
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
];
export type CustomerMessageKind = (typeof CUSTOMER_MESSAGE_KINDS)[number];

export declare const PLACEHOLDER_NAMES: readonly [
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
];
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

/** The placeholders each kind of message may use. */
export declare const PLACEHOLDERS_OF: Readonly<Record<CustomerMessageKind, readonly PlaceholderName[]>>;
/** Placeholders whose value is a web address: shown as a link, and only http(s). */
export declare const URL_PLACEHOLDERS: readonly PlaceholderName[];
