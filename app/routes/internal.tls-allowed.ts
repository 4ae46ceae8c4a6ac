import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getCarriers, refreshCarriersAfterMiss } from "~/content/content.server";
import { certifiableDomain } from "~/lib/ops/domain-name";
import { ContentUnavailableError } from "~/content/strapi.server";
import { requestHost } from "~/tenant/tenant.server";
import { resolveTenant } from "~/tenant/resolve";

const query = z.object({ domain: certifiableDomain });

const answer = (status: number, body: string) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * The reverse proxy's `ask` (ADR 103): Caddy's on-demand TLS asks, before it gets a certificate for a
 * name it was sent, whether the name is one of a carrier's domains in the CMS. 200 yes, 404 no, 400
 * for what is no domain, 503 while the carrier list cannot be read. Reached only from the proxy: the
 * app publishes no port, the Caddyfile answers 404 for /internal/ on every site, and a request that
 * arrives on a carrier's own host is refused here too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return answer(400, parsed.error.issues.map((issue) => issue.message).join("; "));
  const domain = parsed.data.domain;
  try {
    let carriers = await getCarriers();
    if (resolveTenant(requestHost(request), carriers).carrier) return answer(404, "Not found");
    const owns = (list: typeof carriers) => list.some((carrier) => carrier.domains.includes(domain));
    // A domain added in the CMS a moment ago, before its webhook arrived: the list is read again (rate-limited).
    if (!owns(carriers)) carriers = (await refreshCarriersAfterMiss().catch(() => null)) ?? carriers;
    return owns(carriers) ? answer(200, "ok") : answer(404, "Not a carrier's domain");
  } catch (error) {
    if (error instanceof ContentUnavailableError) return answer(503, "Carrier list unavailable");
    throw error;
  }
}
