import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useColleagueWording } from "~/lib/booking-flow/use-colleague-wording";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { editedDevice } from "~/journeys/device/device-step.server";
import { loadBookingContext } from "~/lib/booking-flow/context.server";
import { basketFull, deviceEntryPath, devicePath, deviceTypeIdFor } from "~/journeys/device/flow";
import { MaxDevicesModal } from "~/journeys/device/components/basket-modals";
import { StepPage, tileClass } from "~/journeys/device/components/step-page";
import { brandedTitle, metaContext } from "~/i18n/meta";
import { SearchField } from "~/components/ui/search-field";
import { queryText } from "~/lib/http/form.server";
import { UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/unsupported-characters";

const querySchema = z.object({
  make: z.coerce.number().int().positive(),
  kind: z.enum(["phone", "tablet", "appliance"]),
  q: z.string().trim().max(60).catch(""),
});

/** Spec §2 device/model: the make's models of the kind, in priority order, searchable by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const { carrier, engine, locale, booking } = context;
  const url = new URL(request.url);
  const { editing, editingDevice } = editedDevice(booking, url);
  // A control character in the search: the field's error with the words kept without it, all models listed (ADR 231).
  const search = queryText(url.searchParams, "q");
  const parsed = querySchema.safeParse({
    make: url.searchParams.get("make") ?? editingDevice?.model_version.make_id,
    kind: url.searchParams.get("kind") ?? editingDevice?.device.device_type,
    q: search.value,
  });
  if (!parsed.success) throw redirect(deviceEntryPath(carrier, editing));
  const { make: makeId, kind, q } = parsed.data;
  const typeId = deviceTypeIdFor(carrier);
  const [makes, models] = await Promise.all([
    engine.catalogue.listMakes(carrier, { typeId, locale }),
    engine.catalogue.listModels(carrier, { makeId, typeId, deviceType: kind, search: (!search.refused && q) || undefined }),
  ]);
  const make = makes.find((entry) => entry.id === makeId);
  if (!make) throw redirect(carrier.singleMakeOnly ? deviceEntryPath(carrier, editing) : devicePath("make", { device: editing, modal: "make-unavailable" }));
  const kinds = await engine.catalogue.listDeviceKinds(carrier, { makeId, typeId });
  const deviceCount = booking?.device_count ?? 0;
  return data(
    {
      make: { id: make.id, name: make.name },
      kind,
      q,
      qRefused: search.refused,
      models: models.map((model) => ({ id: model.id, title: model.title, imagePath: model.image_path })),
      editing,
      currentModelId: editingDevice?.model_version.model_id ?? null,
      full: editing ? null : basketFull(carrier, { deviceCount, inWarranty: booking?.in_warranty ?? null }),
      max: carrier.maxDevicesPerBasket,
      applianceVariant: carrier.applianceVariant,
      // Back to the type when the make has several kinds, else to where the type step came from.
      backHref:
        kinds.length > 1
          ? devicePath("type", { make: makeId, device: editing })
          : carrier.singleMakeOnly
            ? deviceEntryPath(carrier, editing)
            : devicePath("make", { device: editing }),
    },
    { status: search.refused ? 400 : 200 },
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => {
  const { t, brand } = metaContext(matches);
  return [{ title: brandedTitle(page ? t("booking-device.model.title", { make: page.make.name, kind: t(`booking-device.kindsInline.${page.kind}`) }) : "", brand) }];
};

export default function DeviceModel() {
  const { make, kind, q, qRefused, models, editing, currentModelId, full, max, applianceVariant, backHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const wording = useColleagueWording();
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const searching = navigation.state === "loading" && navigation.location.pathname === "/booking/device/model";

  return (
    <StepPage
      title={t("booking-device.model.title", { make: make.name, kind: t(`booking-device.kindsInline.${kind}`) })}
      intro={t(applianceVariant ? "booking-device.model.introAppliance" : "booking-device.model.intro", wording)}
      backHref={backHref}
      testId="device-model"
    >
      <Form method="get" ref={form} role="search" className="max-w-xl">
        <input type="hidden" name="make" value={make.id} />
        <input type="hidden" name="kind" value={kind} />
        {editing ? <input type="hidden" name="device" value={editing} /> : null}
        <SearchField
          id="model-search"
          name="q"
          label={t("booking-device.model.searchLabel")}
          key={qRefused ? `refused:${q}` : "typed"}
          defaultValue={q}
          error={qRefused ? t(UNSUPPORTED_CHARACTERS_KEY) : null}
          errorTestId="model-search-error"
          maxLength={60}
          autoComplete="off"
          placeholder={t(`booking-device.model.searchPlaceholder.${kind}`)}
          onChange={(event) => {
            const target = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => target && submit(target, { replace: true, preventScrollReset: true }), 250);
          }}
          buttonLabel={t("booking-device.model.searchButton")}
          buttonVariant="secondary"
        />
      </Form>

      <p className="sr-only" role="status" aria-live="polite">
        {searching ? "" : t("booking-device.model.resultCount", { count: models.length })}
      </p>

      {models.length === 0 ? (
        <div className="rounded-xl bg-surface p-6" data-testid="model-empty">
          <p className="text-lg font-semibold">{t("booking-device.model.empty")}</p>
          {q ? (
            <Link to={devicePath("model", { make: make.id, kind, device: editing })} className="mt-2 inline-block underline">
              {t("booking-device.model.showAll")}
            </Link>
          ) : null}
        </div>
      ) : (
        <ul className={`grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 ${searching ? "opacity-60" : ""}`} data-testid="model-list">
          {models.map((model) => (
            <li key={model.id}>
              <Link
                to={devicePath("colour", { model: model.id, make: make.id, device: editing })}
                className={`${tileClass} ${model.id === currentModelId ? "border-primary" : ""}`}
                aria-current={model.id === currentModelId ? "true" : undefined}
              >
                <img src={model.imagePath} alt="" className="h-24 w-20 object-contain" loading="lazy" />
                <span>{model.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {full ? <MaxDevicesModal reason={full} max={max} applianceVariant={applianceVariant} /> : null}
    </StepPage>
  );
}
