/** Warranty, the customer's details and the promo code (spec §7 "Bookings"). */
import * as s from "../db/schema";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { EngineContext } from "../context";
import type { CarrierContext } from "../domain/carrier";
import { customerDetailsSchema } from "../domain/customer";
import { BookingStateError, OutOfWarrantyError, PromoOnWarrantyRepairError, ValidationError, WarrantyRepairNotOfferedError } from "../domain/errors";
import { checkDeviceIdentifier } from "../domain/identifiers";
import { calendarDate, plainText, shortText } from "../domain/inputs";
import { localDate } from "../domain/time";
import { parseInput } from "../domain/validate";
import { assertDiscountUsable, canonicalDiscountCode, findDiscount } from "./discount";
import { bookingDevices } from "./repository";
import type { BookingState } from "./state";
import { assertOneDeviceInWarranty } from "./warranty-rules";
import { WARRANTY_MONTHS, now, change, setBooking } from "./basket";

/* ───────────── warranty ───────────── */

const warrantyInput = z.object({
  in_warranty: z.boolean().nullable(),
  purchase_date: calendarDate.optional().nullable(),
  imei: shortText(40).optional().nullable(),
});

export function withinWarranty(purchaseDate: string, today: string): boolean {
  const [y, m, d] = purchaseDate.split("-").map(Number) as [number, number, number];
  const endMonth = m - 1 + WARRANTY_MONTHS;
  const end = new Date(Date.UTC(y + Math.floor(endMonth / 12), endMonth % 12, d)).toISOString().slice(0, 10);
  return today <= end;
}

/**
 * Spec §7 POST /{ref}/warranty. true: only when the carrier allows warranty repairs, for a basket of
 * one device, without a promo code, bought within the warranty period (RBK15 otherwise).
 * false after true clears the selected problems (spec §4); false or null clears purchase date and IMEI.
 */
export async function setWarranty(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof warrantyInput>): Promise<BookingState> {
  const data = parseInput(warrantyInput, input);
  const today = localDate(now(ctx), carrier.timezone);
  return change(ctx, carrier, reference, async (tx, booking) => {
    const devices = await bookingDevices(tx, carrier, booking.id);
    if (data.in_warranty !== true) {
      if (data.in_warranty === false && booking.inWarranty === true) {
        await tx
          .update(s.bookingDevices)
          .set({ problemIds: [] })
          .where(and(eq(s.bookingDevices.carrierCode, carrier.code), eq(s.bookingDevices.bookingId, booking.id)));
      }
      await setBooking(tx, booking, { inWarranty: data.in_warranty, purchaseDate: null, warrantyImei: null });
      return;
    }
    if (!carrier.allowWarrantyRepairs) throw new WarrantyRepairNotOfferedError();
    assertOneDeviceInWarranty(devices.length);
    if (booking.discountCode) throw new PromoOnWarrantyRepairError();
    if (data.purchase_date) {
      if (data.purchase_date > today) throw new ValidationError({ purchase_date: ["PURCHASE_DATE_FUTURE"] });
      if (!withinWarranty(data.purchase_date, today)) throw new OutOfWarrantyError();
    }
    let imei: string | null = null;
    if (data.imei) {
      const device = devices[0];
      if (!device) throw new ValidationError({ imei: ["DEVICE_MISSING"] });
      const [model] = await tx
        .select({ kind: s.models.deviceType })
        .from(s.modelVersions)
        .innerJoin(s.models, eq(s.models.id, s.modelVersions.modelId))
        .where(eq(s.modelVersions.id, device.modelVersionId));
      imei = checkDeviceIdentifier(carrier, { kind: model!.kind, makeId: device.makeId }, data.imei);
    }
    await setBooking(tx, booking, { inWarranty: true, purchaseDate: data.purchase_date ?? null, warrantyImei: imei });
  });
}

/* ───────────── customer details ───────────── */

/** Spec §7 POST /{ref}/customer-details: names, e-mail, phone (checked for the carrier's country), billing. */
export async function setCustomerDetails(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: unknown): Promise<BookingState> {
  const data = parseInput(customerDetailsSchema(carrier.countryCode), input);
  return change(ctx, carrier, reference, async (tx, booking) => {
    let address = booking.address;
    if (data.address) {
      if (!booking.postcode) throw new BookingStateError("Please enter your postcode first.");
      address = {
        postcode: booking.postcode,
        line_1: data.address.line_1,
        line_2: data.address.line_2,
        town: data.address.town,
        latitude: booking.address?.latitude ?? null,
        longitude: booking.address?.longitude ?? null,
      };
    }
    const billing =
      data.billing_address ??
      booking.billingAddress ??
      (address?.line_1 ? { line_1: address.line_1, line_2: address.line_2, town: address.town, postcode: address.postcode } : null);
    await setBooking(tx, booking, {
      firstName: data.first_name,
      lastName: data.last_name,
      email: data.email,
      emailConsent: data.email_consent,
      phoneNumber: data.phone_number,
      ...(data.locale ? { locale: data.locale } : {}),
      ...(data.site_url ? { siteUrl: data.site_url } : {}),
      billingFirstName: data.billing_first_name ?? data.first_name,
      billingLastName: data.billing_last_name ?? data.last_name,
      billingAddress: billing,
      address,
    });
  });
}

/* ───────────── discount code ───────────── */

const discountInput = z.object({ discount_code: plainText({ error: "Please enter a promo code." }) });

/**
 * Spec §7 POST /{ref}/discount-code. Errors: PROMO_NOT_RECOGNISED (no such code for this carrier),
 * PROMO_INVALID (expired), PROMO_ALREADY_USED (single use, used or being paid with),
 * PROMO_ON_WARRANTY_REPAIR (in-warranty booking).
 */
export async function applyDiscountCode(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof discountInput>): Promise<BookingState> {
  const code = canonicalDiscountCode(parseInput(discountInput, input).discount_code);
  return change(ctx, carrier, reference, async (tx, booking) => {
    if (booking.inWarranty === true) throw new PromoOnWarrantyRepairError();
    assertDiscountUsable(await findDiscount(tx, carrier, code), booking.id, now(ctx));
    await setBooking(tx, booking, { discountCode: code });
  });
}

export async function removeDiscountCode(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { discountCode: null }));
}
