import { useRouteLoaderData } from "@remix-run/react";
import { FaqList } from "~/journeys/content-pages/components/faq-list";
import type { loader as faqsLoader } from "./faqs";

export default function AllFaqs() {
  const faqs = useRouteLoaderData<typeof faqsLoader>("routes/faqs");
  if (!faqs) return null;
  return (
    <div className="space-y-10">
      {faqs.categories.map((category) => {
        const items = faqs.items.filter((item) => item.category === category.slug);
        if (items.length === 0) return null;
        return (
          <section key={category.slug} aria-labelledby={`faq-${category.slug}`}>
            <h2 id={`faq-${category.slug}`} className="mb-4 text-2xl font-bold">
              {category.title}
            </h2>
            <FaqList items={items} />
          </section>
        );
      })}
    </div>
  );
}
