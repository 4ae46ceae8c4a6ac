/**
 * Shared by the technician and area-manager pages (ADR 099): the engine for the request, and an
 * engine refusal of a job that is not the person's turned into the staff 403 page.
 */
import { data } from "@remix-run/node";
import { DomainError, getRequestEngine, type Engine } from "~/booking.server";
import { STAFF_FORBIDDEN } from "~/components/error-content";
import { handleError } from "~/lib/errors/errors.server";
import type { StaffContext } from "~/lib/staff/require-staff.server";

/** Runs an engine call; JOB_FORBIDDEN becomes the "you cannot use this page" 403. */
export async function staffEngineCall<T>(request: Request, staff: StaffContext, call: (engine: Engine) => Promise<T>): Promise<T> {
  const engine = await getRequestEngine(request);
  try {
    return await call(engine);
  } catch (error) {
    if (handleError(error, "store").behaviour.show === "forbidden") throw data({ reason: STAFF_FORBIDDEN }, { status: 403, headers: staff.headers });
    throw error;
  }
}

/** The engine's technician id of the logged-in person; an account without one has no jobs of its own. */
export function technicianIdOf(staff: StaffContext): string | null {
  return staff.account.technicianCode;
}

/** A step's refusal as the page shows it: the engine's per-field codes and messages. */
export interface StepProblem {
  fields: Record<string, string[]>;
  fieldCodes: Record<string, string[]>;
}

/** The refusal under the step's fields; null for an error the staff pages do not show there (the caller rethrows it). */
export function stepProblem(error: unknown): StepProblem | null {
  if (!(error instanceof DomainError)) return null;
  const { behaviour } = handleError(error, "store");
  return behaviour.show === "field" ? { fields: error.fields, fieldCodes: error.fieldCodes } : null;
}
