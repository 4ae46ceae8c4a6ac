import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { bookingErrorResponse } from "~/lib/booking-flow/context.server";
import { formStrings, loadDeviceStep } from "~/journeys/device/device-step.server";
import { devicePath, nextDeviceStep, pathOfStep, previousDeviceStep } from "~/journeys/device/flow";
import { StepPage } from "~/journeys/device/components/step-page";
import { SubmitButton } from "~/components/ui/submit-button";
import { parseFields, readForm } from "~/lib/http/form.server";
import { titleMeta } from "~/i18n/meta";
import { ButtonLink } from "~/components/ui/button";

/**
 * Spec §2 device/insurance-status. An insured device is repaired and paid for like any other;
 * the visitor is told the receipt supports a claim with the insurer. The answer is stored on the
 * booking's device (operations and the technician see it); choosing another model version clears
 * it with the warranty state (spec §4 Warranty).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { context, device, key, facts } = await loadDeviceStep(request, "insurance-status");
  const { carrier } = context;
  return data({
    key,
    title: device.device.title,
    insured: new URL(request.url).searchParams.get("insured") === "yes",
    nextHref: pathOfStep(nextDeviceStep("insurance-status", carrier, facts), key),
    backHref: devicePath(previousDeviceStep("insurance-status", carrier, facts), { device: key }),
  });
}

const insuranceForm = z.object({ insured: z.enum(["yes", "no"]).catch("no") });

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking, key, facts } = await loadDeviceStep(request, "insurance-status");
  const { insured } = parseFields(insuranceForm, formStrings(await readForm(request)));
  try {
    await context.engine.basket.updateDevice(context.carrier, booking.reference, key, { insured: insured === "yes" });
  } catch (error) {
    return bookingErrorResponse(context, error);
  }
  if (insured === "yes") return redirect(devicePath("insurance-status", { device: key, insured: "yes" }));
  return redirect(pathOfStep(nextDeviceStep("insurance-status", context.carrier, facts), key));
}

export const meta: MetaFunction<typeof loader> = titleMeta("booking-device.insurance.title");

export default function InsuranceStatus() {
  const { key, title, insured, nextHref, backHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <StepPage title={t("booking-device.insurance.title")} intro={t("booking-device.insurance.intro", { device: title })} backHref={backHref} testId="device-insurance-status">
      {insured ? (
        <div className="space-y-4">
          <p className="rounded-lg bg-surface p-4" data-testid="insured-note">
            {t("booking-device.insurance.insuredNote")}
          </p>
          <ButtonLink to={nextHref} data-testid="insured-continue">
            {t("booking-device.continue")}
          </ButtonLink>
        </div>
      ) : (
        <Form method="post" action={devicePath("insurance-status", { device: key })} className="flex flex-wrap gap-3">
          <SubmitButton name="insured" value="yes" variant="secondary">
            {t("booking-device.insurance.yes")}
          </SubmitButton>
          <SubmitButton name="insured" value="no" variant="secondary">
            {t("booking-device.insurance.no")}
          </SubmitButton>
        </Form>
      )}
    </StepPage>
  );
}
