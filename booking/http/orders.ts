/**
 * Spec §7 "Orders (customer management)" through /api/v4: the manage page's operations
 * (`engine.orders`), each proving ownership with the order reference and the customer's e-mail
 * (`email_to_verify` / `email`) behind the same lookup throttle as the page (ADR 031).
 */
import { z } from "zod";
import type { Engine } from "../engine";
import type { CarrierContextInput } from "../domain/carrier";
import { addressFields } from "./bookings";
import { dataOf, defineRoute, type ApiRoute } from "./routes";

const email = z.string().max(254);
const text = (max: number) => z.string().max(max);
const record = dataOf(z.record(z.string(), z.unknown()));
const records = dataOf(z.array(z.record(z.string(), z.unknown())));

/** An operation proving ownership by e-mail, counted by the lookup throttle like the manage page's. */
function owned<T>(engine: Engine, carrier: CarrierContextInput, emailAddress: string, operation: () => Promise<T>): Promise<T> {
  return engine.orders.withLookupThrottle(carrier, { email: emailAddress, clientAddress: null }, operation);
}

export const orderRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/customer/{ref}",
    summary: "The order by its reference, for the customer's e-mail.",
    scope: "orders:manage",
    query: z.object({ email }).strict(),
    response: record,
    handle: async ({ engine, carrier, params, query }) => ({
      data: await owned(engine, carrier, query.email, () => engine.orders.lookupOrder(carrier, { order_ref: params.ref!, email: query.email })),
    }),
  }),
  defineRoute({
    method: "get",
    path: "/customer/{ref}/devices",
    summary: "The order's devices, for the customer's e-mail.",
    scope: "orders:manage",
    query: z.object({ email }).strict(),
    response: records,
    handle: async ({ engine, carrier, params, query }) => ({
      data: await owned(engine, carrier, query.email, () => engine.orders.orderDevices(carrier, { order_ref: params.ref!, email: query.email })),
    }),
  }),
  defineRoute({
    method: "get",
    path: "/orders/{id}/cancel",
    summary: "Cancels the order (the spec's GET); the 24-hour rule and fee are the engine's.",
    scope: "orders:manage",
    query: z.object({ email_to_verify: email }).strict(),
    response: record,
    handle: async ({ engine, carrier, params, query }) => ({
      data: await owned(engine, carrier, query.email_to_verify, () => engine.orders.cancelOrder(carrier, { order_ref: params.id!, email: query.email_to_verify })),
    }),
  }),
  defineRoute({
    method: "get",
    path: "/orders/{order}/load-days/{date}/{days}",
    summary: "Days the order can move to: {days} days (the spec's client asks 10) from {date}.",
    scope: "orders:manage",
    query: z.object({ email_to_verify: email }).strict(),
    response: records,
    handle: async ({ engine, carrier, params, query }) => ({
      data: await owned(engine, carrier, query.email_to_verify, () =>
        engine.orders.orderAvailability(carrier, { order_ref: params.order!, email: query.email_to_verify }, { start_date: params.date, days_to_load: params.days }),
      ),
    }),
  }),
  defineRoute({
    method: "put",
    path: "/orders/{id}/date",
    summary: "Moves the order to another date (OR04 when not available); the reason needs more than three words.",
    scope: "orders:manage",
    query: z.object({ email_to_verify: email.optional() }).strict(),
    body: z.object({ date: text(10), reason: text(1000), email_to_verify: email.optional() }).strict(),
    response: record,
    handle: async ({ engine, carrier, params, query, body }) => {
      const owner = query.email_to_verify ?? body.email_to_verify ?? "";
      const { order, log } = await owned(engine, carrier, owner, () =>
        engine.orders.changeOrderDate(carrier, { order_ref: params.id!, email: owner }, { date: body.date, reason: body.reason }),
      );
      return { data: { ...order, date_change: log } };
    },
  }),
  defineRoute({
    method: "put",
    path: "/orders/{id}/address",
    summary: "Moves the repair address (OR03 no technician there, OR04 the date not available there).",
    scope: "orders:manage",
    body: z.object({ ...addressFields, email_to_verify: email }).strict(),
    response: record,
    handle: async ({ engine, carrier, params, body }) => {
      const { email_to_verify: owner, ...address } = body;
      return { data: await owned(engine, carrier, owner, () => engine.orders.changeOrderAddress(carrier, { order_ref: params.id!, email: owner }, address)) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/vans/location",
    summary: "Where the technician's van is for a job of the customer's order.",
    scope: "orders:manage",
    query: z.object({ job_id: z.string().regex(/^\d{1,12}$/), email }).strict(),
    response: record,
    handle: async ({ engine, carrier, query }) => ({
      data: await owned(engine, carrier, query.email, () => engine.orders.vanLocation(carrier, { job_id: Number(query.job_id), email: query.email })),
    }),
  }),
];
