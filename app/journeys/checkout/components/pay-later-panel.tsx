/**
 * The pay-later panel (spec §2 "pay-later panel and pay-later instalments panel", §4 "Pay-later
 * payment", §7 pay-later provider client). Two choices, pay in 30 days (Klarna's pay_later) and three
 * interest-free instalments (pay_over_time), offered only when the carrier offers pay later, the
 * provider reports the form available and the cart total is at least 35 (the loader decides:
 * `types`). They are radios of the payment form's `method`, so the page works without JavaScript;
 * choosing the selected one again deselects it.
 *
 * With Klarna the chosen category's form loads in a container and `authorize` asks Klarna in the
 * browser; with the sandbox `authorize` asks the server (engine.checkout.authorizePayLater) through
 * `authorizeOnServer`. Either way the answer is { approved, authorization_token, show_form }.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { KLARNA_SCRIPT, klarnaCategory, type PayLaterPaymentType } from "./payment-options";
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
  authorize(type: PayLaterPaymentType, billingAddress?: KlarnaBillingAddress): Promise<PayLaterAuthorization>;
}

export interface PayLaterPanelProps {
  /** The provider's widget loads with the client token and authorises in the browser (engine capability `payLater.browserWidget`). */
  widget: boolean;
  clientToken: string | null;
  /** The choices offered (loader: carrier switch, provider's categories, total ≥ 35). */
  types: readonly PayLaterPaymentType[];
  selected: string | null;
  onToggle: (type: PayLaterPaymentType) => void;
  disabled?: boolean;
  /** Sandbox: the server's authorisation (engine.checkout.authorizePayLater). */
  authorizeOnServer?: (type: PayLaterPaymentType) => Promise<PayLaterAuthorization>;
}

const KEY: Record<PayLaterPaymentType, "payLater" | "instalments"> = { pay_later: "payLater", pay_later_instalments: "instalments" };

export const PayLaterPanel = forwardRef<PayLaterPanelHandle, PayLaterPanelProps>(function PayLaterPanel(props, ref) {
  const { widget, clientToken, types, selected, onToggle, disabled, authorizeOnServer } = props;
  const { t } = useTranslation();
  const script = useExternalScript(widget && clientToken && types.length ? KLARNA_SCRIPT : null);
  const initialised = useRef<string | null>(null);
  const loaded = useRef(new Map<PayLaterPaymentType, Promise<boolean>>());
  const [hidden, setHidden] = useState<Set<PayLaterPaymentType>>(new Set());
  const visible = types.filter((type) => !hidden.has(type));

  /** Klarna: init once per client token, then the category's form in its container (once). */
  const loadForm = (type: PayLaterPaymentType): Promise<boolean> => {
    const payments = window.Klarna?.Payments;
    if (!payments || !clientToken) return Promise.resolve(false);
    if (initialised.current !== clientToken) {
      payments.init({ client_token: clientToken });
      initialised.current = clientToken;
      loaded.current.clear();
    }
    let known = loaded.current.get(type);
    if (!known) {
      known = new Promise<boolean>((resolve) =>
        payments.load({ container: `#klarna-${klarnaCategory(type)}`, payment_method_category: klarnaCategory(type) }, (result) => {
          if (!result.show_form) setHidden((current) => new Set(current).add(type));
          resolve(result.show_form);
        }),
      );
      loaded.current.set(type, known);
    }
    return known;
  };

  useEffect(() => {
    if (!widget || script !== "ready") return;
    if (selected === "pay_later" || selected === "pay_later_instalments") void loadForm(selected);
    // loadForm reads the latest token; the form loads when chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [widget, script, clientToken, selected]);

  useImperativeHandle(ref, () => ({
    async authorize(type, billingAddress) {
      if (!widget) {
        if (!authorizeOnServer) throw new Error("no server-side authorisation for this provider");
        return authorizeOnServer(type);
      }
      const payments = window.Klarna?.Payments;
      if (!payments) throw new Error("Klarna is not loaded");
      if (!(await loadForm(type))) return { approved: false, authorization_token: null, show_form: false };
      return new Promise<PayLaterAuthorization>((resolve) => {
        payments.authorize({ payment_method_category: klarnaCategory(type) }, billingAddress ? { billing_address: billingAddress } : {}, (result) => {
          if (!result.show_form) setHidden((current) => new Set(current).add(type));
          resolve({ approved: result.approved, authorization_token: result.authorization_token ?? null, show_form: result.show_form });
        });
      });
    },
  }));

  if (!visible.length) return null;
  return (
    <fieldset className="mt-6 space-y-3" data-testid="pay-later-panel" disabled={disabled}>
      <legend className="text-lg font-bold">{t("payment.payLater.title")}</legend>
      {visible.map((type) => {
        const chosen = selected === type;
        const key = KEY[type];
        return (
          <div key={type} className={`rounded border p-3 ${chosen ? "border-primary bg-surface" : "border-line/20"}`} data-testid={`pay-later-option-${type}`}>
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="radio"
                name="method"
                value={type}
                checked={chosen}
                onChange={() => undefined}
                onClick={() => onToggle(type)}
                aria-describedby={`pay-later-${type}-text`}
                className="mt-1 h-5 w-5 shrink-0"
              />
              <span>
                <span className="block font-semibold">{t(`payment.${key}.label`)}</span>
                <span id={`pay-later-${type}-text`} className="block text-sm">
                  {t(`payment.${key}.text`)}
                </span>
              </span>
            </label>
            {widget ? <div id={`klarna-${klarnaCategory(type)}`} className={chosen ? "mt-3" : "hidden"} /> : null}
            {chosen && !widget ? (
              <p className="mt-2 text-sm" data-testid="pay-later-sandbox-note">
                {t("payment.payLater.sandboxNote")}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
});
