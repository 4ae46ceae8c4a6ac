import { type LoaderFunctionArgs } from "@remix-run/node";
import { useParams, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FaqList } from "~/journeys/content-pages/components/faq-list";
import { faqCategorySlugSchema } from "~/content/schemas";
import { notFound } from "~/lib/carrier-routes.server";
import type { loader as faqsLoader } from "./faqs";

export function loader({ params }: LoaderFunctionArgs) {
  if (!faqCategorySlugSchema.safeParse(params.category).success) throw notFound();
  return null;
}

export default function FaqCategoryPage() {
  const faqs = useRouteLoaderData<typeof faqsLoader>("routes/faqs");
  const { category: slug } = useParams();
  const { t } = useTranslation();
  const category = faqs?.categories.find((entry) => entry.slug === slug);
  if (!faqs || !category) return <p>{t("faqs.notFound")}</p>;
  return (
    <section aria-labelledby="faq-category">
      <h2 id="faq-category" className="mb-4 text-2xl font-bold">
        {category.title}
      </h2>
      <FaqList items={faqs.items.filter((item) => item.category === category.slug)} />
    </section>
  );
}
