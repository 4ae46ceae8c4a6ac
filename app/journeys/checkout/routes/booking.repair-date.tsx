import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useColleagueWording } from "~/lib/booking-flow/use-colleague-wording";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { inlineErrorText } from "~/journeys/checkout/action-errors";
import { joinWaitingList, requestCallBack } from "~/journeys/checkout/call-back.server";
import { loadCheckoutStep, throwLoaderError } from "~/journeys/checkout/checkout-step.server";
import { MAX_PAGES, pageStarts, pagesFromQuery, DAYS_PER_PAGE } from "~/journeys/checkout/dates";
import { dayTile, longDate } from "~/lib/dates";
import { stepMeta } from "~/journeys/checkout/meta";
import { callBackRequest, waitingListSchema } from "~/journeys/checkout/waiting-list";
import { bookingErrorResponse } from "~/lib/booking-flow/context.server";
import type { AvailabilityDay } from "~/booking.server";
import { Modal } from "~/components/ui/modal";
import { TextField } from "~/components/ui/text-field";
import { useActionAnswer } from "~/journeys/checkout/components/use-booking-layout";
import { readForm, refusedFields, withRefusedFieldErrors } from "~/lib/http/form.server";
import { UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/unsupported-characters";
import { isMailInBooking, offersMailIn } from "~/lib/booking-flow/mail-in";
import { CHECKOUT_NAMESPACES } from "~/i18n/namespaces";
import { Button, ButtonLink } from "~/components/ui/button";

export const handle = { i18n: CHECKOUT_NAMESPACES };

export const meta = stepMeta("booking-checkout.repairDate.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  const url = new URL(request.url);
  const pages = pagesFromQuery(url.searchParams.get("pages"));
  let days: AvailabilityDay[];
  try {
    const first = await context.engine.basket.loadAvailability(context.carrier, booking.reference, { days_to_load: DAYS_PER_PAGE });
    const rest = await Promise.all(
      pageStarts(first[0]?.date ?? "", first.length ? pages : 1).map((start) =>
        context.engine.basket.loadAvailability(context.carrier, booking.reference, { start_date: start, days_to_load: DAYS_PER_PAGE }),
      ),
    );
    days = [first, ...rest].flat();
  } catch (error) {
    return throwLoaderError(context, error);
  }
  const noDates = !days.some((day) => day.available);
  return data({
    days: days.map((day) => ({ date: day.date, available: day.available, selected: day.selected })),
    selected: booking.date,
    held: booking.availability.date_held ? booking.date : null,
    pages,
    canLoadMore: pages < MAX_PAGES,
    noDates,
    showDatesAnyway: url.searchParams.get("dates") === "show",
    locale: context.locale,
    mailInOffered: offersMailIn(context.carrier),
    mailIn: isMailInBooking(context.carrier, booking),
  });
}

const dateForm = z.object({
  intent: z.literal("choose-date"),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  preferred_date_callback: z.literal("on").optional(),
});

/** The waiting list's fields (ADR 094), in the order the form shows them. */
const WAITING_LIST_FIELDS = [
  { name: "name", type: "text", autoComplete: "name" },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "phone", type: "tel", autoComplete: "tel" },
] as const;

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  const form = await readForm(request, { textFields: WAITING_LIST_FIELDS.map((field) => field.name) });
  const values = Object.fromEntries(form) as Record<string, string>;

  if (values.intent === "waiting-list") {
    const parsed = waitingListSchema.safeParse(values);
    // A pasted control character: that field's error, every value as typed without it (ADR 231).
    if (!parsed.success || refusedFields(form).length) {
      const fields: Record<string, string> = {};
      if (!parsed.success) for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      return data({ kind: "waiting-list" as const, fields: withRefusedFieldErrors(form, fields, UNSUPPORTED_CHARACTERS_KEY), values, status: null }, { status: 400 });
    }
    // On the waiting list for an offer by e-mail, and a call-back request for staff who phone (ADR 094).
    const joined = await joinWaitingList(context, parsed.data, new URL(request.url).origin);
    const outcome = joined.status === "sent" ? await requestCallBack(context, callBackRequest(parsed.data, booking, context.carrier.code)) : joined;
    if (outcome.status === "invalid") {
      return data({ kind: "waiting-list" as const, fields: outcome.fields, values, status: null }, { status: 400 });
    }
    return data({ kind: "waiting-list" as const, fields: {}, values, status: "sent" as const });
  }

  if (values.intent === "mail-in") {
    // Send the device by post instead of a visit (ADR 140): no date, straight on to the details.
    try {
      await context.engine.basket.setMailIn(context.carrier, booking.reference);
    } catch (error) {
      const response = await bookingErrorResponse(context, error);
      if (response instanceof Response) return response;
      return data({ kind: "date" as const, missing: false, error: response.data.error }, response.init ?? undefined);
    }
    return redirect("/booking/details");
  }

  const parsed = dateForm.safeParse(values);
  if (!parsed.success) return data({ kind: "date" as const, missing: true, error: null }, { status: 400 });
  try {
    await context.engine.basket.setDate(context.carrier, booking.reference, {
      date: parsed.data.date,
      requestPreferredDateCallback: parsed.data.preferred_date_callback === "on",
    });
  } catch (error) {
    const response = await bookingErrorResponse(context, error);
    if (response instanceof Response) return response;
    return data({ kind: "date" as const, missing: false, error: response.data.error }, response.init ?? undefined);
  }
  return redirect("/booking/details");
}

export default function RepairDatePage() {
  const { days, selected, held, pages, canLoadMore, noDates, showDatesAnyway, locale, mailInOffered, mailIn } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer(useActionData<typeof action>());
  const navigation = useNavigation();
  const { t } = useTranslation();
  const wording = useColleagueWording();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const dateError =
    actionData?.kind === "date" ? (actionData.missing ? t("booking-checkout.repairDate.chooseDay") : actionData.error ? inlineErrorText(actionData.error, t) : null) : null;
  const waiting = actionData?.kind === "waiting-list" ? actionData : null;
  const showWaitingList = noDates && !mailIn && (!showDatesAnyway || Boolean(waiting));

  return (
    <section aria-labelledby="repair-date-title">
      <h1 id="repair-date-title" className="text-3xl font-bold">
        {t("booking-checkout.repairDate.title")}
      </h1>
      <p className="mt-2">{t("booking-checkout.repairDate.intro", wording)}</p>
      {held ? (
        <p className="mt-2 font-semibold" data-testid="date-held">
          {t("booking-checkout.repairDate.held", { date: longDate(held, locale) })}
        </p>
      ) : null}

      {mailInOffered ? (
        <div className="mt-6 rounded-xl border-2 border-line/20 p-4" data-testid="mail-in-option" data-chosen={mailIn}>
          <h2 className="text-xl font-bold">{t("booking-checkout.mailIn.optionTitle")}</h2>
          {mailIn ? (
            <>
              <p className="mt-1 font-semibold" data-testid="mail-in-chosen">
                {t("booking-checkout.mailIn.chosen")}
              </p>
              <ButtonLink to="/booking/details" className="mt-3" data-testid="mail-in-continue">
                {t("booking-checkout.mailIn.continue")}
              </ButtonLink>
              <p className="mt-3 text-sm">{t("booking-checkout.mailIn.visitInstead")}</p>
            </>
          ) : (
            <>
              <p className="mt-1">{t("booking-checkout.mailIn.optionText")}</p>
              <Form method="post" className="mt-3">
                <Button type="submit" name="intent" value="mail-in" disabled={submittingIntent === "mail-in"} variant="secondary" data-testid="choose-mail-in">
                  {submittingIntent === "mail-in" ? t("booking-checkout.common.pending") : t("booking-checkout.mailIn.choose")}
                </Button>
              </Form>
            </>
          )}
        </div>
      ) : null}

      <Form method="post" noValidate className="mt-6">
        <fieldset aria-describedby={dateError ? "date-error" : undefined}>
          <legend className="sr-only">{t("booking-checkout.repairDate.legend")}</legend>
          {dateError ? (
            <p id="date-error" role="alert" className="mb-3 font-medium text-danger" data-testid="date-error">
              {dateError}
            </p>
          ) : null}
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="repair-days">
            {days.map((day) => {
              const tile = dayTile(day.date, locale);
              const long = longDate(day.date, locale);
              return (
                <li key={day.date}>
                  <label
                    className={`flex cursor-pointer flex-col items-center rounded-xl border-2 p-3 text-center has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-on-primary has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent ${
                      day.available ? "border-line/20" : "cursor-not-allowed border-dashed border-line/20 text-ink/70"
                    }`}
                    data-testid="repair-day"
                    data-date={day.date}
                    data-available={day.available}
                  >
                    <input
                      type="radio"
                      name="date"
                      value={day.date}
                      disabled={!day.available}
                      defaultChecked={day.date === selected && day.available}
                      className="sr-only"
                      aria-label={t(day.available ? "booking-checkout.repairDate.dayLabelAvailable" : "booking-checkout.repairDate.dayLabelUnavailable", { date: long })}
                    />
                    <span className="text-sm" aria-hidden="true">
                      {tile.weekday}
                    </span>
                    <span className="text-2xl font-bold" aria-hidden="true">
                      {tile.day}
                    </span>
                    <span className="text-sm" aria-hidden="true">
                      {tile.month}
                    </span>
                    <span className="mt-1 text-xs font-semibold" aria-hidden="true">
                      {day.available ? t("booking-checkout.repairDate.available") : t("booking-checkout.repairDate.unavailable")}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        {canLoadMore ? (
          <Link
            to={`?pages=${pages + 1}${showDatesAnyway ? "&dates=show" : ""}`}
            preventScrollReset
            className="mt-4 inline-block font-semibold underline"
            data-testid="load-more-dates"
          >
            {t("booking-checkout.repairDate.loadMore")}
          </Link>
        ) : null}
        <div className="mt-6">
          <label className="flex items-start gap-3">
            <input type="checkbox" name="preferred_date_callback" className="mt-1 h-5 w-5" aria-describedby="preferred-date-hint" />
            <span>{t("booking-checkout.repairDate.preferredDate")}</span>
          </label>
          <p id="preferred-date-hint" className="ml-8 text-sm text-ink/80">
            {t("booking-checkout.repairDate.preferredDateHint")}
          </p>
        </div>
        <Button type="submit" name="intent" value="choose-date" disabled={submittingIntent === "choose-date"} size="lg" fullWidth className="mt-6 sm:w-auto">
          {submittingIntent === "choose-date" ? t("booking-checkout.common.pending") : t("booking-checkout.repairDate.continue")}
        </Button>
      </Form>

      {showWaitingList ? (
        <Modal size="md" title={t("booking-checkout.repairDate.noDatesTitle")} testId="no-dates-dialog">
          {waiting?.status === "sent" ? (
            <div role="status" data-testid="waiting-list-sent">
              <p className="text-lg font-bold">{t("booking-checkout.waitingList.sentTitle")}</p>
              <p className="mt-1">{t("booking-checkout.waitingList.sentText")}</p>
            </div>
          ) : (
            <>
              <p>{t("booking-checkout.repairDate.noDatesText")}</p>
              <Form method="post" noValidate className="mt-4 space-y-3" aria-label={t("booking-checkout.waitingList.title")} key={JSON.stringify(waiting?.values ?? {})}>
                {WAITING_LIST_FIELDS.map(({ name, type, autoComplete }) => (
                  <TextField
                    key={name}
                    name={name}
                    id={`waiting-${name}`}
                    errorTestId={`error-${name}`}
                    type={type}
                    label={t(`booking-checkout.waitingList.${name}`)}
                    autoComplete={autoComplete}
                    required
                    defaultValue={waiting?.values[name] ?? ""}
                    error={waiting?.fields[name] ? t(waiting.fields[name]) : null}
                  />
                ))}
                <Button type="submit" name="intent" value="waiting-list" disabled={submittingIntent === "waiting-list"} fullWidth>
                  {submittingIntent === "waiting-list" ? t("booking-checkout.waitingList.sending") : t("booking-checkout.waitingList.submit")}
                </Button>
              </Form>
            </>
          )}
          <Link to={`?pages=${pages}&dates=show`} preventScrollReset className="mt-4 inline-block underline">
            {t("booking-checkout.repairDate.showDates")}
          </Link>
        </Modal>
      ) : null}
    </section>
  );
}
