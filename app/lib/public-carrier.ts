import type { Carrier } from "~/content/schemas";

/** What of the carrier the browser receives: everything a page shows or a switch decides. */
export type PublicCarrier = Omit<Carrier, "documentId" | "domains" | "partnerEnvironment">;

export function publicCarrier(carrier: Carrier): PublicCarrier {
  const { documentId: _documentId, domains: _domains, partnerEnvironment: _environment, ...visible } = carrier;
  return visible;
}
