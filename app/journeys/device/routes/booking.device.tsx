import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { deviceEntryPath } from "~/journeys/device/flow";
import { requireCarrier } from "~/tenant/tenant.server";
import { DEVICE_NAMESPACES } from "~/i18n/namespaces";

export const handle = { i18n: DEVICE_NAMESPACES };

/**
 * /booking/device (spec §2: redirects to device/make; §4: single-make carriers go to the device
 * type of their make). It is also the parent of the device steps, which render in its outlet.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.pathname.replace(/\/+$/, "") === "/booking/device") {
    const carrier = await requireCarrier(request);
    throw redirect(deviceEntryPath(carrier, url.searchParams.get("device")));
  }
  return null;
}

export default function DeviceSteps() {
  return <Outlet />;
}
