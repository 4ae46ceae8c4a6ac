/** The picture refusals the upload route passes back to the job page (engine field codes, ADR 099). */
import { z } from "zod";

export const PICTURE_ERROR_CODES = z.enum(["PROOF_MISSING", "PROOF_FORMAT", "PROOF_TOO_LARGE", "STEP_OUT_OF_ORDER", "STEP_NOT_FOR_DEVICE", "JOB_CLOSED"]);
export type PictureErrorCode = z.infer<typeof PICTURE_ERROR_CODES>;
