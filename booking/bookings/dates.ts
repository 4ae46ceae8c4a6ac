/** The booking's availability, its repair date, and clearing a draft (spec §7 "Bookings"). */
import { z } from "zod";
import type { EngineContext } from "../context";
import { holdDay, loadAvailability, releaseHold, type AvailabilityDay } from "../availability/availability";
import type { CarrierContext } from "../domain/carrier";
import { BookingCompletedError, BookingStateError, DateUnavailableError, PaymentInProgressError } from "../domain/errors";
import { calendarDate } from "../domain/inputs";
import { parseInput } from "../domain/validate";
import { releaseDiscountReservations } from "./discount";
import { Deferred, type BookingRow } from "./repository";
import { readBooking, type BookingState } from "./state";
import { now, change, setBooking } from "./basket";

/* ───────────── availability and date ───────────── */

const availabilityInput = z.object({
  start_date: calendarDate.optional().nullable(),
  days_to_load: z.coerce.number().int().min(1).max(31).optional(),
});

function requireArea(booking: BookingRow): string {
  if (!booking.areaCode) throw new BookingStateError("Please enter your postcode first.");
  return booking.areaCode;
}

/** Spec §7 POST /{ref}/availability: `days_to_load` days (default 10) from `start_date` (default today). */
export async function bookingAvailability(
  ctx: EngineContext,
  carrier: CarrierContext,
  reference: unknown,
  input: z.input<typeof availabilityInput> = {},
): Promise<AvailabilityDay[]> {
  const data = parseInput(availabilityInput, input ?? {});
  // The booking with the catalogue revision in one read: the area's roster and technicians kept for it (ADR 222).
  const { booking, revision } = await readBooking(ctx.db, carrier, reference);
  return loadAvailability(ctx.db, carrier, now(ctx), {
    areaCode: requireArea(booking),
    startDate: data.start_date,
    daysToLoad: data.days_to_load,
    selectedDate: booking.date,
    excludeBookingId: booking.id,
    keep: { owner: ctx.db, revision },
  });
}

const dateInput = z.object({
  date: calendarDate,
  requestPreferredDateCallback: z.boolean().optional(),
});

/**
 * Spec §7 POST /{ref}/date: holds one unit of the area-day's capacity for this draft (expiring after
 * config.draftHoldMinutes) and releases its previous day. BK13 when the day is full or not bookable;
 * the date is then reset to null (spec §4) and the previous hold released.
 * `requestPreferredDateCallback` (spec §4 Change date, step 8) is stored on the booking when given
 * (also when the day is refused: the customer still asked to be called); absent keeps the earlier answer.
 */
export async function setDate(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof dateInput>): Promise<BookingState> {
  const data = parseInput(dateInput, input);
  const at = now(ctx);
  const callback = data.requestPreferredDateCallback === undefined ? {} : { requestPreferredDateCallback: data.requestPreferredDateCallback };
  return change(ctx, carrier, reference, async (tx, booking) => {
    const areaCode = requireArea(booking);
    // A chosen day means a visit: the booking is no longer a repair by post (ADR 140). Written before
    // the hold, so the day's lock is the transaction's last step (ADR 212); undone below when refused.
    await setBooking(tx, booking, { date: data.date, isMailInRepair: false, ...callback });
    try {
      await holdDay(tx, carrier, at, {
        bookingId: booking.id,
        areaCode,
        day: data.date,
        expiresAt: new Date(at.getTime() + ctx.config.draftHoldMinutes * 60_000),
        keep: { owner: ctx.db },
      });
    } catch (error) {
      if (!(error instanceof DateUnavailableError)) throw error;
      await releaseHold(tx, carrier, booking.id);
      await setBooking(tx, booking, { date: null, isMailInRepair: booking.isMailInRepair, ...callback });
      return new Deferred(error);
    }
  });
}

/**
 * The customer started over ('clear booking'): the draft gives back what it holds — its day's
 * capacity and a single-use promo code reserved for it — and forgets its date, so a resumed draft
 * chooses a day again. BK07 for a completed booking (an order keeps its day; cancel it on the
 * manage page instead); PAYMENT_IN_PROGRESS while a payment is being taken.
 */
export async function abandonBooking(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return change(ctx, carrier, reference, async (tx, booking) => {
    if (booking.checkoutStatus === "SUCCESS") throw new BookingCompletedError();
    if (booking.checkoutStatus === "PROCESSING") throw new PaymentInProgressError();
    await releaseHold(tx, carrier, booking.id);
    await releaseDiscountReservations(tx, carrier, booking.id);
    await setBooking(tx, booking, { date: null });
  });
}
