import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { SubmitButton } from "~/components/ui/submit-button";
import { Select, TextField } from "~/components/ui/text-field";
import { titleMeta } from "~/i18n/meta";
import { fieldTexts } from "~/lib/errors/field-texts";
import { readForm } from "~/lib/http/form.server";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { requireStaff } from "~/lib/staff/require-staff.server";
import { staffDocumentHeaders } from "~/lib/staff/staff-session.server";
import { IrisSummary, type ChosenIrisCodes } from "~/journeys/store/components/iris-codes";
import { StaffTable } from "~/journeys/store/components/staff-table";
import { staffEngineCall, stepProblem, type StepProblem } from "~/journeys/store/jobs.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

export const headers = staffDocumentHeaders;

export const handle = { i18n: ["store"] };

export const meta: MetaFunction = titleMeta("store.areaJobs.title");

const query = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  area: z.string().trim().min(1).max(60).optional().catch(undefined),
});

/** /store/area/jobs?date&area: the area's jobs of a day, who could take each, and the capacity per day. */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, STAFF_PAGES.areaJobs.requirement);
  const url = new URL(request.url);
  const { date, area } = query.parse({ date: url.searchParams.get("date") ?? undefined, area: url.searchParams.get("area") ?? undefined });
  const scope = { manager_area: staff.account.serviceArea, area_code: area ?? null };
  const day = await staffEngineCall(request, staff, (engine) => engine.staff.areaJobs(staff.carrier, { ...scope, date: date ?? null }));
  const capacity = await staffEngineCall(request, staff, (engine) => engine.staff.areaCapacity(staff.carrier, { ...scope, from: day.date, days: 7 }));
  return data(
    {
      area: day.area,
      areas: day.areas,
      date: day.date,
      technicians: day.technicians,
      jobs: day.jobs.map(({ job, technician_name, attribution }) => ({
        id: job.job_id,
        orderRef: job.order_ref,
        timeslot: job.timeslot,
        postcode: job.customer.address.postcode,
        technicianId: job.technician_id,
        technicianName: technician_name,
        workStatus: job.work_status,
        orderState: job.order_state,
        progress: job.progress,
        // Where the booking came from (ADR 135) and each device's insurance answer (spec §4).
        attribution,
        insurance: job.devices.filter((device) => device.insured !== null).map((device) => ({ title: device.title, insured: device.insured === true })),
        // The IRIS codes the technician chose per device (spec §2 repair.irisCodes, ADR 273).
        iris: job.devices.flatMap((device) => {
          const step = device.steps.find((st) => st.step === "irisCodes" && st.done);
          return step?.data?.iris ? [{ title: device.title, iris: step.data.iris as ChosenIrisCodes }] : [];
        }),
      })),
      closedJobs: day.closed_jobs,
      capacity,
    },
    { headers: staff.headers },
  );
}

const reassignForm = z.object({ job_id: z.coerce.number().int().positive(), technician_id: z.string().trim().min(1).max(80) });

type ActionResult = { ok: false; jobId: number; problem: StepProblem };

/** Moves one job to another technician of the area (the engine keeps the slot and the capacity rules). */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, STAFF_PAGES.areaJobs.requirement);
  const form = await readForm(request);
  const parsed = reassignForm.safeParse({ job_id: form.get("job_id"), technician_id: form.get("technician_id") });
  if (!parsed.success) throw new Response("The form could not be read.", { status: 400, headers: staff.headers });
  try {
    await staffEngineCall(request, staff, (engine) =>
      engine.staff.reassignJob(staff.carrier, {
        manager_area: staff.account.serviceArea,
        job_id: parsed.data.job_id,
        technician_id: parsed.data.technician_id,
        staff_id: staff.account.id,
      }),
    );
  } catch (error) {
    const problem = stepProblem(error);
    if (!problem) throw error;
    return data({ ok: false, jobId: parsed.data.job_id, problem } satisfies ActionResult, { status: 422, headers: staff.headers });
  }
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, { headers: staff.headers });
}

export default function AreaJobsPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("store.areaJobs.title")}</h1>
      <p className="mt-1">{t("store.area.areaName", { area: page.area.name })}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <TextField id="area-date" name="date" type="date" label={t("store.areaJobs.date")} defaultValue={page.date} />
        </div>
        {page.areas.length > 1 ? (
          <div>
            <Select id="area-code" name="area" label={t("store.areaJobs.area")} defaultValue={page.area.code}>
              {page.areas.map((area) => (
                <option key={area.code} value={area.code}>
                  {area.name}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <SubmitButton variant="secondary" testId="area-show">
          {t("store.areaJobs.show")}
        </SubmitButton>
      </Form>

      <h2 className="mt-8 text-xl font-bold">{t("store.areaJobs.jobsTitle", { date: page.date })}</h2>
      {page.jobs.length ? (
        <ul className="mt-3 space-y-3" data-testid="area-jobs">
          {page.jobs.map((job) => {
            const mine = result && result.jobId === job.id ? result : undefined;
            const errors = mine ? fieldTexts(mine.problem, "technician_id", t) : [];
            const others = page.technicians.filter((tech) => tech.id !== job.technicianId);
            return (
              <li key={job.id} className="rounded-lg border border-line/30 p-3" data-testid="area-job" data-order-ref={job.orderRef} data-technician-id={job.technicianId}>
                <p className="font-semibold">
                  {t("store.jobs.window", { start: job.timeslot.start, end: job.timeslot.end })} · {t("store.areaJobs.order", { ref: job.orderRef })} · {job.postcode}
                </p>
                <p data-testid="area-job-technician">{t("store.areaJobs.technician", { name: job.technicianName })}</p>
                <p className="text-sm" data-testid="area-job-attribution">
                  {job.attribution.referrer ? t("store.areaJobs.referrer", { referrer: job.attribution.referrer }) : t("store.areaJobs.noReferrer")}
                  {job.attribution.lucid_ref ? <> · {t("store.areaJobs.lucidRef", { ref: job.attribution.lucid_ref })}</> : null}
                  {job.attribution.channel ? <> · {t("store.areaJobs.channel", { channel: job.attribution.channel })}</> : null}
                </p>
                {job.insurance.length ? (
                  <p className="text-sm" data-testid="area-job-insurance">
                    {job.insurance.map((device) => t(device.insured ? "store.areaJobs.insured" : "store.areaJobs.notInsured", { device: device.title })).join(" · ")}
                  </p>
                ) : null}
                {job.iris.map((device) => (
                  <p key={device.title} className="text-sm" data-testid="area-job-iris">
                    {t("store.areaJobs.iris", { device: device.title })} <IrisSummary iris={device.iris} testId="area-job-iris-codes" />
                  </p>
                ))}
                <p className="text-sm" data-testid="area-job-status" data-order-state={job.orderState}>
                  {t(`store.jobs.status.${job.workStatus ?? "scheduled"}`)}
                  {job.orderState === "partly_refunded" ? <> · {t("store.jobs.status.partly_refunded")}</> : null} ·{" "}
                  {t("store.jobs.progress", { done: job.progress.done, total: job.progress.total })}
                </p>
                {!job.workStatus && others.length ? (
                  <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
                    <input type="hidden" name="job_id" value={job.id} />
                    <div>
                      <Select id={`reassign-${job.id}`} name="technician_id" label={t("store.areaJobs.moveTo")} error={errors} errorTestId="reassign-error">
                        {others.map((tech) => (
                          <option key={tech.id} value={tech.id}>
                            {tech.name}
                          </option>
                        ))}
                      </Select>
                    </div>
                    <SubmitButton testId="reassign">{t("store.areaJobs.reassign")}</SubmitButton>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-3">{t("store.areaJobs.empty")}</p>
      )}

      {/* The day's jobs not to be worked (ADR 247): the order was cancelled or refunded in full. */}
      {page.closedJobs.length ? (
        <>
          <h2 className="mt-8 text-xl font-bold">{t("store.areaJobs.closedTitle")}</h2>
          <ul className="mt-3 space-y-1" data-testid="area-closed-jobs">
            {page.closedJobs.map((job) => (
              <li key={job.job_id} data-testid="area-closed-job" data-order-ref={job.order_ref} data-order-state={job.order_state}>
                {t("store.areaJobs.closedJob", {
                  ref: job.order_ref,
                  start: job.timeslot.start,
                  end: job.timeslot.end,
                  postcode: job.postcode,
                  technician: job.technician_name,
                  state: t(job.order_state === "refunded" ? "store.jobs.status.refunded" : "store.jobs.status.cancelled"),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2 className="mt-8 text-xl font-bold">{t("store.areaJobs.techniciansTitle")}</h2>
      <ul className="mt-3 space-y-1" data-testid="area-technicians">
        {page.technicians.map((tech) => (
          <li key={tech.id}>{t("store.areaJobs.technicianLoad", { name: tech.name, jobs: tech.jobs, free: tech.free_slots.length })}</li>
        ))}
      </ul>

      <h2 className="mt-8 text-xl font-bold">{t("store.areaJobs.capacityTitle")}</h2>
      <StaffTable
        testId="area-capacity"
        className="mt-3"
        headings={[t("store.areaJobs.date"), t("store.areaJobs.capacity"), t("store.areaJobs.booked"), t("store.areaJobs.free")]}
        rows={page.capacity.map((day) => ({ key: day.date, cells: [day.date, day.working ? day.capacity : t("store.areaJobs.closed"), day.booked, day.free] }))}
      />
      <Link to="/store" className="mt-8 inline-block underline">
        {t("store.area.back")}
      </Link>
    </div>
  );
}
