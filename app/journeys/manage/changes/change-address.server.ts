/** The customer changes the address the repair happens at. */
import { data, redirect } from "@remix-run/node";
import { parseAddressForm, type AddressValues } from "~/journeys/manage/address-form";
import { manageBookingPath } from "~/lib/order-access/lookup-form";
import { guarded, manageErrorResponse, manageHeaders, rememberOrder, type ManageActionResult } from "~/lib/order-access/manage.server";
import type { ChangePost } from "./change.server";
import { flashToast } from "~/lib/toast.server";
import { refusedFields, withRefusedFieldErrors } from "~/lib/http/form.server";

export async function changeBookingAddress({ ctx, lookup, form }: ChangePost) {
  const address = parseAddressForm(form);
  // A pasted control character: that line's error, the other lines as typed (ADR 231).
  if (!address.ok || refusedFields(form).length) {
    const fields = withRefusedFieldErrors(form, address.ok ? {} : address.fields, "manage.address.errors.unsupportedCharacters");
    const values = address.ok ? addressValues(form) : address.values;
    return data({ ok: false, intent: "address", fields, values } satisfies ManageActionResult, { status: 400, headers: manageHeaders() });
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

/** What the form holds, as typed (its refused characters already removed by `readForm`). */
function addressValues(form: FormData): AddressValues {
  const value = (name: string) => {
    const entry = form.get(name);
    return typeof entry === "string" ? entry : "";
  };
  return { line_1: value("line_1"), line_2: value("line_2"), town: value("town"), postcode: value("postcode"), latitude: value("latitude"), longitude: value("longitude") };
}
