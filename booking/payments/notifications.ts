/**
 * Payment notifications recorded against the order (issue 5 item 9, ADR 027): a provider's verified
 * webhook (a dispute, a settlement change) is stored in the engine's payment ledger under
 * `webhook:dispute:<dispute id>` or `webhook:settlement:<transaction id>`, with the order it
 * concerns (found by the order's transaction id, among the carriers the merchant account serves).
 *
 * Deliveries come at least once and in any order: a notification older than the one already
 * recorded for its subject is ignored, and the same notification delivered again changes nothing.
 * Both are decided inside one conditional upsert, so two deliveries racing cannot undo each other.
 */
import { and, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { EngineContext } from "../context";
import { queryRows } from "../db/open";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import type { NotificationScope, PaymentNotification } from "../ports/payment-notifications";

export type NotificationOutcome =
  /** Recorded: the subject's state is now this notification's. */
  | "applied"
  /** An older notification than the one recorded for the subject: ignored. */
  | "out_of_order"
  /** The same notification again (a retried delivery): ignored. */
  | "duplicate"
  /** A kind the engine does not record (the provider's check ping, subscriptions …). */
  | "ignored";

export interface PaymentEventHistoryEntry {
  kind: string;
  status: string;
  notifiedAt: string;
  receivedAt: string;
}

/** What the ledger holds per dispute or per sale's settlement. */
export interface PaymentEventRecord {
  type: "dispute" | "settlement";
  provider: string;
  /** null while no order of the merchant's carriers has this transaction (recorded for staff all the same). */
  carrierCode: string | null;
  orderRef: number | null;
  transactionId: string;
  disputeId: string | null;
  /** The latest notification's kind and status. */
  kind: string;
  status: string;
  reason: string | null;
  disputeKind: string | null;
  amountMinor: number | null;
  currency: string | null;
  replyByDate: string | null;
  /** The provider's timestamp of the latest notification applied (ISO 8601, UTC). */
  notifiedAt: string;
  /** Every notification applied, oldest first. */
  history: PaymentEventHistoryEntry[];
}

export interface RecordedNotification {
  outcome: NotificationOutcome;
  key: string | null;
  orderRef: number | null;
  carrierCode: string | null;
}

const KEY_PREFIX = "webhook:";

export function notificationKey(notification: PaymentNotification): string | null {
  const subject = notification.subject;
  if (subject.type === "dispute") return `${KEY_PREFIX}dispute:${subject.id}`;
  if (subject.type === "transaction") return `${KEY_PREFIX}settlement:${subject.id}`;
  return null;
}

/** The order paid with this transaction, among the carriers the merchant account serves (card and PayPal orders). */
async function orderForTransaction(ctx: EngineContext, transactionId: string, scope: NotificationScope) {
  const conditions: SQL[] = [eq(s.orders.transactionId, transactionId), eq(s.orders.paidViaCredit, false)];
  if (scope.carrierCodes) conditions.push(inArray(s.orders.carrierCode, scope.carrierCodes.length ? scope.carrierCodes : [""]));
  if (scope.excludeCarrierCodes?.length) conditions.push(notInArray(s.orders.carrierCode, scope.excludeCarrierCodes));
  const rows = await ctx.db
    .select({ carrierCode: s.orders.carrierCode, orderRef: s.orders.orderRef })
    .from(s.orders)
    .where(and(...conditions))
    .limit(2);
  // Two carriers' orders with one transaction id cannot both be this merchant's sale: record it unmatched.
  return rows.length === 1 ? rows[0]! : null;
}

/**
 * Records a verified notification. Disputes and settlement changes are kept per subject; an older
 * or repeated delivery is ignored (the answer says which), so the provider's retries are harmless.
 */
export async function recordPaymentNotification(ctx: EngineContext, notification: PaymentNotification, scope: NotificationScope = {}): Promise<RecordedNotification> {
  const key = notificationKey(notification);
  const subject = notification.subject;
  if (!key || (subject.type !== "dispute" && subject.type !== "transaction")) return { outcome: "ignored", key: null, orderRef: null, carrierCode: null };
  const transactionId = subject.type === "dispute" ? subject.transactionId : subject.id;
  const order = await orderForTransaction(ctx, transactionId, scope);
  const notifiedAt = notification.occurredAt.toISOString();
  const record: PaymentEventRecord = {
    type: subject.type === "dispute" ? "dispute" : "settlement",
    provider: notification.provider,
    carrierCode: order?.carrierCode ?? null,
    orderRef: order?.orderRef ?? null,
    transactionId,
    disputeId: subject.type === "dispute" ? subject.id : null,
    kind: notification.kind,
    status: subject.status,
    reason: subject.type === "dispute" ? subject.reason : null,
    disputeKind: subject.type === "dispute" ? subject.disputeKind : null,
    amountMinor: subject.amountMinor,
    currency: subject.currency,
    replyByDate: subject.type === "dispute" ? subject.replyByDate : null,
    notifiedAt,
    history: [{ kind: notification.kind, status: subject.status, notifiedAt, receivedAt: ctx.clock.now().toISOString() }],
  };
  // Newer than what is recorded (or a different notification of the same second): applied, its
  // history appended. Older, or the very same one again: the row is left as it is.
  const applied = await queryRows<{ key: string }>(
    ctx.db,
    sql`insert into payment_ledger (key, record) values (${key}, ${JSON.stringify(record)}::jsonb)
        on conflict (key) do update
          set record = excluded.record || jsonb_build_object(
                'history', coalesce(payment_ledger.record->'history', '[]'::jsonb) || (excluded.record->'history'),
                'orderRef', coalesce(nullif(excluded.record->'orderRef', 'null'::jsonb), payment_ledger.record->'orderRef', 'null'::jsonb),
                'carrierCode', coalesce(nullif(excluded.record->'carrierCode', 'null'::jsonb), payment_ledger.record->'carrierCode', 'null'::jsonb)),
              updated_at = now()
          where (payment_ledger.record->>'notifiedAt') < (excluded.record->>'notifiedAt')
             or ((payment_ledger.record->>'notifiedAt') = (excluded.record->>'notifiedAt')
                 and (payment_ledger.record->>'kind') is distinct from (excluded.record->>'kind'))
        returning key`,
  );
  if (applied.length) return { outcome: "applied", key, orderRef: record.orderRef, carrierCode: record.carrierCode };
  const [existing] = await ctx.db.select({ record: s.paymentLedger.record }).from(s.paymentLedger).where(eq(s.paymentLedger.key, key));
  const current = existing?.record as PaymentEventRecord | undefined;
  const outcome: NotificationOutcome = current && current.notifiedAt === notifiedAt && current.kind === notification.kind ? "duplicate" : "out_of_order";
  return { outcome, key, orderRef: current?.orderRef ?? record.orderRef, carrierCode: current?.carrierCode ?? record.carrierCode };
}

export interface OrderPaymentEvents {
  disputes: PaymentEventRecord[];
  settlement: PaymentEventRecord | null;
}

/** The disputes and the settlement state recorded against an order (staff views and tests). */
export async function orderPaymentEvents(ctx: EngineContext, carrier: CarrierContext, orderRef: number | string): Promise<OrderPaymentEvents> {
  const rows = await ctx.db
    .select({ key: s.paymentLedger.key, record: s.paymentLedger.record })
    .from(s.paymentLedger)
    .where(
      and(
        sql`${s.paymentLedger.key} like ${`${KEY_PREFIX}%`}`,
        sql`${s.paymentLedger.record}->>'carrierCode' = ${carrier.code}`,
        sql`${s.paymentLedger.record}->>'orderRef' = ${String(Number(orderRef))}`,
      ),
    );
  const records = rows.map((row) => row.record as PaymentEventRecord);
  return {
    disputes: records.filter((record) => record.type === "dispute").sort((a, b) => a.notifiedAt.localeCompare(b.notifiedAt)),
    settlement: records.find((record) => record.type === "settlement") ?? null,
  };
}
