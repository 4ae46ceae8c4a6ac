import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { getLandingPage } from "~/content/content.server";
import { PopularCarousel } from "~/journeys/content-pages/components/popular-carousel";
import { ManageBookingBanner } from "~/components/manage-booking-banner";
import { guardCarrierOnlyRoute } from "~/lib/carrier-routes.server";
import { businessCookie } from "~/lib/cookies.server";
import { captureAttribution } from "~/lib/booking-flow/attribution.server";
import { responseScope } from "~/lib/http/response-scope.server";
import { requireTenant, contentOrUnavailable } from "~/tenant/tenant.server";
import { safeRedirectTarget } from "@repair/rules/url";
import { Button } from "~/components/ui/button";
import type { EnhanceHandle } from "~/enhance/names";
import { useStaticPage } from "~/lib/observability/request-context";

/** Served without hydration (ADR 206), with the carousel's and the forms' small modules. */
export const handle = { liveChat: true, i18n: ["manage-lookup"], hydrate: false, enhance: ["carousel", "forms"] } satisfies EnhanceHandle & Record<string, unknown>;

export async function loader({ request }: LoaderFunctionArgs) {
  const { carrier, locale } = await requireTenant(request);
  // Checked again at the redirect: a redirect target is never a script (ADR 058).
  const external = safeRedirectTarget(carrier.externalLandingRedirectUrl) ?? safeRedirectTarget(carrier.externalSupportPickerUrl);
  if (external) throw redirect(external);
  // The landing's `?referrer=&lucidRef=` (ADR 135), kept in a cookie through the redirects below for the booking built later.
  await captureAttribution(request);
  guardCarrierOnlyRoute(carrier);

  const landing = await contentOrUnavailable(getLandingPage(carrier, locale));
  // A carrier without a landing page of its own uses the default landing: postcode search.
  if (!landing) throw redirect("/booking/postcode-search");

  const business = carrier.businessAccounts && new URL(request.url).searchParams.get("type") === "business";
  if (business) responseScope().setCookie(businessCookie, "business");
  return data({
    landing,
    business,
    addressLookup: carrier.addressLookup,
    applianceVariant: carrier.applianceVariant,
    allowsInStoreBookings: carrier.allowsInStoreBookings,
    brand: carrier.name,
    landingLogo: carrier.theme.landingPageLogoUrl,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.brand} · ${data.landing.heroTitle}` }, { name: "description", content: data.landing.heroSubtitle ?? "" }] : [];

function HeroSearch({ addressLookup }: { addressLookup: boolean }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const staticPage = useStaticPage();
  const field = addressLookup ? "text" : "postcode";
  const missing = addressLookup ? t("landing.addressMissing") : t("landing.postcodeMissing");
  return (
    <Form
      method="get"
      // On the landing without hydration the `forms` module asks for the value (ADR 206).
      data-check-filled={staticPage || undefined}
      action={addressLookup ? "/booking/address-search" : "/booking/postcode-search"}
      noValidate
      className="mt-6 flex max-w-xl flex-col gap-2 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem(field) as HTMLInputElement;
        const value = addressLookup ? input.value.trim() : input.value.replace(/\s+/g, "");
        if (!value) {
          event.preventDefault();
          setError(missing);
          input.focus();
          return;
        }
        if (!addressLookup) input.value = value;
        setError(null);
      }}
    >
      <div className="flex-1">
        <label htmlFor="hero-search" className="sr-only">
          {addressLookup ? t("landing.addressLabel") : t("landing.postcodeLabel")}
        </label>
        <input
          id="hero-search"
          name={field}
          type="text"
          autoComplete={addressLookup ? "street-address" : "postal-code"}
          placeholder={addressLookup ? t("landing.addressPlaceholder") : t("landing.postcodePlaceholder")}
          aria-invalid={error ? true : undefined}
          data-missing={staticPage ? missing : undefined}
          data-normalise={staticPage && !addressLookup ? "postcode" : undefined}
          aria-describedby={error ? "hero-search-error" : undefined}
          className="w-full rounded-lg border border-line/30 bg-field px-4 py-3 text-lg text-on-field"
        />
        {error || staticPage ? (
          <p id="hero-search-error" role="alert" className="mt-2 rounded bg-field px-2 py-1 font-semibold text-danger" hidden={!error}>
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="inverse" size="lg">
        {addressLookup ? t("landing.addressSubmit") : t("landing.postcodeSubmit")}
      </Button>
    </Form>
  );
}

export default function Landing() {
  const { landing, business, addressLookup, applianceVariant, allowsInStoreBookings, landingLogo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <section className="bg-primary text-on-primary" data-testid="hero">
        <div className="mx-auto max-w-6xl px-4 py-14">
          {landingLogo ? <img src={landingLogo} alt="" className="mb-6 h-12 w-auto max-w-full rounded-lg bg-field object-contain px-3 py-2" data-testid="hero-logo" /> : null}
          <h1 className="text-4xl font-extrabold sm:text-5xl">{landing.heroTitle}</h1>
          {landing.heroSubtitle ? <p className="mt-3 max-w-2xl text-lg">{landing.heroSubtitle}</p> : null}
          {business ? (
            <p className="mt-4 inline-block rounded bg-field/90 px-3 py-1 font-semibold text-on-field" data-testid="business-account">
              {t("landing.businessAccount")}
            </p>
          ) : null}
          <HeroSearch addressLookup={addressLookup} />
          {allowsInStoreBookings ? (
            <Link to="/store/login" className="mt-6 inline-block underline" data-testid="store-colleague-login">
              {t("nav.storeLogin")}
            </Link>
          ) : null}
        </div>
      </section>

      {landing.sellingPoints.length > 0 ? (
        <section aria-labelledby="selling-points" className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="selling-points" className="sr-only">
            {t("landing.sellingPointsTitle")}
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {landing.sellingPoints.map((point) => (
              <li key={point.title} className="rounded-xl bg-surface p-6">
                <h3 className="text-lg font-bold">{point.title}</h3>
                <p className="mt-2">{point.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <PopularCarousel
        title={landing.popularTitle ?? t("landing.carouselLabel")}
        tabs={[
          {
            id: "smartphones",
            label: applianceVariant ? t("landing.tabAppliances") : t("landing.tabSmartphones"),
            items: landing.popularSmartphones,
          },
          { id: "tablets", label: t("landing.tabTablets"), items: landing.popularTablets },
        ]}
      />

      {landing.steps.length > 0 ? (
        <section aria-labelledby="steps" className="bg-surface">
          <div className="mx-auto max-w-6xl px-4 py-12">
            <h2 id="steps" className="mb-6 text-2xl font-bold">
              {t("landing.stepsTitle")}
            </h2>
            <ol className="grid gap-6 md:grid-cols-3">
              {landing.steps.map((step, index) => (
                <li key={step.title} className="rounded-xl bg-page p-6">
                  <p className="text-sm font-semibold uppercase tracking-wide">{t("landing.stepLabel", { number: index + 1 })}</p>
                  <h3 className="mt-1 text-lg font-bold">{step.title}</h3>
                  <p className="mt-2">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      ) : null}

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-2">
        {landing.trackingTitle ? (
          <section aria-labelledby="tracking" className="rounded-xl border border-line/10 p-6" data-testid="tracking-section">
            <h2 id="tracking" className="text-2xl font-bold">
              {landing.trackingTitle}
            </h2>
            {landing.trackingText ? <p className="mt-3">{landing.trackingText}</p> : null}
            <Link to="/manage" className="mt-4 inline-block font-semibold underline">
              {t("landing.trackTechnician")}
            </Link>
          </section>
        ) : null}
        {landing.fleetTitle ? (
          <section aria-labelledby="fleet" className="rounded-xl border border-line/10 p-6" data-testid="fleet-section">
            <h2 id="fleet" className="text-2xl font-bold">
              {landing.fleetTitle}
            </h2>
            {landing.fleetText ? <p className="mt-3">{landing.fleetText}</p> : null}
          </section>
        ) : null}
      </div>

      <div className="mx-auto max-w-6xl px-4 pb-4">
        <ManageBookingBanner />
      </div>
    </>
  );
}
