import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { manageBookingPath, type LookupForm } from "~/lib/order-access/lookup-form";
import type { ManageActionResult } from "~/lib/order-access/manage.server";
import { Modal } from "~/components/ui/modal";
import { TextField } from "~/components/ui/text-field";
import { CsrfField } from "./csrf-field";
import { Button, ButtonLink } from "~/components/ui/button";
import type { Locale } from "~/content/schemas";
import { formatMoney, type CountryCode, type Currency } from "~/lib/money";
import { QUOTE_CHANGED_KEY, cancelQuoteText, type ManageOrder } from "~/journeys/manage/order-view";

/** What cancelling keeps and refunds, said before the customer confirms (spec §9, ADR 250). */
function CancelQuote({ quote, format }: { quote: NonNullable<ManageOrder["cancelQuote"]>; format: (minor: number) => string }) {
  const { t } = useTranslation();
  const said = cancelQuoteText(quote);
  return (
    <div className="mt-3 rounded bg-surface px-3 py-2" data-testid="cancel-quote" data-fee-kept={quote.kept} data-refund={quote.refund} data-late={quote.late}>
      {quote.late && quote.fee > 0 && quote.paid > 0 ? <p className="font-semibold">{t("manage.cancel.lateFee", { fee: format(quote.fee) })}</p> : null}
      <p>{t(said.key, Object.fromEntries(Object.entries(said.amounts).map(([name, minor]) => [name, format(minor)])))}</p>
    </div>
  );
}

/**
 * Cancel booking (spec §4): a confirm prompt, then the confirmation phrase (CANCEL-REPAIR /
 * REPARATUR-ABBRECHEN, §5), then processing, then the 'repair cancelled' toast. A wrong phrase shows
 * the error and stays on the phrase step. Cancelling cannot be undone.
 */
export function CancelModal({
  lookup,
  state,
  quote,
  money,
  closeHref,
  result,
}: {
  lookup: LookupForm;
  state: { step: "confirm" | "phrase"; phrase: string };
  quote: ManageOrder["cancelQuote"];
  money: { currency: string; countryCode: string };
  closeHref: string;
  result: ManageActionResult | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === "de" ? "de" : "en") as Locale;
  const format = (minor: number) => formatMoney(minor, money.currency as Currency, { countryCode: money.countryCode as CountryCode, locale });
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel";
  const failed = result && !result.ok && result.failure ? result.failure : null;
  const quoteChanged = failed?.message.key === QUOTE_CHANGED_KEY ? failed : null;
  const wrongPhrase = quoteChanged ? null : failed;
  return (
    <Modal size="xl" title={t("manage.cancel.title")} closeHref={closeHref} closeLabel={t("manage.actions.close")} testId="cancel-modal">
      {processing ? (
        <p role="status" aria-live="polite" className="py-6 text-lg font-semibold" data-testid="cancel-processing">
          {t("manage.cancel.processing")}
        </p>
      ) : state.step === "confirm" && !failed ? (
        <div data-testid="cancel-confirm">
          <p>{t("manage.cancel.confirmText")}</p>
          {quote ? <CancelQuote quote={quote} format={format} /> : null}
          <p className="mt-2 font-semibold">{t("manage.cancel.cannotUndo")}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to={manageBookingPath(lookup, { modal: "cancel", step: "phrase" })} preventScrollReset variant="danger" size="sm" data-testid="cancel-yes">
              {t("manage.cancel.confirm")}
            </ButtonLink>
            <ButtonLink to={closeHref} preventScrollReset variant="secondary" size="sm" data-testid="cancel-keep">
              {t("manage.cancel.keep")}
            </ButtonLink>
          </div>
        </div>
      ) : (
        <Form method="post" preventScrollReset noValidate data-testid="cancel-phrase-step">
          <input type="hidden" name="intent" value="cancel" />
          <CsrfField />
          <input type="hidden" name="order_ref" value={lookup.order_ref} />
          <input type="hidden" name="email" value={lookup.email} />
          {/* The amounts the customer was shown: the cancellation goes ahead only on these (ADR 250). */}
          {quote ? <input type="hidden" name="quoted_fee" value={quote.kept} /> : null}
          {quote ? <input type="hidden" name="quoted_refund" value={quote.refund} /> : null}
          {quoteChanged ? (
            <p role="alert" className="mb-3 rounded border-l-4 border-warning-border bg-warning-surface px-3 py-2 text-on-warning-surface" data-testid="cancel-quote-changed">
              {t(QUOTE_CHANGED_KEY)}
            </p>
          ) : null}
          {quote ? <CancelQuote quote={quote} format={format} /> : null}
          <p id="cancel-phrase-intro" className="mt-3">
            {t("manage.cancel.phraseIntro")}
          </p>
          <p className="my-3 select-all rounded bg-surface px-3 py-2 text-center font-mono text-xl font-bold tracking-wider" data-testid="cancel-phrase">
            {state.phrase}
          </p>
          <TextField
            id="cancel-phrase-input"
            name="phrase"
            label={t("manage.cancel.phraseLabel")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            key={result?.values?.phrase ?? ""}
            defaultValue={result?.values?.phrase ?? ""}
            aria-describedby="cancel-phrase-intro"
            error={wrongPhrase ? (wrongPhrase.message.key ? t(wrongPhrase.message.key) : wrongPhrase.message.text) : null}
            errorTestId="cancel-phrase-error"
            announceError
            data-testid="cancel-phrase-input"
          />
          <div className="mt-6 flex flex-wrap gap-3">
            <Button type="submit" variant="danger" size="sm" data-testid="cancel-submit">
              {t("manage.cancel.submit")}
            </Button>
            <ButtonLink to={closeHref} preventScrollReset variant="secondary" size="sm">
              {t("manage.cancel.keep")}
            </ButtonLink>
          </div>
        </Form>
      )}
    </Modal>
  );
}
