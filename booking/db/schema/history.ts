/** One history per order (issue 36, ADR 247): every change to an order, recorded once in the change's own transaction. */
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export type OrderEventKind =
  | "booked"
  | "paid"
  | "message_sent"
  | "message_failed"
  | "date_changed"
  | "address_changed"
  | "on_the_way"
  | "arrived"
  | "completed"
  | "cancelled"
  | "refunded"
  | "refund_failed"
  | "imei_added"
  | "proof_uploaded";

/** Who made the change: the customer, a staff account (its display name as it was), a partner key (its name) or the system. */
export type OrderActorType = "customer" | "staff" | "partner" | "system";

export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    orderId: bigint("order_id", { mode: "number" }).notNull(),
    orderRef: bigint("order_ref", { mode: "number" }).notNull(),
    kind: text("kind").$type<OrderEventKind>().notNull(),
    actorType: text("actor_type").$type<OrderActorType>().notNull(),
    /** The staff account's CMS id or the API key's id; null for the customer and the system. */
    actorId: text("actor_id"),
    /** The staff account's display name or the key's name as they were when the change was made. */
    actorName: text("actor_name"),
    /** What changed: the old and new date, the message's kind and channel, the fee kept, a reason. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /** Money moved by the change, in minor units (paid, refunded, a fee kept); null when none. */
    amountMinor: integer("amount_minor"),
    /** The change's own name, so the same change recorded twice (a retry, a second press) is one entry. */
    eventKey: text("event_key").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("order_events_key_idx").on(t.carrierCode, t.orderId, t.eventKey), index("order_events_order_idx").on(t.carrierCode, t.orderRef, t.occurredAt)],
);
