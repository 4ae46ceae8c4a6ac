import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

import { deviceFacts, loadDeviceStep, stepError } from "~/journeys/device/device-step.server";
import { devicePath, nextDeviceStep, pathOfStep, previousDeviceStep } from "~/journeys/device/flow";
import { StepPage, useStepErrors } from "~/journeys/device/components/step-page";
import { FormAlert } from "~/components/ui/field-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { useMoney } from "~/lib/booking-flow/use-money";
import { readForm } from "~/lib/http/form.server";
import { titleMeta } from "~/i18n/meta";

/** Spec §2 device/extras: the upsells offered for the device (screen protector, case, premium service …). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { context, device, key, facts } = await loadDeviceStep(request, "extras");
  return data({
    key,
    title: device.device.title,
    extras: device.upsell_options.map((extra) => ({ id: extra.id, code: extra.code, title: extra.title, description: extra.description, price: extra.price })),
    selected: device.selected_upsells.map((extra) => extra.id),
    backHref: devicePath(previousDeviceStep("extras", context.carrier, facts), { device: key }),
  });
}

const extrasForm = z.object({
  intent: z.enum(["add", "skip"]).catch("add"),
  upsells: z.array(z.coerce.number().int().positive()).max(10).catch([]),
});

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking, key } = await loadDeviceStep(request, "extras", { checkApplies: false });
  const { carrier, engine } = context;
  const formData = await readForm(request);
  const form = extrasForm.parse({ intent: formData.get("intent"), upsells: formData.getAll("extra") });
  const upsells = form.intent === "skip" ? [] : [...new Set(form.upsells)];
  try {
    const state = await engine.basket.updateDevice(carrier, booking.reference, key, { upsells });
    return redirect(pathOfStep(nextDeviceStep("extras", carrier, deviceFacts(state, state.devices[key]!)), key));
  } catch (error) {
    return stepError(context, error, { upsells });
  }
}

export const meta: MetaFunction<typeof loader> = titleMeta("booking-device.extras.title");

export default function Extras() {
  const { key, title, extras, selected, backHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const money = useMoney();
  const errors = useStepErrors(actionData?.error);
  const checked = actionData?.values.upsells ?? selected;
  return (
    <StepPage title={t("booking-device.extras.title")} intro={t("booking-device.extras.intro", { device: title })} backHref={backHref} testId="device-extras">
      <FormAlert messages={errors.general([])} />
      <Form method="post" action={devicePath("extras", { device: key })} className="space-y-6">
        <fieldset>
          <legend className="sr-only">{t("booking-device.extras.title")}</legend>
          <ul className="space-y-3">
            {extras.map((extra) => (
              <li key={extra.id}>
                <label className="flex cursor-pointer items-start gap-3 rounded-lg border-2 border-line/15 p-4 has-[:checked]:border-primary" data-testid={`extra-${extra.code}`}>
                  <input
                    type="checkbox"
                    name="extra"
                    value={extra.id}
                    defaultChecked={checked.includes(extra.id)}
                    aria-describedby={`extra-${extra.id}-info`}
                    className="mt-1 h-5 w-5 accent-[var(--carrier-primary)]"
                  />
                  <span className="flex-1">
                    <span className="block font-semibold">{extra.title}</span>
                    <span id={`extra-${extra.id}-info`} className="block text-sm">
                      {extra.description}
                    </span>
                  </span>
                  <span className="font-semibold">{money(extra.price)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <SubmitButton name="intent" value="add" testId="device-step-continue">
            {t("booking-device.continue")}
          </SubmitButton>
          <SubmitButton name="intent" value="skip" variant="secondary">
            {t("booking-device.extras.skip")}
          </SubmitButton>
        </div>
      </Form>
    </StepPage>
  );
}
