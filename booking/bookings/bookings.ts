/**
 * The booking lifecycle up to checkout (spec §4, §7 "Bookings"): build, load, postcode, address,
 * store and drop-off, devices, warranty, customer details, discount code, availability and date.
 * Every operation takes the carrier first, validates its input with zod, changes the booking inside
 * one transaction holding the booking's row lock, and answers with the booking state.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { BookingTransaction, DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { EngineContext } from "../context";
import { holdDay, loadAvailability, releaseHold, type AvailabilityDay } from "../availability/availability";
import { getModelVersion, listTriageQuestions, localeSchema, type Locale, type ModelVersionDetail, type TriageQuestionView } from "../catalogue/queries";
import { keptWhere } from "../catalogue/revision";
import { areaForAddress, areaForPostcode, normaliseForCarrier } from "../coverage/coverage";
import type { CarrierContext } from "../domain/carrier";
import { customerDetailsSchema } from "../domain/customer";
import {
  FIELD_MESSAGES,
  BookingCompletedError,
  BookingNotFoundError,
  BookingStateError,
  DateUnavailableError,
  MaxDevicesError,
  MultiDeviceInWarrantyError,
  NotFoundError,
  OutOfWarrantyError,
  PaymentInProgressError,
  PostcodeNotCoveredError,
  PromoOnWarrantyRepairError,
  ValidationError,
  WarrantyRepairNotOfferedError,
} from "../domain/errors";
import { checkDeviceIdentifier } from "../domain/identifiers";
import { attributionToken, calendarDate, id, latitude, longitude, plainText, shortText } from "../domain/inputs";
import { normaliseSelection } from "../domain/pricing";
import { canonicalToken, hashToken, newBookingReference, newResumeToken } from "../domain/references";
import { localDate } from "../domain/time";
import { parseInput } from "../domain/validate";
import { E164 } from "../ports/notifications";
import { enqueueMessage } from "../scheduler/message-jobs";
import { assertDiscountUsable, canonicalDiscountCode, findDiscount, releaseDiscountReservations } from "./discount";
import { bookingDevices, Deferred, findBooking, mutateBooking, type BookingRow, type DeviceRow } from "./repository";
import { bookingState, readBooking, readBookingState, type BookingState } from "./state";
import { assertOneDeviceInWarranty } from "./warranty-rules";

/** Manufacturer warranty assumed for in-warranty repairs (months from the purchase date). */
export const WARRANTY_MONTHS = 12;

const now = (ctx: EngineContext) => ctx.clock.now();

/** The booking's state after a change: the booking, its hold, area and the catalogue revision in one read (ADR 222). */
async function stateAfter(ctx: EngineContext, carrier: CarrierContext, reference: string, locale?: Locale): Promise<BookingState> {
  return readBookingState(ctx.db, carrier, reference, now(ctx), locale);
}

async function change(
  ctx: EngineContext,
  carrier: CarrierContext,
  reference: unknown,
  fn: (tx: BookingTransaction, booking: BookingRow) => Promise<void | Deferred>,
): Promise<BookingState> {
  const { booking } = await mutateBooking(ctx, carrier, reference, fn);
  return stateAfter(ctx, carrier, booking.reference);
}

async function setBooking(tx: BookingTransaction, booking: BookingRow, values: Partial<typeof s.bookings.$inferInsert>): Promise<void> {
  await tx
    .update(s.bookings)
    .set(values)
    .where(and(eq(s.bookings.carrierCode, booking.carrierCode), eq(s.bookings.id, booking.id)));
}

/** The repair area changed: the day held in the old area no longer counts, so the date must be chosen again. */
async function dropDateIfAreaChanges(tx: BookingTransaction, carrier: CarrierContext, booking: BookingRow, areaCode: string): Promise<Partial<typeof s.bookings.$inferInsert>> {
  if (booking.areaCode === areaCode) return {};
  await releaseHold(tx, carrier, booking.id);
  return { date: null };
}

/* ───────────── build and load ───────────── */

/** Spec §7 POST /build: referrer, channel, lucidRef, kept on the booking for attribution (ADR 135). */
const buildInput = z.object({
  referrer: attributionToken.optional().nullable(),
  channel: attributionToken.optional().nullable(),
  lucidRef: attributionToken.optional().nullable(),
  lucid_ref: attributionToken.optional().nullable(),
  is_business_account: z.boolean().optional(),
});

export interface BuiltBooking {
  reference: string;
  /** Resume token ('XXXXX-XXXXX'): shown once, only its hash is stored (ADR 012). */
  token: string;
  booking: BookingState;
}

export async function buildBooking(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof buildInput> = {}): Promise<BuiltBooking> {
  const data = parseInput(buildInput, input ?? {});
  const reference = newBookingReference();
  const token = newResumeToken();
  const at = now(ctx);
  await ctx.db.insert(s.bookings).values({
    carrierCode: carrier.code,
    reference,
    tokenHash: hashToken(token),
    referrer: data.referrer ?? null,
    channel: data.channel ?? null,
    lucidRef: data.lucid_ref ?? data.lucidRef ?? null,
    isBusinessAccount: data.is_business_account ?? false,
    draftRetentionDays: carrier.draftRetentionDays,
    createdAt: at,
    updatedAt: at,
  });
  return { reference, token, booking: await stateAfter(ctx, carrier, reference) };
}

export async function getBooking(ctx: EngineContext, carrier: CarrierContext, reference: unknown, options: { locale?: Locale } = {}): Promise<BookingState> {
  return readBookingState(ctx.db, carrier, reference, now(ctx), parseInput(localeSchema, options.locale));
}

/** The booking whose current resume token this is, on this carrier only (a code of another carrier is unknown here). */
async function bookingOfToken(db: DbOrTx, carrier: CarrierContext, token: unknown, at: Date, lock: boolean): Promise<BookingRow> {
  if (typeof token !== "string" || !token.trim()) throw new ValidationError({ token: ["BOOKING_CODE_MISSING"] });
  const canonical = canonicalToken(token);
  if (!canonical) throw new BookingNotFoundError();
  const query = db
    .select()
    .from(s.bookings)
    .where(and(eq(s.bookings.carrierCode, carrier.code), eq(s.bookings.tokenHash, hashToken(canonical))));
  const [booking] = lock ? await query.for("update") : await query;
  // An expired hand-over code answers like an unknown one: the page says nothing about what it was.
  if (!booking || (booking.tokenExpiresAt && booking.tokenExpiresAt.getTime() <= at.getTime())) throw new BookingNotFoundError();
  return booking;
}

/** Spec §4 "Booking resume": the token typed or scanned (text after the last '='). BK01 when unknown or expired. */
export async function getBookingByToken(ctx: EngineContext, carrier: CarrierContext, token: unknown, options: { locale?: Locale } = {}): Promise<BookingState> {
  const at = now(ctx);
  const booking = await bookingOfToken(ctx.db, carrier, token, at, false);
  return bookingState(ctx.db, carrier, booking, at, parseInput(localeSchema, options.locale));
}

/**
 * A fresh hand-over code for a booking (the in-store confirmation's booking code and QR, ADR 101):
 * the old code stops working, the new one works once until `expires_at` (config.handoverCodeMinutes).
 */
const issueTokenInput = z.object({ send: z.boolean().default(false) }).default({ send: false });

/** Where a hand-over's code was sent (ADR 102): the customer's e-mail and, when it is a mobile number we can text, their phone. */
export interface CodeSentTo {
  email: string;
  phone: string | null;
}

export async function issueResumeToken(
  ctx: EngineContext,
  carrier: CarrierContext,
  reference: unknown,
  options: unknown = {},
): Promise<{ token: string; expires_at: string; sent_to: CodeSentTo | null }> {
  const { send } = parseInput(issueTokenInput, options);
  const token = newResumeToken();
  const at = now(ctx);
  const expiresAt = new Date(at.getTime() + ctx.config.handoverCodeMinutes * 60_000);
  const { result: sentTo } = await mutateBooking(ctx, carrier, reference, async (tx, booking) => {
    await setBooking(tx, booking, { tokenHash: hashToken(token), tokenExpiresAt: expiresAt });
    return send ? sendResumeToken(tx, carrier, booking, token, at, expiresAt) : null;
  });
  return { token, expires_at: expiresAt.toISOString(), sent_to: sentTo };
}

/**
 * The code, by e-mail and SMS, to the customer the booking's details name (ADR 102): for an agent
 * who prepared the booking on the telephone. Recorded in the transaction that issues the code, like
 * every message (ADR 093); a code replaced before it went out is still sent, and refused when used.
 */
async function sendResumeToken(tx: BookingTransaction, carrier: CarrierContext, booking: BookingRow, token: string, at: Date, expiresAt: Date): Promise<CodeSentTo> {
  if (!booking.email || !booking.siteUrl) throw new ValidationError({ email: ["EMAIL_INVALID"] });
  const phone = booking.phoneNumber && E164.test(booking.phoneNumber) ? booking.phoneNumber : null;
  const state = await bookingState(tx, carrier, booking, at, parseInput(localeSchema, booking.locale ?? "en"));
  const confirmUrl = new URL("/booking/continue", booking.siteUrl);
  confirmUrl.searchParams.set("token", token);
  const address = booking.address ? [booking.address.line_1, booking.address.line_2, booking.address.town, booking.address.postcode].filter((line) => line?.trim()) : [];
  await enqueueMessage(tx, {
    carrierCode: carrier.code,
    kind: "booking-handed-over",
    orderRef: null,
    eventKey: `${booking.reference}:${hashToken(token).slice(0, 16)}`,
    locale: booking.locale ?? "en",
    channels: phone ? ["email", "sms"] : ["email"],
    payload: {
      to: { name: [booking.firstName, booking.lastName].filter(Boolean).join(" ") || undefined, email: booking.email, ...(phone ? { phone } : {}) },
      values: {
        bookingCode: token,
        confirmUrl: confirmUrl.href,
        holdUntil: expiresAt.toISOString(),
        devices: Object.values(state.devices).map((device) => device.device.title),
        ...(booking.date ? { date: booking.date } : {}),
        ...(address.length ? { address } : {}),
      },
    },
    runAt: at,
    expiresAt,
  });
  return { email: booking.email, phone };
}

/**
 * The customer's side of the hand-over (spec §4 "Booking resume"): the code finds the booking and is
 * spent in the same transaction, so a second scan (or a copy of the QR) finds nothing. BK01 when the
 * code is unknown, spent, expired or another carrier's.
 */
export async function redeemResumeToken(ctx: EngineContext, carrier: CarrierContext, token: unknown, options: { locale?: Locale } = {}): Promise<BookingState> {
  const locale = parseInput(localeSchema, options.locale);
  const at = now(ctx);
  const reference = await ctx.db.transaction(async (tx) => {
    const booking = await bookingOfToken(tx, carrier, token, at, true);
    // Nobody holds the replacement token: the booking can only be handed over again with a new code.
    await setBooking(tx, booking, { tokenHash: hashToken(newResumeToken()), tokenExpiresAt: at });
    return booking.reference;
  });
  return stateAfter(ctx, carrier, reference, locale);
}

/* ───────────── postcode, address, store, drop-off ───────────── */

const postcodeInput = z.object({
  postcode: plainText({ error: "Please enter a postcode" }).trim().min(1, "Please enter a postcode"),
  is_business_account: z.boolean().optional(),
  repair_type: shortText(40).optional().nullable(),
  model_version_id: id.optional().nullable(),
  problems: z.array(id).optional().nullable(),
  carrier: z.string().optional(),
});

/** Spec §7 POST /{ref}/postcode. BK04 when the postcode is invalid or no area of the carrier covers it. */
export async function setPostcode(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof postcodeInput>): Promise<BookingState> {
  const data = parseInput(postcodeInput, input);
  const { area, postcode } = await areaForPostcode(ctx.db, carrier, data.postcode);
  return change(ctx, carrier, reference, async (tx, booking) => {
    const keepLines = booking.address && booking.address.postcode.replace(/\s+/g, "") === postcode.postcode;
    await setBooking(tx, booking, {
      postcode: postcode.display,
      areaCode: area.code,
      address: keepLines ? booking.address : { postcode: postcode.display, line_1: "", line_2: "", town: "", latitude: null, longitude: null },
      isBusinessAccount: data.is_business_account ?? booking.isBusinessAccount,
      repairType: data.repair_type ?? booking.repairType,
      ...(await dropDateIfAreaChanges(tx, carrier, booking, area.code)),
    });
  });
}

export const addressInput = z.object({
  line_1: plainText({ error: "Please enter the first line of the address." }).trim().min(1, "Please enter the first line of the address.").max(120),
  line_2: shortText(120).optional().nullable(),
  town: plainText({ error: "Please enter the town." }).trim().min(1, "Please enter the town.").max(80),
  postcode: plainText({ error: FIELD_MESSAGES.POSTCODE_MISSING }).trim().min(1, FIELD_MESSAGES.POSTCODE_MISSING),
  latitude: latitude.optional().nullable(),
  longitude: longitude.optional().nullable(),
  is_business_account: z.boolean().optional(),
  model_version_id: id.optional().nullable(),
  problems: z.array(id).optional().nullable(),
  carrier: z.string().optional(),
});

/** The address, its postcode and the area covering it; BK04 (ADDRESS_NOT_COVERED) when none does. */
async function coveredAddress(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof addressInput>) {
  const data = parseInput(addressInput, input);
  const postcode = normaliseForCarrier(carrier, data.postcode);
  const area = await areaForAddress(ctx.db, carrier, { postcode, latitude: data.latitude, longitude: data.longitude });
  if (!area) throw new PostcodeNotCoveredError("ADDRESS_NOT_COVERED");
  return { data, postcode, area };
}

/** Whether `setAddress` would take this address, without a booking and without writing (ADR 191); its errors are setAddress's. */
export async function checkAddress(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof addressInput>): Promise<void> {
  await coveredAddress(ctx, carrier, input);
}

/** Spec §7 POST /{ref}/address: covered when the coordinates lie within an area's radius (else by postcode). BK04 otherwise. */
export async function setAddress(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof addressInput>): Promise<BookingState> {
  const { data, postcode, area } = await coveredAddress(ctx, carrier, input);
  const hasPoint = typeof data.latitude === "number" && typeof data.longitude === "number";
  return change(ctx, carrier, reference, async (tx, booking) => {
    await setBooking(tx, booking, {
      postcode: postcode.display,
      areaCode: area.code,
      address: {
        postcode: postcode.display,
        line_1: data.line_1,
        line_2: data.line_2 ?? "",
        town: data.town,
        latitude: hasPoint ? data.latitude! : null,
        longitude: hasPoint ? data.longitude! : null,
      },
      isBusinessAccount: data.is_business_account ?? booking.isBusinessAccount,
      ...(await dropDateIfAreaChanges(tx, carrier, booking, area.code)),
    });
  });
}

export interface StoreView {
  id: number;
  code: string;
  name: string;
  address: { line_1: string; line_2: string; town: string; postcode: string };
  latitude: number;
  longitude: number;
  drop_off_available: boolean;
  /** The carrier's hours as entered, grouped by days (ADR 088); [] when not given. */
  opening_hours: s.OpeningHoursEntry[];
  distance_km: number | null;
}

function storeView(row: typeof s.stores.$inferSelect, distance: number | null = null): StoreView {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: { line_1: row.line1, line_2: row.line2, town: row.town, postcode: row.postcode },
    latitude: row.latitude,
    longitude: row.longitude,
    drop_off_available: row.dropOffAvailable,
    opening_hours: row.openingHours,
    distance_km: distance,
  };
}

const storeInput = z.union([
  z.object({ store_code: plainText({ error: "Please enter a store code." }).trim().min(1, "Please enter a store code.").max(40), carrier: z.string().optional() }),
  z.object({ ignore: z.literal(true) }),
]);

/** Spec §7 POST /{ref}/store: the store an in-store booking is made for, or `{ ignore: true }` to go on without one. */
export async function setStore(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof storeInput>): Promise<BookingState> {
  const data = parseInput(storeInput, input);
  if ("ignore" in data) {
    return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { storeCode: null, storeIgnored: true }));
  }
  const code = data.store_code.toUpperCase();
  const [store] = await ctx.db
    .select()
    .from(s.stores)
    .where(and(eq(s.stores.carrierCode, carrier.code), eq(s.stores.code, code), eq(s.stores.active, true)));
  if (!store) throw new ValidationError({ store_code: ["STORE_UNKNOWN"] });
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { storeCode: store.code, storeIgnored: false }));
}

export async function clearStore(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { storeCode: null, storeIgnored: false }));
}

const dropOffInput = z.object({ drop_off_company_store_id: id });

/** Spec §7 POST /{ref}/drop-off: repair location "drop-off" at one of the carrier's stores. */
export async function setDropOff(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof dropOffInput>): Promise<BookingState> {
  const data = parseInput(dropOffInput, input);
  if (!carrier.allowsInStoreDropOff) throw new ValidationError({ drop_off_company_store_id: ["DROP_OFF_NOT_OFFERED"] });
  const [store] = await ctx.db
    .select()
    .from(s.stores)
    .where(and(eq(s.stores.carrierCode, carrier.code), eq(s.stores.id, data.drop_off_company_store_id), eq(s.stores.active, true)));
  if (!store || !store.dropOffAvailable) throw new ValidationError({ drop_off_company_store_id: ["DROP_OFF_STORE_UNAVAILABLE"] });
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { dropOffStoreId: store.id, isMailInRepair: false }));
}

export async function clearDropOff(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { dropOffStoreId: null }));
}

/**
 * Mail-in repair (spec §3 is_mail_in_repair, ADR 140): the customer sends the device by post to the
 * carrier's postal address, so no technician visits. The draft gives back any day it held (a mail-in
 * repair takes no capacity), forgets its date and drop-off store. MAIL_IN_NOT_OFFERED when the
 * carrier's switch is off.
 */
export async function setMailIn(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  if (!carrier.offersMailIn) throw new ValidationError({ repair_location: ["MAIL_IN_NOT_OFFERED"] });
  return change(ctx, carrier, reference, async (tx, booking) => {
    await releaseHold(tx, carrier, booking.id);
    await setBooking(tx, booking, { isMailInRepair: true, date: null, dropOffStoreId: null, requestPreferredDateCallback: false });
  });
}

/** Back to a visit (doorstep): the booking chooses a repair date again. */
export async function clearMailIn(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { isMailInRepair: false }));
}

/** Spec §7 GET /company/stores/locate/{postcode}/{carrier}: the carrier's stores, nearest first when the postcode geocodes. */
export async function locateStores(ctx: EngineContext, carrier: CarrierContext, postcode: unknown, options: { dropOffOnly?: boolean } = {}): Promise<StoreView[]> {
  const normalised = normaliseForCarrier(carrier, postcode);
  const rows = await ctx.db
    .select()
    .from(s.stores)
    .where(and(eq(s.stores.carrierCode, carrier.code), eq(s.stores.active, true)))
    .orderBy(asc(s.stores.name));
  const eligible = options.dropOffOnly ? rows.filter((r) => r.dropOffAvailable) : rows;
  const point = await ctx.addresses.geocode({ country: carrier.countryCode, text: normalised.display }).catch(() => null);
  if (!point) return eligible.map((r) => storeView(r));
  const { distanceKm } = await import("../domain/geo");
  return eligible
    .map((r) => storeView(r, Math.round(distanceKm(point, { latitude: r.latitude, longitude: r.longitude }) * 10) / 10))
    .sort((a, b) => (a.distance_km ?? 0) - (b.distance_km ?? 0));
}

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

/* ───────────── warranty ───────────── */

const warrantyInput = z.object({
  in_warranty: z.boolean().nullable(),
  purchase_date: calendarDate.optional().nullable(),
  imei: shortText(40).optional().nullable(),
});

export function withinWarranty(purchaseDate: string, today: string): boolean {
  const [y, m, d] = purchaseDate.split("-").map(Number) as [number, number, number];
  const endMonth = m - 1 + WARRANTY_MONTHS;
  const end = new Date(Date.UTC(y + Math.floor(endMonth / 12), endMonth % 12, d)).toISOString().slice(0, 10);
  return today <= end;
}

/**
 * Spec §7 POST /{ref}/warranty. true: only when the carrier allows warranty repairs, for a basket of
 * one device, without a promo code, bought within the warranty period (RBK15 otherwise).
 * false after true clears the selected problems (spec §4); false or null clears purchase date and IMEI.
 */
export async function setWarranty(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof warrantyInput>): Promise<BookingState> {
  const data = parseInput(warrantyInput, input);
  const today = localDate(now(ctx), carrier.timezone);
  return change(ctx, carrier, reference, async (tx, booking) => {
    const devices = await bookingDevices(tx, carrier, booking.id);
    if (data.in_warranty !== true) {
      if (data.in_warranty === false && booking.inWarranty === true) {
        await tx
          .update(s.bookingDevices)
          .set({ problemIds: [] })
          .where(and(eq(s.bookingDevices.carrierCode, carrier.code), eq(s.bookingDevices.bookingId, booking.id)));
      }
      await setBooking(tx, booking, { inWarranty: data.in_warranty, purchaseDate: null, warrantyImei: null });
      return;
    }
    if (!carrier.allowWarrantyRepairs) throw new WarrantyRepairNotOfferedError();
    assertOneDeviceInWarranty(devices.length);
    if (booking.discountCode) throw new PromoOnWarrantyRepairError();
    if (data.purchase_date) {
      if (data.purchase_date > today) throw new ValidationError({ purchase_date: ["PURCHASE_DATE_FUTURE"] });
      if (!withinWarranty(data.purchase_date, today)) throw new OutOfWarrantyError();
    }
    let imei: string | null = null;
    if (data.imei) {
      const device = devices[0];
      if (!device) throw new ValidationError({ imei: ["DEVICE_MISSING"] });
      const [model] = await tx
        .select({ kind: s.models.deviceType })
        .from(s.modelVersions)
        .innerJoin(s.models, eq(s.models.id, s.modelVersions.modelId))
        .where(eq(s.modelVersions.id, device.modelVersionId));
      imei = checkDeviceIdentifier(carrier, { kind: model!.kind, makeId: device.makeId }, data.imei);
    }
    await setBooking(tx, booking, { inWarranty: true, purchaseDate: data.purchase_date ?? null, warrantyImei: imei });
  });
}

/* ───────────── customer details ───────────── */

/** Spec §7 POST /{ref}/customer-details: names, e-mail, phone (checked for the carrier's country), billing. */
export async function setCustomerDetails(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: unknown): Promise<BookingState> {
  const data = parseInput(customerDetailsSchema(carrier.countryCode), input);
  return change(ctx, carrier, reference, async (tx, booking) => {
    let address = booking.address;
    if (data.address) {
      if (!booking.postcode) throw new BookingStateError("Please enter your postcode first.");
      address = {
        postcode: booking.postcode,
        line_1: data.address.line_1,
        line_2: data.address.line_2,
        town: data.address.town,
        latitude: booking.address?.latitude ?? null,
        longitude: booking.address?.longitude ?? null,
      };
    }
    const billing =
      data.billing_address ??
      booking.billingAddress ??
      (address?.line_1 ? { line_1: address.line_1, line_2: address.line_2, town: address.town, postcode: address.postcode } : null);
    await setBooking(tx, booking, {
      firstName: data.first_name,
      lastName: data.last_name,
      email: data.email,
      emailConsent: data.email_consent,
      phoneNumber: data.phone_number,
      ...(data.locale ? { locale: data.locale } : {}),
      ...(data.site_url ? { siteUrl: data.site_url } : {}),
      billingFirstName: data.billing_first_name ?? data.first_name,
      billingLastName: data.billing_last_name ?? data.last_name,
      billingAddress: billing,
      address,
    });
  });
}

/* ───────────── discount code ───────────── */

const discountInput = z.object({ discount_code: plainText({ error: "Please enter a promo code." }) });

/**
 * Spec §7 POST /{ref}/discount-code. Errors: PROMO_NOT_RECOGNISED (no such code for this carrier),
 * PROMO_INVALID (expired), PROMO_ALREADY_USED (single use, used or being paid with),
 * PROMO_ON_WARRANTY_REPAIR (in-warranty booking).
 */
export async function applyDiscountCode(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof discountInput>): Promise<BookingState> {
  const code = canonicalDiscountCode(parseInput(discountInput, input).discount_code);
  return change(ctx, carrier, reference, async (tx, booking) => {
    if (booking.inWarranty === true) throw new PromoOnWarrantyRepairError();
    assertDiscountUsable(await findDiscount(tx, carrier, code), booking.id, now(ctx));
    await setBooking(tx, booking, { discountCode: code });
  });
}

export async function removeDiscountCode(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return change(ctx, carrier, reference, async (tx, booking) => setBooking(tx, booking, { discountCode: null }));
}

/* ───────────── availability and date ───────────── */

const availabilityInput = z.object({
  start_date: calendarDate.optional().nullable(),
  days_to_load: z.coerce.number().int().min(1).max(31).optional(),
});

function requireArea(booking: BookingRow): string {
  if (!booking.areaCode) throw new BookingStateError("Please enter your postcode first.");
  return booking.areaCode;
}

/** Spec §7 POST /{ref}/availability: `days_to_load` days (default 10) from `start_date` (default today). */
export async function bookingAvailability(
  ctx: EngineContext,
  carrier: CarrierContext,
  reference: unknown,
  input: z.input<typeof availabilityInput> = {},
): Promise<AvailabilityDay[]> {
  const data = parseInput(availabilityInput, input ?? {});
  // The booking with the catalogue revision in one read: the area's roster and technicians kept for it (ADR 222).
  const { booking, revision } = await readBooking(ctx.db, carrier, reference);
  return loadAvailability(ctx.db, carrier, now(ctx), {
    areaCode: requireArea(booking),
    startDate: data.start_date,
    daysToLoad: data.days_to_load,
    selectedDate: booking.date,
    excludeBookingId: booking.id,
    keep: { owner: ctx.db, revision },
  });
}

const dateInput = z.object({
  date: calendarDate,
  requestPreferredDateCallback: z.boolean().optional(),
});

/**
 * Spec §7 POST /{ref}/date: holds one unit of the area-day's capacity for this draft (expiring after
 * config.draftHoldMinutes) and releases its previous day. BK13 when the day is full or not bookable;
 * the date is then reset to null (spec §4) and the previous hold released.
 * `requestPreferredDateCallback` (spec §4 Change date, step 8) is stored on the booking when given
 * (also when the day is refused: the customer still asked to be called); absent keeps the earlier answer.
 */
export async function setDate(ctx: EngineContext, carrier: CarrierContext, reference: unknown, input: z.input<typeof dateInput>): Promise<BookingState> {
  const data = parseInput(dateInput, input);
  const at = now(ctx);
  const callback = data.requestPreferredDateCallback === undefined ? {} : { requestPreferredDateCallback: data.requestPreferredDateCallback };
  return change(ctx, carrier, reference, async (tx, booking) => {
    const areaCode = requireArea(booking);
    // A chosen day means a visit: the booking is no longer a repair by post (ADR 140). Written before
    // the hold, so the day's lock is the transaction's last step (ADR 212); undone below when refused.
    await setBooking(tx, booking, { date: data.date, isMailInRepair: false, ...callback });
    try {
      await holdDay(tx, carrier, at, {
        bookingId: booking.id,
        areaCode,
        day: data.date,
        expiresAt: new Date(at.getTime() + ctx.config.draftHoldMinutes * 60_000),
        keep: { owner: ctx.db },
      });
    } catch (error) {
      if (!(error instanceof DateUnavailableError)) throw error;
      await releaseHold(tx, carrier, booking.id);
      await setBooking(tx, booking, { date: null, isMailInRepair: booking.isMailInRepair, ...callback });
      return new Deferred(error);
    }
  });
}

/**
 * The customer started over ('clear booking'): the draft gives back what it holds — its day's
 * capacity and a single-use promo code reserved for it — and forgets its date, so a resumed draft
 * chooses a day again. BK07 for a completed booking (an order keeps its day; cancel it on the
 * manage page instead); PAYMENT_IN_PROGRESS while a payment is being taken.
 */
export async function abandonBooking(ctx: EngineContext, carrier: CarrierContext, reference: unknown): Promise<BookingState> {
  return change(ctx, carrier, reference, async (tx, booking) => {
    if (booking.checkoutStatus === "SUCCESS") throw new BookingCompletedError();
    if (booking.checkoutStatus === "PROCESSING") throw new PaymentInProgressError();
    await releaseHold(tx, carrier, booking.id);
    await releaseDiscountReservations(tx, carrier, booking.id);
    await setBooking(tx, booking, { date: null });
  });
}
