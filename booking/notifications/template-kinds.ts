/**
 * The customer messages the engine sends (issue 10) and the `{{placeholders}}` each may use. The
 * CMS refuses a template with any other on save (cms/src/lib/message-templates.ts holds the same
 * table; template-kinds.test.ts keeps them equal).
 */
export const CUSTOMER_MESSAGE_KINDS = [
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
] as const;

export type CustomerMessageKind = (typeof CUSTOMER_MESSAGE_KINDS)[number];

export const PLACEHOLDER_NAMES = [
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
] as const;

export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

const BOOKING: PlaceholderName[] = ["brand", "orderRef", "devices", "date", "window", "address", "manageUrl", "trackingUrl"];

export const PLACEHOLDERS_OF: Readonly<Record<CustomerMessageKind, readonly PlaceholderName[]>> = {
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
  /** A repair by post (ADR 140): the carrier's postal address instead of a visit; {{address}} is where the device goes back to. */
  "mail-in-confirmed": ["brand", "orderRef", "devices", "address", "amount", "manageUrl", "mailInAddress"],
};

/** Placeholders whose value is a web address: shown as a link, and only http(s). */
export const URL_PLACEHOLDERS: readonly PlaceholderName[] = ["manageUrl", "trackingUrl", "offerUrl", "confirmUrl"];
