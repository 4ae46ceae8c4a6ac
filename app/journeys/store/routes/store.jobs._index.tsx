import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/i18n/meta";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { requireStaff } from "~/lib/staff/require-staff.server";
import { staffDocumentHeaders } from "~/lib/staff/staff-session.server";
import { staffEngineCall, technicianIdOf } from "~/journeys/store/jobs.server";
import { ButtonLink } from "~/components/ui/button";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

export const headers = staffDocumentHeaders;

export const handle = { i18n: ["store"] };

export const meta: MetaFunction = titleMeta("store.jobs.title");

/** /store/jobs: the technician's jobs of today in route order (by time slot, ADR 099). */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, STAFF_PAGES.jobs.requirement);
  const technicianId = technicianIdOf(staff);
  const jobs = technicianId ? await staffEngineCall(request, staff, (engine) => engine.staff.technicianJobs(staff.carrier, { technician_id: technicianId })) : [];
  return data(
    {
      hasTechnician: !!technicianId,
      jobs: jobs.map((job) => ({
        id: job.job_id,
        orderRef: job.order_ref,
        date: job.date,
        timeslot: job.timeslot,
        customer: job.customer,
        devices: job.devices.map((d) => d.title),
        workStatus: job.work_status,
        cancelled: job.status === "CANCELLED",
        orderState: job.order_state,
        done: job.progress.done,
        total: job.progress.total,
      })),
    },
    { headers: staff.headers },
  );
}

export default function TechnicianJobsPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("store.jobs.title")}</h1>
      {!page.hasTechnician ? <p className="mt-4">{t("store.jobs.noTechnician")}</p> : null}
      {page.hasTechnician && !page.jobs.length ? <p className="mt-4">{t("store.jobs.empty")}</p> : null}
      {page.jobs.length ? (
        <ol className="mt-4 space-y-3" data-testid="technician-jobs" aria-label={t("store.jobs.routeOrder")}>
          {page.jobs.map((job) => (
            <li key={job.id} className="rounded-lg border border-line/30 p-4" data-testid="technician-job" data-order-ref={job.orderRef}>
              <p className="text-lg font-semibold">{t("store.jobs.window", { start: job.timeslot.start, end: job.timeslot.end })}</p>
              <p>{job.customer.name}</p>
              <p>{[job.customer.address.line_1, job.customer.address.line_2, job.customer.address.town, job.customer.address.postcode].filter(Boolean).join(", ")}</p>
              <p>{job.devices.join(", ")}</p>
              <p className="mt-1 text-sm">
                <span data-testid="job-order-state" data-state={job.orderState}>
                  {job.orderState === "refunded"
                    ? t("store.jobs.status.refunded")
                    : job.cancelled
                      ? t("store.jobs.status.cancelled")
                      : t(`store.jobs.status.${job.workStatus ?? "scheduled"}`)}
                  {job.orderState === "partly_refunded" ? <> · {t("store.jobs.status.partly_refunded")}</> : null}
                </span>{" "}
                · {t("store.jobs.progress", { done: job.done, total: job.total })}
              </p>
              <ButtonLink to={`/store/jobs/${job.id}`} className="mt-3" data-testid="open-job">
                {t("store.jobs.open", { ref: job.orderRef })}
              </ButtonLink>
            </li>
          ))}
        </ol>
      ) : null}
      <Link to="/store" className="mt-8 inline-block underline">
        {t("store.area.back")}
      </Link>
    </div>
  );
}
