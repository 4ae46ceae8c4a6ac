/** zod pieces shared by the engine's input schemas. */
import { z } from "zod";
import { FIELD_MESSAGES } from "./errors";
import { isIsoDate } from "./time";

/** A calendar day as 'YYYY-MM-DD', or 'DD/MM/YYYY' as the web's date fields show it (spec §5). */
export const calendarDate = z
  .string({ error: "Please enter a date." })
  .trim()
  .transform((value, ctx) => {
    const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    const iso = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : value;
    if (!isIsoDate(iso)) {
      ctx.addIssue({ code: "custom", message: FIELD_MESSAGES.DATE_FORMAT });
      return z.NEVER;
    }
    return iso;
  });

export const id = z.coerce.number({ error: "A number is required." }).int().positive();

export const shortText = (max: number) => z.string().trim().max(max);

export const latitude = z.coerce.number().min(-90).max(90);
export const longitude = z.coerce.number().min(-180).max(180);
