import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProgressBar } from "~/components/booking-frame/progress-bar";
import { SideBasket } from "~/components/booking-frame/side-basket";
import { basketSummary } from "~/lib/booking-flow/basket-summary";
import { loadBookingContext } from "~/lib/booking-flow/context.server";
import { isMailInBooking } from "~/lib/booking-flow/mail-in";
import { canReach, firstReachableBefore, stepOfPath, type ReachabilityFacts } from "~/lib/booking-flow/progress";
import { BOOKING_FRAME_NAMESPACES, bookingFrameNamespacesForData, type I18nHandle } from "~/i18n/namespaces";

export const handle = { i18n: BOOKING_FRAME_NAMESPACES, i18nForData: bookingFrameNamespacesForData } satisfies I18nHandle;

/** Refused posts and other errors show inside the carrier's frame (ADR 054). */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

/**
 * The booking flow's frame: loads the visitor's booking once for every /booking page, sends a
 * step whose prerequisites are missing to the first reachable one (spec §2 progress bar rules),
 * and renders the progress bar, the basket icon and the side basket around the step.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const { carrier, booking, locale } = context;
  const pathname = new URL(request.url).pathname;
  const step = stepOfPath(pathname);
  const facts: ReachabilityFacts = {
    postcode: booking?.postcode ?? null,
    deviceCount: booking?.device_count ?? 0,
    date: booking?.date ?? null,
    email: booking?.email ?? null,
    mailIn: isMailInBooking(carrier, booking),
  };
  const complete = booking?.checkout_status === "SUCCESS";
  if (step && step !== "complete" && !complete && !canReach(step, facts)) {
    throw redirect(firstReachableBefore(step, facts, context.startPath));
  }
  const addDevicePath = carrier.singleMakeOnly ? "/booking/device/type" : "/booking/device/make";
  return data({
    step,
    facts,
    complete,
    deviceCount: booking?.device_count ?? 0,
    basket: basketSummary(booking),
    money: { currency: carrier.currency, countryCode: carrier.countryCode, locale },
    applianceVariant: carrier.applianceVariant,
    addDevicePath,
    inStore: context.colleague ? { storeCode: booking?.store_code ?? null } : null,
  });
}

export type BookingLayoutData = ReturnType<typeof useLoaderData<typeof loader>>;

/** Pages that show the side basket beside their content. */
const SIDE_BASKET_PATHS = /^\/booking\/(device\/(select|confirm-damage|extras|triage)|repair-date|details)$/;

export default function BookingLayout() {
  const { step, facts, complete, deviceCount, basket, money, applianceVariant, addDevicePath, inStore } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const showSideBasket = !complete && SIDE_BASKET_PATHS.test(pathname);
  return (
    <div className="pb-10">
      {inStore ? (
        <p className="bg-surface px-4 py-2 text-center font-semibold" data-testid="in-store-mode">
          {inStore.storeCode ? t("booking.inStoreMode.banner", { store: inStore.storeCode }) : t("booking.inStoreMode.bannerNoStore")}{" "}
          <Link to="/store" className="underline">
            {t("booking.inStoreMode.staffArea")}
          </Link>
        </p>
      ) : null}
      <div className="flex items-start justify-between">
        <div className="flex-1">
          <ProgressBar step={complete ? "complete" : step} facts={facts} applianceVariant={applianceVariant} />
        </div>
        {deviceCount > 0 && !complete ? (
          <Link
            to="/booking/basket"
            className="mr-4 mt-5 inline-flex items-center gap-2 rounded-full border border-line/20 px-3 py-1 font-semibold"
            aria-label={t(applianceVariant ? "booking.basket.iconLabelAppliance" : "booking.basket.iconLabel", { count: deviceCount })}
            data-testid="basket-icon"
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.6L21 8H6" />
              <circle cx="10" cy="20" r="1.5" />
              <circle cx="17" cy="20" r="1.5" />
            </svg>
            <span data-testid="basket-count">{deviceCount}</span>
          </Link>
        ) : null}
      </div>
      <div className={`mx-auto mt-6 max-w-6xl px-4 ${showSideBasket ? "grid gap-8 lg:grid-cols-[1fr_20rem]" : ""}`}>
        <div>
          <Outlet />
        </div>
        {showSideBasket ? <SideBasket basket={basket} money={money} applianceVariant={applianceVariant} addDevicePath={addDevicePath} /> : null}
      </div>
    </div>
  );
}
