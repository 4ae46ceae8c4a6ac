/**
 * Spec §7 "Bookings" under /api/v4/wefix-booking: thin adapters over `engine.basket`,
 * `engine.checkout` and `engine.contact`, the operations the booking pages call. Request schemas
 * state the spec's fields and their JSON types (`.strict()`: an unknown field is a 400); the booking
 * rules (what a postcode, a date or an IMEI must be) stay in the engine, which answers 4xx with its codes.
 */
import { z } from "zod";
import type { BookingState } from "../bookings/state";
import { FIELD_MESSAGES } from "../domain/errors";
import { PAYMENT_TYPES } from "../domain/payment-types";
import { ApiProblem } from "./errors";
import { carrierAnswer, carrierSettings } from "./carrier-settings";
import { assertKeyCarrier, dataOf, defineRoute, type ApiRoute } from "./routes";

const PREFIX = "/wefix-booking";
const text = (max: number) => z.string().max(max);
const id = z.number().int().positive();
const ids = z.array(id).max(20);

/** The spec's answer to a booking call: `data.data` with `booking_reference` and `booking`. */
const bookingData = z.object({ booking_reference: z.string(), booking: z.record(z.string(), z.unknown()) });
export const bookingAnswer = dataOf(bookingData);
const answer = (booking: BookingState) => ({ data: { booking_reference: booking.reference, booking } });

/** The catalogue's languages (names of devices and problems) for a booking's view. */
const catalogueLocale = (locale: string): "en" | "de" => (locale === "de" ? "de" : "en");

export const buildBody = z
  .object({ referrer: text(200).nullish(), channel: text(200).nullish(), lucidRef: text(200).nullish(), is_business_account: z.boolean().optional() })
  .strict();
/** Fields the spec's client sends with the postcode and the address; `carrier` must be the key's own (assertKeyCarrier). */
const clientContext = {
  carrier: text(60).optional(),
  is_business_account: z.boolean().optional(),
  repair_type: text(40).nullish(),
  model_version_id: id.nullish(),
  problems: ids.nullish(),
};
export const postcodeBody = z.object({ postcode: text(20), ...clientContext }).strict();
/** A repair address as the booking's and the order's address calls take it. */
export const addressFields = {
  line_1: text(120),
  line_2: text(120).nullish(),
  town: text(80),
  postcode: text(20),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
};
export const addressBody = z.object({ ...addressFields, ...clientContext }).strict();
export const deviceBody = z
  .object({
    model_version_id: id.optional(),
    make_id: id.nullish(),
    problems: ids.nullish(),
    colour: text(40).nullish(),
    imei: text(40).nullish(),
    reference: text(60).nullish(),
    customer_reference: text(60).nullish(),
    device_type_id: id.nullish(),
    triage_answers: z.record(text(60), text(60)).nullish(),
    appliance_model_code: text(60).nullish(),
    upsells: z.array(id).max(10).nullish(),
    insured: z.boolean().nullish(),
  })
  .strict();
export const availabilityBody = z.object({ start_date: text(10).nullish(), days_to_load: z.number().int().optional() }).strict();
export const dateBody = z.object({ date: text(10), requestPreferredDateCallback: z.boolean().optional() }).strict();
const addressLines = { line_1: text(120), line_2: text(120).optional(), town: text(80) };
export const customerDetailsBody = z
  .object({
    first_name: text(120),
    last_name: text(120),
    email: text(254),
    email_consent: z.boolean().optional(),
    phone_number: text(40),
    billing_first_name: text(120).optional(),
    billing_last_name: text(120).optional(),
    billing_address: z
      .object({ ...addressLines, postcode: text(20) })
      .strict()
      .optional(),
    address: z.object(addressLines).strict().optional(),
    force_persist: z.boolean().optional(),
    locale: text(10).optional(),
    site_url: text(400).optional(),
  })
  .strict();
export const warrantyBody = z.object({ in_warranty: z.boolean().nullable(), purchase_date: text(10).nullish(), imei: text(40).nullish() }).strict();
export const discountBody = z.object({ discount_code: text(60) }).strict();
export const storeBody = z.union([z.object({ store_code: text(40), carrier: text(60).optional() }).strict(), z.object({ ignore: z.literal(true) }).strict()]);
export const dropOffBody = z.object({ drop_off_company_store_id: id }).strict();
/** POST /carrier/{carrier}/store/{storeId}: the customer's postcode, for the store's distance. */
export const storePostcodeBody = z.object({ postcode: text(20) }).strict();
export const callBackBody = z
  .object({
    model_version_id: id.nullish(),
    postcode: text(20).nullish(),
    name: text(120),
    email: text(254),
    phone: text(40),
    carrier: text(60).optional(),
    locale: z.enum(["en", "de"]).optional(),
  })
  .strict();
export const chargeBody = z
  .object({
    paid_via_credit: z.boolean().optional(),
    currency: text(3),
    token: text(4096),
    payment_type: z.enum(PAYMENT_TYPES).optional(),
    invoice_payment: z.boolean().optional().meta({
      description:
        "Spec §7's invoice payment. No carrier bills by invoice: `true` is refused (400 VALIDATION, `invoice_payment`) and nothing is charged; `false` or left out pays with `token`.",
    }),
    expected_total: z.number().int().min(0).optional(),
  })
  .strict();

/** ADR 177: an agent hands a booking over to the customer, who confirms it on the site with this code. */
export const bookingCodeBody = z.object({ send: z.boolean().optional() }).strict();
const bookingCodeAnswer = dataOf(
  z.object({
    booking_reference: z.string(),
    booking_code: z.string(),
    expires_at: z.string(),
    sent_to: z.object({ email: z.string(), phone: z.string().nullable() }).nullable(),
  }),
);

/** A DELETE's body naming something the booking does not hold: refused rather than ignored (ADR 268). */
const notTheBookings = (field: string, message: string) => new ApiProblem(400, "VALIDATION", [message], { [field]: [message] });

/** Spec §7 charge's `invoice_payment` (ADR 268): no carrier bills by invoice, so true is refused (400) before the engine is asked. */
const INVOICE_REFUSED = FIELD_MESSAGES.INVOICE_PAYMENT_NOT_OFFERED;

/** ADR 172: the charge answers the paid booking with its order, so a partner needs no second call. */
export const chargeAnswer = dataOf(bookingData.extend({ order_id: z.number().int().nullable(), checkout_status: z.string() }));

const booking = (path: string) => `${PREFIX}/{ref}${path}`;

export const bookingRoutes: ApiRoute[] = [
  defineRoute({
    method: "post",
    path: `${PREFIX}/build`,
    summary: "Builds a new draft booking (referrer, channel, lucidRef kept for attribution). Accepts Idempotency-Key.",
    scope: "bookings:write",
    body: buildBody,
    idempotent: true,
    status: 201,
    response: bookingAnswer,
    handle: async ({ engine, carrier, body }) => answer((await engine.basket.buildBooking(carrier, body)).booking),
  }),
  defineRoute({
    method: "get",
    path: `${PREFIX}/carrier/{carrier}`,
    summary:
      "The key's carrier's §3 settings and carrier details in full, from the CMS: the switches (`settings`), the header, footer and theme (`carrier`), and `allows_in_store_bookings` / `allows_in_store_drop_off`. Another carrier's code answers 404.",
    scope: "bookings:write",
    response: carrierAnswer,
    handle: async ({ carrier, params }) => {
      if (params.carrier !== carrier.code) throw new ApiProblem(404, "NOT_FOUND", ["The carrier was not found."]);
      return carrierSettings(carrier);
    },
  }),
  defineRoute({
    method: "post",
    path: `${PREFIX}/carrier/{carrier}/store/{storeId}`,
    summary: "One of the key's carrier's stores (by its id, or its code as staff type it) with its distance from the postcode; another carrier's code or store answers 404.",
    scope: "stores:read",
    body: storePostcodeBody,
    rateClass: "read",
    response: dataOf(z.record(z.string(), z.unknown())),
    handle: async ({ engine, carrier, params, body }) => {
      if (params.carrier !== carrier.code) throw new ApiProblem(404, "NOT_FOUND", ["The carrier was not found."]);
      // The store search's own operation (BK04 for a postcode that is not one), narrowed to the store asked for.
      const stores = await engine.coverage.locateStores(carrier, body.postcode);
      const wanted = params.storeId!.toUpperCase();
      const store = stores.find((entry) => String(entry.id) === wanted || entry.code === wanted);
      if (!store) throw new ApiProblem(404, "NOT_FOUND", ["The store was not found."]);
      return { data: store };
    },
  }),
  defineRoute({
    method: "get",
    path: `${PREFIX}/by/ref/{ref}`,
    summary: "The booking by its reference (the spec's second path).",
    scope: "bookings:write",
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, locale }) => answer(await engine.basket.getBooking(carrier, params.ref, { locale: catalogueLocale(locale) })),
  }),
  defineRoute({
    method: "get",
    path: `${PREFIX}/by/token/{token}`,
    summary: "The booking by its resume token.",
    scope: "bookings:write",
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, locale }) => answer(await engine.basket.getBookingByToken(carrier, params.token, { locale: catalogueLocale(locale) })),
  }),
  defineRoute({
    method: "get",
    path: `${PREFIX}/{ref}`,
    summary: "The booking by its reference.",
    scope: "bookings:write",
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, locale }) => answer(await engine.basket.getBooking(carrier, params.ref, { locale: catalogueLocale(locale) })),
  }),
  defineRoute({
    method: "post",
    path: booking("/validate"),
    summary:
      "Whether the booking can go to payment, without changing it: the booking (`booking_reference`, `booking`, as every booking call answers) with its validity beside it (`valid`; else the §8 `code`, `messages` and the `fields` at fault).",
    scope: "bookings:write",
    rateClass: "read",
    response: dataOf(bookingData.extend({ valid: z.boolean(), code: z.string().nullable(), messages: z.array(z.string()), fields: z.record(z.string(), z.array(z.string())) })),
    handle: async ({ engine, carrier, params, locale }) => {
      const validity = await engine.checkout.validateBooking(carrier, params.ref);
      return { data: { ...answer(await engine.basket.getBooking(carrier, params.ref, { locale: catalogueLocale(locale) })).data, ...validity } };
    },
  }),
  defineRoute({
    method: "post",
    path: booking("/postcode"),
    summary: "The repair postcode: BK04 when invalid or not covered. `carrier`, when sent, must be the key's carrier (400 otherwise).",
    scope: "bookings:write",
    body: postcodeBody,
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, body }) => {
      assertKeyCarrier(carrier, body.carrier);
      return answer(await engine.basket.setPostcode(carrier, params.ref, body));
    },
  }),
  defineRoute({
    method: "post",
    path: booking("/address"),
    summary: "The repair address: BK04 when no area covers it. `carrier`, when sent, must be the key's carrier (400 otherwise).",
    scope: "bookings:write",
    body: addressBody,
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, body }) => {
      assertKeyCarrier(carrier, body.carrier);
      return answer(await engine.basket.setAddress(carrier, params.ref, body));
    },
  }),
  defineRoute({
    method: "post",
    path: booking("/store"),
    summary: "The store an in-store booking is made for, or { ignore: true }. `carrier`, when sent, must be the key's carrier (400 otherwise).",
    scope: "bookings:write",
    body: storeBody,
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, body }) => {
      if ("carrier" in body) assertKeyCarrier(carrier, body.carrier);
      return answer(await engine.basket.setStore(carrier, params.ref, body));
    },
  }),
  defineRoute({
    method: "post",
    path: booking("/drop-off"),
    summary: "Drop-off at one of the carrier's stores.",
    scope: "bookings:write",
    body: dropOffBody,
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, body }) => answer(await engine.basket.setDropOff(carrier, params.ref, body)),
  }),
  defineRoute({
    method: "delete",
    path: booking("/drop-off"),
    summary: "Back to a visit instead of a drop-off. `drop_off_company_store_id` (optional, as the spec's client sends it) must be the booking's drop-off store (400 otherwise).",
    scope: "bookings:write",
    body: dropOffBody.partial(),
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, body }) => {
      const current = await engine.basket.getBooking(carrier, params.ref);
      if (body.drop_off_company_store_id !== undefined && body.drop_off_company_store_id !== current.drop_off_company_store_id)
        throw notTheBookings("drop_off_company_store_id", "This is not the booking's drop-off store.");
      return answer(await engine.basket.clearDropOff(carrier, params.ref));
    },
  }),
  defineRoute({
    method: "get",
    path: booking("/device/{deviceKey}"),
    summary: "One device of the booking.",
    scope: "bookings:write",
    response: dataOf(z.record(z.string(), z.unknown())),
    handle: async ({ engine, carrier, params }) => ({ data: await engine.basket.getDevice(carrier, params.ref, params.deviceKey!) }),
  }),
  defineRoute({
    method: "post",
    path: booking("/device/{deviceKey}"),
    summary: "Adds the device under this key (10 to 32 hex digits, chosen by the caller) or updates it: sending it again is safe.",
    scope: "bookings:write",
    body: deviceBody,
    response: dataOf(bookingData.extend({ device_key: z.string() })),
    handle: async ({ engine, carrier, params, body }) => {
      const { device_key, ...state } = await engine.basket.addDevice(carrier, params.ref, {
        ...body,
        model_version_id: body.model_version_id as number,
        device_key: params.deviceKey,
      });
      return { data: { ...answer(state).data, device_key } };
    },
  }),
  defineRoute({
    method: "delete",
    path: booking("/device/{deviceKey}"),
    summary: "Removes a device from the booking.",
    scope: "bookings:write",
    response: bookingAnswer,
    handle: async ({ engine, carrier, params }) => answer(await engine.basket.removeDevice(carrier, params.ref, params.deviceKey!)),
  }),
  defineRoute({
    method: "post",
    path: booking("/warranty"),
    summary: "The in-warranty answer: RBK15 when out of warranty.",
    scope: "bookings:write",
    body: warrantyBody,
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, body }) => answer(await engine.basket.setWarranty(carrier, params.ref, body)),
  }),
  defineRoute({
    method: "post",
    path: booking("/availability"),
    summary: "Bookable days of the booking's area: days_to_load days (default 10) from start_date (default today).",
    scope: "bookings:write",
    body: availabilityBody,
    rateClass: "read",
    response: dataOf(z.array(z.record(z.string(), z.unknown()))),
    handle: async ({ engine, carrier, params, body }) => ({ data: await engine.basket.loadAvailability(carrier, params.ref, body) }),
  }),
  defineRoute({
    method: "post",
    path: booking("/date"),
    summary: "Holds a repair date: BK13 when the day is no longer available.",
    scope: "bookings:write",
    body: dateBody,
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, body }) => answer(await engine.basket.setDate(carrier, params.ref, body)),
  }),
  defineRoute({
    method: "post",
    path: booking("/customer-details"),
    summary: "The customer's names, e-mail, phone and billing.",
    scope: "bookings:write",
    body: customerDetailsBody,
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, body }) => answer(await engine.basket.setCustomerDetails(carrier, params.ref, body)),
  }),
  defineRoute({
    method: "post",
    path: booking("/discount-code"),
    summary: "Applies a promo code.",
    scope: "bookings:write",
    body: discountBody,
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, body }) => answer(await engine.basket.applyDiscountCode(carrier, params.ref, body)),
  }),
  defineRoute({
    method: "delete",
    path: booking("/discount-code"),
    summary: "Removes the promo code. `discount_code` (optional, as the spec's client sends it) must be the booking's code, in any case (400 otherwise).",
    scope: "bookings:write",
    body: discountBody.partial(),
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, body }) => {
      const current = await engine.basket.getBooking(carrier, params.ref);
      const applied = current.discount_code?.toUpperCase() ?? null;
      if (body.discount_code !== undefined && body.discount_code.trim().toUpperCase() !== applied) throw notTheBookings("discount_code", "This is not the booking's promo code.");
      return answer(await engine.basket.removeDiscountCode(carrier, params.ref));
    },
  }),
  defineRoute({
    method: "post",
    path: booking("/request-call-back"),
    summary: "The customer asks to be called back about this booking. Accepts Idempotency-Key.",
    scope: "bookings:write",
    body: callBackBody,
    idempotent: true,
    status: 201,
    response: dataOf(z.record(z.string(), z.unknown())),
    handle: async ({ engine, carrier, params, body, locale }) => {
      assertKeyCarrier(carrier, body.carrier);
      // The booking must be the key's carrier's (BK01 404 otherwise), as every other call under /{ref}.
      const { reference } = await engine.basket.getBooking(carrier, params.ref);
      return { data: await engine.contact.requestCallBack(carrier, reference, { locale: catalogueLocale(locale), ...body }) };
    },
  }),
  defineRoute({
    method: "post",
    path: booking("/generate-billing-tokens"),
    summary: "The card and pay-later client tokens for the payment step.",
    scope: "bookings:write",
    response: dataOf(z.record(z.string(), z.unknown())),
    handle: async ({ engine, carrier, params }) => ({ data: await engine.checkout.generateBillingTokens(carrier, params.ref) }),
  }),
  defineRoute({
    method: "post",
    path: booking("/confirm-iw"),
    summary: "Confirms an in-warranty booking without payment.",
    scope: "bookings:write",
    response: bookingAnswer,
    handle: async ({ engine, carrier, params }) => answer(await engine.checkout.confirmInWarranty(carrier, params.ref)),
  }),
  defineRoute({
    method: "post",
    path: booking("/confirm-promo"),
    summary: "Confirms a booking a promo code pays in full.",
    scope: "bookings:write",
    response: bookingAnswer,
    handle: async ({ engine, carrier, params }) => answer(await engine.checkout.confirmPromo(carrier, params.ref)),
  }),
  defineRoute({
    method: "post",
    path: booking("/booking-code"),
    summary:
      "An agent hands the booking over (ADR 177): a new booking code, the previous one stops working; the customer confirms the booking with it on the carrier's site (/booking/continue). send: true also sends it to the customer's e-mail and phone. Confirm-only or in-store carriers only. Accepts Idempotency-Key.",
    scope: "bookings:write",
    body: bookingCodeBody,
    idempotent: true,
    status: 201,
    response: bookingCodeAnswer,
    handle: async ({ engine, carrier, params, body }) => {
      // The key's carrier's booking first (BK01 404 otherwise), as every other call under /{ref}.
      const { reference } = await engine.basket.getBooking(carrier, params.ref);
      if (carrier.confirmOnly !== true && carrier.allowsInStoreBookings !== true)
        throw new ApiProblem(403, "FORBIDDEN", ["This carrier's customers do not confirm bookings by code."]);
      const issued = await engine.basket.issueResumeToken(carrier, reference, { send: body.send ?? false });
      return { data: { booking_reference: reference, booking_code: issued.token, expires_at: issued.expires_at, sent_to: issued.sent_to } };
    },
  }),
  defineRoute({
    method: "post",
    path: booking("/charge"),
    summary:
      "Pays the booking with the payment provider's token (the sandbox takes its test nonces) and makes it an order. `invoice_payment: true` is refused (400): no carrier bills by invoice. Accepts Idempotency-Key.",
    scope: "bookings:write",
    body: chargeBody,
    idempotent: true,
    response: chargeAnswer,
    handle: async ({ engine, carrier, params, body }) => {
      if (body.invoice_payment === true) throw new ApiProblem(400, "VALIDATION", [INVOICE_REFUSED], { invoice_payment: [INVOICE_REFUSED] });
      const state = await engine.checkout.charge(carrier, params.ref, body);
      return { data: { ...answer(state).data, order_id: state.order_id, checkout_status: state.checkout_status } };
    },
  }),
];
