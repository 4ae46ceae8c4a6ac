import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useColleagueWording } from "~/lib/booking-flow/use-colleague-wording";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { editedDevice } from "~/journeys/device/device-step.server";
import { loadBookingContext } from "~/lib/booking-flow/context.server";
import { BASKET_PATH, basketFull, deviceEntryPath, devicePath, deviceTypeIdFor } from "~/journeys/device/flow";
import { MakeUnavailableModal, MaxDevicesModal } from "~/journeys/device/components/basket-modals";
import { StepPage, tileClass } from "~/journeys/device/components/step-page";
import { pageTitle, metaContext } from "~/i18n/meta";

/** Spec §2 device/make: the makes of device type 1 (or 2 for the appliance variant) that have models. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const { carrier, engine, locale, booking } = context;
  const url = new URL(request.url);
  const { editing } = editedDevice(booking, url);
  // Single-make carriers never choose a make (spec §4 step 2).
  if (carrier.singleMakeOnly) throw redirect(deviceEntryPath(carrier, editing));
  const makes = await engine.catalogue.listMakes(carrier, { typeId: deviceTypeIdFor(carrier), locale });
  const deviceCount = booking?.device_count ?? 0;
  return data({
    makes: makes.map((make) => ({ id: make.id, name: make.name })),
    editing,
    full: editing ? null : basketFull(carrier, { deviceCount, inWarranty: booking?.in_warranty ?? null }),
    max: carrier.maxDevicesPerBasket,
    applianceVariant: carrier.applianceVariant,
    unavailable: url.searchParams.get("modal") === "make-unavailable",
    backHref: editing || deviceCount > 0 ? BASKET_PATH : context.startPath,
  });
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => {
  const { t, brand } = metaContext(matches);
  return [{ title: pageTitle(t, page?.applianceVariant ? "booking-device.make.titleAppliance" : "booking-device.make.title", brand) }];
};

export default function DeviceMake() {
  const { makes, editing, full, max, applianceVariant, unavailable, backHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const wording = useColleagueWording();
  const here = devicePath("make", { device: editing });
  return (
    <StepPage
      title={t(applianceVariant ? "booking-device.make.titleAppliance" : "booking-device.make.title", wording)}
      intro={t(applianceVariant ? "booking-device.make.introAppliance" : "booking-device.make.intro", wording)}
      backHref={backHref}
      testId="device-make"
    >
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {makes.map((make) => (
          <li key={make.id}>
            <Link to={devicePath("type", { make: make.id, device: editing })} className={`${tileClass} min-h-24 text-lg`}>
              {make.name}
            </Link>
          </li>
        ))}
        <li>
          <Link to={devicePath("make", { device: editing, modal: "make-unavailable" })} replace preventScrollReset className={`${tileClass} min-h-24`}>
            {t("booking-device.make.other")}
          </Link>
        </li>
      </ul>
      {unavailable ? <MakeUnavailableModal closeHref={here} /> : null}
      {full ? <MaxDevicesModal reason={full} max={max} applianceVariant={applianceVariant} /> : null}
    </StepPage>
  );
}
