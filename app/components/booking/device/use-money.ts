import { useRouteLoaderData } from "@remix-run/react";
import { formatMoney } from "~/lib/money";
import type { loader as bookingLayoutLoader } from "~/routes/booking";

/** Formats minor units the carrier's way (spec §5: 2 decimals, 0 and the symbol after for DE) with the layout's money style. */
export function useMoney(): (minor: number) => string {
  const layout = useRouteLoaderData<typeof bookingLayoutLoader>("routes/booking");
  return (minor: number) => (layout ? formatMoney(minor, layout.money.currency, layout.money) : String(minor));
}

/** Whether this carrier words the flow for appliances (spec: 'Appliance' instead of 'Devices'). */
export function useApplianceVariant(): boolean {
  return useRouteLoaderData<typeof bookingLayoutLoader>("routes/booking")?.applianceVariant ?? false;
}
