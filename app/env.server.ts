import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  CMS_URL: z.url().default("http://127.0.0.1:1337"),
  CMS_READ_TOKEN: z.string().min(1).default("dev-read-token-change-me"),
  CMS_WEBHOOK_SECRET: z.string().min(1).default("dev-webhook-secret-change-me"),
  CONTENT_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  CMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
  DEFAULT_CARRIER: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  TRUST_FORWARDED_HOST: booleanFlag,
  SESSION_SECRET: z.string().min(16).default("dev-session-secret-change-me"),
  /** Send cookies only over HTTPS (production behind TLS). */
  COOKIE_SECURE: booleanFlag,
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Parsed once; a bad value stops start-up with a message naming the variable. */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}
