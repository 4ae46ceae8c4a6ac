/**
 * Webhooks to partners (issue 23 item 7, ADR 179, ADR 180): the endpoints operations register per
 * carrier in the CMS, copied here by the operations sync like stores. A delivery is a `webhook`
 * row of `scheduled_jobs` (the durable scheduler's retries, lease and dead-letter state).
 */
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    carrierCode: text("carrier_code").notNull(),
    /** The CMS entry's document id: stable across edits, named by every delivery. */
    id: text("id").notNull(),
    url: text("url").notNull(),
    /** Event types it receives (packages/rules/webhooks.js). */
    events: jsonb("events").$type<string[]>().notNull(),
    /** `whsec_` + base64 of the key the signatures are made with (Standard Webhooks). */
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    description: text("description").notNull().default(""),
    /** False once the CMS no longer has the endpoint: kept so its deliveries still name it. */
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When a delivery last left for it (any outcome). */
    lastDeliveryAt: timestamp("last_delivery_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.carrierCode, t.id] }), index("webhook_endpoints_carrier_idx").on(t.carrierCode)],
);
