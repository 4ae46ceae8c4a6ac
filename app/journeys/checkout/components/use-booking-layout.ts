import { useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
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
  const seen = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (actionData === undefined || actionData === seen.current) return;
    seen.current = actionData;
    setKept(actionData);
  }, [actionData]);
  useEffect(() => {
    if (navigation.state === "submitting") setKept(undefined);
  }, [navigation.state]);
  return actionData ?? kept;
}
