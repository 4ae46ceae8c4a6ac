import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LookupFieldErrors } from "~/lib/order-access/lookup-form";
import type { ShownText } from "~/lib/errors/error-table";
import { TextField } from "~/components/ui/text-field";
import { FieldError, FormAlert } from "~/components/ui/field-error";
import { Button } from "~/components/ui/button";
import { useStaticPage } from "~/lib/observability/request-context";

export interface ManageBookingBannerProps {
  values?: { email?: string; order_ref?: string };
  /** Field messages (i18n keys) from the server, for visitors without JavaScript. */
  errors?: LookupFieldErrors;
  /** The lookup's error from the server (spec §8: in a red alert). */
  alert?: ShownText | null;
  headingLevel?: "h1" | "h2";
}

/**
 * 'Manage Your Booking' (spec §2 "Manage-booking search banner"): e-mail, order reference with its
 * hover hint and numeric hint, Find order; Enter submits. It posts to /manage, which answers a
 * found order with a full navigation to /manage/booking?order_ref=…&email=….
 */
export function ManageBookingBanner({ values, errors, alert, headingLevel = "h2" }: ManageBookingBannerProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // On the landing without hydration the `forms` module checks the fields (ADR 206).
  const staticPage = useStaticPage();
  const [clientErrors, setClientErrors] = useState<LookupFieldErrors | null>(null);
  const shown = clientErrors ?? errors ?? {};
  const busy = navigation.state !== "idle" && navigation.formAction === "/manage";
  const Heading = headingLevel;
  return (
    <section aria-labelledby="manage-booking-title" className="rounded-xl bg-surface p-6" data-testid="manage-booking-banner">
      <Heading id="manage-booking-title" className="text-2xl font-bold">
        {t("manage-lookup.title")}
      </Heading>
      <p className="mt-1">{t("manage-lookup.intro")}</p>
      {alert && !clientErrors ? (
        <FormAlert className="mt-4" testId="lookup-alert">
          {alert.key ? t(alert.key) : alert.text}
        </FormAlert>
      ) : null}
      <Form
        method="post"
        action="/manage"
        noValidate
        data-check-filled={staticPage || undefined}
        className="mt-4 grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-start"
        onSubmit={(event) => {
          const form = event.currentTarget;
          const email = (form.elements.namedItem("email") as HTMLInputElement).value.trim();
          const orderRef = (form.elements.namedItem("order_ref") as HTMLInputElement).value.trim();
          const next: LookupFieldErrors = {};
          if (!email) next.email = "manage-lookup.errors.emailMissing";
          if (!orderRef) next.order_ref = "manage-lookup.errors.orderRefMissing";
          if (next.email || next.order_ref) {
            event.preventDefault();
            setClientErrors(next);
            (form.elements.namedItem(next.email ? "email" : "order_ref") as HTMLInputElement).focus();
            return;
          }
          setClientErrors(null);
        }}
      >
        <TextField
          id="lookup-email"
          name="email"
          type="email"
          label={t("manage-lookup.email")}
          autoComplete="email"
          defaultValue={values?.email ?? ""}
          data-missing={staticPage ? t("manage-lookup.errors.emailMissing") : undefined}
          error={shown.email ? t(shown.email) : null}
        />
        <div>
          <div className="flex items-center gap-2">
            <label htmlFor="lookup-order-ref" className="block font-semibold">
              {t("manage-lookup.orderRef")}
            </label>
            <span className="group relative inline-flex">
              <button
                type="button"
                className="h-6 w-6 rounded-full border border-line/40 text-sm font-bold leading-none"
                aria-describedby="order-ref-hint"
                aria-label={t("manage-lookup.orderRefHelp")}
                data-testid="order-ref-hint-trigger"
              >
                ?
              </button>
              <span
                id="order-ref-hint"
                role="tooltip"
                className="invisible absolute bottom-full left-1/2 z-10 mb-2 w-64 -translate-x-1/2 rounded bg-inverse px-3 py-2 text-sm text-on-inverse group-focus-within:visible group-hover:visible"
                data-testid="order-ref-hint"
              >
                {t("manage-lookup.orderRefHint")}
              </span>
            </span>
          </div>
          <input
            id="lookup-order-ref"
            name="order_ref"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            title={t("manage-lookup.orderRefHint")}
            placeholder={t("manage-lookup.orderRefPlaceholder")}
            defaultValue={values?.order_ref ?? ""}
            data-missing={staticPage ? t("manage-lookup.errors.orderRefMissing") : undefined}
            aria-invalid={shown.order_ref ? true : undefined}
            aria-describedby={["order-ref-numeric", shown.order_ref ? "lookup-order-ref-error" : ""].filter(Boolean).join(" ")}
            className="mt-1 w-full rounded-lg border border-line/30 bg-field px-3 py-2 text-on-field"
          />
          <p id="order-ref-numeric" className="mt-1 text-sm">
            {t("manage-lookup.orderRefNumeric")}
          </p>
          <FieldError id="lookup-order-ref-error" messages={shown.order_ref ? t(shown.order_ref) : null} testId="lookup-order-ref-error" />
        </div>
        <Button type="submit" disabled={busy} size="sm" className="md:mt-7" data-testid="find-order" data-busy-text={staticPage ? t("manage-lookup.searching") : undefined}>
          {busy ? t("manage-lookup.searching") : t("manage-lookup.submit")}
        </Button>
      </Form>
    </section>
  );
}
