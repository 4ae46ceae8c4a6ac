/**
 * Spec §7 calls beside the bookings and the catalogue: the pay-later session, IMEI of an order's
 * device, store search and address lookup, triage questions, contact reasons and messages, the UK
 * order-address list, over the engine operations the pages call (ADR 176 for the shapes the spec leaves open).
 */
import { z } from "zod";
import { normalisePostcode } from "../domain/postcode";
import { PostcodeNotCoveredError } from "../domain/errors";
import { ApiProblem } from "./errors";
import { assertKeyCarrier, assertKeyCountry, partnerActor, dataOf, defineRoute, deviceId, type ApiRoute } from "./routes";

const catalogueLocale = (locale: string): "en" | "de" => (locale === "de" ? "de" : "en");
const positiveId = z.number().int().positive();

/** POST /booking/{ref}/triage-questions: the model's questions, by the spec's `type` (the model id) or a device of the booking. */
const triageBody = z
  .object({
    type: positiveId.optional().meta({ description: "The id of the model (appliance) the questions are for: triage questions belong to models in this catalogue." }),
    device_key: z.string().max(32).optional().meta({ description: "Or a device of the booking: its model's questions." }),
  })
  .strict()
  .refine((body) => (body.type === undefined) !== (body.device_key === undefined), { message: "Send either type (a model id) or device_key.", path: ["type"] });
const triageAnswer = dataOf(
  z.array(z.object({ id: z.number(), code: z.string(), question: z.string(), required: z.boolean(), options: z.array(z.object({ code: z.string(), label: z.string() })) })),
);

/** Spec §3 "Contact or message payload": name, email, phone, reason, message, a captcha token (g_recaptcha_response), carrier. */
const contactBody = z
  .object({
    name: z.string().max(120),
    email: z.string().max(254),
    phone: z.string().max(40),
    reason: z.union([positiveId, z.object({ id: positiveId, title: z.string().max(200).optional() }).strict()]).meta({
      description: "A contact reason's id (GET /contact-request-reason), or the reason as { id, title }.",
    }),
    message: z.string().max(5000),
    g_recaptcha_response: z.string().max(4000).nullish(),
    captcha_token: z.string().max(4000).nullish(),
    carrier: z.string().max(60).optional(),
    locale: z.enum(["en", "de"]).optional(),
  })
  .strict();
const contactAnswer = dataOf(
  z.object({ id: z.number(), status: z.string(), reply_due_at: z.string(), created_at: z.string(), reason: z.object({ id: z.number(), title: z.string() }) }).loose(),
);

/** Spec §3 "Address lookup result (UK order addresses)": line_1, line_2, line_3, post_town, county (and the postcode). */
const orderAddress = z.object({
  id: z.string(),
  line_1: z.string(),
  line_2: z.string(),
  line_3: z.string(),
  post_town: z.string(),
  county: z.string(),
  postcode: z.string(),
});
/** The most addresses one postcode lists (each is one retrieve from the address provider). */
export const ORDER_ADDRESS_LIMIT = 50;

const record = dataOf(z.record(z.string(), z.unknown()));
const records = dataOf(z.array(z.record(z.string(), z.unknown())));
const imeiBody = z.object({ imei: z.string().max(40), email: z.string().max(254), customer_update: z.boolean().optional() }).strict();
const imeiRoute = (path: string) =>
  defineRoute({
    method: "post",
    path,
    summary: "The IMEI (or tablet serial number) of an order's device, for the customer's e-mail.",
    scope: "orders:manage",
    body: imeiBody,
    response: record,
    handle: async ({ engine, carrier, principal, params, body }) => ({
      data: await engine.orders.withLookupThrottle(carrier, { email: body.email, clientAddress: null }, () =>
        engine.orders.setOrderDeviceImei(carrier, { device_id: deviceId(params.id), ...body }, partnerActor(principal)),
      ),
    }),
  });

export const otherRoutes: ApiRoute[] = [
  defineRoute({
    method: "post",
    path: "/booking/{ref}/triage-questions",
    summary: "The fault questions of an appliance's model (by `type`, the model id) or of a device of the booking; answers go in the device's triage_answers.",
    scope: "bookings:write",
    body: triageBody,
    rateClass: "read",
    response: triageAnswer,
    handle: async ({ engine, carrier, params, body, locale }) => {
      // The booking must be the key's carrier's (BK01 404 otherwise), as every call under a booking.
      const booking = await engine.basket.getBooking(carrier, params.ref);
      let modelId = body.type;
      if (body.device_key !== undefined) {
        const device = booking.devices[body.device_key];
        if (!device) throw new ApiProblem(404, "NOT_FOUND", ["The booking has no device with this key."]);
        modelId = device.model_version.model_id;
      }
      return { data: await engine.catalogue.listTriageQuestions(carrier, modelId!, catalogueLocale(locale)) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/contact-request-reason",
    summary: "The reasons a customer can choose for a message (the carrier's, from the CMS, in the answer's language).",
    scope: "bookings:write",
    response: dataOf(z.array(z.object({ id: z.number(), title: z.string() }))),
    handle: async ({ contactReasons }) => ({ data: await contactReasons() }),
  }),
  defineRoute({
    method: "post",
    path: "/contact/post",
    summary:
      "Sends the customer's message (answered within 48 hours). A key without browser origins is trusted: no captcha. A key used from browser pages sends the captcha token as the contact page does. Accepts Idempotency-Key.",
    scope: "bookings:write",
    body: contactBody,
    idempotent: true,
    status: 201,
    response: contactAnswer,
    handle: async ({ engine, carrier, principal, body, locale, contactReasons }) => {
      assertKeyCarrier(carrier, body.carrier);
      const wanted = typeof body.reason === "number" ? body.reason : body.reason.id;
      // As the contact page: the reason must be one of the carrier's, and its title is the CMS's.
      const reason = (await contactReasons()).find((entry) => entry.id === wanted);
      if (!reason) throw new ApiProblem(400, "VALIDATION", ["Please choose a reason."], { reason: ["Please choose one of the contact reasons (GET /contact-request-reason)."] });
      const browserKey = principal.allowedOrigins.length > 0;
      const message = await engine.contact.sendContactMessage(
        carrier,
        {
          name: body.name,
          email: body.email,
          phone: body.phone,
          reason,
          message: body.message,
          captcha_token: body.g_recaptcha_response ?? body.captcha_token ?? null,
          locale: body.locale ?? catalogueLocale(locale),
          client_address: null,
        },
        browserKey ? {} : { trustedCaller: "api-key" },
      );
      return { data: message };
    },
  }),
  defineRoute({
    method: "get",
    base: "/api/repair",
    path: "/order/addresses/{postcode}",
    summary: `The addresses at a postcode for changing an order's address (spec §7 'UK order address list'): a list of address lines, each one address on one line ('Flat 5, Earl Grey House, 75 Grey Street, Newcastle upon Tyne, Tyne and Wear, NE1 6EE'); at most ${ORDER_ADDRESS_LIMIT}. \`format=structured\` answers each as §3's fields instead: id, line_1, line_2, line_3, post_town, county, postcode.`,
    scope: "orders:manage",
    query: z.object({ format: z.enum(["lines", "structured"]).optional() }).strict(),
    response: dataOf(z.union([z.array(z.string()), z.array(orderAddress)])),
    handle: async ({ engine, carrier, params, query }) => {
      const postcode = normalisePostcode(carrier.countryCode, params.postcode);
      if (!postcode.ok) throw new PostcodeNotCoveredError("POSTCODE_INVALID");
      // As the repair-location page: the postcode's container opened, its retrievable addresses retrieved.
      const found = await engine.coverage.findAddresses(carrier, { text: postcode.display });
      const container = found.find((option) => !option.retrievable && option.text.replace(/\s+/g, "").toUpperCase() === postcode.postcode);
      const inside = container ? await engine.coverage.findAddresses(carrier, { text: postcode.display, container: container.id }) : [];
      const seen = new Set<string>();
      const ids = [...inside, ...found].filter((option) => option.retrievable && !seen.has(option.id) && seen.add(option.id)).map((option) => option.id);
      const retrieved = await Promise.all(ids.slice(0, ORDER_ADDRESS_LIMIT).map(async (id) => ({ id, address: await engine.coverage.retrieveAddress(carrier, id) })));
      const addresses = retrieved.flatMap(({ id, address }) =>
        address && address.postal_code.replace(/\s+/g, "").toUpperCase() === postcode.postcode
          ? [
              {
                id,
                line_1: address.line_1,
                line_2: address.line_2,
                line_3: address.line_3 ?? "",
                post_town: address.post_town ?? address.city,
                county: address.county ?? "",
                postcode: address.postal_code,
              },
            ]
          : [],
      );
      if (query.format === "structured") return { data: addresses };
      return { data: addresses.map((a) => [a.line_1, a.line_2, a.line_3, a.post_town, a.county, a.postcode].filter(Boolean).join(", ")) };
    },
  }),
  defineRoute({
    method: "post",
    path: "/wefix-booking/{ref}/update-klarna",
    summary: "Updates the booking's pay-later session to the basket's total.",
    scope: "bookings:write",
    response: record,
    handle: async ({ engine, carrier, params }) => ({ data: await engine.checkout.updatePayLaterSession(carrier, params.ref) }),
  }),
  imeiRoute("/wefix-booking/devices/{id}/imei"),
  imeiRoute("/orders/devices/{id}/imei"),
  defineRoute({
    method: "get",
    path: "/company/stores/locate/{postcode}/{carrier}",
    summary: "The key's carrier's stores near a postcode (another carrier's code answers 404).",
    scope: "stores:read",
    query: z.object({ drop_off: z.enum(["true", "false"]).optional() }).strict(),
    response: records,
    handle: async ({ engine, carrier, params, query }) => {
      if (params.carrier !== carrier.code) throw new ApiProblem(404, "NOT_FOUND", ["The carrier was not found."]);
      return { data: await engine.coverage.locateStores(carrier, params.postcode, { dropOffOnly: query.drop_off === "true" }) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/loqate/address-find",
    summary: "Address suggestions in the carrier's country. `country_code` (ISO alpha-2, optional) must be the carrier's; another is refused (400).",
    scope: "bookings:write",
    query: z.object({ text: z.string().max(200).optional(), container: z.string().max(200).optional(), country_code: z.string().max(2).optional() }).strict(),
    response: records,
    handle: async ({ engine, carrier, query }) => {
      assertKeyCountry(carrier, query.country_code, "country_code");
      return { data: await engine.coverage.findAddresses(carrier, { text: query.text, container: query.container }) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/loqate/address-retrieve/{id}",
    summary: "The full address of a suggestion.",
    scope: "bookings:write",
    response: record,
    handle: async ({ engine, carrier, params }) => {
      const address = await engine.coverage.retrieveAddress(carrier, params.id);
      if (!address) throw new ApiProblem(404, "NOT_FOUND", ["The address was not found."]);
      return { data: address };
    },
  }),
  defineRoute({
    method: "get",
    path: "/loqate/geocode/{country}/{text}",
    summary: "Latitude and longitude of an address text in the carrier's country; {country} (ISO alpha-2) must be the carrier's, another is refused (400).",
    scope: "bookings:write",
    response: record,
    handle: async ({ engine, carrier, params }) => {
      assertKeyCountry(carrier, params.country, "country");
      const point = await engine.coverage.geocodeAddress(carrier, params.text);
      if (!point) throw new ApiProblem(404, "NOT_FOUND", ["The address was not found."]);
      return { data: point };
    },
  }),
];
