import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { bookingErrorResponse, ensureBooking, loadBookingContext } from "~/lib/booking-flow/context.server";
import { nextAfter } from "~/journeys/location/next-step";
import { storesNear } from "~/journeys/location/location.server";
import { storeFormSchema } from "~/journeys/location/store-form";
import { handleError } from "~/lib/errors/errors.server";
import { StoreCard } from "~/journeys/location/components/store-card";
import { StorePostcodeSearch } from "~/journeys/location/components/store-postcode-search";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { queryText, readForm, refusedFields } from "~/lib/http/form.server";
import { UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/unsupported-characters";
import { titleMeta } from "~/i18n/meta";
import { LOCATION_NAMESPACES } from "~/i18n/namespaces";
import { intlLocaleOf } from "~/lib/money";

export const handle = { i18n: LOCATION_NAMESPACES };

export const meta: MetaFunction = titleMeta("booking-location.store.title");

/** storeSearch (spec §2, §7 GET /company/stores/locate/{postcode}/{carrier}): the carrier's stores near a postcode. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const booking = context.booking?.checkout_status === "SUCCESS" ? null : context.booking;
  const params = new URL(request.url).searchParams;
  // A control character in the postcode: the field's error with the postcode kept without it, no search (ADR 231).
  const asked = params.has("postcode") ? queryText(params, "postcode") : null;
  const postcode = asked ? asked.value : (booking?.postcode ?? "");
  const { stores, postcodeErrorKey } = asked?.refused
    ? { stores: [], postcodeErrorKey: UNSUPPORTED_CHARACTERS_KEY }
    : postcode.trim()
      ? await storesNear(context, postcode)
      : { stores: [], postcodeErrorKey: null };
  return data(
    {
      postcode,
      stores,
      postcodeErrorKey,
      storeCode: booking?.store_code ?? null,
      required: context.carrier.storeRequired,
      money: { locale: context.locale },
      timeLocale: intlLocaleOf(context.carrier.countryCode, context.locale),
    },
    { status: postcodeErrorKey ? 400 : 200 },
  );
}

/** Choosing a store sets the booking's store code (spec §7 POST /{ref}/store); 'continue without' ignores it. */
export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const context = await loadBookingContext(request, loadContext);
  const form = await readForm(request, { textFields: ["store_code"] });
  const typed = String(form.get("store_code") ?? "");
  // A pasted control character: the field's error with the code kept without it (ADR 231).
  if (refusedFields(form).length) return data({ storeErrorKey: UNSUPPORTED_CHARACTERS_KEY, storeCode: typed }, { status: 400 });
  const parsed = storeFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ storeErrorKey: parsed.error.issues[0]?.message ?? "booking-location.store.codeMissing", storeCode: typed }, { status: 400 });
  try {
    const booking = await ensureBooking(context);
    const saved = await context.engine.basket.setStore(
      context.carrier,
      booking.reference,
      parsed.data.intent === "ignore" ? { ignore: true } : { store_code: parsed.data.store_code, carrier: context.carrier.code },
    );
    return redirect(nextAfter("store", context.carrier, saved, context.startPath));
  } catch (error) {
    const { behaviour } = handleError(error, "booking.store");
    if (behaviour.show === "field") return data({ storeErrorKey: behaviour.key, storeCode: typed }, { status: 400 });
    return bookingErrorResponse(context, error, "booking.store");
  }
}

export default function StoreSearch() {
  const { postcode, stores, postcodeErrorKey, storeCode, required, money, timeLocale } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { storeErrorKey?: string; storeCode?: string } | undefined;
  const { t } = useTranslation();
  return (
    <section aria-labelledby="store-title" className="mx-auto max-w-2xl">
      <h1 id="store-title" className="text-3xl font-bold">
        {t("booking-location.store.title")}
      </h1>
      <p className="mt-2">{t(required ? "booking-location.store.introRequired" : "booking-location.store.intro")}</p>
      {storeCode ? (
        <p className="mt-4 rounded bg-surface px-3 py-2" data-testid="current-store">
          {t("booking-location.store.current", { code: storeCode })}
        </p>
      ) : null}

      <StorePostcodeSearch id="store-postcode" postcode={postcode} errorKey={postcodeErrorKey} />

      {postcode && !postcodeErrorKey ? (
        stores.length > 0 ? (
          <ul className="mt-6 space-y-3" aria-label={t("booking-location.store.listLabel")} data-testid="store-list">
            {stores.map((store) => (
              <li key={store.id}>
                <StoreCard store={store} locale={money.locale} timeLocale={timeLocale}>
                  <Form method="post">
                    <input type="hidden" name="store_code" value={store.code} />
                    <SubmitButton
                      name="intent"
                      value={`choose-${store.code}`}
                      aria-label={t("booking-location.store.chooseNamed", { name: store.name })}
                      pendingLabel={t("booking-location.saving")}
                      size="lg"
                    >
                      {t("booking-location.store.choose")}
                    </SubmitButton>
                  </Form>
                </StoreCard>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6" data-testid="store-none">
            {t("booking-location.store.none")}
          </p>
        )
      ) : null}

      <Form method="post" noValidate className="mt-8 space-y-3 rounded-xl border border-line/15 p-4" key={actionData?.storeCode ?? ""}>
        <TextField
          id="store-code"
          name="store_code"
          label={t("booking-location.store.codeLabel")}
          hint={t("booking-location.store.codeHint")}
          autoComplete="off"
          autoCapitalize="characters"
          defaultValue={actionData?.storeCode ?? ""}
          error={actionData?.storeErrorKey ? t(actionData.storeErrorKey) : null}
          size="lg"
          announceError
        />
        <SubmitButton name="intent" value="choose" pendingLabel={t("booking-location.saving")} variant="quiet" size="lg">
          {t("booking-location.store.useCode")}
        </SubmitButton>
      </Form>

      <Form method="post" className="mt-6">
        <SubmitButton name="intent" value="ignore" variant="quiet" size="lg">
          {t(required ? "booking-location.store.ignore" : "booking-location.store.skip")}
        </SubmitButton>
      </Form>
    </section>
  );
}
