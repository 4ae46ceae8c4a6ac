/** The booking-resume form (spec §3 "Booking-resume form", §4 "Booking resume", §5). */
import { z } from "zod";

/** A scanned code may carry a URL or 'token=…': the token is the text after the last '='. */
export function bookingTokenFrom(raw: string): string {
  const value = raw.trim();
  return (value.includes("=") ? value.slice(value.lastIndexOf("=") + 1) : value).trim();
}

export const BOOKING_CODE_MISSING = "booking-location.continue.codeMissing";

export const bookingCodeFormSchema = z.object({
  code: z
    .string()
    .nullish()
    .transform((value) => bookingTokenFrom(value ?? ""))
    .pipe(z.string().min(1, BOOKING_CODE_MISSING).max(200, "booking-location.continue.codeUnknown")),
});

export type BookingCodeForm = { ok: true; token: string } | { ok: false; errorKey: string };

export function parseBookingCode(input: FormData | URLSearchParams): BookingCodeForm {
  const parsed = bookingCodeFormSchema.safeParse({ code: input.get("code") });
  if (parsed.success) return { ok: true, token: parsed.data.code };
  return { ok: false, errorKey: parsed.error.issues[0]?.message ?? BOOKING_CODE_MISSING };
}
