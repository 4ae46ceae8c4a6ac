/** The repair is complete: the job's last step. */
import { z } from "zod";
import type { StepActor, StepCarrier, StepEngine } from "./step.server";

export const repairCompleteForm = z.object({ intent: z.literal("repairComplete") });

export function recordRepairComplete(engine: StepEngine, carrier: StepCarrier, actor: StepActor, input: z.infer<typeof repairCompleteForm>) {
  return engine.staff.recordJobStep(carrier, { ...actor, step: input.intent });
}
