import { useRouteLoaderData } from "@remix-run/react";
import { formatMoney } from "~/lib/money";
import type { loader as bookingLayoutLoader } from "~/routes/booking";

/**
 * Formats minor units the carrier's way (spec §5: 2 decimals, DE `99 €`): binds lib/money.ts to the
 * carrier's currency and locale from the /booking layout.
 */
export function useMoney(): (minor: number) => string {
  const layout = useRouteLoaderData<typeof bookingLayoutLoader>("routes/booking");
  if (!layout) throw new Error("money is shown inside the /booking layout");
  const { money } = layout;
  return (minor: number) => formatMoney(minor, money.currency, money);
}
