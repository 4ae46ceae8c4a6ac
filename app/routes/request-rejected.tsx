/**
 * Where the Express request guard (app/lib/http/request-guard.ts) re-routes a post it refused:
 * foreign origin (403), unsupported content type (415) or too large a body (413). Throwing the
 * status here lets the route's ErrorBoundary render the carrier's branded page; the body is never read.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requestError } from "~/lib/http/form.server";
import { REJECTION_HEADER, type RejectionCode } from "~/lib/http/request-guard";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

const CODES: readonly RejectionCode[] = ["FOREIGN_ORIGIN", "UNSUPPORTED_MEDIA_TYPE", "BODY_TOO_LARGE"];

/** Only the guard sets the header (it removes a client's own); without it this is no refusal. */
function refusal(request: Request): Response {
  const code = request.headers.get(REJECTION_HEADER) as RejectionCode | null;
  return code && CODES.includes(code) ? requestError(code) : new Response("Not found", { status: 404 });
}

/** A refused page post arrives here as a read, so its body is never opened. */
export function loader({ request }: LoaderFunctionArgs) {
  throw refusal(request);
}

/** A refused fetcher post (single fetch) expects an action's answer. */
export function action({ request }: ActionFunctionArgs) {
  throw refusal(request);
}

/** A page route (not a resource route), so the thrown status renders the ErrorBoundary. */
export default function RequestRejected() {
  return null;
}
