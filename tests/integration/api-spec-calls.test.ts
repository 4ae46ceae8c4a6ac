/**
 * Issue 39: §7's calls as a client written from the spec sends them, through the client generated from
 * the OpenAPI document (openapi-fetch over tests/support/api-client/schema.d.ts). First the twelve calls
 * no test had called over HTTP (by/token, drop-off, update-klarna, warranty, confirm-iw, confirm-promo,
 * store, generate-billing-tokens, wefix-booking/devices/{id}/imei, address-retrieve, geocode); then the
 * parameters that must act or be refused (ADR 268), the carrier's whole settings (ADR 269) and the
 * answers shaped as §7 reads them (validate).
 */
import createClient, { type Client } from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../booking/http/index";
import type { CarrierContext } from "../../booking/domain/carrier";
import { IDS, LONDON_STORES } from "../../booking/testing/fixtures";
import { VALID_DETAILS } from "../../booking/testing/engine";
import type { paths } from "../support/api-client/schema";
import { call, carrierWithKey, ok, startApi, type ApiHarness } from "./api-harness";

let api: ApiHarness;
let client: Client<paths>;
let carrier: CarrierContext;
let key: string;

const EMAIL = "ada@example.com";
const DETAILS = { ...VALID_DETAILS, force_persist: true };
const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));

beforeAll(async () => {
  api = await startApi({ routes: apiRoutes });
  const made = await carrierWithKey(api, undefined, [], { extra: { stores: LONDON_STORES } });
  carrier = made.carrier;
  key = made.key;
  // The CMS carrier as the app reads it: drop-off, pay later and in-store bookings switched on, the header and footer filled in.
  api.carriers.set(carrier.code, {
    ...api.carriers.get(carrier.code)!,
    name: "FixFast",
    formattedName: "FixFast Ltd",
    web: "https://fixfast.example",
    formattedWeb: "fixfast.example",
    email: "help@fixfast.example",
    phone: "0800 123 456",
    address: "1 Strand, London WC2N 5DU",
    registrationDetails: "Registered in England No. 1234567",
    partnerEnvironment: "production",
    inWarrantyStatus: true,
    isInternational: false,
    liveChat: true,
    liveChatUrl: "https://chat.fixfast.example",
    externalLandingRedirectUrl: "https://fixfast.example/repairs",
    additionalLandingPage: true,
    additionalLandingPageLimit: 7,
    addressLookup: true,
    allowsInStoreDropOff: true,
    allowsInStoreBookings: true,
    usesKlarna: true,
    theme: { primaryColor: "#112233", logoUrl: "/media/fixfast-logo.svg", landingPageLogoUrl: "/media/fixfast-landing.svg" },
    icons: [
      { rel: "icon", href: "/media/fixfast-icon.svg", sizes: "any", type: "image/svg+xml" },
      { rel: "apple-touch-icon", href: "/media/fixfast-touch.png", sizes: "180x180", type: "image/png" },
    ],
  });
  client = createClient<paths>({ baseUrl: api.url(""), headers: { authorization: `Bearer ${made.key}` } });
});
afterAll(() => api?.close());

/** The §8 refusal of a call: its status and body. */
async function refused<R extends { error?: unknown; response: Response }>(pending: Promise<R>) {
  const { error, response } = await pending;
  return { status: response.status, body: error as { code: string; messages: unknown } };
}

/** A booking with a postcode and an iPhone 15 screen repair, through the client. */
async function draft(): Promise<string> {
  const built = await ok(client.POST("/wefix-booking/build", { body: { referrer: "spec-client", channel: "app", lucidRef: null } }), 201);
  const ref = built.data.booking_reference;
  await ok(
    client.POST("/wefix-booking/{ref}/postcode", { params: { path: { ref } }, body: { postcode: "SW1A2AA", carrier: carrier.code, model_version_id: null, problems: null } }),
  );
  await ok(
    client.POST("/wefix-booking/{ref}/device/{deviceKey}", {
      params: { path: { ref, deviceKey: "a1b2c3d4e5" } },
      body: { model_version_id: IDS.iphone15v128, problems: [IDS.screen] },
    }),
  );
  return ref;
}

/** The draft with a day and the customer's details: ready to pay or confirm. */
async function ready(): Promise<string> {
  const ref = await draft();
  const days = await ok(client.POST("/wefix-booking/{ref}/availability", { params: { path: { ref } }, body: { start_date: "2025-06-05", days_to_load: 5 } }));
  const open = days.data.find((day) => day.available !== false);
  await ok(client.POST("/wefix-booking/{ref}/date", { params: { path: { ref } }, body: { date: String(open!.date), requestPreferredDateCallback: false } }));
  await ok(client.POST("/wefix-booking/{ref}/customer-details", { params: { path: { ref } }, body: DETAILS }));
  return ref;
}

describe("the calls no test had called over HTTP", () => {
  it("resumes a booking by its token, then validates it: the booking with its validity beside it", async () => {
    const ref = await ready();
    const { token } = await api.t.engine.basket.issueResumeToken(carrier, ref, { send: false });
    const resumed = await ok(client.GET("/wefix-booking/by/token/{token}", { params: { path: { token } } }));
    expect(resumed.data).toMatchObject({ booking_reference: ref, booking: { reference: ref } });
    const validated = await ok(client.POST("/wefix-booking/{ref}/validate", { params: { path: { ref } } }));
    expect(validated.data).toMatchObject({
      booking_reference: ref,
      booking: { reference: ref, email: expect.stringMatching(/^ada@example\.com$/i) },
      valid: true,
      code: null,
      messages: [],
    });
    const unready = await draft();
    const invalid = await ok(client.POST("/wefix-booking/{ref}/validate", { params: { path: { ref: unready } } }));
    expect(invalid.data).toMatchObject({ booking_reference: unready, booking: { reference: unready }, valid: false, code: expect.any(String) });
    expect((await refused(client.GET("/wefix-booking/by/token/{token}", { params: { path: { token: "AAAAA-BBBBB" } } }))).status).toBe(404);
  });

  it("sets and clears a store drop-off, and makes an in-store booking for a store of the key's carrier", async () => {
    const ref = await draft();
    const stores = await ok(client.GET("/company/stores/locate/{postcode}/{carrier}", { params: { path: { postcode: "SW1A2AA", carrier: carrier.code } } }));
    const dropOff = stores.data.find((store) => store.drop_off_available === true);
    expect(dropOff, "a store taking drop-offs").toBeDefined();
    const set = await ok(client.POST("/wefix-booking/{ref}/drop-off", { params: { path: { ref } }, body: { drop_off_company_store_id: Number(dropOff!.id) } }));
    expect(set.data.booking).toMatchObject({ drop_off_company_store_id: dropOff!.id });
    // As the spec's client sends it: DELETE with the store; another store than the booking's is refused, not ignored.
    expect(await refused(client.DELETE("/wefix-booking/{ref}/drop-off", { params: { path: { ref } }, body: { drop_off_company_store_id: 999_999 } }))).toMatchObject({
      status: 400,
      body: { messages: { drop_off_company_store_id: [expect.any(String)] } },
    });
    const cleared = await ok(client.DELETE("/wefix-booking/{ref}/drop-off", { params: { path: { ref } }, body: { drop_off_company_store_id: Number(dropOff!.id) } }));
    expect(cleared.data.booking).toMatchObject({ drop_off_company_store_id: null });
    expect(await refused(client.POST("/wefix-booking/{ref}/drop-off", { params: { path: { ref } }, body: { drop_off_company_store_id: 999_999 } }))).toMatchObject({
      status: 422,
      body: { code: "VALIDATION" },
    });

    const inStore = await ok(client.POST("/wefix-booking/{ref}/store", { params: { path: { ref } }, body: { carrier: carrier.code, store_code: "LDN-01" } }));
    expect(inStore.data.booking).toMatchObject({ store_code: "LDN-01" });
    // The body's carrier must be the key's (ADR 268).
    expect(await refused(client.POST("/wefix-booking/{ref}/store", { params: { path: { ref } }, body: { carrier: "someone-else", store_code: "LDN-01" } }))).toMatchObject({
      status: 400,
      body: { code: "VALIDATION", messages: { carrier: [expect.stringContaining(carrier.code)] } },
    });
  });

  it("makes the billing tokens and updates the pay-later session to the basket", async () => {
    const ref = await ready();
    const tokens = await ok(client.POST("/wefix-booking/{ref}/generate-billing-tokens", { params: { path: { ref } } }));
    expect(tokens.data).toMatchObject({ card_client_token: expect.any(String), pay_later_available: true, pay_later_session_id: expect.any(String) });
    // A cheaper basket: the pay-later session follows it (the same session, updated).
    await ok(client.POST("/wefix-booking/{ref}/discount-code", { params: { path: { ref } }, body: { discount_code: "TENOFF" } }));
    const session = await ok(client.POST("/wefix-booking/{ref}/update-klarna", { params: { path: { ref } } }));
    expect(session.data).toMatchObject({ pay_later_available: true, pay_later_session_id: tokens.data.pay_later_session_id, pay_later_client_token: expect.any(String) });
  });

  it("answers the warranty, and confirms an in-warranty booking without payment", async () => {
    const ref = await ready();
    const answered = await ok(client.POST("/wefix-booking/{ref}/warranty", { params: { path: { ref } }, body: { in_warranty: true, purchase_date: "2025-01-10", imei: null } }));
    expect(answered.data.booking).toMatchObject({ in_warranty: true, purchase_date: "2025-01-10" });
    const confirmed = await ok(client.POST("/wefix-booking/{ref}/confirm-iw", { params: { path: { ref } } }));
    expect(confirmed.data.booking).toMatchObject({ checkout_status: "SUCCESS", order_id: expect.any(Number) });
    const old = await ready();
    expect(await refused(client.POST("/wefix-booking/{ref}/warranty", { params: { path: { ref: old } }, body: { in_warranty: true, purchase_date: "2020-01-10" } }))).toMatchObject(
      {
        status: 400,
        body: { code: "RBK15" },
      },
    );
  });

  it("confirms a booking a promo code pays in full; refuses one that needs a payment", async () => {
    const ref = await ready();
    expect((await refused(client.POST("/wefix-booking/{ref}/confirm-promo", { params: { path: { ref } } }))).status).toBe(400);
    await ok(client.POST("/wefix-booking/{ref}/discount-code", { params: { path: { ref } }, body: { discount_code: "TENOFF" } }));
    expect((await refused(client.DELETE("/wefix-booking/{ref}/discount-code", { params: { path: { ref } }, body: { discount_code: "FIVER" } }))).status).toBe(400);
    const removed = await ok(client.DELETE("/wefix-booking/{ref}/discount-code", { params: { path: { ref } }, body: { discount_code: "tenoff" } }));
    expect(removed.data.booking).toMatchObject({ discount_code: null });
    await ok(client.POST("/wefix-booking/{ref}/discount-code", { params: { path: { ref } }, body: { discount_code: "FREE" } }));
    const confirmed = await ok(client.POST("/wefix-booking/{ref}/confirm-promo", { params: { path: { ref } } }));
    expect(confirmed.data.booking).toMatchObject({ checkout_status: "SUCCESS", order_id: expect.any(Number) });
  });

  it("sets the IMEI of an order's device under /wefix-booking, for the customer's e-mail", async () => {
    const ref = await ready();
    await ok(
      client.POST("/wefix-booking/{ref}/charge", { params: { path: { ref } }, body: { paid_via_credit: false, currency: "GBP", token: "fake-valid-nonce", payment_type: "card" } }),
    );
    const booking = await ok(client.GET("/wefix-booking/{ref}", { params: { path: { ref } } }));
    const orderId = String(booking.data.booking.order_id);
    const devices = await ok(client.GET("/customer/{ref}/devices", { params: { path: { ref: orderId }, query: { email: EMAIL } } }));
    const id = String(devices.data[0]!.id);
    const set = await ok(client.POST("/wefix-booking/devices/{id}/imei", { params: { path: { id } }, body: { imei: "490154203237518", email: EMAIL, customer_update: true } }));
    expect(set.data).toMatchObject({ imei: "490154203237518", imei_status: "supplied" });
    expect(await refused(client.POST("/wefix-booking/devices/{id}/imei", { params: { path: { id } }, body: { imei: "490154203237518", email: "eve@example.com" } }))).toMatchObject(
      {
        status: 404,
      },
    );
  });

  it("retrieves a found address and geocodes an address text, in the carrier's country only", async () => {
    const found = await ok(client.GET("/loqate/address-find", { params: { query: { text: "NE1 6EE", country_code: "GB" } } }));
    const container = found.data.find((option) => option.retrievable === false);
    const inside = container ? (await ok(client.GET("/loqate/address-find", { params: { query: { text: "NE1 6EE", container: String(container.id) } } }))).data : found.data;
    const option = inside.find((entry) => entry.retrievable === true);
    expect(option, "a retrievable address").toBeDefined();
    const address = await ok(client.GET("/loqate/address-retrieve/{id}", { params: { path: { id: String(option!.id) } } }));
    expect(address.data).toMatchObject({ line_1: expect.any(String), postal_code: "NE1 6EE" });
    expect((await refused(client.GET("/loqate/address-retrieve/{id}", { params: { path: { id: "no-such-address" } } }))).status).toBe(404);

    const point = await ok(client.GET("/loqate/geocode/{country}/{text}", { params: { path: { country: "gb", text: "NE1 6EE" } } }));
    expect(point.data).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number) });
    // Another country than the carrier's is refused, naming the parameter (ADR 268).
    expect(await refused(client.GET("/loqate/geocode/{country}/{text}", { params: { path: { country: "DE", text: "NE1 6EE" } } }))).toMatchObject({
      status: 400,
      body: { code: "VALIDATION", messages: { country: [expect.any(String)] } },
    });
    expect(await refused(client.GET("/loqate/address-find", { params: { query: { text: "NE1 6EE", country_code: "DE" } } }))).toMatchObject({
      status: 400,
      body: { messages: { country_code: [expect.any(String)] } },
    });
  });
});

describe("no parameter accepted and ignored (ADR 268)", () => {
  it("show_available, repair_type_id and include_warranty_repairs change the answer; filter_relationships and isFromB2C are refused as false", async () => {
    const makes = (show_available?: "true" | "false") => ok(client.GET("/makes/list/type/{typeId}", { params: { path: { typeId: "1" }, query: { show_available } } }));
    const withModels = (await makes()).data.map((make) => make.id);
    const bookable = (await makes("true")).data.map((make) => make.id);
    const every = (await makes("false")).data.map((make) => make.id);
    expect(bookable).toEqual(expect.arrayContaining([IDS.apple, IDS.samsung]));
    expect(withModels).toEqual(expect.arrayContaining(bookable));
    expect(every).toEqual(expect.arrayContaining(withModels));

    const types = await ok(client.GET("/device/types", { params: { query: { repair_type_id: "2" } } }));
    expect(types.data.map((type) => type.id)).toEqual([2]);
    expect((await ok(client.GET("/device/types", {}))).data.length).toBeGreaterThan(1);

    const plain = await ok(client.GET("/models/versions/{id}", { params: { path: { id: String(IDS.iphone15v128) } } }));
    expect(plain.data).not.toHaveProperty("warranty_repairs");
    const withWarranty = await ok(client.GET("/models/versions/{id}", { params: { path: { id: String(IDS.iphone15v128) }, query: { include_warranty_repairs: "true" } } }));
    expect(withWarranty.data.warranty_repairs).toEqual(expect.arrayContaining([{ problem: expect.objectContaining({ id: IDS.screen }), price: 0, currency: "GBP" }]));

    const models = await ok(
      client.GET("/models", { params: { query: { make_id: String(IDS.apple), type_id: "1", order_by: "priority,asc", filter_relationships: "true", isFromB2C: "true" } } }),
    );
    expect(models.data.length).toBeGreaterThan(0);
    // The generated client types them as true only; a hand-written false is refused, naming both.
    const asFalse = await call(api.url(`/models?make_id=${IDS.apple}&type_id=1&filter_relationships=false&isFromB2C=false`), { key });
    expect(asFalse).toMatchObject({ status: 400, body: { code: "VALIDATION", messages: { filter_relationships: [expect.any(String)], isFromB2C: [expect.any(String)] } } });
  });

  it("refuses another carrier in the body and invoice payment, naming the field", async () => {
    const ref = await ready();
    expect(await refused(client.POST("/wefix-booking/{ref}/postcode", { params: { path: { ref } }, body: { postcode: "SW1A2AA", carrier: "someone-else" } }))).toMatchObject({
      status: 400,
      body: { code: "VALIDATION", messages: { carrier: [expect.any(String)] } },
    });
    const address = { line_1: "1 Parliament Street", town: "London", postcode: "SW1A 2AA", carrier: "someone-else" };
    expect((await refused(client.POST("/wefix-booking/{ref}/address", { params: { path: { ref } }, body: address }))).status).toBe(400);
    expect(
      await refused(client.POST("/wefix-booking/{ref}/charge", { params: { path: { ref } }, body: { currency: "GBP", token: "fake-valid-nonce", invoice_payment: true } })),
    ).toMatchObject({
      status: 400,
      body: { code: "VALIDATION", messages: { invoice_payment: [expect.any(String)] } },
    });
    // Refused before any money moved: the booking is still payable.
    const paid = await ok(client.POST("/wefix-booking/{ref}/charge", { params: { path: { ref } }, body: { currency: "GBP", token: "fake-valid-nonce", invoice_payment: false } }));
    expect(paid.data.checkout_status).toBe("SUCCESS");
  });
});

describe("GET /wefix-booking/carrier/{carrier} (ADR 269)", () => {
  it("answers §3's settings and the carrier's details from the CMS: enough for a front end's header, footer and switches", async () => {
    const answer = await ok(client.GET("/wefix-booking/carrier/{carrier}", { params: { path: { carrier: carrier.code } } }));
    expect(answer.data.settings).toMatchObject({
      carrier: carrier.code,
      partnerEnvironment: "production",
      countryCode: "GB",
      currency: "GBP",
      currencySymbol: "£",
      inWarrantyStatus: true,
      warrantyRepairChargeable: false,
      addressLookup: true,
      allowsInStoreBookings: true,
      allowsInStoreDropOff: true,
      singleMakeOnly: false,
      isInternational: false,
      liveChat: true,
    });
    expect(answer.data.carrier).toMatchObject({
      name: "FixFast",
      formattedName: "FixFast Ltd",
      web: "https://fixfast.example",
      email: "help@fixfast.example",
      phone: "0800 123 456",
      address: "1 Strand, London WC2N 5DU",
      registrationDetails: "Registered in England No. 1234567",
      logoPath: "/media/fixfast-logo.svg",
      landingPageLogoPath: "/media/fixfast-landing.svg",
      icons: [
        { rel: "icon", href: "/media/fixfast-icon.svg", sizes: "any", type: "image/svg+xml" },
        { rel: "apple-touch-icon", href: "/media/fixfast-touch.png", sizes: "180x180", type: "image/png" },
      ],
      externalLandingRedirectUrl: "https://fixfast.example/repairs",
      countryCodeAlpha2: "GB",
      usesKlarna: true,
      additionalLandingPage: true,
      additionalLandingPageLimit: 7,
      theme: { primaryColor: "#112233" },
    });
    expect(answer.data).toMatchObject({ allows_in_store_bookings: true, allows_in_store_drop_off: true });
    expect((await refused(client.GET("/wefix-booking/carrier/{carrier}", { params: { path: { carrier: "someone-else" } } }))).status).toBe(404);
  });
});

describe("the rest of §7 through the generated client", () => {
  it("serves the booking's device, the carrier's store, the call-back, the catalogue's versions and an appliance's questions", async () => {
    const ref = await ready();
    const path = { ref, deviceKey: "a1b2c3d4e5" };
    const device = await ok(client.GET("/wefix-booking/{ref}/device/{deviceKey}", { params: { path } }));
    expect(device.data).toMatchObject({ model_version: expect.objectContaining({ model_id: IDS.iphone15 }) });
    const store = await ok(
      client.POST("/wefix-booking/carrier/{carrier}/store/{storeId}", { params: { path: { carrier: carrier.code, storeId: "LDN-01" } }, body: { postcode: "SW1A 2AA" } }),
    );
    expect(store.data).toMatchObject({ code: "LDN-01", distance_km: expect.any(Number) });
    const callBack = await ok(
      client.POST("/wefix-booking/{ref}/request-call-back", {
        params: { path: { ref } },
        body: { model_version_id: IDS.iphone15v128, postcode: "SW1A 2AA", name: "Ada", email: EMAIL, phone: "07700 900123", carrier: carrier.code },
      }),
      201,
    );
    expect(callBack.data).toMatchObject({ booking_reference: ref });
    const versions = await ok(client.GET("/models/{id}/versions", { params: { path: { id: String(IDS.iphone15) } } }));
    expect(versions.data.map((version) => version.id)).toContain(IDS.iphone15v128);
    const questions = await ok(client.POST("/booking/{ref}/triage-questions", { params: { path: { ref } }, body: { type: IDS.washer } }));
    expect(questions.data.map((question) => question.code)).toEqual(["switches-on", "noise"]);
    const removed = await ok(client.DELETE("/wefix-booking/{ref}/device/{deviceKey}", { params: { path } }));
    expect(removed.data.booking.devices).not.toHaveProperty("a1b2c3d4e5");
  });

  it("lists contact reasons and sends a message with the spec's payload", async () => {
    const reasons = await ok(client.GET("/contact-request-reason", {}));
    expect(reasons.data[0]).toEqual({ id: 11, title: "My repair" });
    const sent = await ok(
      client.POST("/contact/post", {
        body: {
          name: "Ada Lovelace",
          email: EMAIL,
          phone: "07700 900123",
          reason: { id: 11, title: "My repair" },
          message: "Where is my technician?",
          g_recaptcha_response: null,
          carrier: carrier.code,
        },
      }),
      201,
    );
    expect(sent.data).toMatchObject({ reason: { id: 11, title: "My repair" } });
  });

  it("manages an order: its address, the UK address list, a device's IMEI and its proof of purchase as multipart, the date-change log", async () => {
    const ref = await ready();
    const paid = await ok(client.POST("/wefix-booking/{ref}/charge", { params: { path: { ref } }, body: { currency: "GBP", token: "fake-valid-nonce", payment_type: "card" } }));
    const id = String(paid.data.order_id);
    const addressed = await ok(
      client.PUT("/orders/{id}/address", {
        params: { path: { id } },
        body: { line_1: "10 Downing Street", line_2: "", town: "London", postcode: "SW1A 2AA", email_to_verify: EMAIL },
      }),
    );
    expect(addressed.data).toMatchObject({ details: { address_1: "10 Downing Street" } });
    const repair = createClient<paths>({ baseUrl: api.href("/api/repair"), headers: { authorization: `Bearer ${key}` } });
    const lines = await ok(repair.GET("/order/addresses/{postcode}", { params: { path: { postcode: "NE16EE" } } }));
    expect(lines.data).toEqual(["Flat 5, Earl Grey House, 75 Grey Street, Newcastle upon Tyne, Tyne and Wear, NE1 6EE"]);

    const devices = await ok(client.GET("/customer/{ref}/devices", { params: { path: { ref: id }, query: { email: EMAIL } } }));
    const deviceId = String(devices.data[0]!.id);
    const imei = await ok(client.POST("/orders/devices/{id}/imei", { params: { path: { id: deviceId } }, body: { imei: "490154203237518", email: EMAIL, customer_update: true } }));
    expect(imei.data).toMatchObject({ imei_status: "supplied" });
    const form = new FormData();
    form.set("image", new Blob([PNG], { type: "image/png" }), "receipt.png");
    const proof = await ok(client.POST("/orders/devices/{id}/validation-images", { params: { path: { id: deviceId } }, body: { image: "" }, bodySerializer: () => form }));
    expect(proof.data).toMatchObject({ proof_of_purchase_supplied: true });

    const days = await ok(client.GET("/orders/{order}/load-days/{date}/{days}", { params: { path: { order: id, date: "2025-06-05", days: "10" } } }));
    const current = (await ok(client.GET("/customer/{ref}", { params: { path: { ref: id }, query: { email: EMAIL } } }))).data.booking as { booking_date: string };
    const next = days.data.find((day) => day.available !== false && day.date !== current.booking_date);
    const moved = await ok(client.PUT("/orders/{id}/date", { params: { path: { id }, query: { email_to_verify: EMAIL } }, body: { date: String(next!.date) } }));
    const change = moved.data.date_change as { job_id: number; original_date: string; new_date: string; original_technician: string; new_technician: string };
    const log = await ok(
      client.POST("/technicians/log/date-change", {
        body: {
          jobId: change.job_id,
          userId: null,
          original_date: change.original_date,
          new_date: change.new_date,
          reason: "The customer will be travelling that week",
          original_technician: change.original_technician,
          new_technician: change.new_technician,
        },
      }),
    );
    expect(log.data.at(-1)).toMatchObject({ new_date: next!.date, reason: "The customer will be travelling that week" });
  });
});
