/**
 * The payment page's billing panel (spec §8: 'Update billing address' scrolls here): the billing
 * name and address the card is checked against, editable in place. Saving posts the customer
 * details (forced persist) through the payment page's action (intent=billing). Without JavaScript
 * the edit link opens the form through the URL (?billing=edit).
 */
import { Form } from "@remix-run/react";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/ui/text-field";
import { Button, ButtonLink } from "~/components/ui/button";

export interface BillingSummary {
  firstName: string;
  lastName: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
}

export interface BillingPanelProps {
  billing: BillingSummary;
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  saving: boolean;
  /** Field → i18n key (the details step's messages), from a refused save. */
  errors?: Partial<Record<string, string>>;
  values?: Partial<Record<string, string>>;
}

export const BillingPanel = forwardRef<HTMLElement, BillingPanelProps>(function BillingPanel({ billing, editing, onEdit, onCancel, saving, errors = {}, values }, ref) {
  const { t } = useTranslation();
  const value = (field: string, fallback: string) => values?.[field] ?? fallback;
  const error = (field: string) => (errors[field] ? t(errors[field]!) : null);
  const field = (name: string, label: string, fallback: string, autoComplete: string, className?: string) => (
    <TextField
      name={name}
      id={`billing-panel-${name}`}
      errorTestId={`error-${name}`}
      label={t(label)}
      defaultValue={value(name, fallback)}
      error={error(name)}
      autoComplete={autoComplete}
      className={className}
    />
  );
  return (
    <section ref={ref} id="billing-panel" aria-labelledby="billing-panel-title" tabIndex={-1} className="mt-8 rounded-xl border border-line/15 p-4" data-testid="billing-panel">
      <h2 id="billing-panel-title" className="text-xl font-bold">
        {t("payment.billing.title")}
      </h2>
      <p className="mt-1 text-sm">{t("booking-checkout.details.billingHint")}</p>
      {editing ? (
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2" data-testid="billing-form">
          <input type="hidden" name="intent" value="billing" />
          {errors.form ? (
            <p role="alert" className="font-medium text-danger sm:col-span-2">
              {t(errors.form)}
            </p>
          ) : null}
          {field("billing_first_name", "booking-checkout.details.billingFirstName", billing.firstName, "billing given-name")}
          {field("billing_last_name", "booking-checkout.details.billingLastName", billing.lastName, "billing family-name")}
          {field("billing_line_1", "booking-checkout.details.line1", billing.line1, "billing address-line1", "sm:col-span-2")}
          {field("billing_line_2", "booking-checkout.details.line2", billing.line2, "billing address-line2", "sm:col-span-2")}
          {field("billing_town", "booking-checkout.details.town", billing.town, "billing address-level2")}
          {field("billing_postcode", "booking-checkout.details.postcode", billing.postcode, "billing postal-code")}
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <Button type="submit" disabled={saving} size="sm" data-testid="billing-save">
              {t("payment.billing.save")}
            </Button>
            <ButtonLink
              to="/booking/payment"
              replace
              preventScrollReset
              onClick={(event) => {
                event.preventDefault();
                onCancel();
              }}
              variant="quiet"
              size="sm"
            >
              {t("payment.billing.cancel")}
            </ButtonLink>
          </div>
        </Form>
      ) : (
        <>
          <address className="mt-3 not-italic" data-testid="billing-summary">
            {`${billing.firstName} ${billing.lastName}`.trim()}
            <br />
            {billing.line1}
            {billing.line2 ? (
              <>
                <br />
                {billing.line2}
              </>
            ) : null}
            <br />
            {`${billing.town} ${billing.postcode}`.trim()}
          </address>
          <a
            href="/booking/payment?billing=edit#billing-panel"
            className="mt-3 inline-block font-semibold underline"
            onClick={(event) => {
              event.preventDefault();
              onEdit();
            }}
            data-testid="billing-edit"
          >
            {t("payment.billing.edit")}
          </a>
        </>
      )}
    </section>
  );
});
