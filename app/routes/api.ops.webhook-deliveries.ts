import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getEngine } from "~/booking.server";
import { env } from "~/env.server";
import { handleError } from "~/lib/errors/errors.server";
import { verifyWebhookSignature } from "~/lib/webhook-signature.server";

const carrier = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(100);

const listQuery = z.object({
  carrier,
  endpoint: z.string().min(1).max(64).optional(),
  state: z.enum(["pending", "sending", "sent", "failed", "dead", "skipped"]).optional(),
});

const redeliverQuery = z.object({ carrier, id: z.coerce.number().int().positive() });

/** Signed like the CMS webhook and the bookings count (ADR 079): HMAC of "<path>?<query>" with CMS_WEBHOOK_SECRET. */
function signed(request: Request): URL | null {
  const url = new URL(request.url);
  return verifyWebhookSignature(`${url.pathname}${url.search}`, request.headers.get("x-webhook-signature"), env().CMS_WEBHOOK_SECRET) ? url : null;
}

/**
 * Issue 23 item 7 (ADR 181): a carrier's webhook deliveries, newest first, for the CMS to show
 * operations per endpoint: state, tries, last HTTP status or error, next try.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = signed(request);
  if (!url) return Response.json({ error: "invalid signature" }, { status: 401 });
  const parsed = listQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return Response.json({ error: "carrier is required; endpoint and state are optional" }, { status: 400 });
  const { carrier: carrierCode, endpoint, state } = parsed.data;
  const deliveries = await (await getEngine()).webhooks.listDeliveries({ carrierCode, endpointId: endpoint ?? null, state: state ?? null });
  return Response.json({ deliveries });
}

/** POST ?carrier=&id=: a dead (or failed) delivery of that carrier is sent again now (404 otherwise). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "POST only" }, { status: 405 });
  const url = signed(request);
  if (!url) return Response.json({ error: "invalid signature" }, { status: 401 });
  const parsed = redeliverQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return Response.json({ error: "carrier and id are required" }, { status: 400 });
  try {
    await (await getEngine()).webhooks.redeliver({ id: parsed.data.id, carrierCode: parsed.data.carrier });
    return Response.json({ redelivered: parsed.data.id });
  } catch (error) {
    // The §8 table's place (ADR 044): no such dead delivery of the carrier is a 404; anything else is rethrown.
    handleError(error, "operations.webhook-redeliver");
    return Response.json({ error: "no dead or failed delivery with that id for the carrier" }, { status: 404 });
  }
}
