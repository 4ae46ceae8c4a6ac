import { z } from "zod";

/**
 * The settings of the hardened edge (ADRs 050–052), read straight from process.env so that
 * server.ts and the Remix build agree without going through the engine's environment.
 */
const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const observabilityEnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** 0 or off disables the metrics listener. */
  METRICS_PORT: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return 9464;
      if (value === "off" || value === "0") return null;
      const port = Number(value);
      if (!Number.isInteger(port) || port < 1 || port > 65535) {
        ctx.addIssue({ code: "custom", message: "METRICS_PORT must be a port number, 0 or off" });
        return z.NEVER;
      }
      return port;
    }),
  TRUST_FORWARDED_HOST: flag,
  COOKIE_SECURE: flag,
  PAYMENTS_PROVIDER: z.string().default("sandbox"),
  PAY_LATER_PROVIDER: z.string().default("sandbox"),
  CAPTCHA_PROVIDER: z.string().default("off"),
  TILE_URL_TEMPLATE: z.string().optional(),
});

export type ObservabilityEnv = z.output<typeof observabilityEnvSchema>;

let cached: ObservabilityEnv | undefined;

export function observabilityEnv(source: Record<string, string | undefined> = process.env): ObservabilityEnv {
  if (cached && source === process.env) return cached;
  const parsed = observabilityEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  if (source === process.env) cached = parsed.data;
  return parsed.data;
}
