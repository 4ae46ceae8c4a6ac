import { Form, type useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { IrisCode, JobDeviceView, JobStep, StepState } from "~/booking.server";
import { FieldError } from "~/components/ui/field-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { IrisFields, IrisSummary, type ChosenIrisCodes } from "~/journeys/store/components/iris-codes";
import { PART_ROWS, type JobStepResult } from "~/journeys/store/job-form";
import { fieldTexts } from "~/lib/errors/field-texts";
import type { loader } from "~/journeys/store/routes/store.jobs.$jobId";

/** The job as the technician's page receives it. */
export type TechnicianJobPageJob = ReturnType<typeof useLoaderData<typeof loader>>["job"];

/** The field whose messages a step's form shows under it (IRIS codes show theirs under each select, and the step's here). */
const STEP_ERROR_FIELD: Partial<Record<JobStep, string>> = { confirmProblems: "problem_ids", symptomCodes: "symptoms", irisCodes: "step" };

export function StepHeading({ step, state }: { step: JobStep; state: "done" | "next" | "later" }) {
  const { t } = useTranslation();
  return (
    <h3 className="flex items-center justify-between gap-2 text-lg font-semibold">
      <span>{t(`store.job.steps.${step}`)}</span>
      <span className={`text-sm font-normal ${state === "done" ? "text-success" : ""}`} data-testid="step-state">
        {t(`store.job.state.${state}`)}
      </span>
    </h3>
  );
}

export function Problem({ id, result, field }: { id: string; result: JobStepResult | undefined; field: string }) {
  const { t } = useTranslation();
  const messages = result ? [...fieldTexts(result.problem, field, t), ...(field === "step" ? [] : fieldTexts(result.problem, "step", t))] : [];
  return <FieldError id={id} messages={messages} announce testId="step-error" />;
}

export function DeviceStep({
  jobId,
  device,
  step,
  state,
  result,
  pictureError,
  irisOptions,
}: {
  jobId: number;
  device: JobDeviceView;
  /** The IRIS codes to choose from on the irisCodes step (the job's). */
  irisOptions: IrisCode[];
  step: StepState;
  state: "done" | "next" | "later";
  result: JobStepResult | undefined;
  pictureError: string | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "de" ? "de" : "en";
  const mine = result && result.step === step.step && result.deviceId === device.id ? result : undefined;
  const confirmed = (device.steps.find((st) => st.step === "confirmProblems")?.data?.problem_ids as number[] | undefined) ?? [];
  const symptomOptions = device.symptom_options.filter((option) => confirmed.includes(option.problem_id));
  const errorId = `step-${device.id}-${step.step}-error`;
  const summary = (() => {
    if (!step.done || !step.data) return null;
    const d = step.data as { files?: string[]; value?: string; problem_ids?: number[]; symptoms?: string[]; iris?: ChosenIrisCodes; parts?: { name: string; quantity: number }[] };
    if (d.files) return t("store.job.pictures", { count: d.files.length });
    if (d.value) return d.value;
    if (d.problem_ids)
      return device.problems
        .filter((p) => d.problem_ids!.includes(p.id))
        .map((p) => p.title)
        .join(", ");
    if (d.symptoms) return d.symptoms.join(", ");
    if (d.iris) return <IrisSummary iris={d.iris} />;
    if (d.parts) return d.parts.map((p) => `${p.quantity} × ${p.name}`).join(", ");
    return null;
  })();
  return (
    <li className="rounded-lg border border-line/30 p-3" data-testid={`step-${step.step}`} data-state={state}>
      <StepHeading step={step.step} state={state} />
      {summary ? <p className="mt-1">{summary}</p> : null}
      {state !== "next" ? null : step.step === "beforePictures" || step.step === "afterPictures" ? (
        <Form method="post" action="/store/jobs/picture" encType="multipart/form-data" className="mt-3 space-y-3">
          <input type="hidden" name="job_id" value={jobId} />
          <input type="hidden" name="device_id" value={device.id} />
          <input type="hidden" name="step" value={step.step} />
          <label htmlFor={`picture-${device.id}-${step.step}`} className="block font-semibold">
            {t("store.job.picture")}
          </label>
          <input
            id={`picture-${device.id}-${step.step}`}
            name="image"
            type="file"
            accept="image/jpeg,image/png"
            capture="environment"
            required
            aria-describedby={pictureError ? errorId : undefined}
            className="block w-full"
            data-testid="picture-input"
          />
          <FieldError id={errorId} messages={pictureError ? [pictureError] : []} announce testId="step-error" />
          <SubmitButton size="lg" className="w-full" testId="save-step">
            {t("store.job.upload")}
          </SubmitButton>
        </Form>
      ) : (
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value={step.step} />
          <input type="hidden" name="device_id" value={device.id} />
          {step.step === "addImei" || step.step === "addSerialNumber" ? (
            <TextField
              id={`value-${device.id}`}
              name="value"
              label={t(step.step === "addImei" ? "store.job.imei" : "store.job.serial")}
              inputMode={step.step === "addImei" ? "numeric" : "text"}
              autoComplete="off"
              required
              error={mine ? fieldTexts(mine.problem, "value", t) : null}
              errorTestId="step-error"
            />
          ) : null}
          {step.step === "confirmProblems" ? (
            <fieldset aria-describedby={mine ? errorId : undefined}>
              <legend className="font-semibold">{t("store.job.problemsLegend")}</legend>
              {device.problems.map((problem) => (
                <label key={problem.id} className="mt-2 flex items-center gap-3 py-1">
                  <input type="checkbox" name="problem_ids" value={problem.id} defaultChecked className="h-6 w-6" />
                  {problem.title}
                </label>
              ))}
            </fieldset>
          ) : null}
          {step.step === "symptomCodes" ? (
            <fieldset aria-describedby={mine ? errorId : undefined}>
              <legend className="font-semibold">{t("store.job.symptomsLegend")}</legend>
              {symptomOptions.map((option) => (
                <label key={option.code} className="mt-2 flex items-center gap-3 py-1">
                  <input type="checkbox" name="symptoms" value={option.code} className="h-6 w-6" />
                  <span>
                    {option.title[language]} <span className="text-sm">({option.code})</span>
                  </span>
                </label>
              ))}
              {!symptomOptions.length ? <p>{t("store.job.noSymptoms")}</p> : null}
            </fieldset>
          ) : null}
          {step.step === "irisCodes" ? <IrisFields deviceId={device.id} options={irisOptions} result={mine} /> : null}
          {step.step === "addParts" ? (
            <fieldset aria-describedby={mine ? errorId : undefined}>
              <legend className="font-semibold">{t("store.job.partsLegend")}</legend>
              {Array.from({ length: PART_ROWS }, (_, i) => (
                <div key={i} className="mt-2 grid grid-cols-[1fr_5rem] gap-2">
                  <TextField id={`part-name-${device.id}-${i}`} name="part_name" label={t("store.job.partName", { n: i + 1 })} autoComplete="off" maxLength={80} />
                  <TextField id={`part-qty-${device.id}-${i}`} name="part_quantity" label={t("store.job.partQuantity")} inputMode="numeric" defaultValue="1" maxLength={2} />
                </div>
              ))}
            </fieldset>
          ) : null}
          {step.step !== "addImei" && step.step !== "addSerialNumber" ? <Problem id={errorId} result={mine} field={STEP_ERROR_FIELD[step.step] ?? "parts"} /> : null}
          <SubmitButton size="lg" className="w-full" testId="save-step">
            {t("store.job.save")}
          </SubmitButton>
        </Form>
      )}
    </li>
  );
}
