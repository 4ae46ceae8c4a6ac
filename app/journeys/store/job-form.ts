/** The picture refusals the upload route passes back to the job page (engine field codes, ADR 099). */
import { z } from "zod";
import type { StepProblem } from "~/journeys/store/jobs.server";

export const PICTURE_ERROR_CODES = z.enum(["PROOF_MISSING", "PROOF_FORMAT", "PROOF_TOO_LARGE", "STEP_OUT_OF_ORDER", "STEP_NOT_FOR_DEVICE", "JOB_CLOSED"]);
export type PictureErrorCode = z.infer<typeof PICTURE_ERROR_CODES>;

/** The technician's page sends the phone's position by itself at most this often (issue 21, ADR 115). */
export const POSITION_SEND_SECONDS = 15;

/** Without a new fix (a phone standing still), the page sends its last position again this often. */
export const POSITION_REPEAT_SECONDS = 60;

/** A form number: empty or absent is missing (never 0), anything else must read as a finite number. */
const formNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `The ${name} is missing.` : `The ${name} must be a number.`) })
    .finite(`The ${name} must be a number.`)
    .min(min, `The ${name} must be between ${min} and ${max}.`)
    .max(max, `The ${name} must be between ${min} and ${max}.`);
const fromForm = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "") ? undefined : typeof value === "string" ? Number(value.trim()) : value;

/**
 * A position post from the technician's page: the browser's latitude and longitude in degrees, and
 * its accuracy radius in metres (absent when the browser gives none).
 */
export const positionForm = z.object({
  latitude: z.preprocess(fromForm, formNumber("latitude", -90, 90)),
  longitude: z.preprocess(fromForm, formNumber("longitude", -180, 180)),
  accuracy: z.preprocess(fromForm, formNumber("accuracy", 0, 1_000_000).optional()),
});
export type PositionForm = z.infer<typeof positionForm>;

/** Part rows the technician's form offers at once. */
export const PART_ROWS = 3;

/** A step the engine refused, as the technician's page shows it beside the step's form. */
export type JobStepResult = { ok: false; step: string; deviceId: number | null; problem: StepProblem };
