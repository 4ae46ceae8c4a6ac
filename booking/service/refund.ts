/** Customer service's refunds (ADR 189, ADR 255): what a refund would give back, and the refund itself, once per form key. */
import * as s from "../db/schema";
import * as orders from "../orders/index";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { EngineContext } from "../context";
import type { CarrierContext } from "../domain/carrier";
import { ValidationError } from "../domain/errors";
import { id } from "../domain/inputs";
import { parseInput } from "../domain/validate";
import { recordOrderEvent } from "../records/history";
import { staffActor, type ServiceStaff, staffInput, carrierOrder, type ServiceActionView, actionView, actionBase, earlierAction, record } from "./service";

/** What a refund of `asked` (null: everything left) gives back, or the field's refusal: the one rule of the quote and the refund. */
function refundAmount(order: orders.OrderRow, asked: number | null | undefined): number {
  if (!order.transactionId || order.totalMinor <= 0) throw new ValidationError({ amount_minor: ["REFUND_NOTHING_PAID"] });
  const left = orders.refundableMinor(order);
  const amount = asked ?? left;
  if (amount <= 0 && left > 0) throw new ValidationError({ amount_minor: ["REFUND_AMOUNT_INVALID"] });
  if (amount > left || left <= 0) throw new ValidationError({ amount_minor: ["REFUND_TOO_LARGE"] });
  return amount;
}

const refundQuoteInput = z.object({
  order_ref: id,
  reason: orders.reasonInput,
  amount_minor: z.coerce.number().int().optional().nullable(),
});

export interface RefundQuote {
  amount_minor: number;
  currency: string;
  payment_type: string | null;
  paid_via_credit: boolean;
  reason: string;
}

/**
 * What a refund would give back, checked as the refund checks it, before anything is asked of the
 * gateway (ADR 255): the desk's confirmation states this amount; nothing is recorded or reserved.
 */
export async function refundQuote(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof refundQuoteInput>): Promise<RefundQuote> {
  const data = parseInput(refundQuoteInput, input);
  const order = await carrierOrder(ctx.db, carrier, data.order_ref);
  return {
    amount_minor: refundAmount(order, data.amount_minor),
    currency: order.currency,
    payment_type: order.paymentType,
    paid_via_credit: order.paidViaCredit,
    reason: data.reason,
  };
}

const refundInput = actionBase.extend({
  /** Minor units; absent: everything that is left. */
  amount_minor: z.coerce.number().int().optional().nullable(),
});

export interface RefundOutcome {
  action: ServiceActionView;
  /** The gateway's refusal, when it refused (the reserved amount is released). */
  message: string | null;
}

/**
 * Gives back some or all of what is left of the payment through the payment port. The amount is
 * reserved on the order under its row lock before the gateway is asked, so two presses (or two
 * people) together never refund more than was paid; the same form's key twice refunds once (the
 * gateway gets the action's own idempotency key too). A refusal releases the reservation.
 */
export async function refundOrder(ctx: EngineContext, carrier: CarrierContext, staff: ServiceStaff, input: z.input<typeof refundInput>): Promise<RefundOutcome> {
  const who = parseInput(staffInput, staff, "staff");
  const data = parseInput(refundInput, input);
  const claim = await ctx.db.transaction(async (tx) => {
    const order = await carrierOrder(tx, carrier, data.order_ref, true);
    const earlier = await earlierAction(tx, carrier, data.request_key);
    if (earlier) return { earlier };
    const amount = refundAmount(order, data.amount_minor);
    const entry = await record(tx, carrier, { order, action: "refund", staff: who, reason: data.reason, key: data.request_key, amountMinor: amount, state: "pending" });
    await tx
      .update(s.orders)
      .set({ refundedMinor: sql`${s.orders.refundedMinor} + ${amount}`, updatedAt: ctx.clock.now() })
      .where(eq(s.orders.id, order.id));
    return { order, entry, amount };
  });
  if ("earlier" in claim) return { action: claim.earlier!, message: null };
  const { order, entry, amount } = claim;
  // A pay-later order's transaction is the pay-later provider's order (ADR 024).
  const provider = order.paidViaCredit ? ctx.payLater : ctx.payments;
  const result = await provider
    .refund({ transactionId: order.transactionId!, amountMinor: amount, idempotencyKey: `service-refund:${carrier.code}:${entry.id}`, carrierCode: carrier.code })
    .catch((error: unknown) => ({ ok: false as const, refundId: undefined, message: error instanceof Error ? error.message : String(error) }));
  const now = ctx.clock.now();
  const actor = staffActor(who);
  const done = await ctx.db.transaction(async (tx) => {
    // The order's row first, as every writer of the order takes it (the full refund's close takes the booking's and the hold's after it).
    await tx.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.id, order.id)).for("update");
    if (result.ok) {
      const [updated] = await tx
        .update(s.orders)
        .set({ refundId: result.refundId ?? null, updatedAt: now })
        .where(eq(s.orders.id, order.id))
        .returning();
      if (updated && updated.refundedMinor >= updated.totalMinor) await tx.update(s.orders).set({ refundStatus: "REFUNDED" }).where(eq(s.orders.id, order.id));
      await orders.recordRefund(tx, ctx, carrier, order, { key: String(entry.id), amountMinor: amount, actor, reason: data.reason, refundId: result.refundId ?? null });
    } else {
      await tx
        .update(s.orders)
        .set({ refundedMinor: sql`${s.orders.refundedMinor} - ${amount}`, updatedAt: now })
        .where(eq(s.orders.id, order.id));
      await recordOrderEvent(tx, {
        carrierCode: carrier.code,
        orderId: order.id,
        orderRef: order.orderRef,
        kind: "refund_failed",
        actor,
        key: `refund-failed:${entry.id}`,
        at: now,
        amountMinor: amount,
        details: { reason: data.reason, message: result.message ?? null },
      });
    }
    const [row] = await tx
      .update(s.serviceActions)
      .set({
        state: result.ok ? "done" : "failed",
        details: result.ok ? { refund_id: result.refundId ?? null } : { message: result.message ?? null },
        updatedAt: now,
      })
      .where(eq(s.serviceActions.id, entry.id))
      .returning();
    return row!;
  });
  return { action: actionView(done), message: result.ok ? null : (result.message ?? "") };
}

/** Runs an order operation for the customer once per form key and records it; the operation's own rules and messages apply. */
