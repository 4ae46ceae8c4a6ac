/**
 * Where a `/booking-new/*` path of the spec's other build leads here (ADR 272). The phone-number fix
 * (`checkout/location`) is where the phone number is edited: the details step, at its phone field;
 * saving there returns through checkout to payment (ADR 026). Any other path names the same step
 * under `/booking`, which answers a step it does not have with its own not-found page.
 */
import { z } from "zod";

/** Old paths whose step has another name here. */
export const BOOKING_NEW_STEPS: Readonly<Record<string, string>> = {
  "checkout/location": "/booking/details#phone_number",
};

const restSchema = z
  .string()
  .max(200)
  .regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/);
const querySchema = z.string().max(2_000);

export function bookingNewTarget(requestUrl: string): string {
  const url = new URL(requestUrl);
  const rest = url.pathname.replace(/^\/booking-new\/?/, "").replace(/\/+$/, "");
  const query = querySchema.safeParse(url.search);
  const search = query.success ? query.data : "";
  const step = restSchema.safeParse(rest);
  if (!step.success) return `/booking${search}`;
  const target = BOOKING_NEW_STEPS[step.data] ?? `/booking/${step.data}`;
  const [pathname, hash] = target.split("#");
  return `${pathname}${search}${hash ? `#${hash}` : ""}`;
}
