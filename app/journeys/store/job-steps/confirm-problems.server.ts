/** The technician confirms which of the booked problems the device has. */
import { z } from "zod";
import type { StepActor, StepCarrier, StepEngine } from "./step.server";

export const confirmProblemsForm = z.object({
  intent: z.literal("confirmProblems"),
  device_id: z.coerce.number().int().positive(),
  problem_ids: z.array(z.coerce.number().int().positive()).max(20),
});

export function recordConfirmProblems(engine: StepEngine, carrier: StepCarrier, actor: StepActor, input: z.infer<typeof confirmProblemsForm>) {
  return engine.staff.recordJobStep(carrier, { ...actor, step: input.intent, device_id: input.device_id, problem_ids: input.problem_ids });
}
