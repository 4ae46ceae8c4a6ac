import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { deviceFacts, formError, loadDeviceStep, stepError } from "~/journeys/device/device-step.server";
import { devicePath, nextDeviceStep, pathOfStep, previousDeviceStep } from "~/journeys/device/flow";
import { missingTriageAnswers, triageAnswersFromForm } from "~/journeys/device/triage";
import { StepPage, useStepErrors } from "~/journeys/device/components/step-page";
import { FieldError, FormAlert } from "~/components/ui/field-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { readForm } from "~/lib/http/form.server";
import { titleMeta } from "~/i18n/meta";

/** Spec §2 device/triage: the appliance's fault questions, so the engineer comes prepared. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { context, device, key, facts } = await loadDeviceStep(request, "triage");
  const { carrier, engine, locale } = context;
  const questions = await engine.catalogue.listTriageQuestions(carrier, device.model_version.model_id, locale);
  if (questions.length === 0) throw redirect(pathOfStep(nextDeviceStep("triage", carrier, facts), key));
  return data({
    key,
    title: device.device.title,
    questions,
    answers: device.triage_answers,
    backHref: devicePath(previousDeviceStep("triage", carrier, facts), { device: key }),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking, device, key } = await loadDeviceStep(request, "triage", { checkApplies: false });
  const { carrier, engine, locale } = context;
  const questions = await engine.catalogue.listTriageQuestions(carrier, device.model_version.model_id, locale);
  const answers = triageAnswersFromForm(questions, await readForm(request));
  const missing = missingTriageAnswers(questions, answers);
  if (missing.length) return formError(context, Object.fromEntries(missing.map((code) => [`triage_answers.${code}`, ["booking-device.triage.answerMissing"]])), { answers });
  try {
    const state = await engine.basket.updateDevice(carrier, booking.reference, key, { triage_answers: answers });
    return redirect(pathOfStep(nextDeviceStep("triage", carrier, deviceFacts(state, state.devices[key]!)), key));
  } catch (error) {
    return stepError(context, error, { answers });
  }
}

export const meta: MetaFunction<typeof loader> = titleMeta("booking-device.triage.title");

export default function Triage() {
  const { key, title, questions, answers, backHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const errors = useStepErrors(actionData?.error);
  const current = actionData?.values.answers ?? answers;
  const fieldNames = questions.map((q) => `triage_answers.${q.code}`);
  return (
    <StepPage title={t("booking-device.triage.title")} intro={t("booking-device.triage.intro", { device: title })} backHref={backHref} testId="device-triage">
      <FormAlert messages={errors.general(fieldNames)} />
      <Form method="post" action={devicePath("triage", { device: key })} className="space-y-6" noValidate>
        {questions.map((question) => {
          const messages = errors.field(`triage_answers.${question.code}`);
          const errorId = `triage-${question.code}-error`;
          return (
            <fieldset key={question.code} aria-describedby={messages.length ? errorId : undefined} data-testid={`triage-${question.code}`}>
              <legend className="text-lg font-semibold">
                {question.question}
                {question.required ? null : <span className="font-normal"> ({t("booking-device.triage.optional")})</span>}
              </legend>
              <div className="mt-2 flex flex-wrap gap-3">
                {question.options.map((option) => (
                  <label key={option.code} className="flex cursor-pointer items-center gap-2 rounded-lg border-2 border-line/15 px-4 py-3 has-[:checked]:border-primary">
                    <input
                      type="radio"
                      name={`answer.${question.code}`}
                      value={option.code}
                      defaultChecked={current[question.code] === option.code}
                      className="accent-[var(--carrier-primary)]"
                    />
                    {option.label}
                  </label>
                ))}
              </div>
              <FieldError id={errorId} messages={messages} />
            </fieldset>
          );
        })}
        <SubmitButton testId="device-step-continue">{t("booking-device.continue")}</SubmitButton>
      </Form>
    </StepPage>
  );
}
