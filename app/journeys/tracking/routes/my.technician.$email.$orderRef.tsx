import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TechnicianTracking } from "~/booking.server";
import type { Locale } from "~/content/schemas";
import { TrackingMap } from "~/journeys/tracking/components/tracking-map";
import { clockTime, longDate, timeslotText } from "~/lib/dates";
import { formatMoney, intlLocaleOf, type CountryCode, type Currency } from "~/lib/money";
import { manageBookingPath } from "~/lib/order-access/lookup-form";
import { failureInit, loadManageContext, manageFailure, manageDocumentHeaders, manageHeaders } from "~/lib/order-access/manage.server";
import { lookupFromPath, TRACKING_LINK_INVALID_KEY } from "~/lib/order-access/lookup-link.server";
import type { ShownText } from "~/lib/errors/error-table";
import { loadTracking } from "~/journeys/tracking/tracking.server";
import { env as trackingEnv } from "~/env.server";
import { arrivalText, distanceIn, distanceKm, distanceUnit, trackingParts } from "~/journeys/tracking/tracking-view";
import { FormAlert } from "~/components/ui/field-error";
import { titleMeta } from "~/i18n/meta";

export const headers: HeadersFunction = (args) => manageDocumentHeaders(args);

export const handle = { i18n: ["manage", "manage-lookup", "booking", "booking-device"] };

export const meta: MetaFunction = titleMeta("manage.tracking.title");

/** Spec §2 /my/technician/{email}/{orderRef}: the van on a map, the customer's address and the arrival. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await loadManageContext(request, context);
  const lookup = lookupFromPath(params);
  // A control character, an empty or an over-long part: the link is not whole, which "not found" would not say.
  if (!lookup) return data({ kind: "not-found" as const, message: { key: TRACKING_LINK_INVALID_KEY } as ShownText }, { status: 400, headers: manageHeaders() });
  const settings = trackingEnv();
  try {
    const tracking = await loadTracking(ctx, lookup);
    return data(
      {
        kind: "tracking" as const,
        tracking,
        managePath: manageBookingPath(lookup),
        tiles: settings.TILE_URL_TEMPLATE ? { template: settings.TILE_URL_TEMPLATE, attribution: settings.TILE_ATTRIBUTION ?? null } : null,
        pollSeconds: settings.TRACKING_POLL_SECONDS,
        countryCode: ctx.carrier.countryCode,
        phone: ctx.carrier.phone,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    const failure = manageFailure(ctx, error, "lookup");
    return data({ kind: "not-found" as const, message: failure.message }, await failureInit(ctx, error));
  }
}

function useLiveTracking(initial: TechnicianTracking, pollSeconds: number): TechnicianTracking {
  const location = useLocation();
  const [tracking, setTracking] = useState(initial);
  // New loader data replaces what polling found (state adjusted while rendering, as React's docs advise).
  const [shownInitial, setShownInitial] = useState(initial);
  if (shownInitial !== initial) {
    setShownInitial(initial);
    setTracking(initial);
  }
  useEffect(() => {
    if (initial.status === "CANCELLED" || initial.state === "refunded") return;
    let stopped = false;
    const url = `${location.pathname.replace(/\/$/, "")}/location`;
    const poll = async () => {
      try {
        const response = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" });
        if (response.ok && !stopped) setTracking((await response.json()) as TechnicianTracking);
      } catch {
        // A missed update is fine: the next one comes in a few seconds.
      }
    };
    const timer = setInterval(poll, pollSeconds * 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [location.pathname, pollSeconds, initial.status, initial.state]);
  return tracking;
}

function TrackingView({
  initial,
  tiles,
  pollSeconds,
  countryCode,
  managePath,
  phone,
}: {
  initial: TechnicianTracking;
  tiles: { template: string; attribution: string | null } | null;
  pollSeconds: number;
  countryCode: string;
  managePath: string;
  phone: string | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === "de" ? "de" : "en") as Locale;
  // Times of day in the carrier's locale, as money (ADR 246): en-US reads 8:00 – 9:00 AM.
  const timeLocale = intlLocaleOf(countryCode as CountryCode, locale);
  const tracking = useLiveTracking(initial, pollSeconds);
  const { van, customer, timezone } = tracking;
  const vanPoint = van.latitude !== null && van.longitude !== null ? { latitude: van.latitude, longitude: van.longitude } : null;
  const unit = distanceUnit(countryCode);
  const distance = vanPoint ? distanceIn(distanceKm(vanPoint, customer), unit) : null;
  // The estimate, or where the van was last seen when its position is older than 10 minutes (ADR 115).
  const { eta, minutes, lastSeen } = arrivalText(van, timezone, timeLocale);
  // Refunded in full (ADR 247): closed like a cancellation, no visit to follow.
  const refunded = tracking.state === "refunded";
  const cancelled = tracking.status === "CANCELLED" || refunded;
  const statusKey = cancelled ? "cancelled" : van.status;
  // Only what the technician reported (ADR 253): the live map once they are on the way; before, the window.
  const parts = trackingParts(van, { eta, lastSeen });
  const vanPositionText =
    parts.vanPosition === "point" && vanPoint
      ? `${vanPoint.latitude.toFixed(4)}, ${vanPoint.longitude.toFixed(4)}`
      : parts.vanPosition === "notYet"
        ? t("manage.tracking.vanNotYet")
        : parts.vanPosition === "notShared"
          ? t("manage.tracking.vanNoPosition")
          : null;
  const money = (minor: number) => formatMoney(minor, tracking.currency as Currency, { countryCode: countryCode as CountryCode, locale });
  const partRefund =
    !cancelled && tracking.refunded_minor > 0 ? (
      <p className="mt-2" data-testid="tracking-partial-refund">
        {t("manage.status.partlyRefunded", { amount: money(tracking.refunded_minor), paid: money(tracking.paid_minor) })}
      </p>
    ) : null;

  // A cancelled repair has no visit to follow (spec §4: cancellation cannot be undone): no technician,
  // van or arrival promise, and no "updates itself" line, as the page stops polling.
  if (cancelled)
    return (
      <div data-testid="tracking" data-status={refunded ? "refunded" : "cancelled"}>
        <p className="mt-2 text-lg">{t("manage.tracking.appointment", { date: longDate(tracking.date, locale), slot: timeslotText(tracking.timeslot, timeLocale) })}</p>
        <div className="mt-4 rounded-xl bg-surface p-4">
          <p className="text-xl font-bold" data-testid="tracking-status">
            {t(refunded ? "manage.tracking.status.refunded" : "manage.tracking.status.cancelled")}
          </p>
          {phone ? <p className="mt-2">{t("manage.tracking.callUs", { phone })}</p> : null}
        </div>
        <Link to={managePath} className="mt-6 inline-block font-semibold underline">
          {t("manage.tracking.backToManage")}
        </Link>
      </div>
    );

  return (
    <div
      data-testid="tracking"
      data-status={van.status}
      data-van-lat={van.latitude ?? ""}
      data-van-lng={van.longitude ?? ""}
      data-window-start={van.window.start}
      data-updated-at={van.updated_at}
      data-position-at={van.position_at ?? ""}
      data-eta={van.eta ?? ""}
      data-stale={van.stale}
      data-simulated={van.simulated}
      data-home-lat={customer.latitude}
      data-home-lng={customer.longitude}
    >
      {parts.simulatedNote ? (
        <p className="mt-4 rounded-xl border-2 border-dashed border-line/40 p-3 font-semibold" role="note" data-testid="tracking-simulated">
          {t("manage.tracking.simulated")}
        </p>
      ) : null}
      <p className="mt-2 text-lg">{t("manage.tracking.appointment", { date: longDate(tracking.date, locale), slot: timeslotText(tracking.timeslot, timeLocale) })}</p>
      <div className="mt-4 rounded-xl bg-surface p-4">
        <p className="text-xl font-bold" aria-live="polite" data-testid="tracking-status">
          {t(`manage.tracking.status.${statusKey}`)}
        </p>
        {partRefund}
        {lastSeen ? (
          <p className="mt-1 text-lg" data-testid="tracking-last-seen">
            {t("manage.tracking.lastSeen", { time: lastSeen })}
          </p>
        ) : null}
        {eta ? (
          <p className="mt-1 text-lg" data-testid="tracking-eta">
            {t("manage.tracking.eta", { time: eta, count: minutes ?? 0 })}
          </p>
        ) : null}
        {parts.window ? (
          <p className="mt-1" data-testid="tracking-window">
            {t("manage.tracking.expected", { date: longDate(tracking.date, locale), slot: timeslotText(tracking.timeslot, timeLocale) })}
          </p>
        ) : null}
        {parts.liveMapNote ? (
          <p className="mt-1" data-testid="tracking-live-map-note">
            {t("manage.tracking.liveMapStarts")}
          </p>
        ) : null}
        {parts.noPosition ? (
          <p className="mt-1" data-testid="tracking-no-position">
            {t("manage.tracking.noPositionYet")}
          </p>
        ) : null}
        {distance !== null && van.status === "on_the_way" ? (
          <p className="mt-1" data-testid="tracking-distance">
            {t(unit === "mi" ? "manage.tracking.distanceMiles" : "manage.tracking.distanceKm", { distance: distance.toLocaleString(locale === "de" ? "de-DE" : "en-GB") })}
          </p>
        ) : null}
        <p className="mt-3 text-sm">{t("manage.tracking.technician", { name: van.technician_name, van: van.van_registration })}</p>
      </div>

      {parts.map ? (
        <div className="mt-6">
          <TrackingMap home={customer} van={vanPoint} tileTemplate={tiles?.template ?? null} attribution={tiles?.attribution ?? null} />
        </div>
      ) : null}

      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2" data-testid="tracking-positions">
        <div>
          <dt className="font-semibold">{t("manage.tracking.yourAddress")}</dt>
          <dd>
            {[customer.address.line_1, customer.address.line_2, customer.address.town, customer.address.postcode].filter(Boolean).join(", ")}
            <span className="block">
              {customer.latitude.toFixed(4)}, {customer.longitude.toFixed(4)}
              {customer.approximate ? ` (${t("manage.tracking.approximate")})` : ""}
            </span>
          </dd>
        </div>
        {vanPositionText ? (
          <div>
            <dt className="font-semibold">{t(lastSeen ? "manage.tracking.vanLastKnown" : "manage.tracking.vanPosition")}</dt>
            <dd data-testid="van-position">{vanPositionText}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-2 text-sm" data-testid="tracking-updated">
        {t("manage.tracking.updated", { time: clockTime(van.updated_at, timezone, timeLocale), seconds: pollSeconds })}
      </p>

      <section className="mt-8 rounded-xl border border-line/10 p-5" aria-labelledby="tracking-promise">
        <h2 id="tracking-promise" className="text-lg font-bold">
          {t("manage.tracking.promiseTitle")}
        </h2>
        <p className="mt-2" data-testid="tracking-promise">
          {t("manage.tracking.promise60")}
        </p>
        <p className="mt-2">{t("manage.tracking.promise15")}</p>
        {phone ? <p className="mt-2">{t("manage.tracking.callUs", { phone })}</p> : null}
      </section>
      <Link to={managePath} className="mt-6 inline-block font-semibold underline">
        {t("manage.tracking.backToManage")}
      </Link>
    </div>
  );
}

export default function TrackTechnicianPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("manage.tracking.title")}</h1>
      {page.kind === "not-found" ? (
        <div className="mt-6">
          <FormAlert testId="tracking-not-found">{page.message.key ? t(page.message.key) : page.message.text}</FormAlert>
          <Link to="/manage" className="mt-4 inline-block font-semibold underline">
            {t("manage.tracking.findBooking")}
          </Link>
        </div>
      ) : (
        <TrackingView initial={page.tracking} tiles={page.tiles} pollSeconds={page.pollSeconds} countryCode={page.countryCode} managePath={page.managePath} phone={page.phone} />
      )}
      <noscript>
        <meta httpEquiv="refresh" content="30" />
      </noscript>
    </div>
  );
}
