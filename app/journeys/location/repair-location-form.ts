/** The repair-location form (spec §4: doorstep by default, or drop-off). */
import { z } from "zod";

export const repairLocationFormSchema = z.preprocess(
  (raw) => {
    const form = (raw ?? {}) as Record<string, unknown>;
    return {
      repair_location: form.repair_location === "drop_off" ? "drop_off" : "doorstep",
      address_id: typeof form.address_id === "string" ? form.address_id.trim() : "",
    };
  },
  z.discriminatedUnion("repair_location", [
    z.object({ repair_location: z.literal("drop_off") }),
    z.object({
      repair_location: z.literal("doorstep"),
      /** A listed address's id, or 'manual' for the typed-in address. */
      address_id: z.string().min(1, "booking-location.repairLocation.chooseAddress").max(200, "booking-location.repairLocation.chooseAddress"),
    }),
  ]),
);

export type RepairLocationForm = z.output<typeof repairLocationFormSchema>;
