import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CHECKLIST_ITEMS, type StepState } from "~/booking.server";
import { STAFF_FORBIDDEN } from "~/components/error-content";
import { SubmitButton } from "~/components/ui/submit-button";
import { titleMeta } from "~/i18n/meta";
import { intlLocaleOf } from "~/lib/money";
import { fieldText } from "~/lib/errors/field-texts";
import { readForm } from "~/lib/http/form.server";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { requireStaff, type StaffContext } from "~/lib/staff/require-staff.server";
import { staffDocumentHeaders } from "~/lib/staff/staff-session.server";
import { DeviceStep, Problem, StepHeading } from "~/journeys/store/components/job-step";
import { OnMyWay } from "~/journeys/store/components/on-my-way";
import { PICTURE_ERROR_CODES, type JobStepResult } from "~/journeys/store/job-form";
import { readStepForm, recordStep, type StepActor } from "~/journeys/store/job-steps/index.server";
import { staffEngineCall, stepProblem, technicianIdOf } from "~/journeys/store/jobs.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

export const headers = staffDocumentHeaders;

// The picture and IMEI refusals use the manage page's texts (the error table's field keys).
export const handle = { i18n: ["store", "manage", "booking-device"] };

export const meta: MetaFunction = titleMeta("store.job.title");

const jobIdParam = z.coerce.number().int().positive();

async function technicianJobContext(request: Request, jobIdRaw: string | undefined): Promise<{ staff: StaffContext; technicianId: string; jobId: number }> {
  const staff = await requireStaff(request, STAFF_PAGES.jobs.requirement);
  const technicianId = technicianIdOf(staff);
  const jobId = jobIdParam.safeParse(jobIdRaw);
  // An account without a technician id has no jobs of its own; a job number that is none, no job.
  if (!technicianId) throw data({ reason: STAFF_FORBIDDEN }, { status: 403, headers: staff.headers });
  if (!jobId.success) throw new Response("Not found", { status: 404, headers: staff.headers });
  return { staff, technicianId, jobId: jobId.data };
}

/** /store/jobs/:jobId: one job's steps in order; only the technician's own job (403 otherwise). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { staff, technicianId, jobId } = await technicianJobContext(request, params.jobId);
  const job = await staffEngineCall(request, staff, (engine) => engine.staff.technicianJob(staff.carrier, { technician_id: technicianId, job_id: jobId }));
  return data(
    { job, checklistItems: [...CHECKLIST_ITEMS], timezone: staff.carrier.timezone, timeLocale: intlLocaleOf(staff.carrier.countryCode, staff.locale) },
    { headers: staff.headers },
  );
}

/** Every step is one post, saved by the engine at once; the page then shows the next step (one module per step). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { staff, technicianId, jobId } = await technicianJobContext(request, params.jobId);
  const input = readStepForm(await readForm(request));
  if (!input) throw new Response("The form could not be read.", { status: 400, headers: staff.headers });
  const actor: StepActor = { technician_id: technicianId, staff_id: staff.account.id, job_id: jobId };
  try {
    await staffEngineCall(request, staff, (engine) => recordStep(engine, staff.carrier, actor, input));
  } catch (error) {
    const problem = stepProblem(error);
    if (!problem) throw error;
    const deviceId = "device_id" in input ? input.device_id : null;
    return data({ ok: false, step: input.intent, deviceId, problem } satisfies JobStepResult, { status: 422, headers: staff.headers });
  }
  return redirect(`/store/jobs/${jobId}`, { headers: staff.headers });
}

/* ───────────── page ───────────── */

export default function TechnicianJobPage() {
  const { job, checklistItems, timezone, timeLocale } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as JobStepResult | undefined;
  const [search] = useSearchParams();
  const { t } = useTranslation();
  const pictureCode = PICTURE_ERROR_CODES.safeParse(search.get("pictureError"));
  const pictureError = pictureCode.success ? fieldText(pictureCode.data, "", t) : null;
  const stateOf = (step: StepState, deviceId: number | null): "done" | "next" | "later" =>
    step.done ? "done" : job.next && job.next.step === step.step && job.next.device_id === deviceId ? "next" : "later";
  const [checklist, complete] = job.job_steps as [StepState, StepState];
  const jobResult = result && result.deviceId === null ? result : undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-6">
      <Link to="/store/jobs" className="underline">
        {t("store.job.back")}
      </Link>
      <h1 className="mt-3 text-2xl font-bold">{t("store.job.heading", { ref: job.order_ref })}</h1>
      <p className="mt-1 text-lg">{t("store.jobs.window", { start: job.timeslot.start, end: job.timeslot.end })}</p>
      <address className="mt-2 not-italic">
        <span className="block font-semibold">{job.customer.name}</span>
        {[job.customer.address.line_1, job.customer.address.line_2, job.customer.address.town, job.customer.address.postcode].filter(Boolean).map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        {job.customer.phone_number ? (
          <a href={`tel:${job.customer.phone_number}`} className="mt-1 block underline">
            {job.customer.phone_number}
          </a>
        ) : null}
      </address>
      <p className="mt-3 font-semibold" role="status" data-testid="job-status" data-order-state={job.order_state}>
        {job.order_state === "refunded"
          ? t("store.jobs.status.refunded")
          : job.status === "CANCELLED"
            ? t("store.jobs.status.cancelled")
            : t(`store.jobs.status.${job.work_status ?? "scheduled"}`)}
        {job.order_state === "partly_refunded" ? <> · {t("store.jobs.status.partly_refunded")}</> : null}
      </p>
      <OnMyWay job={job} timezone={timezone} timeLocale={timeLocale} />

      <h2 className="mt-8 text-xl font-bold">{t("store.job.stepsTitle")}</h2>
      <ol className="mt-3 space-y-3">
        <li className="rounded-lg border border-line/30 p-3" data-testid="step-startChecklist" data-state={stateOf(checklist, null)}>
          <StepHeading step="startChecklist" state={stateOf(checklist, null)} />
          {stateOf(checklist, null) === "next" ? (
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="intent" value="startChecklist" />
              <fieldset aria-describedby={jobResult ? "step-checklist-error" : undefined}>
                <legend className="font-semibold">{t("store.job.checklistLegend")}</legend>
                {checklistItems.map((item) => (
                  <label key={item} className="mt-2 flex items-center gap-3 py-1">
                    <input type="checkbox" name="checklist" value={item} className="h-6 w-6" />
                    {t(`store.job.checklist.${item}`)}
                  </label>
                ))}
              </fieldset>
              <Problem id="step-checklist-error" result={jobResult?.step === "startChecklist" ? jobResult : undefined} field="checklist" />
              <SubmitButton size="lg" className="w-full" testId="save-step">
                {t("store.job.startRepair")}
              </SubmitButton>
            </Form>
          ) : null}
        </li>
        {job.devices.map((device) => (
          <li key={device.id}>
            <h3 className="mt-4 text-lg font-bold">{device.title}</h3>
            {device.insured === null ? null : (
              <p className="mt-1" data-testid="device-insurance">
                {t(device.insured ? "store.job.insurance.yes" : "store.job.insurance.no")}
              </p>
            )}
            <ol className="mt-2 space-y-3">
              {device.steps.map((step) => (
                <DeviceStep
                  key={step.step}
                  jobId={job.job_id}
                  device={device}
                  step={step}
                  state={stateOf(step, device.id)}
                  result={result}
                  pictureError={stateOf(step, device.id) === "next" ? pictureError : null}
                  irisOptions={job.iris_options}
                />
              ))}
            </ol>
          </li>
        ))}
        <li className="rounded-lg border border-line/30 p-3" data-testid="step-repairComplete" data-state={stateOf(complete, null)}>
          <StepHeading step="repairComplete" state={stateOf(complete, null)} />
          {stateOf(complete, null) === "next" ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="repairComplete" />
              <Problem id="step-complete-error" result={jobResult?.step === "repairComplete" ? jobResult : undefined} field="step" />
              <SubmitButton size="lg" className="w-full" testId="save-step">
                {t("store.job.complete")}
              </SubmitButton>
            </Form>
          ) : null}
        </li>
      </ol>
    </div>
  );
}
