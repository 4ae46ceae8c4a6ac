import { useTranslation } from "react-i18next";

/** Shown above every page of a preview (ADR 086), so nobody takes a draft for the live site. */
export function PreviewBanner() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="preview-banner" className="bg-ink px-4 py-2 text-center text-sm font-semibold text-page">
      {t("preview.banner")}
    </div>
  );
}
