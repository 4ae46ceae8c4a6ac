/**
 * The device part of the booking flow (spec §2 rows device → device/triage, §4 Warranty): which
 * steps a device goes through, decided only by the carrier's switches and the device itself.
 *
 * Before the device exists the steps carry their choices in the query (make, kind, model); the
 * device is created when its version is chosen (colour step) and from then on every step names it
 * with `?device=<key>`, which is also how the basket re-enters the steps to edit a device.
 */

export type DeviceKind = "phone" | "tablet" | "appliance";

/** Steps after the device exists, in the order of spec §2. */
export const DEVICE_STEPS = ["warranty-status", "insurance-status", "fault-type", "select", "confirm-damage", "extras", "triage"] as const;
export type DeviceStep = (typeof DEVICE_STEPS)[number];

export const BASKET_PATH = "/booking/basket";

/** The carrier switches the device steps read (a subset of the CMS carrier). */
export interface DeviceCarrierSwitches {
  singleMakeOnly: boolean;
  singleMakeId: number;
  applianceVariant: boolean;
  inWarrantyStatus: boolean;
  allowWarrantyRepairs: boolean;
  maxDevicesPerBasket: number;
}

export interface DeviceFacts {
  kind: DeviceKind;
  makeId: number;
  /** The booking's warranty state (spec §4: true, false or unset). */
  inWarranty: boolean | null;
  askBackGlass: boolean;
  askFrame: boolean;
  hasExtras: boolean;
}

/** Device type id of the catalogue (spec §3 Model): 1 phones and tablets, 2 appliances. */
export function deviceTypeIdFor(carrier: Pick<DeviceCarrierSwitches, "applianceVariant">): 1 | 2 {
  return carrier.applianceVariant ? 2 : 1;
}

/** Spec §4 step 2: single-make carriers start at the device type of their make, the others at the make. */
export function deviceEntryPath(carrier: Pick<DeviceCarrierSwitches, "singleMakeOnly" | "singleMakeId">, deviceKey?: string | null): string {
  return carrier.singleMakeOnly ? devicePath("type", { make: carrier.singleMakeId, device: deviceKey }) : devicePath("make", { device: deviceKey });
}

/** The device's identifier for a warranty check: phones an IMEI, tablets of the single make a serial number (spec §5). */
export function warrantyIdentifier(carrier: Pick<DeviceCarrierSwitches, "singleMakeId">, facts: Pick<DeviceFacts, "kind" | "makeId">): "imei" | "serial" | null {
  if (facts.kind === "phone") return "imei";
  if (facts.kind === "tablet" && facts.makeId === carrier.singleMakeId) return "serial";
  return null;
}

/** Whether a step is part of this device's journey. */
export function stepApplies(step: DeviceStep, carrier: DeviceCarrierSwitches, facts: DeviceFacts): boolean {
  const portable = facts.kind !== "appliance";
  switch (step) {
    case "warranty-status":
      // Asked only when the carrier shows the warranty status and repairs under warranty, and the
      // device has an identifier the warranty check can take.
      return carrier.inWarrantyStatus && carrier.allowWarrantyRepairs && warrantyIdentifier(carrier, facts) !== null;
    case "insurance-status":
      // An in-warranty repair is free, so insurance only matters when it is not in warranty.
      return carrier.inWarrantyStatus && portable && facts.inWarranty !== true;
    case "fault-type":
      // A manufacturer's warranty covers faults, not accidental damage: asked for in-warranty repairs.
      return portable && facts.inWarranty === true;
    case "select":
      return true;
    case "confirm-damage":
      return portable && (facts.askBackGlass || facts.askFrame);
    case "extras":
      return facts.hasExtras;
    case "triage":
      return facts.kind === "appliance";
  }
}

/** The step after `current` ("colour" is the step that creates the device); the basket after the last. */
export function nextDeviceStep(current: DeviceStep | "colour", carrier: DeviceCarrierSwitches, facts: DeviceFacts): DeviceStep | "basket" {
  const start = current === "colour" ? 0 : DEVICE_STEPS.indexOf(current) + 1;
  for (const step of DEVICE_STEPS.slice(start)) if (stepApplies(step, carrier, facts)) return step;
  return "basket";
}

/** The step before `current`, or "colour" (the version and colour choice) when it is the first. */
export function previousDeviceStep(current: DeviceStep, carrier: DeviceCarrierSwitches, facts: DeviceFacts): DeviceStep | "colour" {
  for (const step of DEVICE_STEPS.slice(0, DEVICE_STEPS.indexOf(current)).reverse()) if (stepApplies(step, carrier, facts)) return step;
  return "colour";
}

/** The first step that applies from `step` on (a step opened by URL that does not apply sends the visitor on). */
export function firstApplyingFrom(step: DeviceStep, carrier: DeviceCarrierSwitches, facts: DeviceFacts): DeviceStep | "basket" {
  if (stepApplies(step, carrier, facts)) return step;
  return nextDeviceStep(step, carrier, facts);
}

type Query = Record<string, string | number | null | undefined>;

/** `/booking/device/<step>?…`, leaving out empty values. */
export function devicePath(step: "make" | "type" | "model" | "colour" | DeviceStep, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== null && value !== undefined && value !== "") search.set(name, String(value));
  const qs = search.toString();
  return `/booking/device/${step}${qs ? `?${qs}` : ""}`;
}

/** Where a device step leads: another device step for the same device, or the basket. */
export function pathOfStep(step: DeviceStep | "basket", deviceKey: string): string {
  return step === "basket" ? BASKET_PATH : devicePath(step, { device: deviceKey });
}

/**
 * Whether one more device fits the basket (spec §9: the carrier's maximum; only one device when
 * the booking is in warranty). Editing a device never adds one.
 */
export function basketFull(
  carrier: Pick<DeviceCarrierSwitches, "maxDevicesPerBasket">,
  basket: { deviceCount: number; inWarranty: boolean | null },
): "max-devices" | "in-warranty" | null {
  if (basket.deviceCount >= carrier.maxDevicesPerBasket) return "max-devices";
  if (basket.inWarranty === true && basket.deviceCount >= 1) return "in-warranty";
  return null;
}
