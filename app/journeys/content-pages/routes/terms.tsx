import { useLoaderData } from "@remix-run/react";
import { LegalPageView, legalPageHandle, legalPageMeta } from "~/journeys/content-pages/components/legal-page-view";
import { legalPageLoader } from "~/journeys/content-pages/legal-page.server";

export const loader = legalPageLoader("terms");
export const meta = legalPageMeta;
export const handle = legalPageHandle;

export default function LegalRoute() {
  return <LegalPageView data={useLoaderData<typeof loader>()} />;
}
