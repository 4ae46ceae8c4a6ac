import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentMethodValue } from "~/journeys/checkout/payment";
import { BraintreeDropIn, type DropInHandle } from "./braintree-drop-in";
import type { PaymentPage } from "./use-payment-flow";

interface CardPaymentPanelProps {
  page: PaymentPage;
  selected: PaymentMethodValue | null;
  toggle: (value: PaymentMethodValue) => void;
  setSelected: (value: PaymentMethodValue) => void;
  dropIn: RefObject<DropInHandle>;
  cardNote: boolean;
}

/** Spec §2 card panel: Braintree's drop-in, or offline the sandbox's test cards; the card note under it. */
export function CardPaymentPanel({ page, selected, toggle, setSelected, dropIn, cardNote }: CardPaymentPanelProps) {
  const { t } = useTranslation();
  const { card, total } = page;
  const braintree = card.dropIn;
  const cardChoice = (id: string) => (
    <label key={id} className="flex items-center gap-3 rounded border border-line/20 p-3 has-[:checked]:border-primary has-[:checked]:bg-surface">
      <input type="radio" name="method" value={id} className="h-5 w-5" checked={selected === id} onChange={() => undefined} onClick={() => toggle(id as PaymentMethodValue)} />
      <span>{t(`booking-checkout.payment.options.${id}`)}</span>
    </label>
  );

  return (
    <fieldset className="mt-3" data-testid="card-panel">
      <legend className="text-lg font-bold">{t("payment.card.title")}</legend>
      {braintree ? (
        <>
          <label className="mt-2 flex items-center gap-3 rounded border border-line/20 p-3 has-[:checked]:border-primary has-[:checked]:bg-surface">
            <input type="radio" name="method" value="card" className="h-5 w-5" checked={selected === "card"} onChange={() => undefined} onClick={() => toggle("card")} />
            <span>{t("payment.card.label")}</span>
          </label>
          {/* Always shown: Braintree's card frames must not be created hidden. A card or PayPal account ready to pay chooses the card. */}
          <div className="mt-3">
            <BraintreeDropIn
              ref={dropIn}
              clientToken={card.clientToken}
              totalMinor={total}
              currency={page.currency}
              countryCode={page.countryCode}
              threeDSecure={card.threeDSecure}
              billing={page.dropInBilling}
              onRequestableChange={(requestable) => {
                if (requestable) setSelected("card");
              }}
            />
          </div>
        </>
      ) : (
        <>
          <p id="sandbox-note" className="mt-1 text-sm">
            {t("booking-checkout.payment.sandboxNote")}
          </p>
          <div className="mt-3 space-y-2">{card.sandboxOptions.map(cardChoice)}</div>
        </>
      )}
      {cardNote ? (
        <p role="alert" className="mt-2 font-medium text-danger" data-testid="card-note">
          {t("booking.toasts.cardError")}
        </p>
      ) : null}
    </fieldset>
  );
}
