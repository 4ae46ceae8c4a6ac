import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadBookingContext } from "~/lib/booking-flow/context.server";
import { chooseDropOff, requirePostcode } from "~/journeys/location/location.server";
import { dropOffFormSchema } from "~/journeys/location/drop-off-form";
import { StoreCard } from "~/journeys/location/components/store-card";
import { SubmitButton } from "~/components/ui/submit-button";
import { readForm } from "~/lib/http/form.server";
import { brandedTitle, pageTitle, metaContext } from "~/i18n/meta";
import { LOCATION_NAMESPACES } from "~/i18n/namespaces";
import { intlLocaleOf } from "~/lib/money";

export const handle = { i18n: LOCATION_NAMESPACES };

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) => {
  const { t, brand } = metaContext(matches);
  return [{ title: loaded ? brandedTitle(loaded.store.name, brand) : pageTitle(t, "booking-location.dropOff.title", brand) }];
};

/** One drop-off store (drop-off-locations/location?id=…): where it is and how far, with 'drop off here'. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const booking = requirePostcode(context);
  if (!context.carrier.allowsInStoreDropOff) throw redirect("/booking/repair-location");
  const parsed = dropOffFormSchema.safeParse({ store_id: new URL(request.url).searchParams.get("id") });
  if (!parsed.success) throw redirect("/booking/drop-off-locations");
  const stores = await context.engine.coverage.locateStores(context.carrier, booking.postcode!, { dropOffOnly: true });
  const store = stores.find((entry) => entry.id === parsed.data.store_id);
  if (!store) throw new Response("Not found", { status: 404 });
  return { store, selected: booking.drop_off_company_store_id === store.id, locale: context.locale, timeLocale: intlLocaleOf(context.carrier.countryCode, context.locale) };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await loadBookingContext(request);
  const parsed = dropOffFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ dropOffError: "booking-location.dropOff.unavailable" }, { status: 400 });
  return chooseDropOff(context, parsed.data.store_id);
}

export default function DropOffLocation() {
  const { store, selected, locale, timeLocale } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { dropOffError?: string } | undefined;
  const { t } = useTranslation();
  const map = `https://www.openstreetmap.org/?mlat=${store.latitude}&mlon=${store.longitude}#map=17/${store.latitude}/${store.longitude}`;
  return (
    <section aria-labelledby="drop-off-store-title" className="mx-auto max-w-2xl">
      <h1 id="drop-off-store-title" className="text-3xl font-bold">
        {t("booking-location.dropOff.storeTitle", { name: store.name })}
      </h1>
      <div className="mt-6">
        <StoreCard store={store} locale={locale} timeLocale={timeLocale}>
          <a href={map} target="_blank" rel="noreferrer" className="underline underline-offset-4">
            {t("booking-location.dropOff.map")}
          </a>
        </StoreCard>
      </div>
      <p className="mt-4">{t("booking-location.dropOff.howItWorks")}</p>
      {selected ? <p className="mt-4 font-semibold">{t("booking-location.dropOff.selected")}</p> : null}
      {actionData?.dropOffError ? (
        <p role="alert" className="mt-4 font-semibold text-danger">
          {t(actionData.dropOffError)}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <Form method="post">
          <input type="hidden" name="store_id" value={store.id} />
          <SubmitButton pendingLabel={t("booking-location.saving")} size="lg">
            {t("booking-location.dropOff.choose")}
          </SubmitButton>
        </Form>
        <Link to="/booking/drop-off-locations" className="underline underline-offset-4">
          {t("booking-location.dropOff.allStores")}
        </Link>
      </div>
    </section>
  );
}
