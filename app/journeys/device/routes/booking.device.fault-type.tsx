import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

import { checkWarrantyFault } from "~/booking.server";
import { formStrings, loadDeviceStep, stepError } from "~/journeys/device/device-step.server";
import { devicePath, nextDeviceStep, pathOfStep, previousDeviceStep } from "~/journeys/device/flow";
import { OutOfWarrantyModal } from "~/journeys/device/components/basket-modals";
import { StepPage, useStepErrors } from "~/journeys/device/components/step-page";
import { FormAlert } from "~/components/ui/field-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { readForm } from "~/lib/http/form.server";
import { titleMeta } from "~/i18n/meta";

/**
 * Spec §2 device/fault-type: user damaged or faulty. Asked for an in-warranty repair, because a
 * manufacturer's warranty covers faults, not accidental damage: damage opens the out-of-warranty
 * modal (spec §8: the repair can still be done, but not free under warranty).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { context, device, key, facts } = await loadDeviceStep(request, "fault-type");
  return data({ key, title: device.device.title, backHref: devicePath(previousDeviceStep("fault-type", context.carrier, facts), { device: key }) });
}

const faultForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("answer"), fault: z.string().max(20).optional().catch(undefined) }),
  z.object({ intent: z.literal("confirm-out-of-warranty") }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking, key, facts } = await loadDeviceStep(request, "fault-type", { checkApplies: false });
  const { carrier, engine } = context;
  const parsed = faultForm.safeParse(formStrings(await readForm(request)));
  const form = parsed.success ? parsed.data : { intent: "answer" as const, fault: undefined };
  try {
    if (form.intent === "answer") {
      // The engine's rule: no answer is a field error, accidental damage is out of warranty (RBK15).
      checkWarrantyFault({ fault: form.fault });
      return redirect(pathOfStep(nextDeviceStep("fault-type", carrier, facts), key));
    }
    await engine.basket.setWarranty(carrier, booking.reference, { in_warranty: false });
    // Spec §4: confirming out of warranty goes to the repair selection.
    return redirect(devicePath("select", { device: key }));
  } catch (error) {
    return stepError(context, error, {});
  }
}

export const meta: MetaFunction<typeof loader> = titleMeta("booking-device.fault.title");

export default function FaultType() {
  const { key, title, backHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const errors = useStepErrors(actionData?.error);
  const here = devicePath("fault-type", { device: key });
  const missing = errors.isField ? errors.field("fault") : [];
  return (
    <StepPage title={t("booking-device.fault.title")} intro={t("booking-device.fault.intro", { device: title })} backHref={backHref} testId="device-fault-type">
      <FormAlert messages={errors.isGeneral ? errors.general([]) : []} />
      <Form method="post" action={here} className="space-y-4">
        <fieldset aria-describedby={missing.length ? "fault-error" : undefined}>
          <legend className="sr-only">{t("booking-device.fault.title")}</legend>
          <div className="grid gap-3 sm:max-w-xl">
            {(["faulty", "user-damaged"] as const).map((fault) => (
              <label key={fault} className="flex cursor-pointer items-start gap-3 rounded-lg border-2 border-line/15 p-4 has-[:checked]:border-primary">
                <input type="radio" name="fault" value={fault} className="mt-1 accent-[var(--carrier-primary)]" />
                <span>
                  <span className="block font-semibold">{t(`booking-device.fault.${fault}`)}</span>
                  <span className="block text-sm">{t(`booking-device.fault.${fault}Hint`)}</span>
                </span>
              </label>
            ))}
          </div>
          {missing.length ? (
            <p id="fault-error" className="mt-1 text-sm font-semibold text-danger">
              {missing.join(" ")}
            </p>
          ) : null}
        </fieldset>
        <SubmitButton name="intent" value="answer" testId="device-step-continue">
          {t("booking-device.continue")}
        </SubmitButton>
      </Form>
      {errors.modal === "out-of-warranty" ? <OutOfWarrantyModal here={here} damage /> : null}
    </StepPage>
  );
}
