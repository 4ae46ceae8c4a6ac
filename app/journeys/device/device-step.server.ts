/**
 * Shared loading for the device steps that work on one basket device (`?device=<key>`): the
 * booking context, the device, its facts for the step rules, and the redirects when the device is
 * unknown or the step does not apply to it.
 */
import { data, redirect } from "@remix-run/node";
import { bookingErrorResponse, loadBookingContext, pageBehaviour, type BookingRequestContext } from "~/lib/booking-flow/context.server";
import type { BookingDeviceView, BookingState } from "~/booking.server";
import { validationBody } from "~/lib/errors/errors.server";
import { behaviourFor } from "~/lib/errors/error-table";
import type { StepError } from "./components/step-page";
import { BASKET_PATH, deviceEntryPath, firstApplyingFrom, pathOfStep, type DeviceFacts, type DeviceStep } from "./flow";

export interface DeviceStepContext {
  context: BookingRequestContext;
  booking: BookingState;
  device: BookingDeviceView;
  key: string;
  facts: DeviceFacts;
}

export function deviceFacts(booking: Pick<BookingState, "in_warranty">, device: BookingDeviceView): DeviceFacts {
  return {
    kind: device.device.device_type,
    makeId: device.model_version.make_id,
    inWarranty: booking.in_warranty,
    askBackGlass: device.ask_back_glass,
    askFrame: device.ask_frame,
    hasExtras: device.upsell_options.length > 0,
  };
}

/**
 * Loads the device a step works on. No booking: the start; an unknown device: the basket (or a
 * new device when the basket is empty); a step that does not apply (opened by URL): the next one.
 */
export async function loadDeviceStep(request: Request, step: DeviceStep, { checkApplies = true } = {}): Promise<DeviceStepContext> {
  const context = await loadBookingContext(request);
  const { booking, carrier } = context;
  if (!booking) throw redirect(context.startPath);
  const key = new URL(request.url).searchParams.get("device") ?? "";
  const device = booking.devices[key];
  if (!device) throw redirect(booking.device_count > 0 ? BASKET_PATH : deviceEntryPath(carrier));
  const facts = deviceFacts(booking, device);
  if (checkApplies) {
    const target = firstApplyingFrom(step, carrier, facts);
    if (target !== step) throw redirect(pathOfStep(target, key));
  }
  return { context, booking, device, key, facts };
}

/** Money style of the carrier for formatMoney. */
export function moneyStyle(context: BookingRequestContext) {
  return { currency: context.carrier.currency, countryCode: context.carrier.countryCode, locale: context.locale };
}

/** What a device step's action answers when it stays on the page: the error and what was typed. */
export interface StepActionData<V> {
  error: StepError;
  values: V;
}

/**
 * An engine error through the frame's §8 table (bookingErrorResponse); when the table keeps the
 * visitor on the page, the answer also carries the form's values so nothing typed is lost.
 */
export async function stepError<V>(context: BookingRequestContext, error: unknown, values: V) {
  const response = await bookingErrorResponse(context, error);
  if (response instanceof Response) return response;
  return data<StepActionData<V>>({ error: response.data.error, values }, response.init ?? undefined);
}

/** A problem the step's own form schema found (no engine call was made). */
export async function formError<V>(context: BookingRequestContext, fields: Record<string, string[]>, values: V) {
  const body: StepActionData<V> = { error: { ...validationBody(fields), local: true, behaviour: pageBehaviour(behaviourFor("VALIDATION")), fieldKeys: {} }, values };
  return data(body, { status: 400 });
}

/** The text fields of a posted form (file parts are ignored: no device step takes files). */
export function formStrings(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string" && !(name in values)) values[name] = value;
  return values;
}

/** The basket device a choosing step (make, type, model, colour) edits: `?device=<key>` when the booking has it. */
export function editedDevice(booking: Pick<BookingState, "devices"> | null, url: URL): { editing: string | null; editingDevice: BookingDeviceView | undefined } {
  const requested = url.searchParams.get("device");
  const editingDevice = requested ? booking?.devices[requested] : undefined;
  return { editing: editingDevice && requested ? requested : null, editingDevice };
}
