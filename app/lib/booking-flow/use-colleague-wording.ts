import { useRouteLoaderData } from "@remix-run/react";
import type { loader as bookingLayoutLoader } from "~/routes/booking";

/**
 * In in-store mode (ADR 101) the booking pages address the store colleague: i18next's `context`
 * option picks a string's `<key>_colleague` variant ('What is the customer's address?') and falls
 * back to the customer's wording where a string has none.
 */
export function useColleagueWording(): { context?: "colleague" } {
  const layout = useRouteLoaderData<typeof bookingLayoutLoader>("routes/booking");
  return layout?.inStore ? { context: "colleague" } : {};
}
