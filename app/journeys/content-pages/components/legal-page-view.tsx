import type { MetaFunction } from "@remix-run/node";
import { RichText } from "./rich-text";

export interface LegalPageData {
  brand: string;
  page: { slug: string; title: string; body: string };
}

/** Legal pages are served without hydration (ADR 206). */
export const legalPageHandle = { hydrate: false };

export const legalPageMeta: MetaFunction = ({ data }) => {
  const page = data as LegalPageData | undefined;
  return page ? [{ title: `${page.page.title} · ${page.brand}` }] : [];
};

export function LegalPageView({ data }: { data: LegalPageData }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10" data-testid={`legal-${data.page.slug}`}>
      <h1 className="mb-6 text-3xl font-bold">{data.page.title}</h1>
      <RichText text={data.page.body} />
    </article>
  );
}
