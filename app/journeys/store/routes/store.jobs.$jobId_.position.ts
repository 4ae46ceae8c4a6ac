import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { PositionReceipt } from "~/booking.server";
import { STAFF_FORBIDDEN } from "~/components/error-content";
import { handleError } from "~/lib/errors/errors.server";
import { readForm } from "~/lib/http/form.server";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { requireStaff } from "~/lib/staff/require-staff.server";
import { positionForm } from "~/journeys/store/job-form";
import { staffEngineCall, technicianIdOf } from "~/journeys/store/jobs.server";

const jobIdParam = z.coerce.number().int().positive();

/** A visit has nothing to show: the job page is one level up. */
export function loader({ params }: LoaderFunctionArgs) {
  const jobId = jobIdParam.safeParse(params.jobId);
  return redirect(jobId.success ? `/store/jobs/${jobId.data}` : "/store/jobs");
}

/**
 * /store/jobs/:jobId/position: the position the technician's job page sends by itself while the job
 * is on its way (issue 21, ADR 115). Answers JSON: the engine's receipt (kept, too soon, imprecise,
 * not on the way), 400 with a message for a post that holds no position, 403 for another's job.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, STAFF_PAGES.jobs.requirement);
  const technicianId = technicianIdOf(staff);
  if (!technicianId) throw data({ reason: STAFF_FORBIDDEN }, { status: 403, headers: staff.headers });
  const jobId = jobIdParam.safeParse(params.jobId);
  if (!jobId.success) return Response.json({ error: { code: "VALIDATION", message: "There is no such job." } }, { status: 404, headers: staff.headers });
  const form = await readForm(request);
  const parsed = positionForm.safeParse({ latitude: form.get("latitude"), longitude: form.get("longitude"), accuracy: form.get("accuracy") });
  if (!parsed.success) {
    return Response.json({ error: { code: "VALIDATION", message: parsed.error.issues.map((issue) => issue.message).join(" ") } }, { status: 400, headers: staff.headers });
  }
  try {
    const receipt: PositionReceipt = await staffEngineCall(request, staff, (engine) =>
      engine.staff.reportVanPosition(staff.carrier, {
        technician_id: technicianId,
        staff_id: staff.account.id,
        job_id: jobId.data,
        ...parsed.data,
        accuracy: parsed.data.accuracy ?? null,
      }),
    );
    return Response.json(receipt, { headers: staff.headers });
  } catch (error) {
    const { error: refused, behaviour } = handleError(error, "store");
    if (behaviour.show === "field") return Response.json({ error: refused.toJSON() }, { status: 400, headers: staff.headers });
    throw error;
  }
}
