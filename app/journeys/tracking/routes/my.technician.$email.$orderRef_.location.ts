import { type LoaderFunctionArgs } from "@remix-run/node";
import { TooManyAttemptsError } from "~/booking.server";
import { handleError } from "~/lib/errors/errors.server";
import { loadManageContext } from "~/lib/order-access/manage.server";
import { loadTracking } from "~/journeys/tracking/tracking.server";

/** The tracking page's live updates: polled every few seconds (works behind any load balancer). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await loadManageContext(request, context);
  try {
    const tracking = await loadTracking(ctx, { email: params.email ?? "", order_ref: params.orderRef ?? "" });
    return Response.json(tracking, { headers: { "Cache-Control": "no-store" } });
  } catch (thrown) {
    const { error } = handleError(thrown, "manage.tracking");
    const headers: Record<string, string> = { "Cache-Control": "no-store" };
    if (error instanceof TooManyAttemptsError) headers["Retry-After"] = String(error.retryAfterSeconds);
    return Response.json({ error: error.toJSON() }, { status: error.status, headers });
  }
}
