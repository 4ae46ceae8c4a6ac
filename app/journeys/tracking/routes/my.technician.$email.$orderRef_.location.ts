import { type LoaderFunctionArgs } from "@remix-run/node";
import { TooManyAttemptsError } from "~/booking.server";
import { handleError } from "~/lib/errors/errors.server";
import { loadManageContext } from "~/lib/order-access/manage.server";
import { loadTracking } from "~/journeys/tracking/tracking.server";
import { lookupFromPath } from "~/lib/order-access/lookup-link.server";

/** The tracking page's live updates: polled every few seconds (works behind any load balancer). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await loadManageContext(request, context);
  const lookup = lookupFromPath(params);
  // A link that is not whole (a control character, an empty or over-long part): said so, no lookup made.
  if (!lookup)
    return Response.json(
      { error: { code: "INVALID_LINK", messages: ["This tracking link is incomplete or has been changed."] } },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  try {
    const tracking = await loadTracking(ctx, lookup);
    return Response.json(tracking, { headers: { "Cache-Control": "no-store" } });
  } catch (thrown) {
    const { error } = handleError(thrown, "manage.tracking");
    const headers: Record<string, string> = { "Cache-Control": "no-store" };
    if (error instanceof TooManyAttemptsError) headers["Retry-After"] = String(error.retryAfterSeconds);
    return Response.json({ error: error.toJSON() }, { status: error.status, headers });
  }
}
