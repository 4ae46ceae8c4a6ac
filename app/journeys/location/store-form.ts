/** The store-search form: choose a store by its code (from the list or typed), or go on without one. */
import { z } from "zod";

export const storeFormSchema = z.preprocess(
  (raw) => {
    const form = (raw ?? {}) as Record<string, unknown>;
    const intent = String(form.intent ?? "choose");
    return { intent: intent === "ignore" ? "ignore" : "choose", store_code: typeof form.store_code === "string" ? form.store_code.trim() : "" };
  },
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("ignore") }),
    z.object({ intent: z.literal("choose"), store_code: z.string().min(1, "booking-location.store.codeMissing").max(40, "booking-location.store.codeUnknown") }),
  ]),
);

export type StoreForm = z.output<typeof storeFormSchema>;

/** A distance for people: '0.8 km', '12 km' (one decimal under 10 km), in the page's language. */
export function formatDistance(km: number | null, locale: string): string | null {
  if (km === null || !Number.isFinite(km)) return null;
  const digits = km < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(km)} km`;
}
