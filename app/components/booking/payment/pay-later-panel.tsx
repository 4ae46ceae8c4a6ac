/**
 * The pay-later panel (spec §2 "pay-later panel and pay-later instalments panel", §4 "Pay-later
 * payment", §7 pay-later provider client). Two choices, pay in 30 days (Klarna's pay_later) and three
 * interest-free instalments (pay_over_time), each shown only when the carrier offers pay later, the
 * provider reports the form available and the cart total is at least 35. Choosing the selected one
 * again deselects it.
 *
 * With Klarna the chosen category's form loads in a container and `authorize` asks Klarna in the
 * browser; with the sandbox `authorize` asks the server (engine.authorizePayLater) through
 * `authorizeOnServer`. Either way the answer is { approved, authorization_token, show_form }.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { KLARNA_SCRIPT, klarnaCategory, payLaterVisible, type PaymentMethodChoice, type PayLaterPaymentType } from "./payment-options";
import { useExternalScript } from "./use-external-script";

export interface PayLaterAuthorization {
  approved: boolean;
  authorization_token: string | null;
  show_form: boolean;
}

/** Klarna's billing_address for authorize (the customer's details, already saved on the booking). */
export interface KlarnaBillingAddress {
  given_name: string;
  family_name: string;
  email: string;
  phone?: string;
  street_address: string;
  street_address2?: string;
  postal_code: string;
  city: string;
  country: string;
}

interface KlarnaPayments {
  init(options: { client_token: string }): void;
  load(options: { container: string; payment_method_category: string }, callback: (result: { show_form: boolean; error?: unknown }) => void): void;
  authorize(
    options: { payment_method_category: string },
    data: { billing_address?: KlarnaBillingAddress },
    callback: (result: { approved: boolean; authorization_token?: string; show_form: boolean }) => void,
  ): void;
}

declare global {
  interface Window {
    Klarna?: { Payments: KlarnaPayments };
  }
}

export interface PayLaterPanelHandle {
  authorize(type: PayLaterPaymentType): Promise<PayLaterAuthorization>;
}

export interface PayLaterPanelProps {
  /** The engine's pay-later provider (generate-billing-tokens `pay_later_provider`). */
  provider: string;
  clientToken: string | null;
  available: boolean;
  categories: readonly string[];
  usesKlarna: boolean;
  totalMinor: number;
  selected: PaymentMethodChoice | null;
  onSelect: (choice: PaymentMethodChoice) => void;
  billingAddress?: KlarnaBillingAddress;
  /** Sandbox: the server's authorisation (the page's action calling engine.authorizePayLater). */
  authorizeOnServer?: (type: PayLaterPaymentType) => Promise<PayLaterAuthorization>;
}

const TYPES: PayLaterPaymentType[] = ["pay_later", "pay_later_instalments"];

export const PayLaterPanel = forwardRef<PayLaterPanelHandle, PayLaterPanelProps>(function PayLaterPanel(props, ref) {
  const { provider, clientToken, available, categories, usesKlarna, totalMinor, selected, onSelect, billingAddress, authorizeOnServer } = props;
  const { t } = useTranslation();
  const klarna = provider === "klarna";
  const script = useExternalScript(klarna && clientToken ? KLARNA_SCRIPT : null);
  const initialised = useRef<string | null>(null);
  const [hidden, setHidden] = useState<Set<PayLaterPaymentType>>(new Set());
  const visible = TYPES.filter((type) => !hidden.has(type) && payLaterVisible({ usesKlarna, available, totalMinor, categories, type }));

  // Klarna: init once per client token, then load the chosen category's form into its container.
  useEffect(() => {
    if (!klarna || script !== "ready" || !clientToken || !window.Klarna) return;
    if (initialised.current !== clientToken) {
      window.Klarna.Payments.init({ client_token: clientToken });
      initialised.current = clientToken;
    }
    if (selected !== "pay_later" && selected !== "pay_later_instalments") return;
    const type = selected;
    window.Klarna.Payments.load({ container: `#klarna-${klarnaCategory(type)}`, payment_method_category: klarnaCategory(type) }, (result) => {
      if (!result.show_form) setHidden((current) => new Set(current).add(type));
    });
  }, [klarna, script, clientToken, selected]);

  useImperativeHandle(ref, () => ({
    authorize(type) {
      if (!klarna) {
        if (!authorizeOnServer) return Promise.reject(new Error("no server-side authorisation for this provider"));
        return authorizeOnServer(type);
      }
      const payments = window.Klarna?.Payments;
      if (!payments) return Promise.reject(new Error("Klarna is not loaded"));
      return new Promise((resolve) => {
        payments.authorize({ payment_method_category: klarnaCategory(type) }, billingAddress ? { billing_address: billingAddress } : {}, (result) => {
          if (!result.show_form) setHidden((current) => new Set(current).add(type));
          resolve({ approved: result.approved, authorization_token: result.authorization_token ?? null, show_form: result.show_form });
        });
      });
    },
  }));

  if (!visible.length) return null;
  return (
    <section aria-labelledby="pay-later-title" className="mt-6 space-y-3" data-testid="pay-later-panel">
      <h2 id="pay-later-title" className="text-xl font-bold">
        {t("payment.payLater.title")}
      </h2>
      {visible.map((type) => {
        const chosen = selected === type;
        const key = type === "pay_later" ? "payLater" : "instalments";
        return (
          <div key={type} className={`rounded border p-3 ${chosen ? "border-primary bg-surface" : "border-black/20"}`}>
            <button
              type="button"
              aria-pressed={chosen}
              onClick={() => onSelect(type)}
              className="flex w-full items-start justify-between gap-3 text-left"
              data-testid={`pay-later-option-${type}`}
            >
              <span>
                <span className="block font-semibold">{t(`payment.${key}.label`)}</span>
                <span className="block text-sm">{t(`payment.${key}.text`)}</span>
              </span>
              <span aria-hidden="true" className={`mt-1 h-5 w-5 shrink-0 rounded-full border-2 ${chosen ? "border-primary bg-primary" : "border-black/40"}`} />
            </button>
            {chosen && klarna ? <div id={`klarna-${klarnaCategory(type)}`} className="mt-3" /> : null}
            {chosen && !klarna ? (
              <p className="mt-2 text-sm" data-testid="pay-later-sandbox-note">
                {t("payment.payLater.sandboxNote")}
              </p>
            ) : null}
          </div>
        );
      })}
    </section>
  );
});
