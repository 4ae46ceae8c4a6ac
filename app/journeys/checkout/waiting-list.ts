/**
 * The waiting-list form of the 'no dates available' modal (spec §5: name, e-mail and telephone are
 * required; §4: sending, then sent with a thank-you) and the call-back request it becomes
 * (spec §3 Call-back payload, §7 POST /{ref}/request-call-back).
 */
import { z } from "zod";
import type { BookingState } from "~/booking.server";
import { plausiblePhone } from "./customer-details";

const ERR = "booking-checkout.waitingList.errors.";

export const waitingListSchema = z.object({
  name: z
    .string({ error: ERR + "nameMissing" })
    .trim()
    .min(1, ERR + "nameMissing")
    .max(120, ERR + "nameMissing"),
  email: z
    .string({ error: ERR + "emailMissing" })
    .trim()
    .min(1, ERR + "emailMissing")
    .pipe(z.email(ERR + "emailInvalid")),
  phone: z
    .string({ error: ERR + "phoneMissing" })
    .trim()
    .min(1, { error: ERR + "phoneMissing", abort: true })
    .refine(plausiblePhone, ERR + "phoneInvalid"),
});

export type WaitingListForm = z.output<typeof waitingListSchema>;

export interface CallBackRequest {
  model_version_id: number | null;
  postcode: string | null;
  name: string;
  email: string;
  phone: string;
  carrier: string;
}

/** The call-back payload: the first device's model version and the booking postcode. */
export function callBackRequest(form: WaitingListForm, booking: BookingState | null, carrierCode: string): CallBackRequest {
  const first = booking ? Object.values(booking.devices)[0] : undefined;
  return {
    model_version_id: first?.device.model_version_id ?? null,
    postcode: booking?.postcode ?? null,
    name: form.name,
    email: form.email,
    phone: form.phone,
    carrier: carrierCode,
  };
}
