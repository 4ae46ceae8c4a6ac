/** `engine.orders` (orders/, tracking/ and the lookup throttle): the manage page (spec §7 "Orders", issue 6). */
import { read, write, type CarrierArg } from "../door";
import type { LookupSubject } from "../throttle/lookup-throttle";
import { trackTechnician } from "../tracking/tracking";
import * as orders from "./orders";

export const ordersDoor = {
  lookupOrder: read((k) => k.op(orders.lookupOrder)),
  orderDevices: read((k) => k.op(orders.orderDevices)),
  cancelOrder: write((k) => k.sends(k.op(orders.cancelOrder))),
  orderAvailability: read((k) => k.op(orders.orderAvailability)),
  orderWindows: read((k) => k.op(orders.orderWindows)),
  changeOrderDate: write((k) => k.sends(k.op(orders.changeOrderDate))),
  dateChangeLog: read((k) => k.op(orders.dateChangeLog)),
  changeOrderAddress: write((k) => k.sends(k.op(orders.changeOrderAddress))),
  setOrderDeviceImei: write((k) => k.sends(k.op(orders.setOrderDeviceImei))),
  uploadProofOfPurchase: write((k) => k.sends(k.op(orders.uploadProofOfPurchase))),
  vanLocation: read((k) => k.op(orders.vanLocation)),
  /** Wrong e-mail or reference lookups are counted and throttled (ADR 031); see `withLookupThrottle`. */
  lookupOrderThrottled: write(
    ({ ctx, carrierOf, withLookupThrottle }) =>
      async (carrier: CarrierArg, lookup: orders.OrderLookup, subject: { clientAddress?: string | null } = {}) =>
        withLookupThrottle(carrierOf(carrier), { email: lookup.email, clientAddress: subject.clientAddress }, () => orders.lookupOrder(ctx, carrierOf(carrier), lookup)),
  ),
  /** Runs any operation that proves ownership with e-mail and reference behind the lookup throttle. */
  withLookupThrottle: write(
    ({ carrierOf, withLookupThrottle }) =>
      async <T>(carrier: CarrierArg, subject: LookupSubject, operation: () => Promise<T>) =>
        withLookupThrottle(carrierOf(carrier), subject, operation),
  ),
  trackTechnician: read((k) => k.op(trackTechnician)),
};
