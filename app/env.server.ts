/**
 * The web app's one environment schema (ADR 042): the app's own variables and the booking engine's
 * configuration (its schema lives in booking/), parsed once; server.ts parses it before listening,
 * so a bad value stops the start with a message naming the variable. In production the secrets must
 * be real: set, long enough, and none of the development defaults below.
 */
import { isIP } from "node:net";
import { z } from "zod";
import { blankToUndefined, checkEngineConfig, engineConfigShape, formatConfigIssues } from "../booking/index";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => value === "true" || value === "1");

/** What the app and the CMS fall back to outside production (app defaults below, cms/src/app-channel/webhook.ts, cms/src/access/access.ts). */
export const DEVELOPMENT_SECRETS: Readonly<Record<ProductionSecret, readonly string[]>> = {
  SESSION_SECRET: ["dev-session-secret-change-me"],
  CMS_WEBHOOK_SECRET: ["dev-webhook-secret-change-me", "dev-webhook-secret"],
  CMS_READ_TOKEN: ["dev-read-token-change-me"],
  PREVIEW_SECRET: ["dev-preview-secret-change-me"],
};

export const PRODUCTION_SECRETS = ["SESSION_SECRET", "CMS_WEBHOOK_SECRET", "CMS_READ_TOKEN", "PREVIEW_SECRET"] as const;
type ProductionSecret = (typeof PRODUCTION_SECRETS)[number];

/** A DNS name: labels of letters, digits and hyphens. */
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** The drain's ceiling: with the 10 s to finish the work it stays under compose's stop_grace_period of 20 s. */
export const MAX_DRAIN_SECONDS = 8;
/** The drain a production replica takes when SHUTDOWN_DRAIN_SECONDS is unset (three 1 s health checks). */
export const PRODUCTION_DRAIN_SECONDS = 3;

/** A production secret is at least this long (the test and `npm start` secrets are longer). */
export const MIN_SECRET_LENGTH = 16;

const envSchema = z
  .object({
    ...engineConfigShape,
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    CMS_URL: z.url().default("http://127.0.0.1:1337"),
    CMS_READ_TOKEN: z.string().min(1).default(DEVELOPMENT_SECRETS.CMS_READ_TOKEN[0]!),
    CMS_WEBHOOK_SECRET: z.string().min(1).default(DEVELOPMENT_SECRETS.CMS_WEBHOOK_SECRET[0]!),
    /** Signs the CMS's preview links (ADR 086); the CMS holds the same secret. */
    PREVIEW_SECRET: z.string().min(1).default(DEVELOPMENT_SECRETS.PREVIEW_SECRET[0]!),
    /** Where /media/<file> reads media-library files (ADR 085); default <CMS_URL>/uploads. */
    CMS_MEDIA_URL: z.url().optional(),
    /** The CMS admin's public origin, allowed to frame preview pages; default CMS_URL. */
    CMS_PUBLIC_URL: z.url().optional(),
    /**
     * The public IP addresses of this deployment (comma-separated), for the CMS setup checklist's
     * "the domain points here" (ADR 196); unset: the checklist shows what a domain resolves to, without a verdict.
     */
    PUBLIC_ADDRESSES: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every((address) => isIP(address) !== 0), "PUBLIC_ADDRESSES must be IP addresses separated by commas"),
    CONTENT_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    /** The booked-page cache (ADR 225): `off` renders every booked page again, as before. */
    BOOKED_PAGE_CACHE: z.enum(["on", "off"]).default("on"),
    CMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
    DEFAULT_CARRIER: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/)
      .optional(),
    TRUST_FORWARDED_HOST: booleanFlag,
    SESSION_SECRET: z.string().min(MIN_SECRET_LENGTH).default(DEVELOPMENT_SECRETS.SESSION_SECRET[0]!),
    /** Signs the staff session cookie (ADR 096); unset: a key derived from SESSION_SECRET, never the same as it. */
    STAFF_SESSION_SECRET: z.string().min(MIN_SECRET_LENGTH).optional(),
    /** A staff session ends after this many minutes without a request. */
    STAFF_SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** Send cookies only over HTTPS (production behind TLS). */
    COOKIE_SECURE: booleanFlag,
    /**
     * Tracking page (ADR 035). TILE_URL_TEMPLATE is any slippy-map tile server; unset, the page
     * draws its own plain map and says where the van is in words.
     */
    TILE_URL_TEMPLATE: z
      .string()
      .regex(/^https?:\/\/[^\s"'<>]+$/, "TILE_URL_TEMPLATE must be an http(s) URL")
      .refine((value) => ["{z}", "{x}", "{y}"].every((part) => value.includes(part)), "TILE_URL_TEMPLATE needs {z}, {x} and {y}")
      .optional(),
    TILE_ATTRIBUTION: z.string().max(300).optional(),
    TRACKING_POLL_SECONDS: z.coerce.number().int().min(2).max(300).default(10),
    /** Logs and metrics (ADR 052). */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * Where the private metrics listener binds (ADR 151): loopback by default; 0.0.0.0 (or the
     * container's address) on a private network where Prometheus scrapes it. Never the public port.
     */
    METRICS_HOST: z
      .string()
      .trim()
      .refine((value) => isIP(value) !== 0 || HOSTNAME.test(value), "METRICS_HOST must be an IP address or a hostname")
      .default("127.0.0.1"),
    /**
     * SIGTERM's drain (ADR 150): for this long /readyz answers 503 while the replica still serves,
     * so the proxy's health check takes it out of rotation before it stops accepting. Unset: 3 in
     * production, 0 elsewhere. Drain plus the shutdown's 10 s must stay under the orchestrator's
     * grace period (compose: 20 s).
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(MAX_DRAIN_SECONDS).optional(),
    /** The private metrics listener on METRICS_HOST; 0 or off disables it. */
    METRICS_PORT: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return 9464;
        if (value === "off" || value === "0") return null;
        const port = Number(value);
        if (!Number.isInteger(port) || port < 1 || port > 65535) {
          ctx.addIssue({ code: "custom", message: "METRICS_PORT must be a port number, 0 or off" });
          return z.NEVER;
        }
        return port;
      }),
  })
  .superRefine((env, ctx) => {
    checkEngineConfig(env, ctx);
    if (env.NODE_ENV !== "production") return;
    for (const name of PRODUCTION_SECRETS) {
      const value = env[name];
      if (value.length < MIN_SECRET_LENGTH || DEVELOPMENT_SECRETS[name].includes(value)) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `${name} must be set in production to a secret of at least ${MIN_SECRET_LENGTH} characters, not a development default`,
        });
      }
    }
  });

export type Env = Omit<z.output<typeof envSchema>, "SHUTDOWN_DRAIN_SECONDS"> & { SHUTDOWN_DRAIN_SECONDS: number };

/** Every variable the app reads through this schema (the deployment test checks docker-compose.yml passes them). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Parses an environment; throws naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(blankToUndefined(source));
  if (!parsed.success) throw new Error(`Invalid environment: ${formatConfigIssues(parsed.error)}`);
  const drain = parsed.data.SHUTDOWN_DRAIN_SECONDS ?? (parsed.data.NODE_ENV === "production" ? PRODUCTION_DRAIN_SECONDS : 0);
  return { ...parsed.data, SHUTDOWN_DRAIN_SECONDS: drain };
}

let cached: Env | undefined;

/** The process's environment, parsed once; a bad value stops start-up with a message naming the variable. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
