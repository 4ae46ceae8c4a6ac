/** The checklist that starts the repair: only the engine's own checklist items are passed on. */
import { z } from "zod";
import { CHECKLIST_ITEMS } from "~/booking.server";
import type { StepActor, StepCarrier, StepEngine } from "./step.server";

export const startChecklistForm = z.object({ intent: z.literal("startChecklist"), checklist: z.array(z.string().max(40)).max(10) });

export function recordStartChecklist(engine: StepEngine, carrier: StepCarrier, actor: StepActor, input: z.infer<typeof startChecklistForm>) {
  return engine.staff.recordJobStep(carrier, {
    ...actor,
    step: input.intent,
    checklist: input.checklist.filter((c): c is (typeof CHECKLIST_ITEMS)[number] => (CHECKLIST_ITEMS as readonly string[]).includes(c)),
  });
}
