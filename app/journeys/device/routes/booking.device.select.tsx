import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

import { deviceFacts, formError, loadDeviceStep, stepError } from "~/journeys/device/device-step.server";
import { devicePath, nextDeviceStep, pathOfStep, previousDeviceStep } from "~/journeys/device/flow";
import { selectionView } from "~/journeys/device/problem-selection";
import { StepPage, useStepErrors } from "~/journeys/device/components/step-page";
import { FieldError, FormAlert } from "~/components/ui/field-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { useMoney } from "~/lib/booking-flow/use-money";
import { readForm } from "~/lib/http/form.server";
import { titleMeta } from "~/i18n/meta";

/**
 * Spec §2 device/select (repairSelect): the model's problems with the carrier's prices, sale price
 * against the usual price, the free battery line with a screen repair on models that need it
 * (spec §4), restricted problems disabled; nothing to pay for the repair when in warranty.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { context, booking, device, key, facts } = await loadDeviceStep(request, "select");
  const { carrier, engine, locale } = context;
  const version = await engine.catalogue.getModelVersion(carrier, device.model_version.id, locale);
  return data({
    key,
    title: device.device.title,
    imagePath: device.device.image_path,
    problems: version.problems.map((p) => ({
      id: p.id,
      code: p.code,
      title: p.title,
      description: p.description,
      price: p.price,
      nonSalePrice: p.non_sale_price,
      onSale: p.price_has_reduction,
    })),
    saleTitle: version.sale_title,
    selected: device.selected_problems.map((p) => p.id),
    restricted: device.restricted_problems,
    batteryRequired: device.device.battery_required_for_screen_repair,
    inWarranty: booking.in_warranty === true,
    backHref: devicePath(previousDeviceStep("select", carrier, facts), { device: key }),
  });
}

const problemsSchema = z.array(z.coerce.number().int().positive()).max(20);

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking, key } = await loadDeviceStep(request, "select", { checkApplies: false });
  const { carrier, engine } = context;
  const formData = await readForm(request);
  const parsed = problemsSchema.safeParse(formData.getAll("problem"));
  const problems = parsed.success ? [...new Set(parsed.data)] : [];
  if (problems.length === 0) return formError(context, { problem: ["booking-device.select.chooseOne"] }, { problems });
  try {
    const state = await engine.basket.updateDevice(carrier, booking.reference, key, { problems });
    return redirect(pathOfStep(nextDeviceStep("select", carrier, deviceFacts(state, state.devices[key]!)), key));
  } catch (error) {
    return stepError(context, error, { problems });
  }
}

export const meta: MetaFunction<typeof loader> = titleMeta("booking-device.select.title");

export default function SelectProblems() {
  const { key, title, imagePath, problems, saleTitle, selected, restricted, batteryRequired, inWarranty, backHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const money = useMoney();
  const errors = useStepErrors(actionData?.error);
  const [chosen, setChosen] = useState<number[]>(actionData?.values.problems ?? selected);
  const view = selectionView(problems, chosen, batteryRequired, restricted);
  const problemError = errors.field("problem").concat(errors.field("problems"));

  const toggle = (id: number, on: boolean) => setChosen((current) => (on ? [...current, id] : current.filter((entry) => entry !== id)));

  return (
    <StepPage title={t("booking-device.select.title")} intro={t("booking-device.select.intro", { device: title })} backHref={backHref} testId="device-select">
      <div className="flex items-center gap-4">
        <img src={imagePath} alt="" className="h-20 w-16 object-contain" />
        <p className="text-lg font-semibold">{title}</p>
      </div>
      {saleTitle && !inWarranty ? (
        <p className="inline-block rounded-full bg-primary px-3 py-1 text-sm font-bold text-on-primary" data-testid="sale-title">
          {saleTitle}
        </p>
      ) : null}
      {inWarranty ? <p className="rounded-lg bg-surface p-4">{t("booking-device.select.inWarrantyNote")}</p> : null}
      <FormAlert messages={errors.general(["problem", "problems"])} />
      <Form method="post" action={devicePath("select", { device: key })} className="space-y-6" noValidate>
        <fieldset aria-describedby={problemError.length ? "problem-error" : undefined}>
          <legend className="text-lg font-semibold">{t("booking-device.select.legend")}</legend>
          <ul className="mt-3 space-y-3" data-testid="problem-list">
            {problems.map((problem) => {
              const disabled = view.restricted.includes(problem.id);
              const checked = view.selected.includes(problem.id);
              const free = view.freeBattery?.id === problem.id;
              return (
                <li key={problem.id}>
                  <label
                    className={`flex cursor-pointer items-start gap-3 rounded-lg border-2 border-line/15 p-4 has-[:checked]:border-primary ${disabled ? "cursor-not-allowed bg-surface" : ""}`}
                    data-testid={`problem-${problem.code}`}
                  >
                    <input
                      type="checkbox"
                      name="problem"
                      value={problem.id}
                      checked={checked}
                      disabled={disabled}
                      onChange={(event) => toggle(problem.id, event.currentTarget.checked)}
                      aria-describedby={`problem-${problem.id}-info`}
                      className="mt-1 h-5 w-5 accent-[var(--carrier-primary)]"
                    />
                    <span className="flex-1">
                      <span className="block font-semibold">{problem.title}</span>
                      <span id={`problem-${problem.id}-info`} className="block text-sm">
                        {free ? t("booking-device.select.batteryIncluded") : problem.description}
                      </span>
                    </span>
                    <span className="text-right font-semibold" data-testid="problem-price">
                      {inWarranty ? (
                        t("booking-device.select.coveredByWarranty")
                      ) : free ? (
                        t("booking-device.select.free")
                      ) : problem.onSale ? (
                        <>
                          <s className="block text-sm font-normal">
                            <span className="sr-only">{t("booking-device.select.usualPrice")} </span>
                            {money(problem.nonSalePrice)}
                          </s>
                          <span className="sr-only">{t("booking-device.select.salePrice")} </span>
                          {money(problem.price)}
                        </>
                      ) : (
                        money(problem.price)
                      )}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          <FieldError id="problem-error" messages={problemError} />
        </fieldset>

        <div aria-live="polite">
          {view.freeBattery ? (
            <p className="flex justify-between gap-3 rounded-lg border-2 border-dashed border-accent p-4 font-semibold" data-testid="free-battery-line">
              <span>{t("booking-device.select.freeBatteryLine")}</span>
              <span>
                <s className="mr-2 font-normal">
                  <span className="sr-only">{t("booking-device.select.usualPrice")} </span>
                  {money(view.freeBattery.usualPrice)}
                </s>
                {t("booking-device.select.free")}
              </span>
            </p>
          ) : null}
        </div>

        <SubmitButton testId="device-step-continue">{t("booking-device.continue")}</SubmitButton>
      </Form>
    </StepPage>
  );
}
