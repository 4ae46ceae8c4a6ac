/** The customer adds a device's IMEI (or serial number). */
import { data } from "@remix-run/node";
import { guarded, manageErrorResponse, manageHeaders, rememberOrder, type ManageActionResult } from "~/lib/order-access/manage.server";
import { refusedFieldFailure, text, type ChangePost } from "./change.server";
import { flashToast } from "~/lib/toast.server";

export async function addDeviceImei({ ctx, lookup, form }: ChangePost) {
  const deviceId = Number(text(form, "device_id"));
  // A pasted control character: the field's error, the IMEI as typed without it (ADR 231).
  const refused = refusedFieldFailure(form, "imei", "imei", "field");
  if (refused) {
    return data({ ok: false, intent: "imei", deviceId, failure: refused, values: { imei: text(form, "imei") } } satisfies ManageActionResult, {
      status: 400,
      headers: manageHeaders(),
    });
  }
  try {
    const device = await guarded(ctx, lookup, () =>
      ctx.engine.orders.setOrderDeviceImei(ctx.carrier, { device_id: deviceId, email: lookup.email, imei: text(form, "imei"), customer_update: true }),
    );
    rememberOrder(ctx, lookup, "imei");
    flashToast({ type: "success", key: device.identifier === "serial" ? "manage.toasts.serialAdded" : "manage.toasts.imeiAdded" });
    return data({ ok: true, intent: "imei", deviceId } satisfies ManageActionResult, { headers: manageHeaders() });
  } catch (error) {
    return manageErrorResponse(ctx, error, "imei", lookup, { deviceId, values: { imei: text(form, "imei") } });
  }
}
