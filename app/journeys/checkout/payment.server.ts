/**
 * The payment step's server side (spec §4 "Card payment", "Pay-later payment", §8): what the page
 * needs from the engine's billing tokens, the customer-details save with forced persist that pay
 * later starts with, the sandbox's server-side authorisation, and the billing panel's save.
 */
import type { BookingRequestContext } from "~/lib/booking-flow/context.server";
import type { BookingState } from "~/booking.server";
import { customerDetailsInput, detailsDefaults, parseDetailsForm, type DetailsValues, type FieldErrors } from "./customer-details";
import { payButton, sandboxPaymentOptions, type PayLaterMethod } from "./payment";
import { payLaterVisible, type DropInBilling } from "~/journeys/checkout/components/payment-options";

type BillingTokens = Awaited<ReturnType<BookingRequestContext["engine"]["checkout"]["generateBillingTokens"]>>;

export const BILLING_FIELDS = ["billing_first_name", "billing_last_name", "billing_line_1", "billing_line_2", "billing_town", "billing_postcode"] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];
export type BillingValues = Partial<Record<BillingField, string>>;

/** The billing name and address the payment uses (the details step's 'same as repair address' spelled out). */
export function billingOf(booking: BookingState) {
  const billing = booking.billing_address;
  const address = booking.address;
  return {
    firstName: booking.billing_first_name ?? booking.first_name ?? "",
    lastName: booking.billing_last_name ?? booking.last_name ?? "",
    line1: billing?.line_1 ?? address?.line_1 ?? "",
    line2: billing?.line_2 ?? address?.line_2 ?? "",
    town: billing?.town ?? address?.town ?? "",
    postcode: billing?.postcode ?? address?.postcode ?? booking.postcode ?? "",
  };
}

/** What the page shows and hands to the providers' browser clients. */
export function paymentPageData(context: BookingRequestContext, booking: BookingState, tokens: BillingTokens) {
  const carrier = context.carrier;
  const capabilities = context.engine.capabilities();
  const total = booking.totals.cart_total;
  const billing = billingOf(booking);
  const button = payButton(carrier);
  const dropInBilling: DropInBilling = {
    email: booking.email,
    firstName: billing.firstName,
    lastName: billing.lastName,
    phone: booking.phone_number,
    line1: billing.line1,
    line2: billing.line2,
    town: billing.town,
    postcode: billing.postcode,
    countryCode: carrier.countryCode,
  };
  const payLaterTypes = (["pay_later", "pay_later_instalments"] as const).filter((type) =>
    payLaterVisible({ usesKlarna: carrier.usesKlarna, available: tokens.pay_later_available, totalMinor: total, categories: tokens.pay_later_categories, type }),
  );
  return {
    total,
    currency: carrier.currency,
    countryCode: carrier.countryCode,
    locale: context.locale,
    buttonLabelKey: button.labelKey,
    buttonInfoKey: button.infoKey,
    inStore: Boolean(booking.store_code),
    card: {
      /** The provider's drop-in with the client token; false: the offline card form with the sandbox's test nonces. */
      dropIn: capabilities.payments.dropIn,
      clientToken: tokens.card_client_token,
      threeDSecure: carrier.use3DSecure,
      sandboxOptions: sandboxPaymentOptions(carrier).map((option) => option.id),
    },
    payLater: {
      /** The provider's widget authorises in the browser; false: the server authorises (the offline sandbox). */
      widget: capabilities.payLater.browserWidget,
      clientToken: tokens.pay_later_client_token,
      available: tokens.pay_later_available,
      categories: tokens.pay_later_categories,
      usesKlarna: carrier.usesKlarna,
      /** The choices offered: pay in 30 days and/or three instalments (empty: no panel). */
      types: payLaterTypes as PayLaterMethod[],
    },
    billing,
    dropInBilling,
  };
}

/** The details form as the booking holds it, so a save changes nothing the customer did not change. */
function savedDetails(booking: BookingState): DetailsValues {
  return detailsDefaults(booking);
}

/** Spec §4 "Pay-later payment" step 1: the customer's details saved again, with forced persist. */
export async function saveCustomerDetails(context: BookingRequestContext, booking: BookingState): Promise<void> {
  const parsed = parseDetailsForm(savedDetails(booking));
  // The booking passed checkout's validation, so its own details parse; if not, the engine says what is missing.
  const input = parsed.ok ? customerDetailsInput(parsed.form, booking.postcode) : { ...savedDetails(booking), force_persist: true };
  await context.engine.basket.setCustomerDetails(context.carrier, booking.reference, input);
}

/** Steps 1 and the session update (spec §7 update-klarna), before the provider authorises. */
export async function preparePayLater(context: BookingRequestContext, booking: BookingState) {
  await saveCustomerDetails(context, booking);
  return context.engine.checkout.updatePayLaterSession(context.carrier, booking.reference);
}

/** Klarna's billing_address for authorize (the customer's saved details). */
export function klarnaBillingAddress(booking: BookingState, countryCode: string) {
  const billing = billingOf(booking);
  return {
    given_name: billing.firstName,
    family_name: billing.lastName,
    email: booking.email ?? "",
    ...(booking.phone_number ? { phone: booking.phone_number } : {}),
    street_address: billing.line1,
    ...(billing.line2 ? { street_address2: billing.line2 } : {}),
    postal_code: billing.postcode,
    city: billing.town,
    country: countryCode,
  };
}

/** The sandbox's authorisation on the server (Klarna authorises in the browser). */
export function authorizePayLaterOnServer(context: BookingRequestContext, booking: BookingState, type: PayLaterMethod) {
  return context.engine.checkout.authorizePayLater(context.carrier, booking.reference, { payment_type: type });
}

export type BillingSaveResult = { ok: true } | { ok: false; errors: Partial<Record<BillingField | "form", string>>; values: BillingValues };

/**
 * The payment page's billing panel: the billing name and address saved as customer details (forced
 * persist), everything else as the booking holds it. Field messages are the details step's keys.
 */
export function billingDetailsForm(
  booking: BookingState,
  posted: BillingValues,
): { ok: true; input: ReturnType<typeof customerDetailsInput> } | { ok: false; errors: FieldErrors } {
  const values: DetailsValues = { ...savedDetails(booking), billing: "other" };
  for (const field of BILLING_FIELDS) values[field] = String(posted[field] ?? "").trim();
  const parsed = parseDetailsForm(values);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  return { ok: true, input: customerDetailsInput(parsed.form, booking.postcode) };
}
