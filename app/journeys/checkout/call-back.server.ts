/**
 * Spec §7 POST /{ref}/request-call-back from the waiting list of the 'no dates available' modal:
 * the engine stores it with the booking it came from. Its field errors (the phone number checked
 * for the carrier's country) come back as the form's localised messages.
 */
import type { BookingRequestContext } from "~/lib/booking-flow/context.server";
import { handleError } from "~/lib/errors/errors.server";
import type { CallBackRequest } from "./waiting-list";

const ERR = "booking-checkout.waitingList.errors.";
const FIELD_MESSAGES: Record<string, [string, string]> = {
  name: ["name", ERR + "nameMissing"],
  email: ["email", ERR + "emailInvalid"],
  phone: ["phone", ERR + "phoneInvalid"],
};

export type CallBackOutcome = { status: "sent"; fields: Record<string, string> } | { status: "invalid"; fields: Record<string, string> };

export async function requestCallBack(context: BookingRequestContext, request: CallBackRequest): Promise<CallBackOutcome> {
  try {
    await context.engine.requestCallBack(context.carrier, context.booking?.reference ?? null, request);
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
