import type { ActionFunctionArgs } from "@remix-run/node";
import { getEngine } from "~/booking.server";
import { handlePaymentWebhookRequest } from "~/journeys/checkout/payment-webhook.server";

/** Braintree's webhook (disputes, settlement changes): verified, then recorded against the order (ADR 027). */
export async function action({ request }: ActionFunctionArgs) {
  return handlePaymentWebhookRequest(request, { engine: getEngine, log: (line) => console.info(line) });
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
