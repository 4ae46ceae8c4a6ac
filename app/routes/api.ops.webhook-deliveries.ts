import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getEngine } from "~/booking.server";
import { env } from "~/env.server";
import { handleWebhookDeliveries } from "~/lib/ops/webhook-deliveries.server";

/** A carrier's webhook deliveries for the CMS, and redelivery of a dead one (ADR 181); signed like the bookings count. */
const deps = () => ({ engine: getEngine, secret: env().CMS_WEBHOOK_SECRET });

export const loader = ({ request }: LoaderFunctionArgs) => handleWebhookDeliveries(request, deps());
export const action = ({ request }: ActionFunctionArgs) => handleWebhookDeliveries(request, deps());
