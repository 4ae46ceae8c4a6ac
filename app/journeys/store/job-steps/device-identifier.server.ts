/** A device's IMEI or serial number: the two steps post the same one value. */
import { z } from "zod";
import type { StepActor, StepCarrier, StepEngine } from "./step.server";

export const deviceIdentifierForm = z.object({ intent: z.enum(["addImei", "addSerialNumber"]), device_id: z.coerce.number().int().positive(), value: z.string().max(60) });

export function recordDeviceIdentifier(engine: StepEngine, carrier: StepCarrier, actor: StepActor, input: z.infer<typeof deviceIdentifierForm>) {
  return engine.staff.recordJobStep(carrier, { ...actor, step: input.intent, device_id: input.device_id, value: input.value });
}
