/**
 * Braintree's drop-in (spec §7 card payment provider client): created with the server's client token,
 * flow checkout, amount = cart total, the carrier's currency, locale de_DE for Germany else en_GB,
 * PayPal, and 3-D Secure with the customer's billing data and a challenge requested. Shown when the
 * engine's card gateway has a drop-in; the sandbox uses the offline card form instead. The drop-in
 * is the npm package `braintree-web-drop-in`, pinned in the lockfile and imported only here, lazily,
 * so no page before payment loads it (its card frames still come from Braintree).
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { dropInOptions, paymentTypeOf, threeDSecureRequest, type DropInBilling } from "./payment-options";

interface DropInPayload {
  nonce: string;
  type?: string;
  liabilityShifted?: boolean;
  liabilityShiftPossible?: boolean;
}

interface DropInInstance {
  requestPaymentMethod(options?: unknown): Promise<DropInPayload>;
  clearSelectedPaymentMethod(): void;
  isPaymentMethodRequestable(): boolean;
  on(event: "paymentMethodRequestable" | "noPaymentMethodRequestable", handler: () => void): void;
  teardown(): Promise<void>;
}

interface DropInModule {
  create(options: unknown): Promise<DropInInstance>;
}

/** The drop-in's code, fetched on first use (a chunk of its own); null while loading. */
function useDropInModule(): DropInModule | "failed" | null {
  const [module, setModule] = useState<DropInModule | "failed" | null>(null);
  useEffect(() => {
    let live = true;
    import("braintree-web-drop-in")
      .then((loaded) => live && setModule(((loaded as { default?: DropInModule }).default ?? loaded) as DropInModule))
      .catch(() => live && setModule("failed"));
    return () => {
      live = false;
    };
  }, []);
  return module;
}

export interface DropInHandle {
  /** Runs 3-D Secure when asked and answers the nonce and the charge's payment_type. */
  requestPayment(): Promise<{ nonce: string; paymentType: "card" | "paypal" }>;
  /** Spec §8: other charge errors clear the selected payment method. */
  clear(): void;
}

export interface BraintreeDropInProps {
  clientToken: string;
  totalMinor: number;
  currency: string;
  countryCode: string;
  /** The carrier's 3-D Secure switch. */
  threeDSecure: boolean;
  billing: DropInBilling;
  /** Whether a payment method is ready to be requested (enables the pay button). */
  onRequestableChange?: (requestable: boolean) => void;
}

export const BraintreeDropIn = forwardRef<DropInHandle, BraintreeDropInProps>(function BraintreeDropIn(props, ref) {
  const { clientToken, totalMinor, currency, countryCode, threeDSecure, billing, onRequestableChange } = props;
  const { t } = useTranslation();
  const dropin = useDropInModule();
  const container = useRef<HTMLDivElement>(null);
  const instance = useRef<DropInInstance | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const latest = useRef({ totalMinor, billing, threeDSecure, onRequestableChange });
  // Kept current after each render (declared first, so it runs before the effects below).
  useEffect(() => {
    latest.current = { totalMinor, billing, threeDSecure, onRequestableChange };
  });

  useEffect(() => {
    if (!dropin || dropin === "failed" || !container.current) return;
    let live = true;
    let created: DropInInstance | null = null;
    dropin
      .create(dropInOptions({ authorization: clientToken, container: container.current, totalMinor, currency, countryCode, threeDSecure }))
      .then((dropIn) => {
        created = dropIn;
        if (!live) return void dropIn.teardown();
        instance.current = dropIn;
        dropIn.on("paymentMethodRequestable", () => latest.current.onRequestableChange?.(true));
        dropIn.on("noPaymentMethodRequestable", () => latest.current.onRequestableChange?.(false));
        latest.current.onRequestableChange?.(dropIn.isPaymentMethodRequestable());
        setState("ready");
      })
      .catch(() => live && setState("failed"));
    return () => {
      live = false;
      instance.current = null;
      void created?.teardown().catch(() => undefined);
    };
    // The drop-in is created once per token, currency and total; billing is read when paying.
  }, [dropin, clientToken, totalMinor, currency, countryCode, threeDSecure]);

  // A module that failed to load fails the form for good.
  const shown = dropin === "failed" ? "failed" : state;

  useImperativeHandle(ref, () => ({
    async requestPayment() {
      const dropIn = instance.current;
      if (!dropIn) throw new Error("The card form is not ready.");
      const { totalMinor: total, billing: data, threeDSecure: secure } = latest.current;
      const payload = await dropIn.requestPaymentMethod(secure ? threeDSecureRequest(total, data) : undefined);
      return { nonce: payload.nonce, paymentType: paymentTypeOf(payload) };
    },
    clear() {
      instance.current?.clearSelectedPaymentMethod();
    },
  }));

  return (
    <div data-testid="braintree-drop-in">
      {shown === "loading" ? <p className="text-sm">{t("payment.card.loading")}</p> : null}
      {shown === "failed" ? (
        <p role="alert" className="font-medium text-danger">
          {t("payment.card.unavailable")}
        </p>
      ) : null}
      <div ref={container} />
    </div>
  );
});
