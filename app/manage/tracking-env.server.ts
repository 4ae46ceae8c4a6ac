import { z } from "zod";

/**
 * Tracking page settings (ADR 035). TILE_URL_TEMPLATE is any slippy-map tile server
 * ('https://tile.openstreetmap.org/{z}/{x}/{y}.png', a self-hosted one, a vendor's with its key);
 * unset, the page draws its own plain map and says where the van is in words.
 */
const trackingEnvSchema = z.object({
  TILE_URL_TEMPLATE: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>]+$/, "TILE_URL_TEMPLATE must be an http(s) URL")
    .refine((value) => ["{z}", "{x}", "{y}"].every((part) => value.includes(part)), "TILE_URL_TEMPLATE needs {z}, {x} and {y}")
    .optional(),
  TILE_ATTRIBUTION: z.string().max(300).optional(),
  TRACKING_POLL_SECONDS: z.coerce.number().int().min(2).max(300).default(10),
});

export type TrackingEnv = z.output<typeof trackingEnvSchema>;

let cached: TrackingEnv | undefined;

export function trackingEnv(source: Record<string, string | undefined> = process.env): TrackingEnv {
  if (cached && source === process.env) return cached;
  const blankToUndefined = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === "" ? undefined : v]));
  const parsed = trackingEnvSchema.safeParse(blankToUndefined);
  if (!parsed.success) throw new Error(`Invalid tracking environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  if (source === process.env) cached = parsed.data;
  return parsed.data;
}
