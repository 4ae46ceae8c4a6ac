/**
 * `engine.basket` (bookings/draft.ts, location.ts, devices.ts, customer.ts, dates.ts: the draft booking, spec §7 "Bookings") and `engine.checkout`
 * (bookings/readiness.ts, charge.ts, completion.ts, recovery.ts, billing.ts and pay-later.ts: validation, payment, the order; spec §7 "Bookings", issue 5).
 */
import { withDraftThrottle } from "../throttle/draft-throttle";
import { read, write, type CarrierArg } from "../door";
import * as customer from "./customer";
import * as dates from "./dates";
import * as devices from "./devices";
import * as draft from "./draft";
import * as location from "./location";
import * as billing from "./billing";
import * as charge from "./charge";
import * as completion from "./completion";
import * as readiness from "./readiness";
import * as recovery from "./recovery";
import * as payLater from "./pay-later";
import * as repository from "./repository";

export const basketDoor = {
  buildBooking: write((k) => k.op(draft.buildBooking)),
  /** A draft a web visitor builds, behind the per-client limit (ADR 192): TOO_MANY_ATTEMPTS (429) at it. */
  buildBookingForClient: write(
    ({ ctx, carrierOf, draftConfig }) =>
      async (carrier: CarrierArg, input: Parameters<typeof draft.buildBooking>[2], client: { clientAddress: string | null }) => {
        const parsed = carrierOf(carrier);
        return withDraftThrottle(
          ctx.db,
          parsed,
          client.clientAddress,
          () => ctx.clock.now(),
          draftConfig,
          () => draft.buildBooking(ctx, parsed, input),
        );
      },
  ),
  getBooking: read((k) => k.op(draft.getBooking)),
  /** A booked page's cache key parts (ADR 225): the booking's version, carrier, status, promo code and catalogue revision in one query; null when unknown. */
  pageVersion: read(
    ({ ctx }) =>
      (reference: unknown) =>
        repository.bookedPageVersion(ctx.db, reference),
  ),
  getBookingByToken: read((k) => k.op(draft.getBookingByToken)),
  issueResumeToken: write((k) => k.sends(k.op(draft.issueResumeToken))),
  redeemResumeToken: write((k) => k.op(draft.redeemResumeToken)),
  setPostcode: write((k) => k.op(location.setPostcode)),
  setAddress: write((k) => k.op(location.setAddress)),
  setStore: write((k) => k.op(location.setStore)),
  clearStore: write((k) => k.op(location.clearStore)),
  setDropOff: write((k) => k.op(location.setDropOff)),
  clearDropOff: write((k) => k.op(location.clearDropOff)),
  setMailIn: write((k) => k.op(location.setMailIn)),
  clearMailIn: write((k) => k.op(location.clearMailIn)),
  addDevice: write((k) => k.op(devices.addDevice)),
  getDevice: read((k) => k.op(devices.getDevice)),
  updateDevice: write((k) => k.op(devices.updateDevice)),
  removeDevice: write((k) => k.op(devices.removeDevice)),
  setWarranty: write((k) => k.op(customer.setWarranty)),
  setCustomerDetails: write((k) => k.op(customer.setCustomerDetails)),
  applyDiscountCode: write((k) => k.op(customer.applyDiscountCode)),
  removeDiscountCode: write((k) => k.op(customer.removeDiscountCode)),
  /** Reused within the clock second while no operation of the carrier runs (ADR 185): a day booked through this engine never shows free afterwards. */
  loadAvailability: read(({ ctx, carrierOf, availability }) => async (carrier: CarrierArg, reference: unknown, input?: Parameters<typeof dates.bookingAvailability>[3]) => {
    const parsed = carrierOf(carrier);
    const days = await availability.read(parsed.code, JSON.stringify([reference, input ?? {}]), ctx.clock.now(), () => dates.bookingAvailability(ctx, parsed, reference, input));
    // Shared between callers: each gets its own copy.
    return days.map((day) => ({ ...day }));
  }),
  setDate: write((k) => k.op(dates.setDate)),
  /** 'Clear booking': releases the draft's day and its reserved promo code (BK07 once it is an order). */
  abandonBooking: write((k) => k.op(dates.abandonBooking)),
};

export const checkoutDoor = {
  /** Reads only (spec §7 POST /{ref}/validate): it leaves the carrier's availability answers and clock-bound pages kept (ADR 233). */
  validateBooking: read((k) => k.op(readiness.validateBooking)),
  generateBillingTokens: write((k) => k.op(billing.generateBillingTokens)),
  confirmInWarranty: write((k) => k.sends(k.op(completion.confirmInWarranty))),
  confirmPromo: write((k) => k.sends(k.op(completion.confirmPromo))),
  charge: write((k) => k.sends(k.op(charge.charge))),
  paymentAttempts: read((k) => k.op(billing.paymentAttempts)),
  /** Completes or releases payments whose request died and was never sent again (ADR 142). */
  recoverAbandonedPayments: write((k) => k.sends(k.op(recovery.recoverAbandonedPayments))),
  updatePayLaterSession: write((k) => k.op(payLater.updatePayLaterSession)),
  authorizePayLater: write((k) => k.op(payLater.authorizePayLater)),
  paymentProviders: read(({ ctx }) => () => ({ card: ctx.payments.name, payLater: ctx.payLater.name })),
};
