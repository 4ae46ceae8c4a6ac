import { z } from "zod";
import type { Engine } from "~/booking.server";
import { handleError } from "~/lib/errors/errors.server";
import { signedRequestUrl } from "~/lib/webhook-signature.server";

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

export interface WebhookDeliveriesDeps {
  engine: () => Promise<Pick<Engine, "webhooks">>;
  /** CMS_WEBHOOK_SECRET: the CMS signs "<path>?<query>" with it, as for the bookings count (ADR 079). */
  secret: string;
}

/**
 * Issue 23 item 7 (ADR 181): `GET ?carrier=&endpoint=&state=` lists a carrier's webhook deliveries,
 * newest first (state, tries, last HTTP status or error, next try); `POST ?carrier=&id=` sends a dead
 * (or failed) delivery of that carrier again now, 404 for any other id. Only the CMS can sign a call.
 */
export async function handleWebhookDeliveries(request: Request, deps: WebhookDeliveriesDeps): Promise<Response> {
  const url = signedRequestUrl(request, deps.secret);
  if (!url) return Response.json({ error: "invalid signature" }, { status: 401 });
  const params = Object.fromEntries(url.searchParams);
  if (request.method === "GET") {
    const parsed = listQuery.safeParse(params);
    if (!parsed.success) return Response.json({ error: "carrier is required; endpoint and state are optional" }, { status: 400 });
    const { carrier: carrierCode, endpoint, state } = parsed.data;
    return Response.json({ deliveries: await (await deps.engine()).webhooks.listDeliveries({ carrierCode, endpointId: endpoint ?? null, state: state ?? null }) });
  }
  if (request.method !== "POST") return Response.json({ error: "GET or POST only" }, { status: 405 });
  const parsed = redeliverQuery.safeParse(params);
  if (!parsed.success) return Response.json({ error: "carrier and id are required" }, { status: 400 });
  try {
    await (await deps.engine()).webhooks.redeliver({ id: parsed.data.id, carrierCode: parsed.data.carrier });
    return Response.json({ redelivered: parsed.data.id });
  } catch (error) {
    // The error table's place (ADR 044): no such dead delivery of the carrier is a 404; anything else is rethrown.
    handleError(error, "operations.webhook-redeliver");
    return Response.json({ error: "no dead or failed delivery with that id for the carrier" }, { status: 404 });
  }
}
