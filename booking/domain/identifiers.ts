/**
 * Which identifier a device takes (spec §5): phones an IMEI; tablets a serial number, and only
 * tablets of the carrier's single offered make; appliances neither (their model code is typed in).
 */
import type { CarrierContext } from "./carrier";
import { FIELD_MESSAGES, ValidationError } from "./errors";
import { validateImei, validateSerial } from "./imei";

export type DeviceKind = "phone" | "tablet" | "appliance";

export const TABLET_MAKE_MESSAGE = FIELD_MESSAGES.SERIAL_MAKE_NOT_REPAIRED;
export const APPLIANCE_MESSAGE = FIELD_MESSAGES.IDENTIFIER_NOT_TAKEN;

export function identifierKind(kind: DeviceKind): "imei" | "serial" | null {
  return kind === "phone" ? "imei" : kind === "tablet" ? "serial" : null;
}

/** The canonical identifier, or a ValidationError under `field` with the server message (spec §8 IMEI error). */
export function checkDeviceIdentifier(carrier: CarrierContext, device: { kind: DeviceKind; makeId: number }, raw: unknown, field = "imei"): string {
  const value = typeof raw === "string" ? raw : "";
  if (device.kind === "phone") {
    const result = validateImei(value);
    if (!result.ok) throw new ValidationError({ [field]: [result.code] });
    return result.value;
  }
  if (device.kind === "tablet") {
    if (device.makeId !== carrier.singleMakeId) throw new ValidationError({ [field]: ["SERIAL_MAKE_NOT_REPAIRED"] });
    const result = validateSerial(value);
    if (!result.ok) throw new ValidationError({ [field]: [result.code] });
    return result.value;
  }
  throw new ValidationError({ [field]: ["IDENTIFIER_NOT_TAKEN"] });
}
