import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useColleagueWording } from "~/lib/booking-flow/use-colleague-wording";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadCheckoutStep } from "~/journeys/checkout/checkout-step.server";
import {
  customerDetailsInput,
  DETAILS_TEXT_FIELDS,
  detailsDefaults,
  engineFieldErrors,
  parseDetailsForm,
  type DetailsValues,
  type FieldErrors,
} from "~/journeys/checkout/customer-details";
import { stepMeta } from "~/journeys/checkout/meta";
import { bookingErrorResponse } from "~/lib/booking-flow/context.server";
import { handleError } from "~/lib/errors/errors.server";
import { TextField } from "~/components/ui/text-field";
import { useActionAnswer } from "~/journeys/checkout/components/use-booking-layout";
import { FormAlert } from "~/components/ui/field-error";
import { readForm, refusedFields, withRefusedFieldErrors } from "~/lib/http/form.server";
import { CHECKOUT_NAMESPACES } from "~/i18n/namespaces";
import { Button } from "~/components/ui/button";

export const handle = { i18n: CHECKOUT_NAMESPACES };

export const meta = stepMeta("booking-checkout.details.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  return data({
    values: detailsDefaults(booking),
    postcode: booking.address?.postcode || booking.postcode || "",
    countryCode: context.carrier.countryCode,
    inStore: Boolean(booking.store_code),
    dropOff: booking.repair_location === "drop_off",
    startPath: context.startPath,
  });
}

interface DetailsActionData {
  errors: FieldErrors;
  values: DetailsValues;
  engineError: { code: string; messages: string[] } | null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  const form = await readForm(request, { textFields: DETAILS_TEXT_FIELDS });
  const values = Object.fromEntries(form) as DetailsValues;
  const parsed = parseDetailsForm(values);
  // A pasted control character: that field's error, everything else as typed (ADR 231).
  if (!parsed.ok || refusedFields(form).length) {
    const errors = withRefusedFieldErrors(form, parsed.ok ? {} : parsed.errors, "booking-checkout.details.errors.unsupportedCharacters");
    return data<DetailsActionData>({ errors, values, engineError: null }, { status: 400 });
  }
  try {
    // The customer's messages are written in the language they book in, with links back to this site (ADR 093).
    const messaging = { locale: context.locale, site_url: new URL(request.url).origin };
    await context.engine.basket.setCustomerDetails(context.carrier, booking.reference, { ...customerDetailsInput(parsed.form, booking.postcode), ...messaging });
  } catch (error) {
    // Field problems the engine found (phone number for the carrier's country, billing postcode) go under their fields.
    const handled = handleError(error, "booking.details");
    if (handled.behaviour.show === "field") {
      return data<DetailsActionData>({ errors: engineFieldErrors(handled.error.fields), values, engineError: null }, { status: 400 });
    }
    const response = await bookingErrorResponse(context, error, "booking.details");
    if (response instanceof Response) return response;
    return data<DetailsActionData>({ errors: {}, values, engineError: response.data.error }, response.init ?? undefined);
  }
  return redirect("/booking/checkout");
}

export default function DetailsPage() {
  const { values: saved, postcode, countryCode, inStore, dropOff, startPath } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer(useActionData<typeof action>());
  const navigation = useNavigation();
  const { t } = useTranslation();
  const wording = useColleagueWording();
  const values: DetailsValues = actionData?.values ?? saved;
  const errors: FieldErrors = actionData?.errors ?? {};
  const error = (field: keyof FieldErrors) => (errors[field] ? t(errors[field]!) : null);
  const submitting = navigation.state === "submitting" && navigation.formAction === "/booking/details";
  const hasErrors = Object.keys(errors).length > 0;
  const billingOther = values.billing === "other";

  return (
    <section aria-labelledby="details-title">
      <h1 id="details-title" className="text-3xl font-bold">
        {inStore ? t("booking-checkout.details.titleInStore") : t("booking-checkout.details.title")}
      </h1>
      <p className="mt-2">{t("booking-checkout.details.intro", wording)}</p>
      {hasErrors ? (
        <FormAlert className="mt-4" testId="details-error-summary">
          {errors.form ? t(errors.form) : t("booking-checkout.details.errorSummary")}
        </FormAlert>
      ) : null}
      {/* Remounted after each answer so the fields show what was submitted. */}
      <Form method="post" noValidate className="mt-6 space-y-8" key={JSON.stringify(values)}>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-xl font-bold">{t("booking-checkout.details.contactLegend")}</legend>
          <TextField
            name="first_name"
            id="first_name"
            errorTestId="error-first_name"
            label={t("booking-checkout.details.firstName")}
            autoComplete="given-name"
            required
            defaultValue={values.first_name}
            error={error("first_name")}
          />
          <TextField
            name="last_name"
            id="last_name"
            errorTestId="error-last_name"
            label={t("booking-checkout.details.lastName")}
            autoComplete="family-name"
            required
            defaultValue={values.last_name}
            error={error("last_name")}
          />
          <TextField
            name="email"
            id="email"
            errorTestId="error-email"
            type="email"
            label={t("booking-checkout.details.email")}
            autoComplete="email"
            required
            defaultValue={values.email}
            error={error("email")}
          />
          <TextField
            name="phone_number"
            id="phone_number"
            errorTestId="error-phone_number"
            type="tel"
            label={t("booking-checkout.details.phone")}
            hint={t(`booking-checkout.details.phoneHint_${countryCode}`)}
            autoComplete="tel"
            required
            defaultValue={values.phone_number}
            error={error("phone_number")}
          />
          <label className="flex items-start gap-3 sm:col-span-2">
            <input type="checkbox" name="email_consent" defaultChecked={values.email_consent === "on"} className="mt-1 h-5 w-5" />
            <span>{t("booking-checkout.details.emailConsent")}</span>
          </label>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-xl font-bold">
            {dropOff ? t("booking-checkout.details.repairAddressLegendDropOff") : t("booking-checkout.details.repairAddressLegend")}
          </legend>
          <TextField
            name="address_line_1"
            id="address_line_1"
            errorTestId="error-address_line_1"
            label={t("booking-checkout.details.line1")}
            autoComplete="address-line1"
            required
            defaultValue={values.address_line_1}
            error={error("address_line_1")}
            className="sm:col-span-2"
          />
          <TextField
            name="address_line_2"
            id="address_line_2"
            errorTestId="error-address_line_2"
            label={t("booking-checkout.details.line2")}
            autoComplete="address-line2"
            defaultValue={values.address_line_2}
            error={error("address_line_2")}
            className="sm:col-span-2"
          />
          <TextField
            name="address_town"
            id="address_town"
            errorTestId="error-address_town"
            label={t("booking-checkout.details.town")}
            autoComplete="address-level2"
            required
            defaultValue={values.address_town}
            error={error("address_town")}
          />
          <div>
            <p className="font-semibold">{t("booking-checkout.details.postcode")}</p>
            <p className="mt-1 py-2" data-testid="details-postcode">
              {postcode}{" "}
              <Link to={startPath} className="ml-2 text-sm underline">
                {t("booking-checkout.details.changePostcode")}
              </Link>
            </p>
          </div>
        </fieldset>

        <fieldset className="group space-y-3">
          <legend className="mb-2 text-xl font-bold">{t("booking-checkout.details.billingLegend")}</legend>
          <p className="text-sm">{t("booking-checkout.details.billingHint")}</p>
          <label className="flex items-center gap-3">
            <input type="radio" name="billing" value="same" defaultChecked={!billingOther} className="h-5 w-5" />
            <span>{t("booking-checkout.details.billingSame")}</span>
          </label>
          <label className="flex items-center gap-3">
            <input type="radio" name="billing" value="other" defaultChecked={billingOther} className="h-5 w-5" id="billing-other" />
            <span>{t("booking-checkout.details.billingOther")}</span>
          </label>
          {/* Shown by CSS when 'a different billing address' is chosen, so it works without JavaScript. */}
          <div className="hidden gap-4 pt-2 group-has-[#billing-other:checked]:grid sm:grid-cols-2" data-testid="billing-fields">
            <TextField
              name="billing_first_name"
              id="billing_first_name"
              errorTestId="error-billing_first_name"
              label={t("booking-checkout.details.billingFirstName")}
              autoComplete="billing given-name"
              defaultValue={values.billing_first_name}
              error={error("billing_first_name")}
            />
            <TextField
              name="billing_last_name"
              id="billing_last_name"
              errorTestId="error-billing_last_name"
              label={t("booking-checkout.details.billingLastName")}
              autoComplete="billing family-name"
              defaultValue={values.billing_last_name}
              error={error("billing_last_name")}
            />
            <TextField
              name="billing_line_1"
              id="billing_line_1"
              errorTestId="error-billing_line_1"
              label={t("booking-checkout.details.line1")}
              autoComplete="billing address-line1"
              defaultValue={values.billing_line_1}
              error={error("billing_line_1")}
              className="sm:col-span-2"
            />
            <TextField
              name="billing_line_2"
              id="billing_line_2"
              errorTestId="error-billing_line_2"
              label={t("booking-checkout.details.line2")}
              autoComplete="billing address-line2"
              defaultValue={values.billing_line_2}
              error={error("billing_line_2")}
              className="sm:col-span-2"
            />
            <TextField
              name="billing_town"
              id="billing_town"
              errorTestId="error-billing_town"
              label={t("booking-checkout.details.town")}
              autoComplete="billing address-level2"
              defaultValue={values.billing_town}
              error={error("billing_town")}
            />
            <TextField
              name="billing_postcode"
              id="billing_postcode"
              errorTestId="error-billing_postcode"
              label={t("booking-checkout.details.postcode")}
              autoComplete="billing postal-code"
              defaultValue={values.billing_postcode}
              error={error("billing_postcode")}
            />
          </div>
        </fieldset>

        <Button type="submit" disabled={submitting} size="lg" fullWidth className="sm:w-auto">
          {submitting ? t("booking-checkout.common.pending") : t("booking-checkout.details.continue")}
        </Button>
      </Form>
    </section>
  );
}
