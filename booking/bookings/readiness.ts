/** Whether a booking can go to payment (spec §7 POST /{ref}/validate) and the hold its order needs. */
import * as s from "../db/schema";
import { eq } from "drizzle-orm";
import type { BookingTransaction, DbOrTx } from "../db/open";
import type { EngineContext } from "../context";
import { findHold, holdDay, releaseHold } from "../availability/availability";
import { listTriageQuestions } from "../catalogue/queries";
import type { CarrierContext } from "../domain/carrier";
import {
  BookingCompletedError,
  BookingStateError,
  CheckoutNotReadyError,
  DateUnavailableError,
  DomainError,
  MultiDeviceInWarrantyError,
  OutOfWarrantyError,
  PromoOnWarrantyRepairError,
  StoreRequiredError,
  WarrantyRepairNotOfferedError,
  type FieldMessages,
} from "../domain/errors";
import { localDate } from "../domain/time";
import { withinWarranty } from "./customer";
import { assertDiscountUsable } from "./discount";
import { Deferred, findBooking, type BookingRow } from "./repository";
import { loadBasket, type LoadedBasket } from "./state";

/* ───────────── readiness ───────────── */

/** Why the booking cannot be paid yet, as the error the client reacts to (first problem wins). */
export async function readinessError(db: DbOrTx, ctx: EngineContext, carrier: CarrierContext, basket: LoadedBasket): Promise<DomainError | null> {
  const booking = basket.booking;
  const now = ctx.clock.now();
  if (!booking.postcode || !booking.areaCode) return new BookingStateError("Please enter your postcode first.");
  if (carrier.storeRequired && !booking.storeCode && !booking.storeIgnored) return new StoreRequiredError();
  if (!basket.devices.length) return new CheckoutNotReadyError("Please add a device to your booking.", { devices: ["Please add a device to your booking."] });
  if (basket.devices.some((d) => d.pricing.lines.length === 0)) {
    return new CheckoutNotReadyError("Please choose a repair for each device.", { problems: ["Please choose a repair for each device."] });
  }
  if (booking.inWarranty === true) {
    if (!carrier.allowWarrantyRepairs) return new WarrantyRepairNotOfferedError();
    if (basket.devices.length > 1) return new MultiDeviceInWarrantyError();
    if (booking.discountCode) return new PromoOnWarrantyRepairError();
    if (booking.purchaseDate && !withinWarranty(booking.purchaseDate, localDate(now, carrier.timezone))) return new OutOfWarrantyError();
  }
  if (booking.discountCode) {
    try {
      assertDiscountUsable(basket.discount, booking.id, now);
    } catch (error) {
      return error as DomainError;
    }
  }
  const triage: FieldMessages = {};
  for (const device of basket.devices) {
    if (device.model.deviceType !== "appliance") continue;
    const questions = await listTriageQuestions(db, carrier, device.model.id);
    for (const q of questions) {
      if (q.required && !device.row.triageAnswers[q.code]) (triage[`devices.${device.row.key}.triage_answers.${q.code}`] ??= []).push(`Please answer: ${q.question}`);
    }
  }
  if (Object.keys(triage).length) return new CheckoutNotReadyError("Please answer the questions about your appliance.", triage);
  const details: FieldMessages = {};
  if (!booking.firstName) details.first_name = ["Please enter your first name."];
  if (!booking.lastName) details.last_name = ["Please enter your last name."];
  if (!booking.email) details.email = ["Please enter your e-mail address."];
  if (!booking.phoneNumber) details.phone_number = ["Please enter your phone number."];
  if (!booking.address?.line_1) details["address.line_1"] = ["Please enter the first line of the address."];
  if (!booking.address?.town) details["address.town"] = ["Please enter the town."];
  if (Object.keys(details).length) return new CheckoutNotReadyError("Please complete your details.", details);
  if (booking.isMailInRepair) {
    // A repair by post needs no day (ADR 140), but only where the carrier still offers it.
    if (!carrier.offersMailIn) return new BookingStateError("Sending the device by post is no longer offered. Please choose a repair date.");
    return null;
  }
  if (!booking.date) return new DateUnavailableError("Please choose a repair date.");
  return null;
}

export interface ValidationReport {
  valid: boolean;
  code: string | null;
  messages: string[];
  fields: FieldMessages;
}

/** Spec §7 POST /{ref}/validate: whether the booking can go to payment, without changing it. */
export async function validateBooking(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<ValidationReport> {
  const booking = await findBooking(ctx.db, carrier, reference);
  if (booking.checkoutStatus === "SUCCESS") {
    const error = new BookingCompletedError();
    return { valid: false, code: error.code, messages: error.messages, fields: {} };
  }
  const basket = await loadBasket(ctx.db, carrier, booking, ctx.clock.now());
  const error = await readinessError(ctx.db, ctx, carrier, basket);
  return error ? { valid: false, code: error.code, messages: error.messages, fields: error.fields } : { valid: true, code: null, messages: [], fields: {} };
}

/**
 * Makes sure the booking still holds its day, extending a draft's hold; re-takes it when the hold
 * expired and the day still has room. When it cannot, the date is reset and BK13 follows the commit.
 */
export async function ensureHold(tx: BookingTransaction, ctx: EngineContext, carrier: CarrierContext, booking: BookingRow): Promise<Deferred | null> {
  const now = ctx.clock.now();
  const current = await findHold(tx, carrier, booking.id);
  const extended = new Date(now.getTime() + ctx.config.draftHoldMinutes * 60_000);
  // A waiting-list offer's longer hold on this day is kept, never cut short by a payment attempt (ADR 094).
  const expiresAt = current?.day === booking.date && current.expiresAt && current.expiresAt > extended ? current.expiresAt : extended;
  // The booking still holds its day, well within the hold: extending it takes no unit from anyone (every
  // count already includes it), so it needs no lock on the day (ADR 212). Under a minute left, or
  // lost, it is taken again under the lock as a new hold.
  if (current && current.day === booking.date && current.areaCode === booking.areaCode && current.expiresAt && current.expiresAt.getTime() > now.getTime() + 60_000) {
    if (expiresAt.getTime() !== current.expiresAt.getTime()) await tx.update(s.capacityHolds).set({ expiresAt }).where(eq(s.capacityHolds.id, current.id));
    return null;
  }
  try {
    await holdDay(tx, carrier, now, { bookingId: booking.id, areaCode: booking.areaCode!, day: booking.date!, expiresAt, keep: { owner: ctx.db } });
    return null;
  } catch (error) {
    if (!(error instanceof DateUnavailableError)) throw error;
    await releaseHold(tx, carrier, booking.id);
    await tx.update(s.bookings).set({ date: null, updatedAt: now }).where(eq(s.bookings.id, booking.id));
    return new Deferred(new DateUnavailableError("Sorry, your repair date is no longer available. Please choose another date."));
  }
}
