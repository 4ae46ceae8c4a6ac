/** `engine.service` (service/): customer service for operations staff (issue 24 item 3, ADR 188–190); the caller passes the logged-in staff member. */
import { read, write, type CarrierArg } from "../door";
import * as refund from "./refund";
import * as service from "./service";

export const serviceDoor = {
  /** The carrier's orders by reference, e-mail, phone or postcode, a page at a time. */
  searchOrders: read((k) => k.op(service.searchOrders)),
  /** One order with its payment, messages and their delivery states, date changes and staff actions. */
  serviceOrder: read((k) => k.op(service.serviceOrder)),
  /** The days the order may move to (the customer's own availability). */
  serviceAvailability: read((k) => k.op(service.serviceAvailability)),
  /** One day's arrival windows the order may move to (ADR 256). */
  serviceWindows: read((k) => k.op(service.serviceWindows)),
  /** The order's messages written out by the scheduler's own renderer (ADR 255). */
  serviceMessageTexts: read(
    ({ ctx, carrierOf, render }) =>
      async (carrier: CarrierArg, orderRef: unknown) =>
        service.serviceMessageTexts(ctx, carrierOf(carrier), orderRef, render),
  ),
  /** What a refund would give back, checked as the refund checks it; nothing recorded (ADR 255). */
  refundQuote: read((k) => k.op(refund.refundQuote)),
  resendMessage: write((k) => k.sends(k.op(service.resendMessage))),
  changeDate: write((k) => k.sends(k.op(service.changeDate))),
  changeAddress: write((k) => k.sends(k.op(service.changeAddress))),
  cancel: write((k) => k.sends(k.op(service.cancel))),
  /** Full or partial, once per form key, never more than was paid. */
  refundOrder: write((k) => k.op(refund.refundOrder)),
};
