import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLegalPage } from "~/content/content.server";
import type { LegalPage } from "~/content/schemas";
import { ContentUnavailableError } from "~/content/strapi.server";
import { requireTenant, temporarilyUnavailable } from "~/tenant/tenant.server";
import { notFound } from "~/lib/carrier-routes.server";

/** Loader shared by /terms, /privacy, /app-terms and /imprint (the last only where the carrier shows one). */
export function legalPageLoader(slug: LegalPage["slug"]) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { carrier, locale } = await requireTenant(request);
    if (slug === "imprint" && !carrier.showImprint) throw notFound();
    let page: LegalPage | null;
    try {
      page = await getLegalPage(carrier, locale, slug);
    } catch (error) {
      if (error instanceof ContentUnavailableError) throw temporarilyUnavailable();
      throw error;
    }
    if (!page) throw notFound();
    return { brand: carrier.name, page };
  };
}
