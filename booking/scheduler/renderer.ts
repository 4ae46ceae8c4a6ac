/**
 * What a scheduled message says (ADR 091, 093): the carrier's template for the kind and the
 * customer's language (CMS, ADR 092) filled with the order's facts as the engine records them now,
 * or with the values the event fixed in the row's payload (the refund, the old date, an offer's
 * link). Booking e-mails carry the order's calendar invite. A message about no order (a contact
 * message, a waiting-list offer) takes its recipient and values from the payload alone.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import { isOrderPaymentType } from "../domain/payment-types";
import { addMinutesToClock } from "../domain/time";
import { appointmentInvite } from "../notifications/calendar";
import { composeMessage } from "../notifications/compose-message";
import type { MessageValues } from "../notifications/render";
import { CUSTOMER_MESSAGE_KINDS, type CustomerMessageKind } from "../notifications/template-kinds";
import type { MessageContentSource } from "../notifications/message-content";
import { MessageContentUnavailableError } from "../notifications/message-content";
import { E164, type EmailMessage, type SmsMessage } from "../ports/notifications";

export interface RenderRequest {
  carrierCode: string;
  kind: string;
  /** null: a message about no order (a contact message, a waiting-list offer); the payload says it all. */
  orderRef: number | null;
  locale: string;
  payload?: s.MessageJobPayload | null;
  /** The engine's "now", for the Date header and the invite's DTSTAMP. */
  now: Date;
}

/** A channel left out is not sent (the row ends `skipped`); null: nothing to say (the order is gone). */
export interface RenderedMessage {
  email?: EmailMessage;
  sms?: SmsMessage;
}

export type MessageRenderer = (request: RenderRequest) => Promise<RenderedMessage | null>;

const INVITE_TEXT = {
  en: { summary: "Repair visit from {brand}", ref: "Order reference", manage: "Manage your booking" },
  de: { summary: "Reparaturtermin mit {brand}", ref: "Auftragsnummer", manage: "Buchung verwalten" },
} as const;

const isKind = (kind: string): kind is CustomerMessageKind => (CUSTOMER_MESSAGE_KINDS as readonly string[]).includes(kind);

/** Messages are written in en or de; a regional locale (de-AT) takes its language. */
export const messageLanguage = (locale: string): "en" | "de" => (locale.slice(0, 2) === "de" ? "de" : "en");

interface OrderFacts {
  values: MessageValues;
  to: { name?: string; email?: string; phone?: string };
  siteUrl: string | null;
}

/** The customer's links on the site they booked on: spec §1 manage page and the tracking page. */
export function customerLinks(siteUrl: string, orderRef: number, email: string) {
  const manage = new URL("/manage/booking", siteUrl);
  manage.search = new URLSearchParams({ order_ref: String(orderRef), email }).toString();
  const tracking = new URL(`/my/technician/${encodeURIComponent(email)}/${orderRef}`, siteUrl);
  return { manageUrl: manage.href, trackingUrl: tracking.href };
}

async function orderFacts(db: DbOrTx, carrierCode: string, orderRef: number): Promise<OrderFacts | null> {
  const [row] = await db
    .select({ order: s.orders, firstName: s.bookings.firstName, lastName: s.bookings.lastName, phone: s.bookings.phoneNumber, mailIn: s.bookings.isMailInRepair })
    .from(s.orders)
    .innerJoin(s.bookings, eq(s.bookings.id, s.orders.bookingId))
    .where(and(eq(s.orders.carrierCode, carrierCode), eq(s.orders.orderRef, orderRef)));
  if (!row) return null;
  const { order } = row;
  const [roster] = await db.select({ minutes: s.carrierRosters.timeslotMinutes }).from(s.carrierRosters).where(eq(s.carrierRosters.carrierCode, carrierCode));
  type Snapshot = { device: { title: string }; selected_problems_pricing?: { problem: { title: string } }[] };
  const devices = Object.values((order.cart as { devices?: Record<string, Snapshot> }).devices ?? {}).map((device) => {
    const problems = (device.selected_problems_pricing ?? []).map((line) => line.problem.title);
    return problems.length ? `${device.device.title} (${problems.join(", ")})` : device.device.title;
  });
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
  return {
    values: {
      orderRef: String(order.orderRef),
      devices,
      // A repair by post has no visit (ADR 140): no repair date, no time window, no calendar invite.
      ...(row.mailIn ? {} : { date: order.date, window: { start: order.slot, end: addMinutesToClock(order.slot, roster?.minutes ?? 60) } }),
      address: [order.address.line_1, order.address.line_2, order.address.town, order.address.postcode].filter((line) => line?.trim()),
      amount: order.totalMinor,
      ...(isOrderPaymentType(order.paymentType) ? { payment: order.paymentType } : {}),
      ...(order.status === "CANCELLED" ? { refund: order.refundedMinor || (order.transactionId ? order.totalMinor : 0) } : {}),
      ...(order.siteUrl ? customerLinks(order.siteUrl, order.orderRef, order.email) : {}),
    },
    to: { ...(name ? { name } : {}), email: order.email, ...(row.phone && E164.test(row.phone) ? { phone: row.phone } : {}) },
    siteUrl: order.siteUrl,
  };
}

function payloadValues(payload: s.MessageJobPayload | null | undefined): MessageValues {
  const { holdUntil, ...rest } = payload?.values ?? {};
  return { ...rest, ...(holdUntil ? { holdUntil: new Date(holdUntil) } : {}) };
}

export interface TemplateRendererDependencies {
  db: DbOrTx;
  /** The carriers' brands and templates (the CMS feed); null: the engine has no content to write with. */
  content: MessageContentSource | null;
}

export function createTemplateRenderer(deps: TemplateRendererDependencies): MessageRenderer {
  return async ({ carrierCode, kind, orderRef, locale, payload, now }) => {
    if (!isKind(kind)) return null;
    const facts = orderRef === null ? null : await orderFacts(deps.db, carrierCode, orderRef);
    // The order is gone (a test database reset, a manual delete): nothing to say about it.
    if (orderRef !== null && !facts) return null;
    const values: MessageValues = { ...facts?.values, ...payloadValues(payload) };
    const to = payload?.to ?? facts?.to ?? {};
    if (!deps.content) throw new MessageContentUnavailableError("the engine has no message content source (CMS_URL is not set)");
    const language = messageLanguage(locale);
    const { email, sms, brand } = await composeMessage(deps.content, { carrierCode, kind, locale: language, values, to, sentAt: now });
    if (email && payload?.calendar && orderRef !== null && values.date && values.window) {
      const text = INVITE_TEXT[language];
      const description = [`${text.ref}: ${orderRef}`, ...(values.devices ?? []), ...(values.manageUrl ? [`${text.manage}: ${values.manageUrl}`] : [])].join("\n");
      email.calendar = appointmentInvite({
        method: payload.calendar.method,
        sequence: payload.calendar.sequence,
        orderRef,
        siteUrl: facts?.siteUrl ?? null,
        carrierCode,
        timezone: brand.timezone,
        date: values.date,
        window: values.window,
        summary: text.summary.replace("{brand}", brand.name),
        description,
        location: (values.address ?? []).join(", "),
        ...(values.manageUrl ? { url: values.manageUrl } : {}),
        organizer: { name: brand.name, address: brand.email ?? email.to.address },
        attendee: email.to,
        stamp: now,
      });
    }
    return { ...(email ? { email } : {}), ...(sms ? { sms } : {}) };
  };
}
