/**
 * Spec §8 'payment error modal': 'Something went wrong with your payment', with 'Incorrect billing
 * address' (Update billing address: the billing panel on this page, open for editing), 'Incorrect
 * phone number' (Update phone number: the details step, where the phone is edited — ADR 026), §3's
 * third billing flag 'Incorrect booking reference' (Restart payment: the payment of this booking
 * started afresh, ADR 128), and the messages, each with Retry payment. Its buttons are links, so it works without JavaScript
 * (the page loads again without the modal); with JavaScript they close it in place.
 */
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/ui/modal";
import { BILLING_FIX_PATH, PHONE_FIX_PATH, RESTART_PAYMENT_PATH, type PaymentErrorModal } from "~/journeys/checkout/payment";
import { buttonClass, ButtonLink } from "~/components/ui/button";

export interface PaymentErrorDialogProps {
  items: PaymentErrorModal;
  messages: string[];
  /** Closes the modal for another try (focus goes back to the payment form). */
  onRetry: () => void;
  /** Closes the modal and opens the billing panel for editing. */
  onUpdateBilling: () => void;
}

export function PaymentErrorDialog({ items, messages, onRetry, onUpdateBilling }: PaymentErrorDialogProps) {
  const { t } = useTranslation();
  const button = buttonClass({ size: "sm", className: "mt-2" });
  return (
    <Modal title={t("payment.errorModal.title")} onClose={onRetry} role="alertdialog" size="md" testId="payment-error">
      <ul className="space-y-4">
        {items.billingAddress ? (
          <li data-testid="payment-error-billing">
            <p className="font-semibold">{t("payment.errorModal.incorrectBilling")}</p>
            <a
              href={BILLING_FIX_PATH}
              className={button}
              onClick={(event) => {
                event.preventDefault();
                onUpdateBilling();
              }}
            >
              {t("payment.errorModal.updateBilling")}
            </a>
          </li>
        ) : null}
        {items.phoneNumber ? (
          <li data-testid="payment-error-phone">
            <p className="font-semibold">{t("payment.errorModal.incorrectPhone")}</p>
            <ButtonLink to={PHONE_FIX_PATH} size="sm" className="mt-2">
              {t("payment.errorModal.updatePhone")}
            </ButtonLink>
          </li>
        ) : null}
        {items.bookingReference ? (
          <li data-testid="payment-error-booking-reference">
            <p className="font-semibold">{t("payment.errorModal.incorrectBookingReference")}</p>
            {/* A document load on purpose: the payment starts afresh, nothing of this attempt is kept. */}
            <a href={RESTART_PAYMENT_PATH} className={button}>
              {t("payment.errorModal.restartPayment")}
            </a>
          </li>
        ) : null}
        {messages.map((message, index) => (
          <li key={index} data-testid="payment-error-message">
            <p>{message}</p>
            <a
              href="/booking/payment?retry=1#payment-form"
              className={buttonClass({ variant: "quiet", size: "sm", className: "mt-2" })}
              onClick={(event) => {
                event.preventDefault();
                onRetry();
              }}
            >
              {t("payment.errorModal.retry")}
            </a>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
