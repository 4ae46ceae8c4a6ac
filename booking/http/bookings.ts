/**
 * Spec §7 "Bookings" under /api/v4/wefix-booking: thin adapters over `engine.basket` and
 * `engine.checkout`, the operations the booking pages call. Request schemas state the spec's fields
 * and their JSON types (`.strict()`: an unknown field is a 400); the booking rules stay in the engine.
 */
import { z } from "zod";
import type { BookingState } from "../bookings/state";
import { dataOf, defineRoute, type ApiRoute } from "./routes";

const PREFIX = "/wefix-booking";
const token = z.string().max(200);

/** The spec's answer to a booking call: `data.data` with `booking_reference` and `booking`. */
export const bookingAnswer = dataOf(z.object({ booking_reference: z.string(), booking: z.record(z.string(), z.unknown()) }));
const answer = (booking: BookingState) => ({ data: { booking_reference: booking.reference, booking } });

export const buildBody = z
  .object({
    referrer: token.nullish(),
    channel: token.nullish(),
    lucidRef: token.nullish(),
    is_business_account: z.boolean().optional(),
  })
  .strict();

export const bookingRoutes: ApiRoute[] = [
  defineRoute({
    method: "post",
    path: `${PREFIX}/build`,
    summary: "Builds a new draft booking (referrer, channel, lucidRef kept for attribution).",
    scope: "bookings:write",
    body: buildBody,
    idempotent: true,
    status: 201,
    response: bookingAnswer,
    handle: async ({ engine, carrier, body }) => answer((await engine.basket.buildBooking(carrier, body)).booking),
  }),
  defineRoute({
    method: "get",
    path: `${PREFIX}/{ref}`,
    summary: "The booking by its reference.",
    scope: "bookings:write",
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, locale }) => answer(await engine.basket.getBooking(carrier, params.ref, { locale: bookingLocale(locale) })),
  }),
  defineRoute({
    method: "get",
    path: `${PREFIX}/by/ref/{ref}`,
    summary: "The booking by its reference (the spec's second path).",
    scope: "bookings:write",
    response: bookingAnswer,
    handle: async ({ engine, carrier, params, locale }) => answer(await engine.basket.getBooking(carrier, params.ref, { locale: bookingLocale(locale) })),
  }),
];

/** The catalogue's languages (names of devices and problems). */
function bookingLocale(locale: string): "en" | "de" {
  return locale === "de" ? "de" : "en";
}
