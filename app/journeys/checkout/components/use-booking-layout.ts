import { useNavigation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { loader as bookingLayoutLoader } from "~/routes/booking";

/** The /booking layout's data (carrier money style, appliance variant, add-device path). */
export function useBookingLayout() {
  const layout = useRouteLoaderData<typeof bookingLayoutLoader>("routes/booking");
  if (!layout) throw new Error("booking pages render inside the /booking layout");
  return layout;
}

/**
 * The action's answer, kept on screen, and its flashed toast shown now.
 *
 * An action that answers 4xx keeps the page (the form shows its error) and, with single fetch,
 * revalidates no loader, so the toast it flashed into the session would wait for the next page.
 * Revalidating once per new answer lets the root loader hand the toast to the toaster now; a
 * revalidation clears the action data, so the answer is kept here until the next submission.
 */
export function useActionAnswer<T extends object>(actionData: T | undefined, flashedToast: (answer: NoInfer<T>) => boolean): T | undefined {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const [kept, setKept] = useState<T | undefined>(actionData);
  const seen = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (actionData === undefined || actionData === seen.current) return;
    seen.current = actionData;
    setKept(actionData);
    if (flashedToast(actionData)) revalidate();
  }, [actionData, flashedToast, revalidate]);
  useEffect(() => {
    if (navigation.state === "submitting") setKept(undefined);
  }, [navigation.state]);
  return actionData ?? kept;
}
