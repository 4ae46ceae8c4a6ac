/**
 * The booking engine's configuration (ADR 040, ADR 042): which adapter serves each port, the
 * providers' credentials, the database and the tunables, as zod reads them from the environment.
 * The web app's one environment schema (app/env.server.ts) is built from `engineConfigShape` and
 * `checkEngineConfig`; `parseEngineConfig` reads the engine's part alone (scripts, tests).
 */
import { z } from "zod";
import { BraintreeConfigError, braintreeAccountsFromEnv } from "./adapters/braintree/accounts";
import { KlarnaConfigError, klarnaAccountsFromEnv } from "./adapters/klarna/accounts";
import { databaseEnvSchema } from "./db/open";
import { SendersConfigError, senderFor, sendersFromEnv } from "./notifications/senders";

const optionalText = z.string().optional();
const flag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => v === "true" || v === "1");

export const engineConfigShape = {
  ...databaseEnvSchema.shape,
  // Payments (ADR 020–024). The credentials are checked by the adapters' account parsers.
  PAYMENTS_PROVIDER: z.enum(["sandbox", "braintree"]).default("sandbox"),
  BRAINTREE_ACCOUNTS: optionalText,
  BRAINTREE_MERCHANT_ID: optionalText,
  BRAINTREE_PUBLIC_KEY: optionalText,
  BRAINTREE_PRIVATE_KEY: optionalText,
  BRAINTREE_ENVIRONMENT: optionalText,
  BRAINTREE_MERCHANT_ACCOUNTS: optionalText,
  PAY_LATER_PROVIDER: z.enum(["sandbox", "klarna"]).default("sandbox"),
  KLARNA_SANDBOX_OUTCOME: z.enum(["approve", "deny"]).default("approve"),
  KLARNA_ACCOUNTS: optionalText,
  KLARNA_USERNAME: optionalText,
  KLARNA_PASSWORD: optionalText,
  KLARNA_REGION: optionalText,
  KLARNA_ENVIRONMENT: optionalText,
  ADDRESS_PROVIDER: z.enum(["embedded", "loqate"]).default("embedded"),
  LOQATE_API_KEY: optionalText,
  UPLOADS_DIR: z.string().min(1).default("data/uploads"),
  BOOKING_DRAFT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  // How long a waiting-list offer holds the freed day for its customer (ADR 094).
  WAITING_LIST_OFFER_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(120),
  // How long an in-store hand-over code (booking code and QR) can be redeemed; it works once (ADR 101).
  HANDOVER_CODE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  // Contact form captcha (ADR 032).
  CAPTCHA_PROVIDER: z.enum(["off", "recaptcha"]).default("off"),
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  // Failed order lookups (ADR 031).
  LOOKUP_THROTTLE_MAX_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(5),
  LOOKUP_THROTTLE_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(20),
  LOOKUP_THROTTLE_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  // Drafts one client address may build in the web flow (ADR 192).
  DRAFT_THROTTLE_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(100),
  DRAFT_THROTTLE_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  // The partner API's rate limits per key and window (ADR 175): reads (GET, and the POSTs that change nothing) and writes.
  API_RATE_LIMIT_READS: z.coerce.number().int().min(1).max(1_000_000).default(600),
  API_RATE_LIMIT_WRITES: z.coerce.number().int().min(1).max(1_000_000).default(120),
  API_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Staff log-in lock-out (ADR 097).
  STAFF_LOGIN_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
  STAFF_LOGIN_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(20),
  STAFF_LOGIN_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  // Operations data (issue 9, ADR 080): the CMS engine feed, read with the web app's read token; unset CMS_URL: no sync.
  CMS_URL: z.url().optional(),
  CMS_READ_TOKEN: optionalText,
  OPERATIONS_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  OPERATIONS_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // The durable scheduler (issue 10, ADR 091): customer messages and the purge of expired holds.
  SCHEDULER_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  SCHEDULER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  SCHEDULER_LEASE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  // The first retry's delay after a transient failure (an SMTP server down); each further one doubles, up to an hour.
  SCHEDULER_BACKOFF_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Webhooks to partners (ADR 180): seconds between tries (the last repeats, ±20 % jitter), tries before dead, the POST's timeout.
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, "seconds between tries, comma-separated, e.g. 30,120,600,3600,21600")
    .default("30,120,600,3600,21600,86400")
    .transform((list) => list.split(",").map(Number)),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  // Loopback and private addresses as webhook targets: allowed outside production; in production only with 1 (a test rig).
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: flag,
  SCHEDULER_HOLD_PURGE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(5),
  // Customer messages (issue 10, ADR 090): each channel to its provider or to the file outbox.
  NOTIFICATIONS_EMAIL_PROVIDER: z.enum(["outbox", "smtp"]).default("outbox"),
  NOTIFICATIONS_SMS_PROVIDER: z.enum(["outbox", "twilio"]).default("outbox"),
  OUTBOX_DIR: z.string().min(1).default("data/outbox"),
  /** The development outbox page (/dev/outbox): outside production always, in production only with OUTBOX_PAGE=1. */
  OUTBOX_PAGE: flag,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "SMTP_URL must be smtp://… or smtps://…")
    .optional(),
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  SMTP_USER: optionalText,
  SMTP_PASS: optionalText,
  SMTP_SECURE: flag,
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/i, "TWILIO_ACCOUNT_SID is AC followed by 32 hex digits")
    .optional(),
  TWILIO_AUTH_TOKEN: optionalText,
  // Senders (checked by the senders parser): flat defaults, and NOTIFICATIONS_SENDERS per carrier code.
  NOTIFICATIONS_EMAIL_FROM_NAME: optionalText,
  NOTIFICATIONS_EMAIL_FROM_ADDRESS: optionalText,
  NOTIFICATIONS_EMAIL_REPLY_TO: optionalText,
  NOTIFICATIONS_SMS_SENDER_ID: optionalText,
  NOTIFICATIONS_SENDERS: optionalText,
  // Development only (ADR 253): a simulated van on the tracker before the technician reports; the page says it is simulated.
  TRACKING_SIMULATED_VAN: flag,
  // Test-only clock control (ADR 034): honoured outside production, or in production with ENGINE_TEST_CLOCK=1.
  NODE_ENV: z.string().default("development"),
  ENGINE_TEST_CLOCK: flag,
  ENGINE_CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
};

const engineConfigObject = z.object(engineConfigShape);

export type EngineConfiguration = z.output<typeof engineConfigObject>;

/** The test clock (ADR 034) may move: outside production, or with ENGINE_TEST_CLOCK=1. */
export function testClockAllowed(config: Pick<EngineConfiguration, "NODE_ENV" | "ENGINE_TEST_CLOCK">): boolean {
  return config.NODE_ENV !== "production" || config.ENGINE_TEST_CLOCK;
}

/** The development outbox page may be served: outside production, or with OUTBOX_PAGE=1 (ADR 090). */
export function outboxPageAllowed(config: Pick<EngineConfiguration, "NODE_ENV" | "OUTBOX_PAGE">): boolean {
  return config.NODE_ENV !== "production" || config.OUTBOX_PAGE;
}

/** The NOTIFICATIONS_* sender variables, as the senders parser reads them. */
export function senderVariables(config: Partial<EngineConfiguration>): Record<string, string | undefined> {
  const { NOTIFICATIONS_EMAIL_FROM_NAME, NOTIFICATIONS_EMAIL_FROM_ADDRESS, NOTIFICATIONS_EMAIL_REPLY_TO, NOTIFICATIONS_SMS_SENDER_ID, NOTIFICATIONS_SENDERS } = config;
  return { NOTIFICATIONS_EMAIL_FROM_NAME, NOTIFICATIONS_EMAIL_FROM_ADDRESS, NOTIFICATIONS_EMAIL_REPLY_TO, NOTIFICATIONS_SMS_SENDER_ID, NOTIFICATIONS_SENDERS };
}

/**
 * What the configured adapters load in the customer's browser, so the web's Content-Security-Policy
 * allows exactly those (ADR 050) without naming a provider: a card drop-in (with PayPal), a pay-later
 * widget, a captcha widget. Each names the browser SDK family whose hosts the policy allows.
 */
export interface BrowserWidgets {
  cardDropIn: "braintree" | null;
  payLaterWidget: "klarna" | null;
  captchaWidget: "recaptcha" | null;
}

export function browserWidgets(config: Pick<EngineConfiguration, "PAYMENTS_PROVIDER" | "PAY_LATER_PROVIDER" | "CAPTCHA_PROVIDER">): BrowserWidgets {
  return {
    cardDropIn: config.PAYMENTS_PROVIDER === "braintree" ? "braintree" : null,
    payLaterWidget: config.PAY_LATER_PROVIDER === "klarna" ? "klarna" : null,
    captchaWidget: config.CAPTCHA_PROVIDER === "recaptcha" ? "recaptcha" : null,
  };
}

/** Braintree credentials are configured (for card payments, and for verifying webhooks either way). */
export function braintreeConfigured(config: Partial<EngineConfiguration>): boolean {
  return Boolean(config.BRAINTREE_ACCOUNTS?.trim() || config.BRAINTREE_MERCHANT_ID || config.BRAINTREE_PUBLIC_KEY || config.BRAINTREE_PRIVATE_KEY);
}

/** The BRAINTREE_* variables, as the account parser reads them. */
export function braintreeVariables(config: Partial<EngineConfiguration>): Record<string, string | undefined> {
  const { BRAINTREE_ACCOUNTS, BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY, BRAINTREE_ENVIRONMENT, BRAINTREE_MERCHANT_ACCOUNTS } = config;
  return { BRAINTREE_ACCOUNTS, BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY, BRAINTREE_ENVIRONMENT, BRAINTREE_MERCHANT_ACCOUNTS };
}

/** The KLARNA_* credentials, as the account parser reads them. */
export function klarnaVariables(config: Partial<EngineConfiguration>): Record<string, string | undefined> {
  const { KLARNA_ACCOUNTS, KLARNA_USERNAME, KLARNA_PASSWORD, KLARNA_REGION, KLARNA_ENVIRONMENT } = config;
  return { KLARNA_ACCOUNTS, KLARNA_USERNAME, KLARNA_PASSWORD, KLARNA_REGION, KLARNA_ENVIRONMENT };
}

/** The checks across variables, for `superRefine` on any schema that spreads `engineConfigShape`. */
export function checkEngineConfig(config: EngineConfiguration, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (config.ADDRESS_PROVIDER === "loqate" && !config.LOQATE_API_KEY) issue("LOQATE_API_KEY", "LOQATE_API_KEY is required when ADDRESS_PROVIDER=loqate");
  if (config.CAPTCHA_PROVIDER === "recaptcha" && !(config.RECAPTCHA_SECRET && config.RECAPTCHA_SITE_KEY)) {
    issue("RECAPTCHA_SECRET", "RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY are required when CAPTCHA_PROVIDER=recaptcha");
  }
  if (config.ENGINE_CLOCK_OFFSET_MS !== 0 && !testClockAllowed(config)) {
    issue("ENGINE_CLOCK_OFFSET_MS", "ENGINE_CLOCK_OFFSET_MS is for tests: in production it needs ENGINE_TEST_CLOCK=1");
  }
  // Credentials that will be used are read now, so a bad one stops the start naming the variable.
  if (config.PAYMENTS_PROVIDER === "braintree" || braintreeConfigured(config)) {
    try {
      braintreeAccountsFromEnv(braintreeVariables(config));
    } catch (error) {
      if (!(error instanceof BraintreeConfigError)) throw error;
      issue("BRAINTREE_ACCOUNTS", error.message);
    }
  }
  checkNotificationsConfig(config, issue);
  if (config.PAY_LATER_PROVIDER === "klarna") {
    try {
      klarnaAccountsFromEnv(klarnaVariables(config));
    } catch (error) {
      if (!(error instanceof KlarnaConfigError)) throw error;
      issue("KLARNA_ACCOUNTS", error.message);
    }
  }
}

/** A real provider needs its credentials and a default sender every carrier without its own can use. */
function checkNotificationsConfig(config: EngineConfiguration, issue: (path: string, message: string) => void): void {
  let fallback;
  try {
    fallback = senderFor(sendersFromEnv(senderVariables(config)), "*");
  } catch (error) {
    if (!(error instanceof SendersConfigError)) throw error;
    return issue("NOTIFICATIONS_SENDERS", error.message);
  }
  if (config.NOTIFICATIONS_EMAIL_PROVIDER === "smtp") {
    if (!config.SMTP_URL && !config.SMTP_HOST) issue("SMTP_URL", "SMTP_URL or SMTP_HOST is required when NOTIFICATIONS_EMAIL_PROVIDER=smtp");
    if (!fallback.emailFromAddress)
      issue("NOTIFICATIONS_EMAIL_FROM_ADDRESS", 'NOTIFICATIONS_EMAIL_FROM_ADDRESS (or a "*" entry in NOTIFICATIONS_SENDERS) is required when NOTIFICATIONS_EMAIL_PROVIDER=smtp');
  }
  if (config.NOTIFICATIONS_SMS_PROVIDER === "twilio") {
    if (!(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN))
      issue("TWILIO_ACCOUNT_SID", "TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are required when NOTIFICATIONS_SMS_PROVIDER=twilio");
    if (!fallback.smsSenderId)
      issue("NOTIFICATIONS_SMS_SENDER_ID", 'NOTIFICATIONS_SMS_SENDER_ID (or a "*" entry in NOTIFICATIONS_SENDERS) is required when NOTIFICATIONS_SMS_PROVIDER=twilio');
  }
}

export const engineConfigSchema = engineConfigObject.superRefine(checkEngineConfig);

/** Empty variables count as unset (an `.env` line `KEY=` means "use the default"). */
export function blankToUndefined(source: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([key, value]) => [key, value === "" ? undefined : value]));
}

export function formatConfigIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
}

/** The engine's configuration from an environment; throws naming every bad variable. */
export function parseEngineConfig(source: Record<string, string | undefined> = process.env): EngineConfiguration {
  const parsed = engineConfigSchema.safeParse(blankToUndefined(source));
  if (!parsed.success) throw new Error(`Invalid booking engine environment: ${formatConfigIssues(parsed.error)}`);
  return parsed.data;
}
