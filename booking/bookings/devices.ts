/** The booking's devices: add, update, remove, read (spec §3, §7 "Bookings"). */
import * as s from "../db/schema";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { BookingTransaction } from "../db/open";
import type { EngineContext } from "../context";
import { getModelVersion, listTriageQuestions, type ModelVersionDetail, type TriageQuestionView } from "../catalogue/queries";
import { keptWhere } from "../catalogue/revision";
import type { CarrierContext } from "../domain/carrier";
import { BookingStateError, MaxDevicesError, MultiDeviceInWarrantyError, NotFoundError, ValidationError } from "../domain/errors";
import { checkDeviceIdentifier } from "../domain/identifiers";
import { id, shortText } from "../domain/inputs";
import { normaliseSelection } from "../domain/pricing";
import { parseInput } from "../domain/validate";
import { bookingDevices, findBooking, type BookingRow, type DeviceRow } from "./repository";
import type { BookingState } from "./state";
import { now, change, setBooking } from "./basket";
import { getBooking } from "./draft";

/* ───────────── devices ───────────── */

const deviceInput = z.object({
  model_version_id: id,
  make_id: id.optional().nullable(),
  problems: z.array(id).max(20).optional().nullable(),
  colour: shortText(40).optional().nullable(),
  imei: shortText(40).optional().nullable(),
  reference: shortText(60).optional().nullable(),
  customer_reference: shortText(60).optional().nullable(),
  triage_answers: z.record(z.string().max(60), z.string().max(60)).optional().nullable(),
  appliance_model_code: shortText(60).optional().nullable(),
  upsells: z.array(id).max(10).optional().nullable(),
  device_type_id: id.optional().nullable(),
  /** Spec §4 device/insurance-status: the customer's answer; null clears it. */
  insured: z.boolean().optional().nullable(),
});
const deviceUpdateInput = deviceInput.partial();

type DeviceInput = z.output<typeof deviceUpdateInput>;

/**
 * The model version a device is checked against, kept per catalogue revision (ADR 222): its model,
 * makes, colours, priced repairs and extras are eleven queries, the revision one. Keyed by what of
 * the carrier the catalogue reads (code, currency, single make).
 */
async function catalogueVersion(ctx: EngineContext, carrier: CarrierContext, versionId: number): Promise<ModelVersionDetail> {
  try {
    const key = `version|${carrier.code}|${carrier.currency}|${carrier.singleMakeOnly ? carrier.singleMakeId : ""}|${versionId}`;
    return await keptWhere(ctx.db, carrier, { owner: ctx.db }, key, () => getModelVersion(ctx.db, carrier, versionId));
  } catch (error) {
    if (error instanceof NotFoundError) throw new ValidationError({ model_version_id: ["MODEL_NOT_REPAIRED"] });
    throw error;
  }
}

function checkTriage(questions: TriageQuestionView[], answers: Record<string, string>): Record<string, string> {
  const fields: Record<string, string[]> = {};
  for (const [code, answer] of Object.entries(answers)) {
    const question = questions.find((q) => q.code === code);
    if (!question) (fields[`triage_answers.${code}`] ??= []).push("Unknown question.");
    else if (!question.options.some((o) => o.code === answer)) (fields[`triage_answers.${code}`] ??= []).push("Please choose one of the answers.");
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return answers;
}

/** Validates a device's fields against the catalogue and returns the columns to store. */
async function deviceColumns(ctx: EngineContext, carrier: CarrierContext, data: DeviceInput, existing: DeviceRow | null): Promise<Partial<typeof s.bookingDevices.$inferInsert>> {
  const versionId = data.model_version_id ?? existing!.modelVersionId;
  const version = await catalogueVersion(ctx, carrier, versionId);
  const model = version.model;
  const versionChanged = !existing || existing.modelVersionId !== versionId;
  const columns: Partial<typeof s.bookingDevices.$inferInsert> = { modelVersionId: versionId };

  const makeId = data.make_id ?? (versionChanged ? model.make_ids[0]! : existing!.makeId);
  if (!model.make_ids.includes(makeId)) throw new ValidationError({ make_id: ["MAKE_NOT_OFFERED"] });
  columns.makeId = makeId;

  const problems = data.problems ?? (versionChanged ? [] : existing!.problemIds);
  const unknown = problems.filter((p) => !version.problems.some((o) => o.id === p));
  if (unknown.length) throw new ValidationError({ problems: ["PROBLEMS_NOT_OFFERED"] });
  columns.problemIds = normaliseSelection(version.problems, problems, model.battery_required_for_screen_repair);

  const upsells = data.upsells ?? (versionChanged ? [] : existing!.extraIds);
  if (upsells.some((e) => !version.extras.some((x) => x.id === e))) throw new ValidationError({ upsells: ["EXTRA_NOT_OFFERED"] });
  columns.extraIds = [...new Set(upsells)];

  const colour = data.colour === undefined ? (versionChanged ? null : existing!.colourCode) : data.colour;
  if (colour && !version.colours.some((c) => c.code === colour)) throw new ValidationError({ colour: ["COLOUR_NOT_OFFERED"] });
  columns.colourCode = colour || null;

  const answers = data.triage_answers === undefined || data.triage_answers === null ? (versionChanged ? {} : existing!.triageAnswers) : data.triage_answers;
  columns.triageAnswers = Object.keys(answers).length ? checkTriage(await listTriageQuestions(ctx.db, carrier, model.id), answers) : {};

  if (data.imei !== undefined) {
    columns.imei = data.imei ? checkDeviceIdentifier(carrier, { kind: model.device_type, makeId }, data.imei) : null;
  } else if (versionChanged) {
    columns.imei = null;
  }
  if (data.appliance_model_code !== undefined) {
    if (data.appliance_model_code && model.device_type !== "appliance") throw new ValidationError({ appliance_model_code: ["APPLIANCE_CODE_ONLY"] });
    columns.applianceModelCode = data.appliance_model_code || null;
  } else if (versionChanged) {
    columns.applianceModelCode = null;
  }
  const customerReference = data.customer_reference ?? data.reference;
  if (customerReference !== undefined) columns.customerReference = customerReference || null;
  // Choosing a model version clears the insurance state with the warranty state (spec §4 Warranty).
  if (data.insured !== undefined) columns.insured = data.insured;
  else if (versionChanged) columns.insured = null;
  return columns;
}

const clearedWarranty = { inWarranty: null, purchaseDate: null, warrantyImei: null } as const;

function requirePostcode(booking: BookingRow): void {
  // Progress rule (spec §2): the device step needs the booking postcode.
  if (!booking.postcode || !booking.areaCode) throw new BookingStateError("Please enter your postcode first.");
}

/** Spec §7 POST /{ref}/device: adds a device. MAX_DEVICES past carrier.maxDevicesPerBasket; one device only when in warranty. */
/**
 * A device added with the key its form gave (`device_key`, ADR 143): the same form sent again (a
 * browser's resend after an answer lost with a killed replica, a double press) sets that device
 * again instead of adding a second one.
 */
const addDeviceInput = deviceInput.extend({
  device_key: z
    .string()
    .regex(/^[0-9a-f]{10,32}$/)
    .optional()
    .nullable(),
});

export async function addDevice(
  ctx: EngineContext,
  carrier: CarrierContext,
  reference: unknown,
  input: z.input<typeof addDeviceInput>,
): Promise<BookingState & { device_key: string }> {
  const { device_key: formKey, ...data } = parseInput(addDeviceInput, input);
  if (formKey) {
    const booking = await findBooking(ctx.db, carrier, reference);
    const [sent] = await ctx.db
      .select({ key: s.bookingDevices.key })
      .from(s.bookingDevices)
      .where(and(eq(s.bookingDevices.carrierCode, carrier.code), eq(s.bookingDevices.bookingId, booking.id), eq(s.bookingDevices.key, formKey)));
    if (sent) return { ...(await updateDevice(ctx, carrier, reference, formKey, data)), device_key: formKey };
  }
  const columns = await deviceColumns(ctx, carrier, data, null);
  const key = formKey ?? randomBytes(5).toString("hex");
  const state = await change(ctx, carrier, reference, async (tx, booking) => {
    // The basket's devices, read once under the booking's lock: every write of a booking's devices
    // takes that lock first, so they are all of them until this transaction ends.
    const devices = await bookingDevices(tx, carrier, booking.id);
    // The same form twice at once: the second waited for the booking's lock and finds the first's device.
    if (formKey && devices.some((device) => device.key === formKey)) return;
    requirePostcode(booking);
    if (devices.length >= carrier.maxDevicesPerBasket) throw new MaxDevicesError(carrier.maxDevicesPerBasket);
    if (booking.inWarranty === true && devices.length >= 1) throw new MultiDeviceInWarrantyError();
    // The next position after the last (what `max(position)` over the same rows answers).
    const last = devices.reduce((highest, device) => Math.max(highest, device.position), -1);
    await tx.insert(s.bookingDevices).values({
      carrierCode: carrier.code,
      bookingId: booking.id,
      key,
      position: last + 1,
      modelVersionId: columns.modelVersionId!,
      makeId: columns.makeId!,
      ...columns,
      createdAt: now(ctx),
    });
    // Choosing a model version clears the warranty state (spec §4 Warranty) for the basket's first device.
    if (devices.length === 0 && booking.inWarranty !== null) await setBooking(tx, booking, clearedWarranty);
  });
  return { ...state, device_key: key };
}

async function lockedDevice(tx: BookingTransaction, carrier: CarrierContext, booking: BookingRow, key: string): Promise<DeviceRow> {
  const [device] = await tx
    .select()
    .from(s.bookingDevices)
    .where(and(eq(s.bookingDevices.carrierCode, carrier.code), eq(s.bookingDevices.bookingId, booking.id), eq(s.bookingDevices.key, String(key))));
  if (!device) throw new NotFoundError("The device");
  return device;
}

/** Spec §7 POST /{ref}/device/{deviceKey}. A new model version resets the device's choices and the warranty state. */
const deviceKeySchema = z.string().trim().min(1).max(40);

export async function updateDevice(
  ctx: EngineContext,
  carrier: CarrierContext,
  reference: unknown,
  deviceKey: string,
  input: z.input<typeof deviceUpdateInput>,
): Promise<BookingState> {
  parseInput(deviceKeySchema, deviceKey, "device_key");
  const data = parseInput(deviceUpdateInput, input);
  const current = await findBooking(ctx.db, carrier, reference);
  const [existing] = await ctx.db
    .select()
    .from(s.bookingDevices)
    .where(and(eq(s.bookingDevices.carrierCode, carrier.code), eq(s.bookingDevices.bookingId, current.id), eq(s.bookingDevices.key, String(deviceKey))));
  if (!existing) throw new NotFoundError("The device");
  const columns = await deviceColumns(ctx, carrier, data, existing);
  return change(ctx, carrier, reference, async (tx, booking) => {
    const device = await lockedDevice(tx, carrier, booking, deviceKey);
    // A concurrent edit changed the model meanwhile: the validated columns no longer fit it.
    if (device.modelVersionId !== existing.modelVersionId && data.model_version_id === undefined) throw new ValidationError({ model_version_id: ["DEVICE_CHANGED"] });
    await tx.update(s.bookingDevices).set(columns).where(eq(s.bookingDevices.id, device.id));
    if (columns.modelVersionId !== device.modelVersionId && booking.inWarranty !== null) await setBooking(tx, booking, clearedWarranty);
  });
}

export async function removeDevice(ctx: EngineContext, carrier: CarrierContext, reference: unknown, deviceKey: string): Promise<BookingState> {
  return change(ctx, carrier, reference, async (tx, booking) => {
    const device = await lockedDevice(tx, carrier, booking, deviceKey);
    await tx.delete(s.bookingDevices).where(eq(s.bookingDevices.id, device.id));
  });
}

export async function getDevice(ctx: EngineContext, carrier: CarrierContext, reference: unknown, deviceKey: string) {
  const state = await getBooking(ctx, carrier, reference);
  const device = state.devices[String(deviceKey)];
  if (!device) throw new NotFoundError("The device");
  return device;
}
