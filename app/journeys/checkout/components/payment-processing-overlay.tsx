import { useTranslation } from "react-i18next";

/** Spec §4: the full-screen 'your payment is being processed' overlay while a payment is on its way. */
export function PaymentProcessingOverlay() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-scrim/60 p-4" data-testid="payment-processing-overlay">
      <div role="status" aria-live="assertive" className="rounded-xl bg-page p-8 text-center shadow-xl">
        <div aria-hidden="true" className="mx-auto mb-4 h-10 w-10 animate-spin rounded-full border-4 border-primary border-t-transparent" />
        <p className="text-lg font-bold">{t("payment.processing.title")}</p>
        <p className="mt-1">{t("payment.processing.text")}</p>
      </div>
    </div>
  );
}
