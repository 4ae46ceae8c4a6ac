/** The customer adds a device's IMEI (or serial number). */
import { data } from "@remix-run/node";
import { guarded, manageErrorResponse, manageHeaders, rememberOrder, type ManageActionResult } from "~/lib/order-access/manage.server";
import { text, type ChangePost } from "./change.server";
import { flashToast } from "~/lib/toast.server";

export async function addDeviceImei({ ctx, lookup, form }: ChangePost) {
  const deviceId = Number(text(form, "device_id"));
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
