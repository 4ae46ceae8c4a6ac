import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLegalPage } from "~/content/content.server";
import type { LegalPage } from "~/content/schemas";
import { requireTenant, contentOrUnavailable } from "~/tenant/tenant.server";
import { notFound } from "~/lib/carrier-routes.server";

/** Loader shared by /terms, /privacy, /app-terms and /imprint (the last only where the carrier shows one). */
export function legalPageLoader(slug: LegalPage["slug"]) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { carrier, locale } = await requireTenant(request);
    if (slug === "imprint" && !carrier.showImprint) throw notFound();
    const page = await contentOrUnavailable(getLegalPage(carrier, locale, slug));
    if (!page) throw notFound();
    return { brand: carrier.name, page };
  };
}
