/** The customer changes the address the repair happens at. */
import { data, redirect } from "@remix-run/node";
import { parseAddressForm } from "~/journeys/manage/address-form";
import { manageBookingPath } from "~/lib/order-access/lookup-form";
import { guarded, manageErrorResponse, manageHeaders, rememberOrder, type ManageActionResult } from "~/lib/order-access/manage.server";
import type { ChangePost } from "./change.server";
import { flashToast } from "~/lib/toast.server";

export async function changeBookingAddress({ ctx, lookup, form }: ChangePost) {
  const address = parseAddressForm(form);
  if (!address.ok) {
    return data({ ok: false, intent: "address", fields: address.fields, values: address.values } satisfies ManageActionResult, { status: 400, headers: manageHeaders() });
  }
  const values = Object.fromEntries(Object.entries(address.address).map(([k, v]) => [k, v === null ? "" : String(v)]));
  try {
    await guarded(ctx, lookup, () => ctx.engine.orders.changeOrderAddress(ctx.carrier, lookup, address.address));
  } catch (error) {
    return manageErrorResponse(ctx, error, "address", lookup, { values });
  }
  rememberOrder(ctx, lookup, "address");
  flashToast({ type: "success", key: "manage.toasts.addressUpdated" });
  return redirect(manageBookingPath(lookup), { headers: manageHeaders() });
}
