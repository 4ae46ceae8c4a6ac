/** The drop-off choice: the store's id (spec §7 POST /{ref}/drop-off drop_off_company_store_id). */
import { z } from "zod";

export const dropOffFormSchema = z.object({
  store_id: z.coerce.number().int().positive(),
});
