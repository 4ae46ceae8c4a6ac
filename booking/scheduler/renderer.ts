/**
 * What a scheduled message says (ADR 091): the worker asks a renderer for an order's message of a
 * kind in a locale and sends the channel its row stands for. The texts per carrier and locale come
 * from the CMS templates (issue 10 item 3); until then the plain-text stand-in below names the kind
 * and the order, enough to follow a message through the scheduler into the outbox.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import { E164, type EmailMessage, type SmsMessage } from "../ports/notifications";

export interface RenderRequest {
  carrierCode: string;
  kind: string;
  /** null: a message about no order (a contact message, a waiting-list offer); the payload says it all. */
  orderRef: number | null;
  locale: string;
  payload?: s.MessageJobPayload | null;
  /** The engine's "now", for the Date header. */
  now: Date;
}

/** A channel left out is not sent (the row ends `skipped`); null: nothing to say (the order is gone). */
export interface RenderedMessage {
  email?: EmailMessage;
  sms?: SmsMessage;
}

export type MessageRenderer = (request: RenderRequest) => Promise<RenderedMessage | null>;

/** The stand-in renderer: the order's e-mail address and the booking's phone (when in E.164), one line of text. */
export function createPlainTextRenderer(db: DbOrTx): MessageRenderer {
  return async ({ carrierCode, kind, orderRef, now }) => {
    if (orderRef === null) return null;
    const [order] = await db
      .select({ email: s.orders.email, date: s.orders.date, slot: s.orders.slot, phone: s.bookings.phoneNumber })
      .from(s.orders)
      .innerJoin(s.bookings, eq(s.bookings.id, s.orders.bookingId))
      .where(and(eq(s.orders.carrierCode, carrierCode), eq(s.orders.orderRef, orderRef)));
    if (!order) return null;
    const text = `${kind} ${orderRef} ${order.date} ${order.slot}`;
    return {
      email: { carrierCode, to: { address: order.email }, subject: `${orderRef} ${kind}`, text, html: `<p>${text}</p>`, date: now },
      ...(order.phone && E164.test(order.phone) ? { sms: { carrierCode, to: order.phone, text } } : {}),
    };
  };
}
