/**
 * `engine.coverage`: where and when the carrier repairs, without a booking (coverage/, availability/
 * and the address port; spec §5 postcode rules, §7 stores/locate and loqate address-find,
 * address-retrieve, geocode).
 */
import { z } from "zod";
import * as availability from "../availability/availability";
import * as places from "./places";
import { calendarDate, shortText } from "../domain/inputs";
import { parseInput } from "../domain/validate";
import { read, write, type CarrierArg } from "../door";
import { areaForPostcode } from "./coverage";

const addressFindInput = z.object({ text: shortText(200).default(""), container: shortText(200).optional().nullable() });
const addressIdInput = z.string().trim().min(1).max(200);
const geocodeInput = z.string().trim().min(1).max(400);
const areaAvailabilityInput = z.object({
  areaCode: z.string().min(1).max(60),
  startDate: calendarDate.optional().nullable(),
  daysToLoad: z.number().int().min(1).max(availability.MAX_DAYS_TO_LOAD).optional(),
  selectedDate: calendarDate.optional().nullable(),
});

export const coverageDoor = {
  /** The service area of a postcode; BK04 when invalid or not covered. */
  checkPostcode: read(({ ctx, carrierOf }) => async (carrier: CarrierArg, postcode: unknown) => {
    const { area, postcode: normalised } = await areaForPostcode(ctx.db, carrierOf(carrier), postcode);
    return { postcode: normalised.display, area: { code: area.code, name: area.name } };
  }),
  /** Whether an address is covered, without a booking and without writing (ADR 191); BK04 or VALIDATION as setAddress. */
  checkAddress: read((k) => k.op(places.checkAddress)),
  /** Availability of an area without a booking (landing pages, capacity dashboards). */
  areaAvailability: read(
    ({ ctx, carrierOf }) =>
      async (carrier: CarrierArg, query: z.input<typeof areaAvailabilityInput>) =>
        availability.loadAvailability(ctx.db, carrierOf(carrier), ctx.clock.now(), parseInput(areaAvailabilityInput, query)),
  ),
  /** Deletes expired draft holds (they already stopped counting); a housekeeping job may call it. */
  purgeExpiredHolds: write(
    ({ ctx, carrierOf }) =>
      async (carrier: CarrierArg) =>
        availability.purgeExpiredHolds(ctx.db, carrierOf(carrier), ctx.clock.now()),
  ),
  /** The carrier's stores, nearest first when the postcode can be placed. */
  locateStores: read((k) => k.op(places.locateStores)),
  findAddresses: read(({ ctx, carrierOf }) => async (carrier: CarrierArg, input: z.input<typeof addressFindInput>) => {
    const { text, container } = parseInput(addressFindInput, input);
    return ctx.addresses.find({ text, container: container || undefined, country: carrierOf(carrier).countryCode });
  }),
  /** The full address of a retrievable suggestion; null when unknown or in another country. */
  retrieveAddress: read(({ ctx, carrierOf }) => async (carrier: CarrierArg, addressId: unknown) => {
    const address = await ctx.addresses.retrieve(parseInput(addressIdInput, addressId, "id"));
    return address && address.country === carrierOf(carrier).countryCode ? address : null;
  }),
  geocodeAddress: read(
    ({ ctx, carrierOf }) =>
      async (carrier: CarrierArg, text: unknown) =>
        ctx.addresses.geocode({ country: carrierOf(carrier).countryCode, text: parseInput(geocodeInput, text, "text") }),
  ),
};
