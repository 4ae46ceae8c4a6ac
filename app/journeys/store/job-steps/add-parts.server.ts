/** The parts used on a device: the filled rows of the form, a missing quantity counting as one. */
import { z } from "zod";
import { PART_ROWS } from "~/journeys/store/job-form";
import type { StepActor, StepCarrier, StepEngine } from "./step.server";

export const addPartsForm = z.object({
  intent: z.literal("addParts"),
  device_id: z.coerce.number().int().positive(),
  part_name: z.array(z.string().max(80)).max(PART_ROWS),
  part_quantity: z.array(z.string().max(3)).max(PART_ROWS),
});

export function recordAddParts(engine: StepEngine, carrier: StepCarrier, actor: StepActor, input: z.infer<typeof addPartsForm>) {
  const parts = input.part_name.map((name, i) => ({ name: name.trim(), quantity: Number(input.part_quantity[i] || 1) })).filter((part) => part.name.length > 0);
  return engine.staff.recordJobStep(carrier, { ...actor, step: input.intent, device_id: input.device_id, parts });
}
