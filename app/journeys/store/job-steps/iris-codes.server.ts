/** The IRIS codes of the repair (spec §2 repair.irisCodes, ADR 273): one condition, symptom, defect and repair code. */
import { z } from "zod";
import type { StepActor, StepCarrier, StepEngine } from "./step.server";

const code = z.string().trim().max(4);

export const irisCodesForm = z.object({
  intent: z.literal("irisCodes"),
  device_id: z.coerce.number().int().positive(),
  condition: code,
  symptom: code,
  defect: code,
  repair: code,
});

export function recordIrisCodes(engine: StepEngine, carrier: StepCarrier, actor: StepActor, input: z.infer<typeof irisCodesForm>) {
  const { intent, ...codes } = input;
  return engine.staff.recordJobStep(carrier, { ...actor, step: intent, ...codes });
}
