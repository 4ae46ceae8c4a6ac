import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { editedDevice } from "~/journeys/device/device-step.server";
import { loadBookingContext } from "~/lib/booking-flow/context.server";
import { BASKET_PATH, basketFull, deviceEntryPath, devicePath, deviceTypeIdFor } from "~/journeys/device/flow";
import { MaxDevicesModal } from "~/journeys/device/components/basket-modals";
import { KindIcon } from "~/journeys/device/components/kind-icon";
import { StepPage, tileClass } from "~/journeys/device/components/step-page";
import { titleMeta } from "~/i18n/meta";

/** Spec §2 device/type: the kinds (phone, tablet) the chosen make has models of. One kind skips the step. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const { carrier, engine, locale, booking } = context;
  const url = new URL(request.url);
  const { editing, editingDevice } = editedDevice(booking, url);
  // Single-make carriers arrive without a make (spec §4: select make id 2 and go to device type).
  const makeId = Number(url.searchParams.get("make") ?? editingDevice?.model_version.make_id ?? (carrier.singleMakeOnly ? carrier.singleMakeId : NaN));

  if (carrier.singleMakeOnly && makeId !== carrier.singleMakeId) throw redirect(deviceEntryPath(carrier, editing));
  if (!Number.isInteger(makeId) || makeId <= 0) throw redirect(deviceEntryPath(carrier, editing));
  const typeId = deviceTypeIdFor(carrier);
  const makes = await engine.catalogue.listMakes(carrier, { typeId, locale });
  const make = makes.find((entry) => entry.id === makeId);
  const kinds = make ? await engine.catalogue.listDeviceKinds(carrier, { makeId, typeId }) : [];
  if (!make || kinds.length === 0) {
    // A make the carrier does not repair (an old link, another make's referrer).
    throw redirect(carrier.singleMakeOnly ? BASKET_PATH : devicePath("make", { device: editing, modal: "make-unavailable" }));
  }
  if (kinds.length === 1) throw redirect(devicePath("model", { make: makeId, kind: kinds[0]!.code, device: editing }));

  const deviceCount = booking?.device_count ?? 0;
  return data({
    make: { id: make.id, name: make.name },
    kinds: kinds.map((kind) => kind.code),
    editing,
    full: editing ? null : basketFull(carrier, { deviceCount, inWarranty: booking?.in_warranty ?? null }),
    max: carrier.maxDevicesPerBasket,
    applianceVariant: carrier.applianceVariant,
    backHref: carrier.singleMakeOnly ? (editing || deviceCount > 0 ? BASKET_PATH : context.startPath) : devicePath("make", { device: editing }),
  });
}

export const meta: MetaFunction<typeof loader> = titleMeta("booking-device.type.title");

export default function DeviceType() {
  const { make, kinds, editing, full, max, applianceVariant, backHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <StepPage title={t("booking-device.type.title")} intro={t("booking-device.type.intro", { make: make.name })} backHref={backHref} testId="device-type">
      <ul className="grid grid-cols-2 gap-4 sm:max-w-xl">
        {kinds.map((kind) => (
          <li key={kind}>
            <Link to={devicePath("model", { make: make.id, kind, device: editing })} className={`${tileClass} min-h-36 text-lg`}>
              <KindIcon kind={kind} />
              {t(`booking-device.kinds.${kind}`)}
            </Link>
          </li>
        ))}
      </ul>
      {full ? <MaxDevicesModal reason={full} max={max} applianceVariant={applianceVariant} /> : null}
    </StepPage>
  );
}
