/**
 * The warranty rules a client asks about before it calls setWarranty (spec §1, §2, §9). They are
 * the engine's, so every client gets the same answer and the same typed error.
 */
import { z } from "zod";
import { DamageNotCoveredError, FIELD_MESSAGES, MultiDeviceInWarrantyError } from "../domain/errors";
import { parseInput } from "../domain/validate";

/** Spec §9: only one device per basket when it is in warranty. */
export function inWarrantyBlocked(deviceCount: number): boolean {
  return deviceCount > 1;
}

/** Raises MULTI_DEVICE_IN_WARRANTY for a basket of more than one device. */
export function assertOneDeviceInWarranty(deviceCount: number): void {
  if (inWarrantyBlocked(deviceCount)) throw new MultiDeviceInWarrantyError();
}

const faultInput = z.object({ fault: z.enum(["user-damaged", "faulty"], { error: FIELD_MESSAGES.FAULT_MISSING }) });

/**
 * Spec §2 device/fault-type, asked for an in-warranty repair: a manufacturer's warranty covers
 * faults, not accidental damage. No answer is a VALIDATION error (FAULT_MISSING); damage is RBK15
 * (DamageNotCoveredError, field code FAULT_USER_DAMAGED), which opens the out-of-warranty modal.
 */
export function checkWarrantyFault(input: unknown): "faulty" {
  const { fault } = parseInput(faultInput, input);
  if (fault === "user-damaged") throw new DamageNotCoveredError();
  return fault;
}
