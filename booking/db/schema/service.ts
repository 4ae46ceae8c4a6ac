/** Customer service (issue 24 item 3, ADR 189): what operations staff did to an order on the customer's behalf. */
import { bigint, bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

export type ServiceActionKind = "resend" | "change-date" | "change-address" | "cancel" | "refund";
/** A refund is `pending` while the gateway is asked (its amount already reserved), then `done` or `failed`; other actions are `done`. */
export type ServiceActionState = "pending" | "done" | "failed";

export const serviceActions = pgTable(
  "service_actions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    orderRef: bigint("order_ref", { mode: "number" }).notNull(),
    action: text("action").$type<ServiceActionKind>().notNull(),
    /** The staff account (CMS id) and its name as it was, so the entry reads the same after the account changes. */
    staffId: text("staff_id").notNull(),
    staffName: text("staff_name").notNull(),
    reason: text("reason").notNull(),
    /** What the action did: the message resent, the old and new date, the refund's id and message. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /** A refund's amount in minor units (0 for other actions). */
    amountMinor: integer("amount_minor").notNull().default(0),
    state: text("state").$type<ServiceActionState>().notNull().default("done"),
    /** The form's one-time key: the same press sent twice is one action (a refund is paid once). */
    requestKey: text("request_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("service_actions_request_idx").on(t.carrierCode, t.requestKey), index("service_actions_order_idx").on(t.carrierCode, t.orderRef)],
);
