/** The customer moves the booking to another day, giving a reason. */
import { data } from "@remix-run/node";
import { reasonIsEnough } from "~/journeys/manage/change-date";
import { guarded, localFailure, manageErrorResponse, manageHeaders, rememberOrder, type ManageActionResult } from "~/lib/order-access/manage.server";
import { refusedFieldFailure, text, type ChangePost } from "./change.server";

export async function changeBookingDate({ ctx, lookup, form }: ChangePost) {
  const reason = text(form, "reason");
  const refused = refusedFieldFailure(form, "date", "reason");
  if (refused || !reasonIsEnough(reason)) {
    return data({ ok: false, intent: "date", failure: refused ?? localFailure("date", "manage.date.errors.reasonShort") } satisfies ManageActionResult, {
      status: 400,
      headers: manageHeaders(),
    });
  }
  try {
    const changed = await guarded(ctx, lookup, () => ctx.engine.orders.changeOrderDate(ctx.carrier, lookup, { date: text(form, "date"), reason }));
    rememberOrder(ctx, lookup, "date");
    return data({ ok: true, intent: "date", date: changed.order.booking.booking_date } satisfies ManageActionResult, { headers: manageHeaders() });
  } catch (error) {
    return manageErrorResponse(ctx, error, "date", lookup);
  }
}
