/**
 * Repair by post (spec §1 "mail-in", §3 is_mail_in_repair; ADR 140): where the carrier switches it
 * on (a CMS field, with the postal address its devices go to), the customer may send the device
 * instead of booking a technician's visit. Only the carrier's fields decide; no carrier is named.
 */
import type { Carrier } from "~/content/schemas";

export type MailInSwitches = Pick<Carrier, "offersMailIn" | "mailInAddress">;

/** Offered only with an address to post to: without one the customer could not send anything. */
export function offersMailIn(carrier: MailInSwitches): boolean {
  return carrier.offersMailIn && Boolean(carrier.mailInAddress);
}

/** The carrier's postal address, one line each (as entered in the CMS). */
export function mailInAddressLines(carrier: MailInSwitches): string[] {
  return (carrier.mailInAddress ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Whether this booking is a repair by post the carrier (still) offers. */
export function isMailInBooking(carrier: MailInSwitches, booking: { is_mail_in_repair: boolean } | null | undefined): boolean {
  return Boolean(booking?.is_mail_in_repair) && offersMailIn(carrier);
}
