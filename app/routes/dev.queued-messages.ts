import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { DomainError, getEngine } from "~/booking.server";
import { notFound } from "~/lib/carrier-routes.server";
import { requireCarrier } from "~/tenant/tenant.server";

/**
 * Development companion of the outbox page (ADR 090, ADR 094): this site's carrier's customer
 * messages still in the scheduler's queue, as JSON with what they carry (recipient, values, an
 * offer's link), e.g. `?kind=waiting-list-offer`. A 404 wherever the outbox page is off.
 */
const queuedQuery = z.object({ kind: z.string().regex(/^[a-z-]{1,40}$/).optional() });

export async function loader({ request }: LoaderFunctionArgs) {
  const carrier = await requireCarrier(request);
  const query = queuedQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw notFound();
  const engine = await getEngine();
  // An unknown kind is refused by the engine's zod check: nothing to show.
  const messages = await engine.listQueuedMessages(carrier, { kind: query.data.kind }).catch((error) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
  if (!messages) throw notFound();
  return data({ messages }, { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } });
}
