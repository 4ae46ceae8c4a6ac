import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { STAFF_FORBIDDEN } from "~/components/error-content";
import { readForm } from "~/lib/http/form.server";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { requireStaff } from "~/lib/staff/require-staff.server";
import { PICTURE_ERROR_CODES } from "~/journeys/store/job-form";
import { staffEngineCall, stepProblem, technicianIdOf } from "~/journeys/store/jobs.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

/** A visit has nothing to show: the technician's jobs are one page back. */
export function loader() {
  return redirect("/store/jobs");
}

const pictureForm = z.object({
  job_id: z.coerce.number().int().positive(),
  device_id: z.coerce.number().int().positive(),
  step: z.enum(["beforePictures", "afterPictures"]),
});

/**
 * /store/jobs/picture: one before or after picture (multipart, the upload body limit), checked by the
 * engine like a proof of purchase; back to the job page, with the refusal's code when there is one.
 */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, STAFF_PAGES.jobs.requirement);
  const technicianId = technicianIdOf(staff);
  if (!technicianId) throw data({ reason: STAFF_FORBIDDEN }, { status: 403, headers: staff.headers });
  const form = await readForm(request);
  const parsed = pictureForm.safeParse({ job_id: form.get("job_id"), device_id: form.get("device_id"), step: form.get("step") });
  if (!parsed.success) throw new Response("The form could not be read.", { status: 400, headers: staff.headers });
  const back = `/store/jobs/${parsed.data.job_id}`;
  const file = form.get("image");
  if (!(file instanceof File) || file.name === "") return redirect(`${back}?pictureError=PROOF_MISSING`, { headers: staff.headers });
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    await staffEngineCall(request, staff, (engine) =>
      engine.staff.uploadJobPicture(staff.carrier, {
        technician_id: technicianId,
        staff_id: staff.account.id,
        job_id: parsed.data.job_id,
        device_id: parsed.data.device_id,
        step: parsed.data.step,
        bytes,
      }),
    );
  } catch (error) {
    const problem = stepProblem(error);
    if (!problem) throw error;
    const code = PICTURE_ERROR_CODES.safeParse(Object.values(problem.fieldCodes).flat()[0]);
    return redirect(`${back}?pictureError=${code.success ? code.data : "PROOF_FORMAT"}`, { headers: staff.headers });
  }
  return redirect(back, { headers: staff.headers });
}
