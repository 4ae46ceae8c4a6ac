/** Where the repair happens: postcode, address, store, drop-off or by post (spec §7 "Bookings"). */
import * as s from "../db/schema";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { EngineContext } from "../context";
import { releaseHold } from "../availability/availability";
import { areaForPostcode } from "../coverage/coverage";
import { addressValue, coveredAddress, type addressInput } from "../coverage/places";
import type { CarrierContext } from "../domain/carrier";
import { ValidationError } from "../domain/errors";
import { id, plainText, shortText } from "../domain/inputs";
import { parseInput } from "../domain/validate";
import type { BookingState } from "./state";
import { change, setBooking, dropDateIfAreaChanges } from "./basket";

/* ───────────── postcode, address, store, drop-off ───────────── */

const postcodeInput = z.object({
  postcode: plainText({ error: "Please enter a postcode" }).trim().min(1, "Please enter a postcode"),
  is_business_account: z.boolean().optional(),
  repair_type: shortText(40).optional().nullable(),
  model_version_id: id.optional().nullable(),
  problems: z.array(id).optional().nullable(),
  carrier: z.string().optional(),
});

/** Spec §7 POST /{ref}/postcode. BK04 when the postcode is invalid or no area of the carrier covers it. */
export async function setPostcode(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof postcodeInput>): Promise<BookingState> {
  const data = parseInput(postcodeInput, input);
  const { area, postcode } = await areaForPostcode(ctx.db, carrier, data.postcode);
  return change(ctx, carrier, reference, async (tx, booking) => {
    const keepLines = booking.address && booking.address.postcode.replace(/\s+/g, "") === postcode.postcode;
    await setBooking(tx, booking, {
      postcode: postcode.display,
      areaCode: area.code,
      address: keepLines ? booking.address : { postcode: postcode.display, line_1: "", line_2: "", town: "", latitude: null, longitude: null },
      isBusinessAccount: data.is_business_account ?? booking.isBusinessAccount,
      repairType: data.repair_type ?? booking.repairType,
      ...(await dropDateIfAreaChanges(tx, carrier, booking, area.code)),
    });
  });
}

/** Spec §7 POST /{ref}/address: covered when the coordinates lie within an area's radius (else by postcode). BK04 otherwise. */
export async function setAddress(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof addressInput>): Promise<BookingState> {
  const { data, postcode, area } = await coveredAddress(ctx, carrier, input);
  return change(ctx, carrier, reference, async (tx, booking) => {
    await setBooking(tx, booking, {
      postcode: postcode.display,
      areaCode: area.code,
      address: addressValue(postcode, data),
      isBusinessAccount: data.is_business_account ?? booking.isBusinessAccount,
      ...(await dropDateIfAreaChanges(tx, carrier, booking, area.code)),
    });
  });
}

const storeInput = z.union([
  z.object({ store_code: plainText({ error: "Please enter a store code." }).trim().min(1, "Please enter a store code.").max(40), carrier: z.string().optional() }),
  z.object({ ignore: z.literal(true) }),
]);

/** Spec §7 POST /{ref}/store: the store an in-store booking is made for, or `{ ignore: true }` to go on without one. */
export async function setStore(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof storeInput>): Promise<BookingState> {
  const data = parseInput(storeInput, input);
  if ("ignore" in data) {
    return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { storeCode: null, storeIgnored: true }));
  }
  const code = data.store_code.toUpperCase();
  const [store] = await ctx.db
    .select()
    .from(s.stores)
    .where(and(eq(s.stores.carrierCode, carrier.code), eq(s.stores.code, code), eq(s.stores.active, true)));
  if (!store) throw new ValidationError({ store_code: ["STORE_UNKNOWN"] });
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { storeCode: store.code, storeIgnored: false }));
}

export async function clearStore(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { storeCode: null, storeIgnored: false }));
}

const dropOffInput = z.object({ drop_off_company_store_id: id });

/** Spec §7 POST /{ref}/drop-off: repair location "drop-off" at one of the carrier's stores. */
export async function setDropOff(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof dropOffInput>): Promise<BookingState> {
  const data = parseInput(dropOffInput, input);
  if (!carrier.allowsInStoreDropOff) throw new ValidationError({ drop_off_company_store_id: ["DROP_OFF_NOT_OFFERED"] });
  const [store] = await ctx.db
    .select()
    .from(s.stores)
    .where(and(eq(s.stores.carrierCode, carrier.code), eq(s.stores.id, data.drop_off_company_store_id), eq(s.stores.active, true)));
  if (!store || !store.dropOffAvailable) throw new ValidationError({ drop_off_company_store_id: ["DROP_OFF_STORE_UNAVAILABLE"] });
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { dropOffStoreId: store.id, isMailInRepair: false }));
}

export async function clearDropOff(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { dropOffStoreId: null }));
}

/**
 * Mail-in repair (spec §3 is_mail_in_repair, ADR 140): the customer sends the device by post to the
 * carrier's postal address, so no technician visits. The draft gives back any day it held (a mail-in
 * repair takes no capacity), forgets its date and drop-off store. MAIL_IN_NOT_OFFERED when the
 * carrier's switch is off.
 */
export async function setMailIn(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  if (!carrier.offersMailIn) throw new ValidationError({ repair_location: ["MAIL_IN_NOT_OFFERED"] });
  return change(ctx, carrier, reference, async (tx, booking) => {
    await releaseHold(tx, carrier, booking.id);
    await setBooking(tx, booking, { isMailInRepair: true, date: null, dropOffStoreId: null, requestPreferredDateCallback: false });
  });
}

/** Back to a visit (doorstep): the booking chooses a repair date again. */
export async function clearMailIn(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { isMailInRepair: false }));
}
