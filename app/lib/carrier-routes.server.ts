import { redirect } from "@remix-run/node";
import type { Carrier } from "~/content/schemas";

/**
 * Carrier-only routes (landing, FAQ pages). A confirm-only carrier sends them to address
 * search (spec §2, the 'likewize-confirm' rule, here the carrier's `confirmOnly` switch).
 */
export function guardCarrierOnlyRoute(carrier: Carrier): void {
  if (carrier.confirmOnly) throw redirect("/booking/address-search");
}

export function notFound(): Response {
  return new Response("Not found", { status: 404 });
}

export function pageTitle(title: string, brand: string): string {
  return `${title} · ${brand}`;
}
