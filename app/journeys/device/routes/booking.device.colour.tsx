import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { loadBookingContext } from "~/lib/booking-flow/context.server";
import { deviceFacts, formError, formStrings, stepError, editedDevice } from "~/journeys/device/device-step.server";
import { basketFull, deviceEntryPath, devicePath, nextDeviceStep, pathOfStep } from "~/journeys/device/flow";
import { MaxDevicesModal } from "~/journeys/device/components/basket-modals";
import { StepPage, useStepErrors } from "~/journeys/device/components/step-page";
import { FieldError, FormAlert } from "~/components/ui/field-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { parseFields, readForm } from "~/lib/http/form.server";
import { pageTitle, metaContext } from "~/i18n/meta";

const choiceSchema = z.object({
  model: z.coerce.number().int().positive(),
  make: z.coerce.number().int().positive().optional(),
});

async function loadChoice(request: Request) {
  const context = await loadBookingContext(request);
  const { carrier, booking } = context;
  const url = new URL(request.url);
  const { editing, editingDevice } = editedDevice(booking, url);
  const parsed = choiceSchema.safeParse({
    model: url.searchParams.get("model") ?? editingDevice?.model_version.model_id,
    make: url.searchParams.get("make") ?? editingDevice?.model_version.make_id ?? undefined,
  });
  if (!parsed.success) throw redirect(deviceEntryPath(carrier, editing));
  return { context, editing, editingDevice, modelId: parsed.data.model, makeId: parsed.data.make ?? null };
}

/** Spec §2 device/colour: the model's version (storage, or type for appliances) and colour. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { context, editing, editingDevice, modelId, makeId } = await loadChoice(request);
  const { carrier, engine, locale, booking } = context;
  let model;
  try {
    model = await engine.catalogue.getModel(carrier, modelId);
  } catch {
    throw redirect(deviceEntryPath(carrier, editing));
  }
  const [versions, colours] = await Promise.all([engine.catalogue.listVersions(carrier, modelId), engine.catalogue.listColours(carrier, modelId, locale)]);
  const sameModel = editingDevice?.model_version.model_id === modelId;
  const deviceCount = booking?.device_count ?? 0;
  return data({
    model: { id: model.id, title: model.title, imagePath: model.image_path, kind: model.device_type },
    makeId: makeId ?? model.make_ids[0]!,
    versions: versions.map((version) => ({ id: version.id, name: version.name })),
    colours,
    editing,
    current: {
      versionId: sameModel ? editingDevice!.model_version.id : versions.length === 1 ? versions[0]!.id : null,
      colour: sameModel ? (editingDevice!.device.colour?.code ?? null) : colours.length === 1 ? colours[0]!.code : null,
      applianceModelCode: sameModel ? (editingDevice!.device.appliance_model_code ?? "") : "",
    },
    full: editing ? null : basketFull(carrier, { deviceCount, inWarranty: booking?.in_warranty ?? null }),
    max: carrier.maxDevicesPerBasket,
    applianceVariant: carrier.applianceVariant,
    backHref: devicePath("model", { make: makeId ?? model.make_ids[0], kind: model.device_type, device: editing }),
    // The key of the device this form adds (ADR 143): the same form sent again sets that device, never a second one.
    deviceKey: editing ? null : crypto.randomUUID().replace(/-/g, ""),
  });
}

const colourForm = z.object({
  model_version_id: z.coerce.number().int().positive().optional().catch(undefined),
  colour: z.string().trim().max(40).optional().catch(undefined),
  appliance_model_code: z.string().trim().max(60).optional().catch(undefined),
  device_key: z
    .string()
    .regex(/^[0-9a-f]{10,32}$/)
    .optional()
    .catch(undefined),
});

export async function action({ request }: ActionFunctionArgs) {
  const { context, editing, modelId, makeId } = await loadChoice(request);
  const { carrier, engine, locale } = context;
  const form = parseFields(colourForm, formStrings(await readForm(request)));
  const values = { versionId: form.model_version_id ?? null, colour: form.colour ?? null, applianceModelCode: form.appliance_model_code ?? "" };
  const colours = await engine.catalogue.listColours(carrier, modelId, locale).catch(() => []);
  const fields: Record<string, string[]> = {};
  if (!form.model_version_id) fields.model_version_id = ["booking-device.colour.versionMissing"];
  if (colours.length > 0 && !form.colour) fields.colour = ["booking-device.colour.colourMissing"];
  if (Object.keys(fields).length) return formError(context, fields, values);

  const device = {
    model_version_id: form.model_version_id!,
    make_id: makeId ?? undefined,
    colour: form.colour || null,
    ...(form.appliance_model_code !== undefined ? { appliance_model_code: form.appliance_model_code || null } : {}),
  };
  try {
    let key: string;
    let state;
    if (editing) {
      key = editing;
      state = await engine.basket.updateDevice(carrier, context.booking!.reference, editing, device);
    } else {
      if (!context.booking) throw redirect(context.startPath);
      state = await engine.basket.addDevice(carrier, context.booking.reference, { ...device, device_key: form.device_key ?? null });
      key = state.device_key;
    }
    const saved = state.devices[key]!;
    return redirect(pathOfStep(nextDeviceStep("colour", carrier, deviceFacts(state, saved)), key));
  } catch (error) {
    if (error instanceof Response) throw error;
    return stepError(context, error, values);
  }
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => {
  const { t, brand } = metaContext(matches);
  return [
    { title: `${page?.model.title ?? ""} · ${pageTitle(t, page?.model.kind === "appliance" ? "booking-device.colour.titleAppliance" : "booking-device.colour.title", brand)}` },
  ];
};

export default function DeviceColour() {
  const { model, versions, colours, current, full, max, applianceVariant, backHref, deviceKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const errors = useStepErrors(actionData?.error);
  const values = actionData?.values ?? current;
  const appliance = model.kind === "appliance";
  const maxReached = errors.modal === "max-devices" ? "max-devices" : errors.modal === "in-warranty-exists" ? "in-warranty" : null;
  const versionError = errors.field("model_version_id");
  const colourError = errors.field("colour");

  return (
    <StepPage title={t(appliance ? "booking-device.colour.titleAppliance" : "booking-device.colour.title")} backHref={backHref} testId="device-colour">
      <div className="flex items-center gap-4">
        <img src={model.imagePath} alt="" className="h-28 w-24 object-contain" />
        <p className="text-xl font-semibold" data-testid="chosen-model">
          {model.title}
        </p>
      </div>
      <FormAlert messages={maxReached ? [] : errors.general(["model_version_id", "colour", "appliance_model_code"])} />
      <Form method="post" className="space-y-6" noValidate>
        {deviceKey ? <input type="hidden" name="device_key" value={deviceKey} /> : null}
        <fieldset aria-describedby={versionError.length ? "version-error" : undefined}>
          <legend className="text-lg font-semibold">{t(appliance ? "booking-device.colour.versionAppliance" : "booking-device.colour.version")}</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {versions.map((version) => (
              <label key={version.id} className="flex cursor-pointer items-center gap-2 rounded-lg border-2 border-line/15 px-4 py-3 has-[:checked]:border-primary">
                <input type="radio" name="model_version_id" value={version.id} defaultChecked={values.versionId === version.id} className="accent-[var(--carrier-primary)]" />
                {version.name}
              </label>
            ))}
          </div>
          <FieldError id="version-error" messages={versionError} />
        </fieldset>

        {colours.length > 0 ? (
          <fieldset aria-describedby={colourError.length ? "colour-error" : undefined}>
            <legend className="text-lg font-semibold">{t("booking-device.colour.colour")}</legend>
            <div className="mt-2 flex flex-wrap gap-3">
              {colours.map((colour) => (
                <label key={colour.code} className="flex cursor-pointer items-center gap-2 rounded-lg border-2 border-line/15 px-4 py-3 has-[:checked]:border-primary">
                  <input type="radio" name="colour" value={colour.code} defaultChecked={values.colour === colour.code} className="accent-[var(--carrier-primary)]" />
                  <span aria-hidden="true" className="inline-block h-5 w-5 rounded-full border border-line/30" style={{ backgroundColor: colour.hex }} />
                  {colour.name}
                </label>
              ))}
            </div>
            <FieldError id="colour-error" messages={colourError} />
          </fieldset>
        ) : null}

        {appliance ? (
          <div className="max-w-sm">
            <label htmlFor="appliance-model-code" className="block font-semibold">
              {t("booking-device.colour.modelCode")}
            </label>
            <p id="appliance-model-code-hint" className="text-sm">
              {t("booking-device.colour.modelCodeHint")}
            </p>
            <input
              id="appliance-model-code"
              name="appliance_model_code"
              defaultValue={values.applianceModelCode}
              maxLength={60}
              autoComplete="off"
              aria-describedby="appliance-model-code-hint"
              className="mt-1 w-full rounded-lg border-2 border-line/30 px-3 py-2"
            />
          </div>
        ) : null}

        <SubmitButton testId="device-step-continue">{t("booking-device.continue")}</SubmitButton>
      </Form>
      {full || maxReached ? <MaxDevicesModal reason={(full ?? maxReached)!} max={max} applianceVariant={applianceVariant} /> : null}
    </StepPage>
  );
}
