import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { startPathFor } from "~/lib/booking-flow/context.server";
import { requireCarrier } from "~/tenant/tenant.server";

/** /booking → postcode search (or address search when the carrier's address-lookup switch is on). */
export async function loader({ request }: LoaderFunctionArgs) {
  const carrier = await requireCarrier(request);
  const url = new URL(request.url);
  throw redirect(`${startPathFor(carrier)}${url.search}`);
}
