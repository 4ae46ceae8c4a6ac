/** The repair-location form (spec §4: doorstep by default, or drop-off; mail-in where the carrier offers it, ADR 140). */
import { z } from "zod";

export const repairLocationFormSchema = z.preprocess(
  (raw) => {
    const form = (raw ?? {}) as Record<string, unknown>;
    return {
      repair_location: form.repair_location === "drop_off" || form.repair_location === "mail_in" ? form.repair_location : "doorstep",
      address_id: typeof form.address_id === "string" ? form.address_id.trim() : "",
    };
  },
  z.discriminatedUnion("repair_location", [
    z.object({ repair_location: z.literal("drop_off") }),
    /** Send the device by post (ADR 140): no address at the postcode is needed for a visit. */
    z.object({ repair_location: z.literal("mail_in") }),
    z.object({
      repair_location: z.literal("doorstep"),
      /** A listed address's id, or 'manual' for the typed-in address. */
      address_id: z.string().min(1, "booking-location.repairLocation.chooseAddress").max(200, "booking-location.repairLocation.chooseAddress"),
    }),
  ]),
);

export type RepairLocationForm = z.output<typeof repairLocationFormSchema>;
