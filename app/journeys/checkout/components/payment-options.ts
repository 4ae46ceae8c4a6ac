/**
 * The rules of the payment step's providers in the browser (spec §4 "Card payment", "Pay-later
 * payment", §7 third-party clients), kept pure so they are tested without a browser:
 * the drop-in's options and 3-D Secure request, and when the pay-later panel shows.
 */

/** Klarna's Payments SDK (Klarna.Payments.init / load / authorize). */
export const KLARNA_SCRIPT = "https://x.klarnacdn.net/kp/lib/v1/api.js";

/** Spec §4/§9: pay later needs a cart total of at least 35 (minor units). */
export const PAY_LATER_MINIMUM_MINOR = 3500;

export type PaymentMethodChoice = "card" | "pay_later" | "pay_later_instalments";
export type PayLaterPaymentType = "pay_later" | "pay_later_instalments";
export type KlarnaCategory = "pay_later" | "pay_over_time";

/** Spec §4: choosing the selected method again deselects it. */
export function toggleMethod(current: PaymentMethodChoice | null, chosen: PaymentMethodChoice): PaymentMethodChoice | null {
  return current === chosen ? null : chosen;
}

/** Pay later in 30 days → Klarna's pay_later; three instalments → pay_over_time. */
export function klarnaCategory(type: PayLaterPaymentType): KlarnaCategory {
  return type === "pay_later" ? "pay_later" : "pay_over_time";
}

/**
 * Spec §4 step 5: the panel shows only when the carrier offers pay later (usesKlarna), the provider
 * reports the form available, the cart total is at least 35 and the category is offered.
 */
export function payLaterVisible(input: { usesKlarna: boolean; available: boolean; totalMinor: number; categories?: readonly string[]; type?: PayLaterPaymentType }): boolean {
  if (!input.usesKlarna || !input.available || input.totalMinor < PAY_LATER_MINIMUM_MINOR) return false;
  return !input.type || !input.categories || input.categories.includes(klarnaCategory(input.type));
}

/** Minor units → the decimal string Braintree and PayPal take ("12900" → "129.00"). */
export function decimalAmount(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(Math.abs(minor % 100)).padStart(2, "0")}`;
}

/** Spec §7: locale de_DE for Germany, en_GB otherwise. */
export function dropInLocale(countryCode: string): "de_DE" | "en_GB" {
  return countryCode === "DE" ? "de_DE" : "en_GB";
}

export interface DropInBilling {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  line1?: string | null;
  line2?: string | null;
  town?: string | null;
  postcode?: string | null;
  countryCode: string;
}

/** braintree.dropin.create options: PayPal in the checkout flow for the cart total, 3-D Secure on. */
export function dropInOptions(input: { authorization: string; container: HTMLElement | string; totalMinor: number; currency: string; countryCode: string; threeDSecure: boolean }) {
  return {
    authorization: input.authorization,
    container: input.container,
    locale: dropInLocale(input.countryCode),
    threeDSecure: input.threeDSecure,
    paypal: { flow: "checkout", amount: decimalAmount(input.totalMinor), currency: input.currency },
    card: { cardholderName: { required: false } },
  };
}

const ascii = (value: string | null | undefined) =>
  (value ?? "")
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .trim();

/**
 * requestPaymentMethod options: 3-D Secure for the cart total with the customer's billing data and
 * a challenge requested (spec §4 "Card payment"). Braintree wants ASCII names and a phone number
 * of digits only.
 */
export function threeDSecureRequest(totalMinor: number, billing: DropInBilling) {
  const billingAddress: Record<string, string> = {};
  const put = (key: string, value: string) => {
    if (value) billingAddress[key] = value;
  };
  put("givenName", ascii(billing.firstName));
  put("surname", ascii(billing.lastName));
  put("phoneNumber", (billing.phone ?? "").replace(/[^\d]/g, ""));
  put("streetAddress", ascii(billing.line1));
  put("extendedAddress", ascii(billing.line2));
  put("locality", ascii(billing.town));
  put("postalCode", ascii(billing.postcode));
  put("countryCodeAlpha2", billing.countryCode);
  return {
    threeDSecure: {
      amount: decimalAmount(totalMinor),
      ...(billing.email ? { email: billing.email } : {}),
      billingAddress,
      challengeRequested: true,
    },
  };
}

/** The charge's payment_type for a drop-in payload: PayPal or card. */
export function paymentTypeOf(payload: { type?: string }): "card" | "paypal" {
  return payload.type === "PayPalAccount" ? "paypal" : "card";
}
