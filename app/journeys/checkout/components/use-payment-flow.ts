/**
 * The payment page's state and flows (ADR 162): the chosen method, the processing overlay, the
 * pay-later and drop-in flows, the one-payment-per-click guard, and what the action's answer shows.
 */
import { useActionData, useNavigation, useSubmit, type useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { behaviourFor, type ShownText } from "~/lib/errors/error-table";
import { clearsSelectedMethod, isPayLaterMethod, type PayLaterMethod, type PaymentMethodValue } from "~/journeys/checkout/payment";
import type { BillingValues } from "~/journeys/checkout/payment.server";
import type { action, loader } from "~/journeys/checkout/routes/booking.payment";
import type { DropInHandle } from "./braintree-drop-in";
import type { KlarnaBillingAddress, PayLaterAuthorization, PayLaterPanelHandle } from "./pay-later-panel";
import { useActionAnswer } from "./use-booking-layout";

export interface PaymentError {
  code: string;
  messages: string[];
  fields: Record<string, string[]>;
  shown: ShownText;
}

export type PaymentAnswer =
  { methodMissing: true } | { error: PaymentError } | { payLaterDenied: true } | { billingErrors: Partial<Record<string, string>>; billingValues: BillingValues };

const PAY_LATER_ENDPOINT = "/booking/payment/pay-later";

/** One pay-later step on the server (JSON); a §8 redirect is followed at once. */
async function payLaterStep<T>(fields: Record<string, string>): Promise<T | null> {
  const response = await fetch(PAY_LATER_ENDPOINT, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: "application/json" } });
  const answer = (await response.json().catch(() => ({}))) as { redirect?: string } & T;
  if (answer.redirect) {
    window.location.assign(answer.redirect);
    return null;
  }
  return answer;
}

export type PaymentPage = ReturnType<typeof useLoaderData<typeof loader>>;

export function usePaymentFlow(page: PaymentPage) {
  const { total, card, billing } = page;
  const actionData = useActionAnswer(useActionData<typeof action>() as PaymentAnswer | undefined);
  const navigation = useNavigation();
  const submit = useSubmit();

  const [selected, setSelected] = useState<PaymentMethodValue | null>(null);
  const [processing, setProcessing] = useState(false);
  const [payLaterNote, setPayLaterNote] = useState<"denied" | "unavailable" | null>(null);
  const [cardNote, setCardNote] = useState(false);
  const [dismissed, setDismissed] = useState<PaymentAnswer | null>(null);
  const [editingBilling, setEditingBilling] = useState(page.editBilling);
  const busy = useRef(false);
  const dropIn = useRef<DropInHandle>(null);
  const payLaterPanel = useRef<PayLaterPanelHandle>(null);
  const billingPanel = useRef<HTMLElement>(null);
  const payButtonRef = useRef<HTMLButtonElement>(null);

  const braintree = card.dropIn;
  // A post of this page on its way, or its redirect to another page (complete, checkout) loading; not
  // the reload of this page that follows a refused payment (the answer is already showing then).
  const submitting =
    navigation.formMethod?.toUpperCase() === "POST" &&
    Boolean(navigation.formAction?.startsWith("/booking/payment")) &&
    (navigation.state === "submitting" || (navigation.state === "loading" && navigation.location.pathname !== "/booking/payment"));
  const savingBilling = Boolean(submitting && navigation.formData?.get("intent") === "billing");
  const paying = processing || Boolean(submitting && !savingBilling);
  // The last payment has its answer (or none is on its way): the next submit may go. Checked after
  // every render, as the guard is read by the next click.
  useEffect(() => {
    if (!submitting && !processing) busy.current = false;
  });

  const error = actionData && "error" in actionData ? actionData.error : null;
  const methodMissing = Boolean(actionData && "methodMissing" in actionData);
  const denied = Boolean(actionData && "payLaterDenied" in actionData) || payLaterNote === "denied";
  const billingAnswer = actionData && "billingErrors" in actionData ? actionData : null;
  const errorModal = error ? behaviourFor(error.code, "booking.payment").modal : undefined;
  const modalOpen = Boolean(error && errorModal !== "out-of-warranty" && dismissed !== actionData);

  // State follows the answer, the navigation and the billing address while rendering (React's
  // "adjusting state when a prop changes"), in this order; each also runs on the first render.
  // A new answer: stop the overlay; spec §8 'other errors clear the selected payment method'.
  const [answered, setAnswered] = useState<PaymentAnswer | undefined>(undefined);
  if (answered !== actionData) {
    setAnswered(actionData);
    if (actionData) {
      setProcessing(false);
      if ("error" in actionData && clearsSelectedMethod(actionData.error.code)) setSelected(null);
      if ("billingErrors" in actionData) setEditingBilling(true);
    }
  }
  // A charge posted by the page (drop-in, pay later) has ended: the answer or the next page shows.
  const [navigationState, setNavigationState] = useState<string | null>(null);
  if (navigationState !== navigation.state) {
    setNavigationState(navigation.state);
    if (navigation.state === "idle") setProcessing(false);
  }
  // A saved billing address (the page reloads with the new one) closes the form.
  const billingKey = JSON.stringify([billing.firstName, billing.lastName, billing.line1, billing.line2, billing.town, billing.postcode, page.editBilling]);
  const [billingSeen, setBillingSeen] = useState<string | null>(null);
  if (billingSeen !== billingKey) {
    setBillingSeen(billingKey);
    setEditingBilling(page.editBilling);
  }
  // A nonce is spent once: after a refused payment the drop-in asks for the card again.
  useEffect(() => {
    if (actionData && "error" in actionData) dropIn.current?.clear();
  }, [actionData]);

  const toggle = useCallback((value: PaymentMethodValue) => {
    setPayLaterNote(null);
    setCardNote(false);
    setSelected((current) => (current === value ? null : value));
  }, []);

  const authorizeOnServer = useCallback(async (type: PayLaterMethod): Promise<PayLaterAuthorization> => {
    const answer = await payLaterStep<{ authorization?: PayLaterAuthorization }>({ intent: "authorize", payment_type: type });
    if (!answer) return new Promise(() => undefined); // leaving the page
    if (!answer.authorization) throw new Error("pay later could not be authorised");
    return answer.authorization;
  }, []);

  const chargeWith = (fields: Record<string, string>) => submit({ ...fields, expected_total: String(total) }, { method: "post", action: "/booking/payment" });

  /** Spec §4 "Pay-later payment": save details → update the session → authorise → charge, or stop. */
  async function payLaterFlow(type: PayLaterMethod) {
    setProcessing(true);
    setPayLaterNote(null);
    const stop = (note: "denied" | "unavailable") => {
      setProcessing(false);
      busy.current = false;
      setPayLaterNote(note);
    };
    try {
      const prepared = await payLaterStep<{ ok?: boolean; billing_address?: KlarnaBillingAddress }>({ intent: "prepare" });
      if (!prepared) return;
      if (!prepared.ok) return stop("unavailable");
      const authorization = await payLaterPanel.current!.authorize(type, prepared.billing_address);
      // Not approved: loading just stops (spec §4). Klarna's show_form false also hides the choice.
      if (!authorization.approved || !authorization.authorization_token) return stop("denied");
      chargeWith({ method: type, authorization_token: authorization.authorization_token });
    } catch {
      stop("unavailable");
    }
  }

  /** Spec §4 "Card payment": the drop-in's nonce (3-D Secure with billing data), then the charge. */
  async function dropInFlow() {
    setProcessing(true);
    setCardNote(false);
    try {
      const { nonce, paymentType } = await dropIn.current!.requestPayment();
      chargeWith({ method: "card", nonce, payment_type: paymentType });
    } catch {
      setProcessing(false);
      busy.current = false;
      setCardNote(true);
    }
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // One payment per click: a second submit while the first is on its way is dropped.
    if (busy.current) return event.preventDefault();
    busy.current = true;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const method = submitter?.name === "express" ? "pay_later" : selected;
    if (method && isPayLaterMethod(method)) {
      event.preventDefault();
      if (method !== selected) setSelected(method);
      void payLaterFlow(method);
    } else if (method === "card" && braintree) {
      event.preventDefault();
      void dropInFlow();
    }
    // Otherwise (a test card, or nothing chosen) the form posts as it is.
  }

  const closeModal = () => {
    setDismissed(actionData ?? null);
    payButtonRef.current?.focus();
  };
  const openBilling = () => {
    setDismissed(actionData ?? null);
    setEditingBilling(true);
    requestAnimationFrame(() => {
      const panel = billingPanel.current;
      if (!panel) return;
      panel.scrollIntoView({ block: "start" });
      // A customer already typing in the panel keeps their field; otherwise start at its first one.
      if (panel.contains(document.activeElement)) return;
      (panel.querySelector("input:not([type=hidden])") as HTMLInputElement | null)?.focus();
    });
  };

  return {
    selected,
    setSelected,
    toggle,
    paying,
    savingBilling,
    payLaterNote,
    cardNote,
    editingBilling,
    setEditingBilling,
    error,
    errorModal,
    modalOpen,
    methodMissing,
    denied,
    billingAnswer,
    dropIn,
    payLaterPanel,
    billingPanel,
    payButtonRef,
    authorizeOnServer,
    onSubmit,
    closeModal,
    openBilling,
  };
}
