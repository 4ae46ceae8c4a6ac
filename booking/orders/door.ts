/** `engine.orders` (orders/ and the lookup throttle): the manage page and the technician tracking page (spec §7 "Orders", issue 6). */
import { read, write, type CarrierArg } from "../door";
import type { LookupSubject } from "../throttle/lookup-throttle";
import * as cancel from "./cancel";
import * as changes from "./changes";
import * as lookup from "./lookup";
import * as proof from "./proof";
import * as tracking from "./tracking";

export const ordersDoor = {
  lookupOrder: read((k) => k.op(lookup.lookupOrder)),
  orderDevices: read((k) => k.op(lookup.orderDevices)),
  cancelOrder: write((k) => k.sends(k.op(cancel.cancelOrder))),
  orderAvailability: read((k) => k.op(changes.orderAvailability)),
  orderWindows: read((k) => k.op(changes.orderWindows)),
  changeOrderDate: write((k) => k.sends(k.op(changes.changeOrderDate))),
  dateChangeLog: read((k) => k.op(changes.dateChangeLog)),
  recordDateChange: write((k) => k.op(changes.recordDateChange)),
  changeOrderAddress: write((k) => k.sends(k.op(changes.changeOrderAddress))),
  setOrderDeviceImei: write((k) => k.sends(k.op(proof.setOrderDeviceImei))),
  uploadProofOfPurchase: write((k) => k.sends(k.op(proof.uploadProofOfPurchase))),
  vanLocation: read((k) => k.op(tracking.vanLocation)),
  /** Wrong e-mail or reference lookups are counted and throttled (ADR 031); see `withLookupThrottle`. */
  lookupOrderThrottled: write(
    ({ ctx, carrierOf, withLookupThrottle }) =>
      async (carrier: CarrierArg, order: lookup.OrderLookup, subject: { clientAddress?: string | null } = {}) =>
        withLookupThrottle(carrierOf(carrier), { email: order.email, clientAddress: subject.clientAddress }, () => lookup.lookupOrder(ctx, carrierOf(carrier), order)),
  ),
  /** Runs any operation that proves ownership with e-mail and reference behind the lookup throttle. */
  withLookupThrottle: write(
    ({ carrierOf, withLookupThrottle }) =>
      async <T>(carrier: CarrierArg, subject: LookupSubject, operation: () => Promise<T>) =>
        withLookupThrottle(carrierOf(carrier), subject, operation),
  ),
  trackTechnician: read((k) => k.op(tracking.trackTechnician)),
};
