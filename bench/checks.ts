/**
 * What the booking benches count in the database after a run, not trusting any answer the clients
 * got (issue 25 item 2): area-days holding more orders than their capacity (the area's active
 * technicians × the roster's windows, or the area's own number), and bookings charged twice (two
 * orders, two succeeded payment attempts, or two sandbox sales for one booking).
 */
import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../booking/db/open";

export interface DatabaseChecks {
  orders: number;
  /** Area-days with at least one order. */
  days: number;
  overbookedDays: number;
  doubleOrders: number;
  doubleAttempts: number;
  doubleSales: number;
}

/** The checks for one carrier, or for every carrier when `carrierCode` is null. */
export async function countProblems(db: DbOrTx, carrierCode: string | null): Promise<DatabaseChecks> {
  const carrier = carrierCode === null ? sql`true` : sql`h.carrier_code = ${carrierCode}`;
  const [days] = await queryRows<{ days: string; over: string }>(
    db,
    sql`select count(*) as days, count(*) filter (where d.held > d.capacity) as over from (
          select h.carrier_code, h.area_code, h.day, count(*) as held,
                 (select count(*) from technicians t where t.carrier_code = h.carrier_code and t.area_code = h.area_code and t.active)
                   * coalesce(min(a.slots_per_technician_per_day), min(r.slots_per_technician_per_day)) as capacity
            from capacity_holds h
            join carrier_rosters r on r.carrier_code = h.carrier_code
            left join service_areas a on a.carrier_code = h.carrier_code and a.code = h.area_code
           where ${carrier} and h.expires_at is null
             and exists (select 1 from orders o where o.booking_id = h.booking_id)
           group by h.carrier_code, h.area_code, h.day) d`,
  );
  const only = (column: string) => (carrierCode === null ? sql`true` : sql`${sql.identifier(column)} = ${carrierCode}`);
  const [twice] = await queryRows<{ orders: string; total: string; attempts: string; sales: string }>(
    db,
    sql`select
          (select count(*) from orders where ${only("carrier_code")}) as total,
          (select count(*) from (select booking_id from orders where ${only("carrier_code")} group by booking_id having count(*) > 1) o) as orders,
          (select count(*) from (select booking_id from payment_attempts where ${only("carrier_code")} and status = 'SUCCEEDED'
                                  group by booking_id having count(*) > 1) a) as attempts,
          (select count(*) from (select record->'transaction'->>'carrierCode', record->'transaction'->>'orderId' from payment_ledger
                                  where record->>'kind' = 'transaction' and ${carrierCode === null ? sql`true` : sql`record->'transaction'->>'carrierCode' = ${carrierCode}`}
                                  group by 1, 2 having count(*) > 1) s) as sales`,
  );
  return {
    orders: Number(twice!.total),
    days: Number(days!.days),
    overbookedDays: Number(days!.over),
    doubleOrders: Number(twice!.orders),
    doubleAttempts: Number(twice!.attempts),
    doubleSales: Number(twice!.sales),
  };
}

export function describeChecks(checks: DatabaseChecks): string {
  return (
    `${checks.orders} orders on ${checks.days} area-days, ${checks.overbookedDays} area-days over capacity, ` +
    `${checks.doubleOrders} bookings with two orders, ${checks.doubleAttempts} with two succeeded payments, ${checks.doubleSales} with two sandbox sales`
  );
}

export const anyProblem = (checks: DatabaseChecks) => checks.overbookedDays + checks.doubleOrders + checks.doubleAttempts + checks.doubleSales > 0;
