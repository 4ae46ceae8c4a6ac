import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AvailabilityDay } from "~/booking.server";
import type { Locale } from "~/content/schemas";
import { reasonIsEnough } from "~/journeys/manage/change-date";
import { UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/unsupported-characters";
import { fieldTexts } from "~/lib/errors/field-texts";
import { dayTile, longDate } from "~/lib/dates";
import { manageBookingPath, type LookupForm } from "~/lib/order-access/lookup-form";
import type { ManageActionResult } from "~/lib/order-access/manage.server";
import { Modal } from "~/components/ui/modal";
import { TextArea } from "~/components/ui/text-field";
import { FormAlert } from "~/components/ui/field-error";
import { CsrfField } from "./csrf-field";
import { Button, ButtonLink } from "~/components/ui/button";

export interface DateModalState {
  name: "date";
  reason: string;
  /** A reason was sent but has three words or fewer. */
  reasonShort: boolean;
  /** The reason held a control character (removed from `reason`; ADR 231). */
  reasonRefused: boolean;
  /** null until the reason is long enough (spec §5: the dates appear after the reason). */
  days: AvailabilityDay[] | null;
  more: boolean;
  pages: number;
}

/**
 * Change date (spec §4): the reason, then the available days (10 at a time, 'load more'), then the
 * change (5–10 seconds) and the new day and date. OR04 shows its first message here; other errors
 * close the modal with a toast (the action redirects).
 */
export function ChangeDateModal({
  lookup,
  state,
  currentDate,
  closeHref,
  result,
}: {
  lookup: LookupForm;
  state: DateModalState;
  currentDate: string;
  closeHref: string;
  result: ManageActionResult | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === "de" ? "de" : "en") as Locale;
  const navigation = useNavigation();
  const [reasonError, setReasonError] = useState<boolean | null>(null);
  const changing = navigation.state !== "idle" && navigation.formData?.get("intent") === "change-date";
  const changed = result?.ok && result.date ? result.date : null;
  const failure = result && !result.ok ? result.failure : undefined;
  const failureMessages = failure
    ? failure.fields.date?.length
      ? fieldTexts(failure, "date", (key) => t(key))
      : [failure.message.key ? t(failure.message.key) : (failure.message.text ?? "")]
    : [];
  const showReasonError = reasonError ?? state.reasonShort;

  return (
    <Modal size="xl" title={t("manage.date.title")} closeHref={closeHref} closeLabel={t("manage.actions.close")} testId="change-date-modal">
      {changed ? (
        <div role="status" data-testid="date-changed">
          <p className="text-lg font-semibold">{t("manage.date.success")}</p>
          <p className="mt-2 text-xl font-bold" data-testid="date-changed-to" data-date={changed}>
            {longDate(changed, locale)}
          </p>
          <ButtonLink to={closeHref} preventScrollReset size="sm" className="mt-6" data-testid="date-done">
            {t("manage.date.done")}
          </ButtonLink>
        </div>
      ) : changing ? (
        <p role="status" aria-live="polite" className="py-6 text-lg font-semibold" data-testid="date-processing">
          {t("manage.date.processing")}
        </p>
      ) : (
        <>
          <p className="mb-4">{t("manage.date.current", { date: longDate(currentDate, locale) })}</p>
          <Form
            method="get"
            preventScrollReset
            noValidate
            onSubmit={(event) => {
              const reason = (event.currentTarget.elements.namedItem("reason") as HTMLTextAreaElement).value;
              const ok = reasonIsEnough(reason);
              setReasonError(!ok);
              if (!ok) event.preventDefault();
            }}
          >
            <input type="hidden" name="order_ref" value={lookup.order_ref} />
            <input type="hidden" name="email" value={lookup.email} />
            <input type="hidden" name="modal" value="date" />
            <TextArea
              id="date-reason"
              name="reason"
              label={t("manage.date.reasonLabel")}
              hint={t("manage.date.reasonHint")}
              rows={3}
              maxLength={1000}
              key={state.reasonRefused ? `refused:${state.reason}` : "typed"}
              defaultValue={state.reason}
              error={showReasonError ? t("manage.date.errors.reasonShort") : state.reasonRefused && reasonError === null ? t(UNSUPPORTED_CHARACTERS_KEY) : null}
              announceError
              data-testid="date-reason"
            />
            <Button type="submit" variant="secondary" size="sm" className="mt-3" data-testid="date-show-days">
              {state.days ? t("manage.date.updateReason") : t("manage.date.reasonSubmit")}
            </Button>
          </Form>

          {state.days ? (
            <Form method="post" preventScrollReset className="mt-6">
              <input type="hidden" name="intent" value="change-date" />
              <CsrfField />
              <input type="hidden" name="order_ref" value={lookup.order_ref} />
              <input type="hidden" name="email" value={lookup.email} />
              <input type="hidden" name="reason" value={state.reason} />
              <fieldset>
                <legend className="font-semibold">{t("manage.date.chooseDay")}</legend>
                {failureMessages.length ? (
                  <FormAlert className="mt-2" testId="date-error">
                    {failureMessages.map((message) => (
                      <span key={message} className="block">
                        {message}
                      </span>
                    ))}
                  </FormAlert>
                ) : null}
                <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="date-days">
                  {state.days.map((day) => {
                    const tile = dayTile(day.date, locale);
                    const current = day.date === currentDate;
                    return (
                      <li key={day.date}>
                        <button
                          type="submit"
                          name="date"
                          value={day.date}
                          disabled={!day.available || current}
                          aria-label={`${longDate(day.date, locale)}${current ? ` (${t("manage.date.currentShort")})` : !day.available ? ` (${t("manage.date.unavailable")})` : ""}`}
                          className={`flex w-full flex-col items-center rounded-lg border-2 px-2 py-2 ${
                            current
                              ? "border-primary bg-surface"
                              : day.available
                                ? "border-line/20 bg-field text-on-field hover:border-primary"
                                : "border-transparent bg-surface text-ink/80 line-through"
                          }`}
                          data-testid="date-day"
                          data-date={day.date}
                          data-available={day.available}
                        >
                          <span className="text-sm">{tile.weekday}</span>
                          <span className="text-xl font-bold">{tile.day}</span>
                          <span className="text-sm">{tile.month}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
              {state.more ? (
                <Link
                  to={manageBookingPath(lookup, { modal: "date", reason: state.reason, pages: String(state.pages + 1) })}
                  preventScrollReset
                  replace
                  className="mt-4 inline-block font-semibold underline"
                  data-testid="date-load-more"
                >
                  {t("manage.date.loadMore")}
                </Link>
              ) : null}
            </Form>
          ) : null}
        </>
      )}
    </Modal>
  );
}
