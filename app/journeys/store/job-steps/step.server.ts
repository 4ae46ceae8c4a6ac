/** What every job step's module shares: who posts it, and the engine and carrier it is saved with. */
import type { Engine } from "~/booking.server";
import type { StaffContext } from "~/lib/staff/require-staff.server";

/** The technician, the person and the job a step is posted for. */
export interface StepActor {
  technician_id: string;
  staff_id: StaffContext["account"]["id"];
  job_id: number;
}

export type StepCarrier = StaffContext["carrier"];
export type StepEngine = Engine;
