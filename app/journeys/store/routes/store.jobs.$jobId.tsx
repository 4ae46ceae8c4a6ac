import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type MutableRefObject } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CHECKLIST_ITEMS, type JobDeviceView, type JobStep, type PositionReceipt, type StepState } from "~/booking.server";
import { STAFF_FORBIDDEN } from "~/components/ui/error-content";
import { FieldError } from "~/components/ui/field-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { titleMeta } from "~/i18n/meta";
import { fieldText, fieldTexts } from "~/lib/errors/field-texts";
import { readForm } from "~/lib/http/form.server";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { requireStaff, type StaffContext } from "~/lib/staff/require-staff.server";
import { staffDocumentHeaders } from "~/lib/staff/staff-session.server";
import { staffEngineCall, stepProblem, technicianIdOf, type StepProblem } from "~/journeys/store/jobs.server";
import { PICTURE_ERROR_CODES, POSITION_REPEAT_SECONDS, POSITION_SEND_SECONDS } from "~/journeys/store/job-form";
import { clockTime } from "~/lib/dates";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/error-content";

export const headers = staffDocumentHeaders;

// The picture and IMEI refusals use the manage page's texts (the error table's field keys).
export const handle = { i18n: ["store", "manage", "booking-device"] };

export const meta: MetaFunction = titleMeta("store.job.title");

const jobIdParam = z.coerce.number().int().positive();

/** Part rows the form offers at once. */
const PART_ROWS = 3;

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
  return data({ job, checklistItems: [...CHECKLIST_ITEMS], timezone: staff.carrier.timezone }, { headers: staff.headers });
}

const stepForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("on-my-way"),
    latitude: z.coerce.number().finite().min(-90).max(90).optional(),
    longitude: z.coerce.number().finite().min(-180).max(180).optional(),
    accuracy: z.coerce.number().finite().min(0).optional(),
  }),
  z.object({ intent: z.literal("startChecklist"), checklist: z.array(z.string().max(40)).max(10) }),
  z.object({ intent: z.enum(["addImei", "addSerialNumber"]), device_id: z.coerce.number().int().positive(), value: z.string().max(60) }),
  z.object({ intent: z.literal("confirmProblems"), device_id: z.coerce.number().int().positive(), problem_ids: z.array(z.coerce.number().int().positive()).max(20) }),
  z.object({ intent: z.literal("symptomCodes"), device_id: z.coerce.number().int().positive(), symptoms: z.array(z.string().max(80)).max(40) }),
  z.object({
    intent: z.literal("addParts"),
    device_id: z.coerce.number().int().positive(),
    part_name: z.array(z.string().max(80)).max(PART_ROWS),
    part_quantity: z.array(z.string().max(3)).max(PART_ROWS),
  }),
  z.object({ intent: z.literal("repairComplete") }),
]);

type ActionResult = { ok: false; step: string; deviceId: number | null; problem: StepProblem };

/** Every step is one post, saved by the engine at once; the page then shows the next step. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { staff, technicianId, jobId } = await technicianJobContext(request, params.jobId);
  const form = await readForm(request);
  const empty = (value: FormDataEntryValue | null) => (value === null || value === "" ? undefined : value);
  const parsed = stepForm.safeParse({
    intent: form.get("intent"),
    latitude: empty(form.get("latitude")),
    longitude: empty(form.get("longitude")),
    accuracy: empty(form.get("accuracy")),
    device_id: form.get("device_id") ?? undefined,
    value: form.get("value") ?? "",
    checklist: form.getAll("checklist"),
    problem_ids: form.getAll("problem_ids"),
    symptoms: form.getAll("symptoms"),
    part_name: form.getAll("part_name"),
    part_quantity: form.getAll("part_quantity"),
  });
  if (!parsed.success) throw new Response("The form could not be read.", { status: 400, headers: staff.headers });
  const input = parsed.data;
  const actor = { technician_id: technicianId, staff_id: staff.account.id, job_id: jobId };
  try {
    await staffEngineCall(request, staff, (engine) => {
      switch (input.intent) {
        case "on-my-way":
          return engine.staff.reportOnMyWay(staff.carrier, { ...actor, latitude: input.latitude ?? null, longitude: input.longitude ?? null, accuracy: input.accuracy ?? null });
        case "startChecklist":
          return engine.staff.recordJobStep(staff.carrier, { ...actor, step: input.intent, checklist: input.checklist.filter((c): c is (typeof CHECKLIST_ITEMS)[number] => (CHECKLIST_ITEMS as readonly string[]).includes(c)) });
        case "addImei":
        case "addSerialNumber":
          return engine.staff.recordJobStep(staff.carrier, { ...actor, step: input.intent, device_id: input.device_id, value: input.value });
        case "confirmProblems":
          return engine.staff.recordJobStep(staff.carrier, { ...actor, step: input.intent, device_id: input.device_id, problem_ids: input.problem_ids });
        case "symptomCodes":
          return engine.staff.recordJobStep(staff.carrier, { ...actor, step: input.intent, device_id: input.device_id, symptoms: input.symptoms });
        case "addParts": {
          const parts = input.part_name
            .map((name, i) => ({ name: name.trim(), quantity: Number(input.part_quantity[i] || 1) }))
            .filter((part) => part.name.length > 0);
          return engine.staff.recordJobStep(staff.carrier, { ...actor, step: input.intent, device_id: input.device_id, parts });
        }
        case "repairComplete":
          return engine.staff.recordJobStep(staff.carrier, { ...actor, step: input.intent });
      }
    });
  } catch (error) {
    const problem = stepProblem(error);
    if (!problem) throw error;
    const deviceId = "device_id" in input ? input.device_id : null;
    return data({ ok: false, step: input.intent, deviceId, problem } satisfies ActionResult, { status: 422, headers: staff.headers });
  }
  return redirect(`/store/jobs/${jobId}`, { headers: staff.headers });
}

/* ───────────── page ───────────── */

type Job = ReturnType<typeof useLoaderData<typeof loader>>["job"];

function StepHeading({ step, state }: { step: JobStep; state: "done" | "next" | "later" }) {
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

/** What the page and its position sharing keep between a press and the automatic sends. */
interface Sharing {
  /** When the page last sent a position (the browser's clock, ms), by the button or by itself. */
  lastSentAt: number;
  /** The newest position not sent yet. */
  pending: GeolocationPosition | null;
  /** The newest position the running watch reported (null while the page does not watch). */
  latest: GeolocationPosition | null;
}

type SharingState = "off" | "on" | "blocked";

function positionFields(position: GeolocationPosition): Record<string, string> {
  return { latitude: String(position.coords.latitude), longitude: String(position.coords.longitude), accuracy: String(position.coords.accuracy) };
}

/**
 * While the job is on its way, the page sends the phone's position by itself (issue 21, ADR 115):
 * the browser's watchPosition, at most every POSITION_SEND_SECONDS (the newest position at the end of
 * the wait), only while the page is open and visible and only once the technician allowed the
 * location (the permission, or a press that got a position). Stops when the job starts or the page closes.
 */
function usePositionSharing(jobId: number, active: boolean, allowedByPress: boolean, sharing: MutableRefObject<Sharing>) {
  const [state, setState] = useState<SharingState>("off");
  const [receipt, setReceipt] = useState<PositionReceipt | null>(null);
  useEffect(() => {
    if (!active || typeof navigator === "undefined" || !navigator.geolocation) return;
    let stopped = false;
    let watchId: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let allowed = allowedByPress;
    let permission: PermissionStatus | null = null;

    const send = async () => {
      timer = null;
      const position = sharing.current.pending;
      if (!position || stopped) return;
      sharing.current.pending = null;
      sharing.current.lastSentAt = Date.now();
      try {
        const response = await fetch(`/store/jobs/${jobId}/position`, { method: "POST", body: new URLSearchParams(positionFields(position)), headers: { Accept: "application/json" } });
        if (response.ok && !stopped) setReceipt((await response.json()) as PositionReceipt);
      } catch {
        // A lost signal loses one position: the next one follows.
      }
    };
    const onPosition = (position: GeolocationPosition) => {
      sharing.current.latest = position;
      sharing.current.pending = position;
      const wait = sharing.current.lastSentAt + POSITION_SEND_SECONDS * 1000 - Date.now();
      if (wait <= 0) void send();
      else if (!timer) timer = setTimeout(() => void send(), wait);
    };
    const onError = (error: GeolocationPositionError) => {
      if (error.code === error.PERMISSION_DENIED && !stopped) {
        allowed = false;
        stop();
        setState("blocked");
      }
    };
    const start = () => {
      if (stopped || !allowed || watchId !== null || document.visibilityState === "hidden") return;
      watchId = navigator.geolocation.watchPosition(onPosition, onError, { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 });
      setState("on");
    };
    function stop() {
      if (watchId !== null) navigator.geolocation.clearWatch(watchId);
      watchId = null;
      sharing.current.latest = null;
      if (timer) clearTimeout(timer);
      timer = null;
    }
    // A phone standing still may report no new fix for a while: its position is sent again every
    // POSITION_REPEAT_SECONDS, so "last seen" on the customer's page means the page stopped sending.
    const repeat = setInterval(() => {
      const latest = sharing.current.latest;
      if (!latest || sharing.current.pending || Date.now() - sharing.current.lastSentAt < POSITION_REPEAT_SECONDS * 1000) return;
      sharing.current.pending = latest;
      void send();
    }, POSITION_SEND_SECONDS * 1000);
    const onVisibility = () => (document.visibilityState === "hidden" ? stop() : start());
    document.addEventListener("visibilitychange", onVisibility);
    start();
    // Without a press in this visit, the browser's permission says whether the technician allowed it.
    navigator.permissions
      ?.query({ name: "geolocation" })
      .then((status) => {
        if (stopped) return;
        permission = status;
        const follow = () => {
          allowed = status.state === "granted" || (allowedByPress && status.state !== "denied");
          if (allowed) start();
          else {
            stop();
            setState(status.state === "denied" ? "blocked" : "off");
          }
        };
        status.onchange = follow;
        follow();
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      stop();
      clearInterval(repeat);
      document.removeEventListener("visibilitychange", onVisibility);
      if (permission) permission.onchange = null;
      setState("off");
    };
  }, [jobId, active, allowedByPress, sharing]);
  return { state, receipt };
}

function OnMyWay({ job, timezone }: { job: Job; timezone: string }) {
  const { t, i18n } = useTranslation();
  const submit = useSubmit();
  const sharing = useRef<Sharing>({ lastSentAt: 0, pending: null, latest: null });
  const [allowedByPress, setAllowedByPress] = useState(false);
  const closed = job.status === "CANCELLED" || job.work_status === "STARTED" || job.work_status === "COMPLETED";
  const onTheWay = !closed && job.work_status === "ON_THE_WAY";
  const { state, receipt } = usePositionSharing(job.job_id, onTheWay, allowedByPress, sharing);
  if (closed) return null;
  const locale = i18n.language === "de" ? "de" : "en";
  const sentAt = [receipt?.position_at ?? null, job.van_position_at].filter((v): v is string => !!v).sort().pop() ?? null;
  // Each press sends the phone's position now, never an earlier one: the running watch's newest
  // (it reports every move), else a fresh reading. Without a position (refused, no signal) the press
  // still counts and the van shows at its base.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (typeof navigator === "undefined" || !navigator.geolocation) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const withPosition = (position: GeolocationPosition) => {
      for (const [name, value] of Object.entries(positionFields(position))) form.set(name, value);
      // This press sent the newest position: the automatic sender waits its turn after it.
      sharing.current.lastSentAt = Date.now();
      sharing.current.pending = null;
      setAllowedByPress(true);
      submit(form, { method: "post" });
    };
    const watched = sharing.current.latest;
    if (watched) return withPosition(watched);
    navigator.geolocation.getCurrentPosition(withPosition, () => submit(form, { method: "post" }), { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
  };
  return (
    <Form method="post" onSubmit={onSubmit} className="mt-4">
      <input type="hidden" name="intent" value="on-my-way" />
      {onTheWay ? (
        <div className="mb-2 space-y-1">
          <p role="status" data-testid="on-my-way-done">
            {t("store.job.onMyWaySent")}
          </p>
          <p data-testid="position-sharing" data-state={state}>
            {state === "on" ? t("store.job.position.sharing", { seconds: POSITION_SEND_SECONDS }) : state === "blocked" ? t("store.job.position.blocked") : t("store.job.position.notSharing")}
          </p>
          {sentAt ? (
            <p data-testid="position-sent" data-sent-at={sentAt}>
              {t("store.job.position.sentAt", { time: clockTime(sentAt, timezone, locale) })}
            </p>
          ) : null}
          {receipt?.result === "inaccurate" ? <p data-testid="position-inaccurate">{t("store.job.position.inaccurate")}</p> : null}
        </div>
      ) : null}
      <SubmitButton size="lg" testId="on-my-way" className="w-full">
        {onTheWay ? t("store.job.updatePosition") : t("store.job.onMyWay")}
      </SubmitButton>
    </Form>
  );
}

function Problem({ id, result, field }: { id: string; result: ActionResult | undefined; field: string }) {
  const { t } = useTranslation();
  const messages = result ? [...fieldTexts(result.problem, field, t), ...(field === "step" ? [] : fieldTexts(result.problem, "step", t))] : [];
  return <FieldError id={id} messages={messages} announce testId="step-error" />;
}

function DeviceStep({ jobId, device, step, state, result, pictureError }: { jobId: number; device: JobDeviceView; step: StepState; state: "done" | "next" | "later"; result: ActionResult | undefined; pictureError: string | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "de" ? "de" : "en";
  const mine = result && result.step === step.step && result.deviceId === device.id ? result : undefined;
  const confirmed = (device.steps.find((st) => st.step === "confirmProblems")?.data?.problem_ids as number[] | undefined) ?? [];
  const symptomOptions = device.symptom_options.filter((option) => confirmed.includes(option.problem_id));
  const errorId = `step-${device.id}-${step.step}-error`;
  const summary = (() => {
    if (!step.done || !step.data) return null;
    const d = step.data as { files?: string[]; value?: string; problem_ids?: number[]; symptoms?: string[]; parts?: { name: string; quantity: number }[] };
    if (d.files) return t("store.job.pictures", { count: d.files.length });
    if (d.value) return d.value;
    if (d.problem_ids) return device.problems.filter((p) => d.problem_ids!.includes(p.id)).map((p) => p.title).join(", ");
    if (d.symptoms) return d.symptoms.join(", ");
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
          {step.step !== "addImei" && step.step !== "addSerialNumber" ? <Problem id={errorId} result={mine} field={step.step === "confirmProblems" ? "problem_ids" : step.step === "symptomCodes" ? "symptoms" : "parts"} /> : null}
          <SubmitButton size="lg" className="w-full" testId="save-step">
            {t("store.job.save")}
          </SubmitButton>
        </Form>
      )}
    </li>
  );
}

export default function TechnicianJobPage() {
  const { job, checklistItems, timezone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
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
      <p className="mt-3 font-semibold" role="status" data-testid="job-status">
        {job.status === "CANCELLED" ? t("store.jobs.status.cancelled") : t(`store.jobs.status.${job.work_status ?? "scheduled"}`)}
      </p>
      <OnMyWay job={job} timezone={timezone} />

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
                <DeviceStep key={step.step} jobId={job.job_id} device={device} step={step} state={stateOf(step, device.id)} result={result} pictureError={stateOf(step, device.id) === "next" ? pictureError : null} />
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
