/**
 * The technician's day (issue 11 item 7, spec §2 "Technician-app step routes", ADR 099): today's jobs
 * in route order and, per job, the repair.* steps in order. Every step is written the moment it is
 * done (one row per job, device and step), so a lost signal loses at most the step being sent. A
 * technician reaches only their own jobs; anything else is JOB_FORBIDDEN (403).
 */
import * as s from "../db/schema";
import { and, asc, eq, inArray } from "drizzle-orm";
import { IRIS_SECTIONS } from "@repair/rules/iris";
import { z } from "zod";
import { inOrder, type DbOrTx } from "../db/open";
import type { EngineContext } from "../context";
import type { BookingDeviceView } from "../bookings/state";
import type { CarrierContext } from "../domain/carrier";
import { FIELD_MESSAGES, JobForbiddenError, ValidationError } from "../domain/errors";
import { checkDeviceIdentifier, identifierKind } from "../domain/identifiers";
import { MAX_PROOF_BYTES } from "../domain/image-sniff";
import { calendarDate, id, latitude, longitude, shortText } from "../domain/inputs";
import { addMinutesToClock, localDate } from "../domain/time";
import { parseInput } from "../domain/validate";
import { normaliseProofImage } from "../images/proof-image";
import { enqueueWebhookEvent } from "../webhooks/events";
import { orderStates, recordOrderEvent, type OrderState } from "../records/history";

/** The steps in the order the technician does them (spec §2). */
export const STEP_ORDER = [
  "startChecklist",
  "beforePictures",
  "addImei",
  "addSerialNumber",
  "confirmProblems",
  "symptomCodes",
  "irisCodes",
  "addParts",
  "afterPictures",
  "repairComplete",
] as const satisfies readonly s.JobStepName[];

/** Steps done once per job; the others once per device. */
export const JOB_STEPS: readonly s.JobStepName[] = ["startChecklist", "repairComplete"];

/**
 * Spec §2: the device steps "are filtered by make codes 1 and 2 and device types phone and tablet".
 * The identifier, symptom-code and IRIS-code steps are shown only for those; pictures, problems and parts are
 * recorded for every device.
 */
export const STEP_MAKE_IDS: readonly number[] = [1, 2];

/** The start checklist's items: each must be ticked. */
export const CHECKLIST_ITEMS = ["customerPresent", "deviceHandedOver", "termsExplained"] as const;

/** Pictures per device and step. */
export const MAX_PICTURES = 6;

export type JobStep = (typeof STEP_ORDER)[number];

export interface DeviceFacts {
  kind: s.DeviceKind;
  makeId: number;
  identifier: "imei" | "serial" | null;
}

/** The device steps that apply to this device, in order. */
export function deviceSteps(device: DeviceFacts): JobStep[] {
  const filtered = (device.kind === "phone" || device.kind === "tablet") && STEP_MAKE_IDS.includes(device.makeId);
  return STEP_ORDER.filter((step) => {
    if (JOB_STEPS.includes(step)) return false;
    if (step === "addImei") return filtered && device.identifier === "imei";
    if (step === "addSerialNumber") return filtered && device.identifier === "serial";
    if (step === "symptomCodes" || step === "irisCodes") return filtered;
    return true;
  });
}

export interface StepState {
  step: JobStep;
  done: boolean;
  data: Record<string, unknown> | null;
}

export interface JobDeviceView {
  id: number;
  title: string;
  device_type: s.DeviceKind;
  make_id: number;
  device_make: string | null;
  identifier: "imei" | "serial" | null;
  /** The customer's insurance answer (spec §4 device/insurance-status); null: not asked. */
  insured: boolean | null;
  problems: { id: number; title: string }[];
  /** The symptom codes of the booked problems, with their titles in both languages. */
  symptom_options: { code: string; problem_id: number; title: s.Localized }[];
  steps: StepState[];
}

export interface JobView {
  job_id: number;
  order_ref: number;
  date: string;
  timeslot: { start: string; end: string };
  technician_id: string;
  area_code: string;
  status: "SCHEDULED" | "CANCELLED";
  work_status: s.JobWorkStatus | null;
  customer: { name: string; phone_number: string | null; address: { line_1: string; line_2: string; town: string; postcode: string } };
  job_steps: StepState[];
  devices: JobDeviceView[];
  /** The next step to do (device_id null for a job step); null when the job is done or cancelled. */
  next: { step: JobStep; device_id: number | null } | null;
  /** How many of the job's steps are done, of how many (the day lists show it). */
  progress: { done: number; total: number };
  /** When the last position the customer's page shows was sent (ISO instant); null before any. */
  van_position_at: string | null;
  /** The order's state from its history (ADR 247): a cancelled or refunded order is not worked. */
  order_state: OrderState;
  /** The IRIS codes operations keep in the CMS (ADR 273), for the irisCodes step. */
  iris_options: s.IrisCode[];
}

type JobRow = typeof s.jobs.$inferSelect;

/** The technician's view of these jobs: customer, devices with their steps, and the next step. */
export async function loadJobViews(db: DbOrTx, carrier: CarrierContext, rows: JobRow[]): Promise<JobView[]> {
  if (!rows.length) return [];
  const orderIds = rows.map((r) => r.orderId);
  const jobIds = rows.map((r) => r.id);
  const [orders, roster, steps, catalogue] = await inOrder(
    () =>
      db
        .select({ order: s.orders, booking: s.bookings })
        .from(s.orders)
        .innerJoin(s.bookings, eq(s.bookings.id, s.orders.bookingId))
        .where(and(eq(s.orders.carrierCode, carrier.code), inArray(s.orders.id, orderIds))),
    () => db.select().from(s.carrierRosters).where(eq(s.carrierRosters.carrierCode, carrier.code)),
    () =>
      db
        .select()
        .from(s.jobSteps)
        .where(and(eq(s.jobSteps.carrierCode, carrier.code), inArray(s.jobSteps.jobId, jobIds))),
    () => db.select({ irisCodes: s.catalogueInfo.irisCodes }).from(s.catalogueInfo).where(eq(s.catalogueInfo.id, 1)),
  );
  const irisOptions = catalogue[0]?.irisCodes ?? [];
  const bookingIds = orders.map((o) => o.order.bookingId);
  const devices = await db
    .select({ row: s.bookingDevices, kind: s.models.deviceType })
    .from(s.bookingDevices)
    .innerJoin(s.modelVersions, eq(s.modelVersions.id, s.bookingDevices.modelVersionId))
    .innerJoin(s.models, eq(s.models.id, s.modelVersions.modelId))
    .where(and(eq(s.bookingDevices.carrierCode, carrier.code), inArray(s.bookingDevices.bookingId, bookingIds)))
    .orderBy(asc(s.bookingDevices.position));
  const problemIds = [...new Set(devices.flatMap((d) => d.row.problemIds))];
  const problems = problemIds.length ? await db.select().from(s.problems).where(inArray(s.problems.id, problemIds)) : [];
  const minutes = roster[0]?.timeslotMinutes ?? 60;
  const states = await orderStates(
    db,
    carrier.code,
    orders.map((o) => o.order),
  );

  return rows.map((job) => {
    const { order, booking } = orders.find((o) => o.order.id === job.orderId)!;
    const cart = order.cart as { devices?: Record<string, BookingDeviceView> };
    const stepOf = (deviceId: number, step: JobStep): StepState => {
      const row = steps.find((r) => r.jobId === job.id && r.deviceId === deviceId && r.step === step);
      return { step, done: !!row, data: row?.data ?? null };
    };
    const jobDevices: JobDeviceView[] = devices
      .filter((d) => d.row.bookingId === order.bookingId)
      .map(({ row, kind }) => {
        const snapshot = cart.devices?.[row.key];
        const identifier = kind === "tablet" && row.makeId !== carrier.singleMakeId ? null : identifierKind(kind);
        const booked = problems.filter((p) => row.problemIds.includes(p.id)).sort((a, b) => a.sortOrder - b.sortOrder);
        return {
          id: row.id,
          title: snapshot?.device.title ?? "",
          device_type: kind,
          make_id: row.makeId,
          device_make: snapshot?.device.device_make ?? null,
          identifier,
          insured: row.insured ?? null,
          problems: (snapshot?.selected_problems_pricing ?? []).map((p) => ({ id: p.problem.id, title: p.problem.title })),
          symptom_options: booked.flatMap((p) => p.symptoms.map((title, i) => ({ code: `${p.code}.${i + 1}`, problem_id: p.id, title }))),
          steps: deviceSteps({ kind, makeId: row.makeId, identifier }).map((step) => stepOf(row.id, step)),
        };
      });
    const jobSteps = JOB_STEPS.map((step) => stepOf(0, step as JobStep));
    return {
      job_id: job.id,
      order_ref: order.orderRef,
      date: job.date,
      timeslot: { start: job.slot, end: addMinutesToClock(job.slot, minutes) },
      technician_id: job.technicianId,
      area_code: order.areaCode,
      status: job.status,
      work_status: job.workStatus,
      customer: {
        name: [booking.firstName, booking.lastName].filter(Boolean).join(" "),
        phone_number: booking.phoneNumber,
        address: { line_1: order.address.line_1, line_2: order.address.line_2, town: order.address.town, postcode: order.address.postcode },
      },
      job_steps: jobSteps,
      devices: jobDevices,
      next: nextStep(job, jobSteps, jobDevices),
      progress: progressOf(jobSteps, jobDevices),
      van_position_at: job.vanPositionAt?.toISOString() ?? null,
      order_state: states.get(order.id)?.state ?? "booked",
      iris_options: irisOptions,
    };
  });
}

function progressOf(jobSteps: StepState[], devices: JobDeviceView[]): JobView["progress"] {
  const all = [...jobSteps, ...devices.flatMap((d) => d.steps)];
  return { done: all.filter((st) => st.done).length, total: all.length };
}

function nextStep(job: JobRow, jobSteps: StepState[], devices: JobDeviceView[]): JobView["next"] {
  if (job.status === "CANCELLED" || job.workStatus === "COMPLETED") return null;
  if (!jobSteps[0]!.done) return { step: "startChecklist", device_id: null };
  for (const device of devices) {
    const open = device.steps.find((st) => !st.done);
    if (open) return { step: open.step, device_id: device.id };
  }
  return { step: "repairComplete", device_id: null };
}

const technicianInput = z.object({ technician_id: z.string().trim().min(1).max(80) });

/** The technician's jobs of a day (today in the carrier's time zone), in route order: by time slot. */
export async function technicianJobs(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof technicianInput> & { date?: string | null }): Promise<JobView[]> {
  const { technician_id, date } = parseInput(technicianInput.extend({ date: calendarDate.optional().nullable() }), input);
  const day = date ?? localDate(ctx.clock.now(), carrier.timezone);
  const rows = await ctx.db
    .select()
    .from(s.jobs)
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.technicianId, technician_id), eq(s.jobs.date, day)))
    .orderBy(asc(s.jobs.slot), asc(s.jobs.id));
  return loadJobViews(ctx.db, carrier, rows);
}

const jobInput = technicianInput.extend({ job_id: id });

export async function ownJob(db: DbOrTx, carrier: CarrierContext, technicianId: string, jobId: number, lock = false): Promise<JobRow> {
  const query = db
    .select()
    .from(s.jobs)
    .where(and(eq(s.jobs.carrierCode, carrier.code), eq(s.jobs.id, jobId)));
  const [job] = lock ? await query.for("update") : await query;
  // Another carrier's, another technician's or no job at all: the same answer.
  if (!job || job.technicianId !== technicianId) throw new JobForbiddenError();
  return job;
}

/** One of the technician's jobs with its steps; JOB_FORBIDDEN when it is not theirs. */
export async function technicianJob(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof jobInput>): Promise<JobView> {
  const { technician_id, job_id } = parseInput(jobInput, input);
  const job = await ownJob(ctx.db, carrier, technician_id, job_id);
  return (await loadJobViews(ctx.db, carrier, [job]))[0]!;
}

export const actorInput = jobInput.extend({ staff_id: z.string().trim().min(1).max(80) });

/**
 * The technician's step in the order's history (ADR 247), once per state: named by the technician's
 * name as it is now (the staff account acting is their login), with the staff account's id.
 */
export async function recordJobEvent(tx: DbOrTx, carrier: CarrierContext, job: JobRow, kind: "on_the_way" | "arrived" | "completed", staffId: string, now: Date): Promise<void> {
  const [found] = await tx
    .select({ orderRef: s.orders.orderRef, name: s.technicians.name })
    .from(s.orders)
    .leftJoin(s.technicians, and(eq(s.technicians.carrierCode, s.orders.carrierCode), eq(s.technicians.id, job.technicianId)))
    .where(and(eq(s.orders.carrierCode, carrier.code), eq(s.orders.id, job.orderId)));
  if (!found) return;
  await recordOrderEvent(tx, {
    carrierCode: carrier.code,
    orderId: job.orderId,
    orderRef: found.orderRef,
    kind,
    actor: { type: "staff", id: staffId, name: found.name ?? staffId },
    key: `job:${kind}`,
    at: now,
    details: { job_id: job.id, technician_id: job.technicianId },
  });
}

const partInput = z.object({ name: shortText(80).pipe(z.string().min(1, FIELD_MESSAGES.PARTS_MISSING)), quantity: z.coerce.number().int().min(1).max(20) });

/** A chosen IRIS code as posted: empty is none chosen (refused below where the section offers codes). */
const irisCodeInput = z
  .string()
  .trim()
  .max(4)
  .optional()
  .transform((value) => value?.toUpperCase() ?? "");

const stepInput = z.discriminatedUnion("step", [
  actorInput.extend({ step: z.literal("startChecklist"), checklist: z.array(z.enum(CHECKLIST_ITEMS)).max(CHECKLIST_ITEMS.length) }),
  actorInput.extend({ step: z.literal("addImei"), device_id: id, value: z.string().max(60) }),
  actorInput.extend({ step: z.literal("addSerialNumber"), device_id: id, value: z.string().max(60) }),
  actorInput.extend({ step: z.literal("confirmProblems"), device_id: id, problem_ids: z.array(id).max(20) }),
  actorInput.extend({ step: z.literal("symptomCodes"), device_id: id, symptoms: z.array(z.string().max(80)).max(40) }),
  actorInput.extend({
    step: z.literal("irisCodes"),
    device_id: id,
    ...(Object.fromEntries(IRIS_SECTIONS.map((section) => [section, irisCodeInput])) as Record<(typeof IRIS_SECTIONS)[number], typeof irisCodeInput>),
  }),
  actorInput.extend({ step: z.literal("addParts"), device_id: id, parts: z.array(partInput).max(20) }),
  actorInput.extend({ step: z.literal("repairComplete") }),
]);
export type JobStepInput = z.input<typeof stepInput>;

const pictureInput = actorInput.extend({
  step: z.enum(["beforePictures", "afterPictures"]),
  device_id: id,
  bytes: z.instanceof(Uint8Array, { error: FIELD_MESSAGES.PROOF_MISSING }),
});

/** Refuses a step the job is not ready for: closed, out of order, or not one of this device's. */
function assertStepAllowed(view: JobView, step: JobStep, deviceId: number | null): void {
  if (view.status === "CANCELLED" || view.work_status === "COMPLETED") throw new ValidationError({ step: ["JOB_CLOSED"] });
  if (step === "startChecklist") return;
  if (!view.job_steps[0]!.done) throw new ValidationError({ step: ["STEP_OUT_OF_ORDER"] });
  if (step === "repairComplete") {
    if (view.devices.some((d) => d.steps.some((st) => !st.done))) throw new ValidationError({ step: ["STEP_OUT_OF_ORDER"] });
    return;
  }
  const device = view.devices.find((d) => d.id === deviceId);
  const index = device?.steps.findIndex((st) => st.step === step) ?? -1;
  if (!device || index < 0) throw new ValidationError({ step: ["STEP_NOT_FOR_DEVICE"] });
  if (device.steps.slice(0, index).some((st) => !st.done)) throw new ValidationError({ step: ["STEP_OUT_OF_ORDER"] });
}

async function saveStep(
  tx: DbOrTx,
  carrier: CarrierContext,
  job: JobRow,
  deviceId: number,
  step: JobStep,
  data: Record<string, unknown>,
  staffId: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(s.jobSteps)
    .values({ carrierCode: carrier.code, jobId: job.id, deviceId, step, data, staffId, recordedAt: now })
    .onConflictDoUpdate({ target: [s.jobSteps.jobId, s.jobSteps.deviceId, s.jobSteps.step], set: { data, staffId, recordedAt: now } });
}

/**
 * Saves one step at once (spec §2 repair.*). The start checklist starts the repair (the customer's
 * manage page says "in progress"); repair complete closes it and records parts and pictures on the
 * order. A step saved again replaces what it said before.
 */
export async function recordJobStep(ctx: EngineContext, carrier: CarrierContext, input: JobStepInput): Promise<JobView> {
  const data = parseInput(stepInput, input);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const job = await ownJob(tx, carrier, data.technician_id, data.job_id, true);
    const [view] = await loadJobViews(tx, carrier, [job]);
    const deviceId = "device_id" in data ? data.device_id : null;
    assertStepAllowed(view!, data.step, deviceId);
    const device = view!.devices.find((d) => d.id === deviceId);
    switch (data.step) {
      case "startChecklist": {
        if (CHECKLIST_ITEMS.some((item) => !data.checklist.includes(item))) throw new ValidationError({ checklist: ["CHECKLIST_INCOMPLETE"] });
        await saveStep(tx, carrier, job, 0, data.step, { checklist: [...CHECKLIST_ITEMS] }, data.staff_id, now);
        await tx
          .update(s.jobs)
          .set({ workStatus: "STARTED", startedAt: job.startedAt ?? now })
          .where(eq(s.jobs.id, job.id));
        // A checklist saved again is not a new start (ADR 180: one event per state change).
        if (job.workStatus !== "STARTED") await enqueueWebhookEvent(tx, { carrierCode: carrier.code, type: "job.started", orderId: job.orderId, key: String(job.id), now });
        await recordJobEvent(tx, carrier, job, "arrived", data.staff_id, now);
        return;
      }
      case "addImei":
      case "addSerialNumber": {
        const value = checkDeviceIdentifier(carrier, { kind: device!.device_type, makeId: device!.make_id }, data.value, "value");
        await saveStep(tx, carrier, job, device!.id, data.step, { value }, data.staff_id, now);
        // The order's device carries the number the technician read off it, as if the customer had given it.
        await tx.update(s.bookingDevices).set({ imei: value }).where(eq(s.bookingDevices.id, device!.id));
        return;
      }
      case "confirmProblems": {
        const offered = new Set(device!.problems.map((p) => p.id));
        const chosen = [...new Set(data.problem_ids)].filter((p) => offered.has(p));
        if (!chosen.length) throw new ValidationError({ problem_ids: ["JOB_PROBLEMS_MISSING"] });
        await saveStep(tx, carrier, job, device!.id, data.step, { problem_ids: chosen }, data.staff_id, now);
        return;
      }
      case "symptomCodes": {
        const confirmed = (device!.steps.find((st) => st.step === "confirmProblems")?.data?.problem_ids as number[] | undefined) ?? [];
        const offered = new Set(device!.symptom_options.filter((o) => confirmed.includes(o.problem_id)).map((o) => o.code));
        const chosen = [...new Set(data.symptoms)].filter((code) => offered.has(code));
        // Problems without symptom codes in the catalogue leave nothing to choose.
        if (!chosen.length && offered.size > 0) throw new ValidationError({ symptoms: ["SYMPTOMS_MISSING"] });
        await saveStep(tx, carrier, job, device!.id, data.step, { symptoms: chosen }, data.staff_id, now);
        return;
      }
      case "irisCodes": {
        // One code per section, from the list operations keep; kept with its title as it reads now.
        const iris: Record<string, { code: string; title: s.Localized }> = {};
        const missing: Record<string, string[]> = {};
        for (const section of IRIS_SECTIONS) {
          const offered = view!.iris_options.filter((o) => o.section === section);
          const chosen = offered.find((o) => o.code === data[section]);
          if (chosen) iris[section] = { code: chosen.code, title: chosen.title };
          // A section with no codes in the catalogue leaves nothing to choose.
          else if (offered.length > 0) missing[section] = ["IRIS_CODE_MISSING"];
        }
        if (Object.keys(missing).length) throw new ValidationError(missing);
        await saveStep(tx, carrier, job, device!.id, data.step, { iris }, data.staff_id, now);
        return;
      }
      case "addParts": {
        if (!data.parts.length) throw new ValidationError({ parts: ["PARTS_MISSING"] });
        await saveStep(tx, carrier, job, device!.id, data.step, { parts: data.parts }, data.staff_id, now);
        return;
      }
      case "repairComplete": {
        const record: s.RepairRecord = {
          completedAt: now.toISOString(),
          technicianId: job.technicianId,
          devices: Object.fromEntries(
            view!.devices.map((d) => {
              const of = (step: JobStep) => d.steps.find((st) => st.step === step)?.data ?? {};
              return [
                String(d.id),
                {
                  problemIds: (of("confirmProblems").problem_ids as number[] | undefined) ?? [],
                  symptoms: (of("symptomCodes").symptoms as string[] | undefined) ?? [],
                  iris: (of("irisCodes").iris as s.RepairRecord["devices"][string]["iris"]) ?? {},
                  parts: (of("addParts").parts as { name: string; quantity: number }[] | undefined) ?? [],
                  beforePictures: (of("beforePictures").files as string[] | undefined) ?? [],
                  afterPictures: (of("afterPictures").files as string[] | undefined) ?? [],
                  identifier: ((of("addImei").value ?? of("addSerialNumber").value) as string | undefined) ?? null,
                },
              ];
            }),
          ),
        };
        await saveStep(tx, carrier, job, 0, data.step, {}, data.staff_id, now);
        await tx.update(s.jobs).set({ workStatus: "COMPLETED", completedAt: now }).where(eq(s.jobs.id, job.id));
        await tx.update(s.orders).set({ repairRecord: record, repairedAt: now, updatedAt: now }).where(eq(s.orders.id, job.orderId));
        await recordJobEvent(tx, carrier, job, "completed", data.staff_id, now);
        if (job.workStatus !== "COMPLETED") await enqueueWebhookEvent(tx, { carrierCode: carrier.code, type: "job.completed", orderId: job.orderId, key: String(job.id), now });
        return;
      }
    }
  });
  return technicianJob(ctx, carrier, data);
}

/**
 * A before or after picture, checked like a proof of purchase (ADR 056: size, whole content, stored
 * re-encoded through the FileStorage port). Each picture is added to the step at once.
 */
export async function uploadJobPicture(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof pictureInput>): Promise<JobView> {
  const data = parseInput(pictureInput, input);
  if (data.bytes.byteLength > MAX_PROOF_BYTES) throw new ValidationError({ image: ["PROOF_TOO_LARGE"] });
  const image = await normaliseProofImage(data.bytes);
  if (!image) throw new ValidationError({ image: ["PROOF_FORMAT"] });
  // Checked before the file is stored, so a refused step leaves nothing behind.
  const before = await technicianJob(ctx, carrier, data);
  assertStepAllowed(before, data.step, data.device_id);
  const stored = await ctx.files.put({ carrierCode: carrier.code, name: `job-${data.job_id}-${data.device_id}-${data.step}`, contentType: image.type, bytes: image.bytes });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const job = await ownJob(tx, carrier, data.technician_id, data.job_id, true);
    const [row] = await tx
      .select()
      .from(s.jobSteps)
      .where(and(eq(s.jobSteps.jobId, job.id), eq(s.jobSteps.deviceId, data.device_id), eq(s.jobSteps.step, data.step)));
    const files = [...((row?.data.files as string[] | undefined) ?? []), stored.key].slice(-MAX_PICTURES);
    await saveStep(tx, carrier, job, data.device_id, data.step, { files }, data.staff_id, now);
  });
  return technicianJob(ctx, carrier, data);
}

export const onMyWayInput = actorInput.extend({
  latitude: latitude.optional().nullable(),
  longitude: longitude.optional().nullable(),
  accuracy: z.coerce.number().finite().min(0).optional().nullable(),
});
