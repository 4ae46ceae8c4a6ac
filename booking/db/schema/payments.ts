/** Payment attempts (ADR 014) and the payment adapter's idempotency ledger. */
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

export type PaymentAttemptStatus = "PENDING" | "SUCCEEDED" | "FAILED";

/**
 * The engine's side of charge idempotency (ADR 014): one row per attempt to take a booking's money.
 * Exactly one caller claims an attempt; the gateway is called with the attempt's idempotency key.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    bookingId: bigint("booking_id", { mode: "number" }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    attempt: integer("attempt").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    paymentType: text("payment_type").notNull(),
    paidViaCredit: boolean("paid_via_credit").notNull().default(false),
    status: text("status").$type<PaymentAttemptStatus>().notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }).notNull(),
    transactionId: text("transaction_id"),
    failureKind: text("failure_kind"),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("payment_attempts_key_idx").on(t.idempotencyKey), index("payment_attempts_booking_idx").on(t.carrierCode, t.bookingId)],
);

/** The payment adapter's own idempotency ledger (key → record), persisted so a retry after a restart replays. */
export const paymentLedger = pgTable("payment_ledger", {
  key: text("key").primaryKey(),
  record: jsonb("record").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
