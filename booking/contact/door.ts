/** `engine.contact` (contact/): the contact form and call-back requests (issue 6). */
import { read, write, type CarrierArg } from "../door";
import * as contact from "./contact";

export const contactDoor = {
  captchaProvider: read(({ captcha }) => () => ({ provider: captcha.provider, siteKey: captcha.siteKey })),
  /** The contact form's message; `trustedCaller` (a server-side partner API key, ADR 176) asks no captcha. */
  sendContactMessage: write(({ ctx, carrierOf, captcha, sends }) =>
    sends(async (carrier: CarrierArg, input: contact.ContactMessageInput, options?: contact.ContactMessageOptions) =>
      contact.sendContactMessage({ db: ctx.db, clock: ctx.clock, captcha }, carrierOf(carrier), input, options),
    ),
  ),
  requestCallBack: write(({ ctx, carrierOf, sends }) =>
    sends(async (carrier: CarrierArg, bookingReference: string | null, input: contact.CallBackInput) => contact.requestCallBack(ctx, carrierOf(carrier), bookingReference, input)),
  ),
  listContactMessages: read(
    ({ ctx, carrierOf }) =>
      async (carrier: CarrierArg, input?: Parameters<typeof contact.listContactMessages>[2]) =>
        contact.listContactMessages(ctx, carrierOf(carrier), input),
  ),
  listCallBackRequests: read(
    ({ ctx, carrierOf }) =>
      async (carrier: CarrierArg, input?: Parameters<typeof contact.listCallBackRequests>[2]) =>
        contact.listCallBackRequests(ctx, carrierOf(carrier), input),
  ),
  markContactMessageAnswered: write(
    ({ ctx, carrierOf }) =>
      async (carrier: CarrierArg, id: number) =>
        contact.markContactMessageAnswered(ctx, carrierOf(carrier), id),
  ),
};
