import { useTranslation } from "react-i18next";
import { RichText } from "./rich-text";

export interface FaqEntry {
  documentId: string;
  question: string;
  answer: string;
}

export function FaqList({ items }: { items: FaqEntry[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p>{t("faqs.empty")}</p>;
  return (
    <ul className="space-y-3" data-testid="faq-list">
      {items.map((item) => (
        <li key={item.documentId}>
          <details className="group rounded-lg border border-line/10 bg-page p-4">
            <summary className="cursor-pointer font-semibold" data-testid="faq-question">
              {item.question}
            </summary>
            <div className="mt-3">
              <RichText text={item.answer} headingLevel={3} />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
