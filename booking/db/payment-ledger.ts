/**
 * The payment adapter's idempotency ledger persisted in Postgres (ADR 014): key → JSON record, insert
 * or replace. Passed to the payment adapter (`createSandboxGateway({ ledger })`) so that a charge
 * retried after a restart finds the first result under its idempotency key and is not made twice.
 * Writes autocommit on their own: the engine never calls the gateway inside a transaction.
 */
import { sql } from "drizzle-orm";
import type { BookingDatabase } from "./open";
import { ledgerRecordStatement } from "./prepared";
import { paymentLedger } from "./schema";

export interface JsonLedger<T> {
  get(key: string): Promise<T | null>;
  put(key: string, record: T): Promise<void>;
  /** Several records in one statement, all or none (ADR 227: a sale and its transaction). */
  putAll(records: readonly (readonly [string, T])[]): Promise<void>;
}

export function createPaymentLedger<T = unknown>(db: BookingDatabase): JsonLedger<T> {
  const putAll = async (records: readonly (readonly [string, T])[]) => {
    if (!records.length) return;
    await db
      .insert(paymentLedger)
      .values(records.map(([key, record]) => ({ key, record: record as unknown as Record<string, unknown> })))
      .onConflictDoUpdate({ target: paymentLedger.key, set: { record: sql`excluded.record`, updatedAt: sql`now()` } });
  };
  return {
    async get(key) {
      const [row] = await ledgerRecordStatement(db).execute({ key });
      return (row?.record as T | undefined) ?? null;
    },
    put: (key, record) => putAll([[key, record]]),
    putAll,
  };
}
