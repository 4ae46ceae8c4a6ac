/** The symptom codes of the confirmed problems. */
import { z } from "zod";
import type { StepActor, StepCarrier, StepEngine } from "./step.server";

export const symptomCodesForm = z.object({ intent: z.literal("symptomCodes"), device_id: z.coerce.number().int().positive(), symptoms: z.array(z.string().max(80)).max(40) });

export function recordSymptomCodes(engine: StepEngine, carrier: StepCarrier, actor: StepActor, input: z.infer<typeof symptomCodesForm>) {
  return engine.staff.recordJobStep(carrier, { ...actor, step: input.intent, device_id: input.device_id, symptoms: input.symptoms });
}
