/** "On my way": the technician leaves for the job, with the phone's position when it has one. */
import { z } from "zod";
import type { StepActor, StepCarrier, StepEngine } from "./step.server";

export const onMyWayForm = z.object({
  intent: z.literal("on-my-way"),
  latitude: z.coerce.number().finite().min(-90).max(90).optional(),
  longitude: z.coerce.number().finite().min(-180).max(180).optional(),
  accuracy: z.coerce.number().finite().min(0).optional(),
});

export function reportOnMyWay(engine: StepEngine, carrier: StepCarrier, actor: StepActor, input: z.infer<typeof onMyWayForm>) {
  return engine.staff.reportOnMyWay(carrier, { ...actor, latitude: input.latitude ?? null, longitude: input.longitude ?? null, accuracy: input.accuracy ?? null });
}
