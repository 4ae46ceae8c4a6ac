import type { TechnicianTracking } from "~/booking.server";
import type { LookupForm } from "~/lib/order-access/lookup-form";
import { guarded, type ManageContext } from "~/lib/order-access/manage.server";

/** The order's tracking, behind the lookup throttle (the page's URL is an e-mail and a reference). */
export function loadTracking(ctx: ManageContext, lookup: LookupForm): Promise<TechnicianTracking> {
  return guarded(ctx, lookup, () => ctx.engine.orders.trackTechnician(ctx.carrier, lookup));
}
