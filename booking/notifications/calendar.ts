/**
 * The calendar invite a booking's e-mails carry (issue 10 item 4, ADR 093): one RFC 5545 event per
 * order, written by ical-generator. Its UID is the order's for the order's whole life, so a date or
 * address change updates the event the customer added (a higher SEQUENCE with METHOD:REQUEST) and
 * the cancellation removes it (METHOD:CANCEL, STATUS:CANCELLED). Times are the arrival window's
 * wall-clock times in the carrier's zone (TZID with its VTIMEZONE), so a client in another zone or
 * across a daylight-saving change shows the appointment where it is.
 */
import { TZDate } from "@date-fns/tz";
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { zonedTime, type IsoDate } from "../domain/time";
import type { CalendarInvite, Mailbox } from "../ports/notifications";

export interface AppointmentInvite {
  method: "REQUEST" | "CANCEL";
  /** Raised with every change of the order's event (RFC 5545 §3.8.7.4). */
  sequence: number;
  orderRef: number;
  /** The site the customer booked on; its host makes the UID globally unique. */
  siteUrl: string | null;
  carrierCode: string;
  timezone: string;
  date: IsoDate;
  window: { start: string; end: string };
  summary: string;
  description: string;
  location: string;
  url?: string;
  organizer: Mailbox;
  attendee: Mailbox;
  /** DTSTAMP: when this version of the event was written (the engine's clock). */
  stamp: Date;
}

/** The order's event UID: the same for every message about it. */
export function appointmentUid(orderRef: number, siteUrl: string | null, carrierCode: string): string {
  const host = siteUrl ? new URL(siteUrl).hostname : `${carrierCode}.booking`;
  return `order-${orderRef}@${host}`;
}

export function appointmentInvite(invite: AppointmentInvite): CalendarInvite {
  const calendar = new ICalCalendar({
    method: invite.method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    prodId: { company: invite.organizer.name ?? invite.carrierCode, product: "repair-booking", language: "EN" },
  });
  // No calendar-wide zone (DTSTAMP stays UTC); the generator writes the VTIMEZONE the event names.
  calendar.timezone({ name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] });
  const at = (time: string) => new TZDate(zonedTime(invite.date, time, invite.timezone), invite.timezone);
  calendar.createEvent({
    id: appointmentUid(invite.orderRef, invite.siteUrl, invite.carrierCode),
    sequence: invite.sequence,
    stamp: invite.stamp,
    start: at(invite.window.start),
    end: at(invite.window.end),
    timezone: invite.timezone,
    summary: invite.summary,
    description: invite.description,
    location: invite.location,
    ...(invite.url ? { url: invite.url } : {}),
    status: invite.method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: invite.organizer.name ?? invite.organizer.address, email: invite.organizer.address },
    attendees: [{ name: invite.attendee.name, email: invite.attendee.address, rsvp: false }],
  });
  return { method: invite.method, content: calendar.toString(), filename: invite.method === "CANCEL" ? "cancel.ics" : "invite.ics" };
}
