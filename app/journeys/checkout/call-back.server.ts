/**
 * Spec §7 POST /{ref}/request-call-back from the waiting list of the 'no dates available' modal:
 * the engine stores it with the booking it came from, beside the waiting-list entry (ADR 094). Its field errors (the phone number checked
 * for the carrier's country) come back as the form's localised messages.
 */
import type { BookingRequestContext } from "~/lib/booking-flow/context.server";
import { handleError } from "~/lib/errors/errors.server";
import type { CallBackRequest, WaitingListForm } from "./waiting-list";

const ERR = "booking-checkout.waitingList.errors.";
const FIELD_MESSAGES: Record<string, [string, string]> = {
  name: ["name", ERR + "nameMissing"],
  email: ["email", ERR + "emailInvalid"],
  phone: ["phone", ERR + "phoneInvalid"],
};

export type CallBackOutcome = { status: "sent"; fields: Record<string, string> } | { status: "invalid"; fields: Record<string, string> };

export async function requestCallBack(context: BookingRequestContext, request: CallBackRequest): Promise<CallBackOutcome> {
  // In the customer's language: the engine answers the request by e-mail and SMS (ADR 093).
  return waitingListFormOutcome(() => context.engine.contact.requestCallBack(context.carrier, context.booking?.reference ?? null, { ...request, locale: context.locale }));
}

/** Runs the engine call of the waiting-list form: its field errors become the form's messages, other errors pass. */
export async function waitingListFormOutcome(call: () => Promise<unknown>): Promise<CallBackOutcome> {
  try {
    await call();
    return { status: "sent", fields: {} };
  } catch (error) {
    const handled = handleError(error, "booking.call-back");
    const fields: Record<string, string> = {};
    for (const field of Object.keys(handled.error.fields)) {
      const [name, message] = FIELD_MESSAGES[field] ?? ["phone", ERR + "phoneInvalid"];
      fields[name] ??= message;
    }
    return { status: "invalid", fields };
  }
}

/**
 * The 'no dates available' modal puts the customer on the waiting list (ADR 094): a day freed in
 * their area is offered to them by a link back to this site (`siteUrl`, the request's origin).
 */
export async function joinWaitingList(context: BookingRequestContext, form: WaitingListForm, siteUrl: string): Promise<CallBackOutcome> {
  const reference = context.booking?.reference;
  if (!reference) return { status: "invalid", fields: {} };
  return waitingListFormOutcome(() =>
    context.engine.waitingList.joinWaitingList(context.carrier, reference, { name: form.name, email: form.email, phone: form.phone, locale: context.locale, site_url: siteUrl }),
  );
}
