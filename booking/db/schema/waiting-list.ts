/** The waiting list (issue 10 item 7, ADR 094). */
import { bigint, bigserial, date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/** waiting → offered → booked, expired or withdrawn; `booked` also when the booking became an order another way. */
export type WaitingListState = "waiting" | "offered" | "booked" | "expired" | "withdrawn";

/**
 * Customers who found no free date in their area: first come, first offered. When capacity frees on
 * a day in the area, the first waiting entry gets a hold on it for the offer time and a link (token,
 * stored hashed) that resumes its very booking with that day selected.
 */
export const waitingList = pgTable(
  "waiting_list",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    bookingId: bigint("booking_id", { mode: "number" }).notNull(),
    bookingReference: text("booking_reference").notNull(),
    areaCode: text("area_code").notNull(),
    postcode: text("postcode").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    locale: text("locale").notNull(),
    /** The site's address the customer joined on (https://host): the offer's link leads back to it. */
    siteUrl: text("site_url").notNull(),
    /** The carrier as the app described it at the join: the scheduler, which has no request, offers with it. */
    carrier: jsonb("carrier").$type<Record<string, unknown>>().notNull(),
    state: text("state").$type<WaitingListState>().notNull().default("waiting"),
    /** The queue's order (FIFO); a customer who joins again after leaving goes to the back. */
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date" }).notNull(),
    offeredDay: date("offered_day", { mode: "string" }),
    offeredAt: timestamp("offered_at", { withTimezone: true, mode: "date" }),
    /** The offer's hold ends here (the hold's own expires_at). */
    holdUntil: timestamp("hold_until", { withTimezone: true, mode: "date" }),
    /** SHA-256 of the offer link's token; the token itself is only in the message. */
    offerTokenHash: text("offer_token_hash"),
    /** The link was used (single use). */
    offerUsedAt: timestamp("offer_used_at", { withTimezone: true, mode: "date" }),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("waiting_list_booking_email_idx").on(t.carrierCode, t.bookingId, t.email),
    uniqueIndex("waiting_list_offer_token_idx").on(t.offerTokenHash),
    index("waiting_list_queue_idx").on(t.carrierCode, t.areaCode, t.state, t.joinedAt),
    index("waiting_list_hold_until_idx").on(t.state, t.holdUntil),
  ],
);
