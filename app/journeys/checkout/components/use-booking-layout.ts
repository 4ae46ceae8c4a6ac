import { useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { loader as bookingLayoutLoader } from "~/routes/booking";

/** The /booking layout's data (carrier money style, appliance variant, add-device path). */
export function useBookingLayout() {
  const layout = useRouteLoaderData<typeof bookingLayoutLoader>("routes/booking");
  if (!layout) throw new Error("booking pages render inside the /booking layout");
  return layout;
}

/**
 * The action's answer, kept on screen until the next submission.
 *
 * Its flashed toast needs nothing here: the root revalidates after every post, also one answered
 * 4xx (`shouldRevalidate` in root.tsx), and that one revalidation hands the toast to the toaster.
 * This hook used to revalidate once more for each new answer; the router commits an action's answer
 * while the post's own revalidation is still on its way, so that second revalidation aborted the
 * first after the server had already taken the toast from its cookie, and the toast was lost
 * (ADR 127).
 */
export function useActionAnswer<T extends object>(actionData: T | undefined): T | undefined {
  const navigation = useNavigation();
  const [kept, setKept] = useState<T | undefined>(actionData);
  // Adjusted while rendering (React's "adjusting state when a prop changes"): a new answer is kept,
  // a new submission drops it; in this order, each also on the first render.
  const [seen, setSeen] = useState<T | undefined>(undefined);
  if (actionData !== undefined && actionData !== seen) {
    setSeen(actionData);
    setKept(actionData);
  }
  const [navigationState, setNavigationState] = useState<string | null>(null);
  if (navigationState !== navigation.state) {
    setNavigationState(navigation.state);
    if (navigation.state === "submitting") setKept(undefined);
  }
  return actionData ?? kept;
}
