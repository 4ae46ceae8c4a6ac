/**
 * Scheduled work (issue 10 items 8 and 9, ADR 091): customer messages due at an instant and the
 * recurring purge of expired draft holds. A worker claims due rows with FOR UPDATE SKIP LOCKED
 * against the engine's clock, so two instances on one Postgres never take the same row.
 */
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/** A message job's own facts (ADR 093); values are JSON (an instant as ISO text). */
export interface MessageJobPayload {
  /** The recipient when the message is not to an order's customer (contact form, waiting list). */
  to?: { name?: string; email?: string; phone?: string };
  /** Values as they were at the event (the refund, an offer's link and hold); the order's record fills the rest. */
  values?: {
    orderRef?: string;
    date?: string;
    window?: { start: string; end: string };
    address?: string[];
    refund?: number;
    /** A cancellation's call-out charge kept from the payment (ADR 250); said beside the refund. */
    feeKept?: number;
    offerUrl?: string;
    holdUntil?: string;
    devices?: string[];
    /** A hand-over's booking code and its Confirm booking link (ADR 102): the code works once and expires. */
    bookingCode?: string;
    confirmUrl?: string;
  };
  /** The calendar invite the e-mail carries: its METHOD and SEQUENCE as at the event. */
  calendar?: { method: "REQUEST" | "CANCEL"; sequence: number };
  /** A `webhook` row (ADR 180): the endpoint it goes to and the event's JSON body, fixed at the event. */
  webhook?: { endpointId: string; eventId: string; body: string; lastStatus?: number | null };
}

export type ScheduledJobState = "pending" | "sending" | "sent" | "failed" | "dead" | "cancelled" | "skipped";

export const scheduledJobs = pgTable(
  "scheduled_jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /**
     * `message` (one channel of one kind for one order), `purge_holds` (recurring) or
     * `waiting_list_expire` (a waiting-list offer's hold runs out at `run_at`, ADR 094) or `webhook`
     * (one event to one partner endpoint, ADR 180).
     */
    type: text("type").$type<"message" | "purge_holds" | "waiting_list_expire" | "webhook">().notNull(),
    /** Unique: the same message is recorded once, e.g. `100001:evening-before:email:1`. */
    dedupeKey: text("dedupe_key").notNull(),
    /** null for work that is no carrier's (the hold purge covers all). */
    carrierCode: text("carrier_code"),
    orderRef: bigint("order_ref", { mode: "number" }),
    kind: text("kind"),
    channel: text("channel").$type<"email" | "sms">(),
    locale: text("locale"),
    /** Raised when a booking's messages are rescheduled: the old rows are cancelled, new ones get the next sequence. */
    sequence: integer("sequence").notNull().default(1),
    state: text("state").$type<ScheduledJobState>().notNull().default("pending"),
    /** When it is due (first run) or may next be tried (after a transient failure), on the engine's clock. */
    runAt: timestamp("run_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Past this instant it is not worth sending (the appointment day is over): claimed, it ends `skipped`. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    attempts: integer("attempts").notNull().default(0),
    /** While `sending`: after this instant another worker may reclaim the row (its worker died). */
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    /** What a message says beyond the order's own record (ADR 093): recipient, values as at the event, the invite. */
    payload: jsonb("payload").$type<MessageJobPayload>(),
    doneAt: timestamp("done_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("scheduled_jobs_dedupe_idx").on(t.dedupeKey), index("scheduled_jobs_due_idx").on(t.state, t.runAt), index("scheduled_jobs_order_idx").on(t.orderRef)],
);
