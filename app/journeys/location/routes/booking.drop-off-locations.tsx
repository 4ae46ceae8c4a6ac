import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadBookingContext } from "~/lib/booking-flow/context.server";
import { chooseDropOff, requirePostcode, storesNear } from "~/journeys/location/location.server";
import { dropOffFormSchema } from "~/journeys/location/drop-off-form";
import { StoreCard } from "~/journeys/location/components/store-card";
import { StorePostcodeSearch } from "~/journeys/location/components/store-postcode-search";
import { SubmitButton } from "~/components/ui/submit-button";
import { queryText, readForm } from "~/lib/http/form.server";
import { UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/unsupported-characters";
import { titleMeta } from "~/i18n/meta";
import { LOCATION_NAMESPACES } from "~/i18n/namespaces";
import { intlLocaleOf } from "~/lib/money";

export const handle = { i18n: LOCATION_NAMESPACES };

export const meta: MetaFunction = titleMeta("booking-location.dropOff.title");

/** The carrier's drop-off stores near the booking's postcode, or near another postcode typed in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const booking = requirePostcode(context);
  if (!context.carrier.allowsInStoreDropOff) throw redirect("/booking/repair-location");
  // A control character in the postcode: the field's error with the postcode kept without it, no search (ADR 231).
  const asked = queryText(new URL(request.url).searchParams, "postcode");
  const postcode = asked.value.trim() ? asked.value : booking.postcode!;
  const { stores, postcodeErrorKey } = asked.refused ? { stores: [], postcodeErrorKey: UNSUPPORTED_CHARACTERS_KEY } : await storesNear(context, postcode, { dropOffOnly: true });
  return data(
    {
      postcode,
      stores,
      postcodeErrorKey,
      selectedId: booking.drop_off_company_store_id,
      locale: context.locale,
      timeLocale: intlLocaleOf(context.carrier.countryCode, context.locale),
    },
    { status: postcodeErrorKey ? 400 : 200 },
  );
}

/** Spec §7 POST /{ref}/drop-off with the chosen store. */
export async function action({ request }: ActionFunctionArgs) {
  const context = await loadBookingContext(request);
  const parsed = dropOffFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ dropOffError: "booking-location.dropOff.unavailable" }, { status: 400 });
  return chooseDropOff(context, parsed.data.store_id);
}

export default function DropOffLocations() {
  const { postcode, stores, postcodeErrorKey, selectedId, locale, timeLocale } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { dropOffError?: string } | undefined;
  const { t } = useTranslation();
  return (
    <section aria-labelledby="drop-off-title" className="mx-auto max-w-2xl">
      <h1 id="drop-off-title" className="text-3xl font-bold">
        {t("booking-location.dropOff.title")}
      </h1>
      <p className="mt-2">{t("booking-location.dropOff.intro")}</p>
      <StorePostcodeSearch id="drop-off-postcode" postcode={postcode} errorKey={postcodeErrorKey} />
      {actionData?.dropOffError ? (
        <p role="alert" className="mt-4 font-semibold text-danger">
          {t(actionData.dropOffError)}
        </p>
      ) : null}
      {!postcodeErrorKey ? (
        stores.length > 0 ? (
          <ul className="mt-6 space-y-3" aria-label={t("booking-location.dropOff.listLabel")} data-testid="drop-off-list">
            {stores.map((store) => (
              <li key={store.id}>
                <StoreCard store={store} locale={locale} timeLocale={timeLocale}>
                  {selectedId === store.id ? <span className="font-semibold">{t("booking-location.dropOff.selected")}</span> : null}
                  <Link
                    to={`/booking/drop-off-locations/location?id=${store.id}`}
                    className="underline underline-offset-4"
                    aria-label={t("booking-location.dropOff.detailsNamed", { name: store.name })}
                  >
                    {t("booking-location.dropOff.details")}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="store_id" value={store.id} />
                    <SubmitButton
                      name="intent"
                      value={`drop-off-${store.id}`}
                      aria-label={t("booking-location.dropOff.chooseNamed", { name: store.name })}
                      pendingLabel={t("booking-location.saving")}
                      size="lg"
                    >
                      {t("booking-location.dropOff.choose")}
                    </SubmitButton>
                  </Form>
                </StoreCard>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6" data-testid="drop-off-none">
            {t("booking-location.dropOff.none")}
          </p>
        )
      ) : null}
      <p className="mt-8">
        <Link to="/booking/repair-location" className="underline underline-offset-4">
          {t("booking-location.dropOff.back")}
        </Link>
      </p>
    </section>
  );
}
