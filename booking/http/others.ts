/**
 * Spec §7 calls beside the bookings and the catalogue: the pay-later session, IMEI of an order's
 * device, store search and address lookup, over the engine operations the pages call.
 */
import { z } from "zod";
import { ApiProblem } from "./errors";
import { dataOf, defineRoute, type ApiRoute } from "./routes";

const record = dataOf(z.record(z.string(), z.unknown()));
const records = dataOf(z.array(z.record(z.string(), z.unknown())));
const imeiBody = z.object({ imei: z.string().max(40), email: z.string().max(254), customer_update: z.boolean().optional() }).strict();
const deviceId = (value: string | undefined) => {
  if (!value || !/^\d{1,12}$/.test(value)) throw new ApiProblem(404, "NOT_FOUND", ["The device was not found."]);
  return Number(value);
};
const imeiRoute = (path: string) =>
  defineRoute({
    method: "post",
    path,
    summary: "The IMEI (or tablet serial number) of an order's device, for the customer's e-mail.",
    scope: "orders:manage",
    body: imeiBody,
    response: record,
    handle: async ({ engine, carrier, params, body }) => ({
      data: await engine.orders.withLookupThrottle(carrier, { email: body.email, clientAddress: null }, () =>
        engine.orders.setOrderDeviceImei(carrier, { device_id: deviceId(params.id), ...body }),
      ),
    }),
  });

export const otherRoutes: ApiRoute[] = [
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
    summary: "Address suggestions in the carrier's country.",
    scope: "bookings:write",
    query: z.object({ text: z.string().max(200).optional(), container: z.string().max(200).optional(), country_code: z.string().max(2).optional() }).strict(),
    response: records,
    handle: async ({ engine, carrier, query }) => ({ data: await engine.coverage.findAddresses(carrier, { text: query.text, container: query.container }) }),
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
    summary: "Latitude and longitude of an address text in the carrier's country.",
    scope: "bookings:write",
    response: record,
    handle: async ({ engine, carrier, params }) => {
      const point = await engine.coverage.geocodeAddress(carrier, params.text);
      if (!point) throw new ApiProblem(404, "NOT_FOUND", ["The address was not found."]);
      return { data: point };
    },
  }),
];
