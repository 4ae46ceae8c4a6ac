/**
 * `engine.basket` (bookings/bookings.ts: the draft booking, spec §7 "Bookings") and `engine.checkout`
 * (bookings/checkout.ts and bookings/pay-later.ts: validation, payment, the order; spec §7 "Bookings", issue 5).
 */
import { withDraftThrottle } from "../throttle/draft-throttle";
import { read, write, type CarrierArg } from "../door";
import * as bookings from "./bookings";
import * as checkout from "./checkout";
import * as payLater from "./pay-later";
import * as repository from "./repository";

export const basketDoor = {
  buildBooking: write((k) => k.op(bookings.buildBooking)),
  /** A draft a web visitor builds, behind the per-client limit (ADR 192): TOO_MANY_ATTEMPTS (429) at it. */
  buildBookingForClient: write(
    ({ ctx, carrierOf, draftConfig }) =>
      async (carrier: CarrierArg, input: Parameters<typeof bookings.buildBooking>[2], client: { clientAddress: string | null }) => {
        const parsed = carrierOf(carrier);
        return withDraftThrottle(
          ctx.db,
          parsed,
          client.clientAddress,
          () => ctx.clock.now(),
          draftConfig,
          () => bookings.buildBooking(ctx, parsed, input),
        );
      },
  ),
  getBooking: read((k) => k.op(bookings.getBooking)),
  /** A booked page's cache key parts (ADR 225): the booking's version, carrier, status, promo code and catalogue revision in one query; null when unknown. */
  pageVersion: read(
    ({ ctx }) =>
      (reference: unknown) =>
        repository.bookedPageVersion(ctx.db, reference),
  ),
  getBookingByToken: read((k) => k.op(bookings.getBookingByToken)),
  issueResumeToken: write((k) => k.sends(k.op(bookings.issueResumeToken))),
  redeemResumeToken: write((k) => k.op(bookings.redeemResumeToken)),
  setPostcode: write((k) => k.op(bookings.setPostcode)),
  setAddress: write((k) => k.op(bookings.setAddress)),
  setStore: write((k) => k.op(bookings.setStore)),
  clearStore: write((k) => k.op(bookings.clearStore)),
  setDropOff: write((k) => k.op(bookings.setDropOff)),
  clearDropOff: write((k) => k.op(bookings.clearDropOff)),
  setMailIn: write((k) => k.op(bookings.setMailIn)),
  clearMailIn: write((k) => k.op(bookings.clearMailIn)),
  addDevice: write((k) => k.op(bookings.addDevice)),
  getDevice: read((k) => k.op(bookings.getDevice)),
  updateDevice: write((k) => k.op(bookings.updateDevice)),
  removeDevice: write((k) => k.op(bookings.removeDevice)),
  setWarranty: write((k) => k.op(bookings.setWarranty)),
  setCustomerDetails: write((k) => k.op(bookings.setCustomerDetails)),
  applyDiscountCode: write((k) => k.op(bookings.applyDiscountCode)),
  removeDiscountCode: write((k) => k.op(bookings.removeDiscountCode)),
  /** Reused within the clock second while no operation of the carrier runs (ADR 185): a day booked through this engine never shows free afterwards. */
  loadAvailability: read(({ ctx, carrierOf, availability }) => async (carrier: CarrierArg, reference: unknown, input?: Parameters<typeof bookings.bookingAvailability>[3]) => {
    const parsed = carrierOf(carrier);
    const days = await availability.read(parsed.code, JSON.stringify([reference, input ?? {}]), ctx.clock.now(), () => bookings.bookingAvailability(ctx, parsed, reference, input));
    // Shared between callers: each gets its own copy.
    return days.map((day) => ({ ...day }));
  }),
  setDate: write((k) => k.op(bookings.setDate)),
  /** 'Clear booking': releases the draft's day and its reserved promo code (BK07 once it is an order). */
  abandonBooking: write((k) => k.op(bookings.abandonBooking)),
};

export const checkoutDoor = {
  /** Reads only (spec §7 POST /{ref}/validate): it leaves the carrier's availability answers and clock-bound pages kept (ADR 233). */
  validateBooking: read((k) => k.op(checkout.validateBooking)),
  generateBillingTokens: write((k) => k.op(checkout.generateBillingTokens)),
  confirmInWarranty: write((k) => k.sends(k.op(checkout.confirmInWarranty))),
  confirmPromo: write((k) => k.sends(k.op(checkout.confirmPromo))),
  charge: write((k) => k.sends(k.op(checkout.charge))),
  paymentAttempts: read((k) => k.op(checkout.paymentAttempts)),
  /** Completes or releases payments whose request died and was never sent again (ADR 142). */
  recoverAbandonedPayments: write((k) => k.sends(k.op(checkout.recoverAbandonedPayments))),
  updatePayLaterSession: write((k) => k.op(payLater.updatePayLaterSession)),
  authorizePayLater: write((k) => k.op(payLater.authorizePayLater)),
  paymentProviders: read(({ ctx }) => () => ({ card: ctx.payments.name, payLater: ctx.payLater.name })),
};
