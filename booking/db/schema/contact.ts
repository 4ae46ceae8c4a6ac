/** Customer contact and lookup protection (issue 6): lookup failures, contact messages, call-back requests. */
import { bigserial, doublePrecision, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Failed order lookups (wrong e-mail or order reference), one row per failure, counted per e-mail
 * and per client address over a sliding window (ADR 031). Only hashes are kept, never the e-mail or
 * the address itself; rows older than the window are deleted as new failures arrive.
 */
export const lookupFailures = pgTable(
  "lookup_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    /** `email` and `client` of the order lookups; `staff-account` and `staff-client` of staff log-ins (ADR 097); `draft-client`: drafts built (ADR 192). */
    scope: text("scope").$type<"email" | "client" | "staff-account" | "staff-client" | "draft-client">().notNull(),
    /** SHA-256 of carrier, scope and the normalised e-mail or client address. */
    keyHash: text("key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("lookup_failures_key_idx").on(t.keyHash, t.createdAt), index("lookup_failures_created_idx").on(t.createdAt)],
);

export type ContactStatus = "NEW" | "ANSWERED";

/** Messages sent through the contact form (spec §3 contact payload); operations answer within 48 hours (ADR 033). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** The CMS contact reason's id and its title as the customer saw it. */
    reasonId: integer("reason_id").notNull(),
    reasonTitle: text("reason_title").notNull(),
    message: text("message").notNull(),
    locale: text("locale").notNull(),
    captchaProvider: text("captcha_provider").notNull(),
    captchaScore: doublePrecision("captcha_score"),
    status: text("status").$type<ContactStatus>().notNull().default("NEW"),
    /** When the customer should have had an answer: created + 48 hours. */
    replyDueAt: timestamp("reply_due_at", { withTimezone: true, mode: "date" }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("contact_messages_carrier_idx").on(t.carrierCode, t.status, t.createdAt)],
);

/** Call-back requests (spec §3 call-back payload): from the contact page or the 'no dates available' waiting list. */
export const callBackRequests = pgTable(
  "call_back_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    /** The booking the request came from (waiting list); null from the contact page. */
    bookingReference: text("booking_reference"),
    modelVersionId: integer("model_version_id"),
    postcode: text("postcode"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    source: text("source").$type<"contact" | "waiting_list">().notNull(),
    status: text("status").$type<ContactStatus>().notNull().default("NEW"),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("call_back_requests_carrier_idx").on(t.carrierCode, t.status, t.createdAt)],
);
