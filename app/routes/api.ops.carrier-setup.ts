import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEngine } from "~/booking.server";
import { getCarriers } from "~/content/content.server";
import { env } from "~/env.server";
import { handleCarrierSetup } from "~/lib/ops/carrier-setup.server";

/** The CMS setup checklist's engine view and postcode tester (ADR 195); signed like the bookings count. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleCarrierSetup(request, { engine: getEngine, carriers: getCarriers, secret: env().CMS_WEBHOOK_SECRET, publicAddresses: env().PUBLIC_ADDRESSES });
