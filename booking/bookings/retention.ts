/**
 * Abandoned drafts (issue 25 item 3, ADR 193). A draft booking that has not changed for its
 * carrier's retention (`draft_retention_days`, the CMS carrier field `draftRetentionDays`, copied
 * onto the draft at every change) is deleted with what hangs off it: its devices (IMEI, proof file
 * key), its capacity hold and its discount reservation. Its personal data (name, e-mail, phone,
 * address, billing address) lives on these rows, so it goes with them.
 *
 * Never touched: a booking that became an order or is being paid (`checkout_status` other than
 * PENDING, an `order_ref`, an `orders` row), one with a payment attempt (the ledger keeps its
 * booking), and one on the waiting list (its entry resumes that very booking; the waiting list
 * ends it).
 */
import { and, eq, exists, inArray, isNull, lt, not, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";

/** Drafts one batch deletes at most; a pass runs batches until none is left. */
export const DRAFT_PURGE_BATCH = 500;

const b = s.bookings;

/** The drafts past their retention at `now`, locked, skipping any a visitor holds right now. */
function abandonedBefore(now: Date) {
  return and(
    eq(b.checkoutStatus, "PENDING"),
    isNull(b.orderRef),
    lt(b.updatedAt, sql`${now.toISOString()}::timestamptz - make_interval(days => ${b.draftRetentionDays})`),
    not(exists(sql`(select 1 from ${s.orders} where ${s.orders.bookingId} = ${b.id})`)),
    not(exists(sql`(select 1 from ${s.paymentAttempts} where ${s.paymentAttempts.bookingId} = ${b.id})`)),
    not(exists(sql`(select 1 from ${s.waitingList} where ${s.waitingList.bookingId} = ${b.id})`)),
  );
}

/** Deletes one batch of abandoned drafts and what belongs to them; the number deleted. */
async function purgeBatch(db: DbOrTx, now: Date, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: b.id }).from(b).where(abandonedBefore(now)).limit(batch).for("update", { skipLocked: true });
    const ids = rows.map((row) => row.id);
    if (!ids.length) return 0;
    await tx.delete(s.bookingDevices).where(inArray(s.bookingDevices.bookingId, ids));
    await tx.delete(s.capacityHolds).where(inArray(s.capacityHolds.bookingId, ids));
    await tx.delete(s.discountCodeReservations).where(inArray(s.discountCodeReservations.bookingId, ids));
    await tx.delete(b).where(inArray(b.id, ids));
    return ids.length;
  });
}

/** Deletes every draft past its carrier's retention at `now`, in batches; the number deleted. */
export async function purgeAbandonedDrafts(db: DbOrTx, now: Date, batch = DRAFT_PURGE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const purged = await purgeBatch(db, now, batch);
    total += purged;
    if (purged < batch) return total;
  }
}
