import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

import { deviceFacts, formError, formStrings, loadDeviceStep, stepError } from "~/journeys/device/device-step.server";
import { devicePath, nextDeviceStep, pathOfStep, previousDeviceStep } from "~/journeys/device/flow";
import { applyDamageAnswers, BACK_GLASS_REPLACEMENT, FRAME_REPLACEMENT } from "~/journeys/device/problem-selection";
import { StepPage, useStepErrors } from "~/journeys/device/components/step-page";
import { FieldError, FormAlert } from "~/components/ui/field-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { useMoney } from "~/lib/booking-flow/use-money";
import { parseFields, readForm } from "~/lib/http/form.server";
import { titleMeta } from "~/i18n/meta";

type Question = "back_glass" | "frame";

/**
 * Spec §2 device/confirm-damage: the back glass and frame questions, asked when the device asks
 * them (ask_back_glass, ask_frame). 'Yes' adds that repair to the device, 'No' leaves it out, so the
 * technician brings the right parts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { context, booking, device, key, facts } = await loadDeviceStep(request, "confirm-damage");
  const { carrier, engine, locale } = context;
  const problems = await engine.catalogue.listProblems(carrier, device.model_version.model_id, locale);
  const selected = device.selected_problems.map((p) => p.code);
  const question = (asked: boolean, code: string, name: Question) => {
    const problem = problems.find((p) => p.code === code);
    return asked && problem ? [{ name, price: problem.price, answer: selected.includes(code) ? ("yes" as const) : null }] : [];
  };
  return data({
    key,
    title: device.device.title,
    inWarranty: booking.in_warranty === true,
    questions: [...question(device.ask_back_glass, BACK_GLASS_REPLACEMENT, "back_glass"), ...question(device.ask_frame, FRAME_REPLACEMENT, "frame")],
    backHref: devicePath(previousDeviceStep("confirm-damage", carrier, facts), { device: key }),
  });
}

const answer = z.enum(["yes", "no"]).optional().catch(undefined);
const damageForm = z.object({ back_glass: answer, frame: answer });

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking, device, key } = await loadDeviceStep(request, "confirm-damage", { checkApplies: false });
  const { carrier, engine, locale } = context;
  const form = parseFields(damageForm, formStrings(await readForm(request)));
  const values = { back_glass: form.back_glass ?? null, frame: form.frame ?? null };
  const fields: Record<string, string[]> = {};
  if (device.ask_back_glass && !form.back_glass) fields.back_glass = ["booking-device.damage.answerMissing"];
  if (device.ask_frame && !form.frame) fields.frame = ["booking-device.damage.answerMissing"];
  if (Object.keys(fields).length) return formError(context, fields, values);
  try {
    const problems = await engine.catalogue.listProblems(carrier, device.model_version.model_id, locale);
    const ids = applyDamageAnswers(
      problems,
      device.selected_problems.map((p) => p.id),
      { backGlass: device.ask_back_glass ? form.back_glass === "yes" : null, frame: device.ask_frame ? form.frame === "yes" : null },
    );
    const state = await engine.basket.updateDevice(carrier, booking.reference, key, { problems: ids });
    return redirect(pathOfStep(nextDeviceStep("confirm-damage", carrier, deviceFacts(state, state.devices[key]!)), key));
  } catch (error) {
    return stepError(context, error, values);
  }
}

export const meta: MetaFunction<typeof loader> = titleMeta("booking-device.damage.title");

export default function ConfirmDamage() {
  const { key, title, inWarranty, questions, backHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const money = useMoney();
  const errors = useStepErrors(actionData?.error);
  return (
    <StepPage title={t("booking-device.damage.title")} intro={t("booking-device.damage.intro", { device: title })} backHref={backHref} testId="device-confirm-damage">
      <FormAlert messages={errors.general(["back_glass", "frame"])} />
      <Form method="post" action={devicePath("confirm-damage", { device: key })} className="space-y-6" noValidate>
        {questions.map((question) => {
          const messages = errors.field(question.name);
          const current = actionData?.values[question.name] ?? question.answer;
          return (
            <fieldset key={question.name} aria-describedby={`${question.name}-hint${messages.length ? ` ${question.name}-error` : ""}`}>
              <legend className="text-lg font-semibold">{t(`booking-device.damage.${question.name}`)}</legend>
              <p id={`${question.name}-hint`} className="text-sm">
                {inWarranty ? t(`booking-device.damage.${question.name}Hint`) : t(`booking-device.damage.${question.name}HintPrice`, { price: money(question.price) })}
              </p>
              <div className="mt-2 flex gap-3">
                {(["yes", "no"] as const).map((choice) => (
                  <label key={choice} className="flex cursor-pointer items-center gap-2 rounded-lg border-2 border-line/15 px-5 py-3 has-[:checked]:border-primary">
                    <input type="radio" name={question.name} value={choice} defaultChecked={current === choice} className="accent-[var(--carrier-primary)]" />
                    {t(`booking-device.${choice}`)}
                  </label>
                ))}
              </div>
              <FieldError id={`${question.name}-error`} messages={messages} />
            </fieldset>
          );
        })}
        <SubmitButton testId="device-step-continue">{t("booking-device.continue")}</SubmitButton>
      </Form>
    </StepPage>
  );
}
