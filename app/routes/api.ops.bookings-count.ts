import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getEngine } from "~/booking.server";
import { getCarriers } from "~/content/content.server";
import { env } from "~/env.server";
import { handleError } from "~/lib/errors/errors.server";
import { verifyWebhookSignature } from "~/lib/webhook-signature.server";

const query = z.object({
  carrier: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(100),
  area: z.string().max(60).optional(),
  dates: z
    .string()
    .max(4000)
    .optional()
    .transform((value) => (value === undefined ? undefined : value.split(",").filter(Boolean))),
});

/**
 * Issue 9 item 7: the CMS asks, before a service area is removed or days are closed, how many bookings
 * that touches, so it can warn with the count. Signed like the CMS webhook: HMAC of "<path>?<query>".
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!verifyWebhookSignature(`${url.pathname}${url.search}`, request.headers.get("x-webhook-signature"), env().CMS_WEBHOOK_SECRET)) {
    return Response.json({ error: "invalid signature" }, { status: 401 });
  }
  const parsed = query.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success || (parsed.data.area === undefined) === (parsed.data.dates === undefined)) {
    return Response.json({ error: "carrier and either area or dates (YYYY-MM-DD,…) are required" }, { status: 400 });
  }
  const carrier = (await getCarriers()).find((candidate) => candidate.code === parsed.data.carrier);
  if (!carrier) return Response.json({ error: "unknown carrier" }, { status: 404 });
  const scope = parsed.data.area !== undefined ? { area: parsed.data.area } : { dates: parsed.data.dates! };
  try {
    return Response.json({ count: await (await getEngine()).operations.countAffectedBookings(carrier, scope) });
  } catch (error) {
    // The §8 table's place (ADR 044): a refused area or dates is the CMS's bad request; anything else is rethrown.
    handleError(error, "operations.bookings-count");
    return Response.json({ error: "invalid area or dates" }, { status: 400 });
  }
}
