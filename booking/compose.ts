/**
 * The engine's composition root (ADR 040): configuration in, an engine with its adapters out. Only
 * here is an adapter chosen by name; everything past this file asks a port what it can do
 * (`engine.capabilities()`). A port a later issue adds (jobs) gets its adapter here too.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { pino } from "pino";
import { braintreeAccountsFromEnv } from "./adapters/braintree/accounts";
import { createBraintreeGateway, type BraintreeLedgerRecord } from "./adapters/braintree/braintree-gateway";
import { createBraintreeWebhookParser, createBraintreeWebhookReceiver } from "./adapters/braintree/braintree-webhooks";
import { createOffCaptchaVerifier } from "./adapters/captcha-off/off-verifier";
import { createEmbeddedAddressProvider } from "./adapters/embedded-addresses";
import { klarnaAccountsFromEnv } from "./adapters/klarna/accounts";
import { createKlarnaProvider, type KlarnaLedgerRecord } from "./adapters/klarna/klarna-provider";
import { createLocalFileStorage } from "./adapters/local-files/local-file-storage";
import { createLoqateProvider } from "./adapters/loqate/loqate-provider";
import { createRecaptchaVerifier } from "./adapters/recaptcha/recaptcha-verifier";
import { createSandboxPayLater, type SandboxPayLaterRecord } from "./adapters/sandbox-pay-later/sandbox-pay-later";
import { createSandboxGateway, type SandboxLedgerRecord } from "./adapters/sandbox-payments/sandbox-gateway";
import { createCmsFeedSource } from "./adapters/cms-feed/cms-feed-source";
import { createCmsMessageContent } from "./adapters/cms-feed/cms-message-content";
import { createOutboxReader } from "./adapters/outbox/outbox-reader";
import { createOutboxSenders } from "./adapters/outbox/outbox-senders";
import { createSmtpEmailSender } from "./adapters/smtp/smtp-email";
import { createTwilioSmsSender } from "./adapters/twilio/twilio-sms";
import { OUTBOX_SENDER, sendersFromEnv, withSenders, type Sender } from "./notifications/senders";
import type { Notifications } from "./ports/notifications";
import { createOperationsSync, type OperationsLogger, type OperationsSync } from "./operations/sync";
import type { OperationsSource } from "./operations/operations-source";
import {
  braintreeConfigured,
  braintreeVariables,
  klarnaVariables,
  outboxPageAllowed,
  parseEngineConfig,
  senderVariables,
  testClockAllowed,
  type EngineConfiguration,
} from "./config";
import { openDatabase, type BookingDatabase, type OpenedDatabase } from "./db/open";
import { createPaymentLedger } from "./db/payment-ledger";
import { assembleEngine, wrapOperations, type Engine, type EngineDependencies, type Operation } from "./engine";
import { systemClock, type Clock } from "./ports/clock";
import type { PaymentWebhookReceiver } from "./ports/payment-notifications";
import type { SchedulerLogger } from "./scheduler/worker";
import type { EngineOutcomes } from "./events/outcomes";
import { guardOperation } from "./db/unavailable";

/**
 * The engine with the default adapters for the ports not given (tests and tools pass theirs): pay
 * later in the offline sandbox, approving, its ledger in the database (ADR 022–024); no captcha
 * (ADR 032); customer messages to the file outbox in data/outbox with the development sender (ADR 090).
 */
export function createEngine(deps: EngineDependencies): Engine {
  return assembleEngine({
    ...deps,
    payLater: deps.payLater ?? createSandboxPayLater({ ledger: createPaymentLedger<SandboxPayLaterRecord>(deps.db), now: () => deps.clock.now() }),
    captcha: deps.captcha ?? createOffCaptchaVerifier(),
    notifications: deps.notifications ?? withSenders(createOutboxSenders({ dir: "data/outbox" }), sendersFromEnv({}, OUTBOX_SENDER)),
  });
}

/** The ports' adapters the configuration asks for. Credentials never come from code, never reach the browser. */
export function adaptersFromConfig(
  config: EngineConfiguration,
  db: BookingDatabase,
): Omit<EngineDependencies, "db" | "clock" | "config" | "lookupThrottle" | "staffLoginThrottle" | "draftThrottle"> {
  const payments =
    config.PAYMENTS_PROVIDER === "braintree"
      ? createBraintreeGateway({ accounts: braintreeAccountsFromEnv(braintreeVariables(config)), ledger: createPaymentLedger<BraintreeLedgerRecord>(db) })
      : createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(db) });
  const payLater =
    config.PAY_LATER_PROVIDER === "klarna"
      ? createKlarnaProvider({ accounts: klarnaAccountsFromEnv(klarnaVariables(config)), ledger: createPaymentLedger<KlarnaLedgerRecord>(db) })
      : createSandboxPayLater({ outcome: config.KLARNA_SANDBOX_OUTCOME, ledger: createPaymentLedger<SandboxPayLaterRecord>(db) });
  const addresses = config.ADDRESS_PROVIDER === "loqate" ? createLoqateProvider({ apiKey: config.LOQATE_API_KEY! }) : createEmbeddedAddressProvider();
  const captcha =
    config.CAPTCHA_PROVIDER === "recaptcha"
      ? createRecaptchaVerifier({ secret: config.RECAPTCHA_SECRET!, siteKey: config.RECAPTCHA_SITE_KEY!, minScore: config.RECAPTCHA_MIN_SCORE })
      : createOffCaptchaVerifier();
  return {
    payments,
    payLater,
    addresses,
    captcha,
    files: createLocalFileStorage({ root: config.UPLOADS_DIR }),
    paymentWebhooks: webhookReceiverFor(config),
    notifications: notificationsFromConfig(config),
    outbox: outboxPageAllowed(config) ? createOutboxReader({ dir: config.OUTBOX_DIR }) : null,
    // Messages are written with the CMS's brands and templates (ADR 092); without a CMS none can be.
    messageContent: config.CMS_URL ? createCmsMessageContent({ url: config.CMS_URL, token: config.CMS_READ_TOKEN ?? "", timeoutMs: config.OPERATIONS_FEED_TIMEOUT_MS }) : null,
  };
}

/**
 * Customer messages (ADR 090): each channel's adapter, behind the carriers' senders. A channel
 * writing to the outbox has a development sender, so a fresh checkout needs no configuration.
 */
export function notificationsFromConfig(config: EngineConfiguration): Notifications {
  const outbox = createOutboxSenders({ dir: config.OUTBOX_DIR });
  const email =
    config.NOTIFICATIONS_EMAIL_PROVIDER === "smtp"
      ? createSmtpEmailSender({ url: config.SMTP_URL, host: config.SMTP_HOST, port: config.SMTP_PORT, secure: config.SMTP_SECURE, user: config.SMTP_USER, pass: config.SMTP_PASS })
      : outbox.email;
  const sms = config.NOTIFICATIONS_SMS_PROVIDER === "twilio" ? createTwilioSmsSender({ accountSid: config.TWILIO_ACCOUNT_SID!, authToken: config.TWILIO_AUTH_TOKEN! }) : outbox.sms;
  const fallback: Sender = {
    ...(email.capabilities.outbox ? { emailFromName: OUTBOX_SENDER.emailFromName, emailFromAddress: OUTBOX_SENDER.emailFromAddress } : {}),
    ...(sms.capabilities.outbox ? { smsSenderId: OUTBOX_SENDER.smsSenderId } : {}),
  };
  return withSenders({ email, sms }, sendersFromEnv(senderVariables(config), fallback));
}

/**
 * Braintree's webhooks are verified with the same accounts as its card payments, whichever card
 * provider is in use (ADR 027); built on the first delivery, then kept.
 */
function webhookReceiverFor(config: EngineConfiguration): () => PaymentWebhookReceiver | null {
  let receiver: PaymentWebhookReceiver | null | undefined;
  return () => {
    if (receiver === undefined) {
      receiver = braintreeConfigured(config)
        ? createBraintreeWebhookReceiver(createBraintreeWebhookParser({ accounts: braintreeAccountsFromEnv(braintreeVariables(config)) }))
        : null;
    }
    return receiver;
  };
}

/** Moves the engine's clock for one call chain (ADR 034); present only where the test clock is allowed. */
export interface TestClock {
  /** The engine with every operation's "now" moved by `offsetMs` (may be negative). */
  shifted(offsetMs: number): Engine;
}

export interface ComposedEngine {
  engine: Engine;
  database: OpenedDatabase;
  testClock: TestClock | null;
  /** Keeps the engine's operations data in step with the CMS (ADR 080); null without CMS_URL. */
  operations: OperationsSync | null;
  close(): Promise<void>;
}

export interface ComposeOptions {
  /** Where sync outcomes go (the app passes its pino logger); default: a pino logger of its own. */
  log?: OperationsLogger;
  /** Where the scheduler's retries and dead messages go (ADR 091); default: a pino logger of its own. */
  schedulerLog?: SchedulerLogger;
  /** Told each real payment and message outcome (ADR 152): the app passes its metrics counters. */
  outcomes?: EngineOutcomes;
}

/** The operations source the configuration names: the CMS feed when CMS_URL is set. */
export function operationsSourceFromConfig(config: EngineConfiguration): OperationsSource | null {
  if (!config.CMS_URL) return null;
  return createCmsFeedSource({ url: config.CMS_URL, token: config.CMS_READ_TOKEN ?? "", timeoutMs: config.OPERATIONS_FEED_TIMEOUT_MS });
}

/**
 * The system clock, moved by ENGINE_CLOCK_OFFSET_MS and, inside `TestClock.shifted`, by the
 * request's offset. Only where the test clock is allowed; otherwise the plain system clock.
 */
function testClockFor(offsetMs: number): { clock: Clock; shift: AsyncLocalStorage<number> } {
  const shift = new AsyncLocalStorage<number>();
  return { clock: { now: () => new Date(Date.now() + offsetMs + (shift.getStore() ?? 0)) }, shift };
}

function shiftedEngine(engine: Engine, shift: AsyncLocalStorage<number>, offsetMs: number): Engine {
  return wrapOperations(
    engine,
    (operation: Operation) =>
      (...args) =>
        shift.run(offsetMs, () => operation(...args)),
  );
}

/** Opens the database (migrating it) and wires the engine; a failure after opening closes it again. */
export async function composeEngine(config: EngineConfiguration, options: ComposeOptions = {}): Promise<ComposedEngine> {
  const database = await openDatabase(config);
  try {
    const moving = testClockAllowed(config) ? testClockFor(config.ENGINE_CLOCK_OFFSET_MS) : null;
    // A database that cannot be reached fails every operation as one typed error (ADR 145).
    const engine = wrapOperations(
      createEngine({
        db: database.db,
        clock: moving?.clock ?? systemClock,
        lookupThrottle: {
          maxPerEmail: config.LOOKUP_THROTTLE_MAX_PER_EMAIL,
          maxPerClient: config.LOOKUP_THROTTLE_MAX_PER_CLIENT,
          windowMinutes: config.LOOKUP_THROTTLE_WINDOW_MINUTES,
        },
        draftThrottle: { maxPerClient: config.DRAFT_THROTTLE_MAX_PER_CLIENT, windowMinutes: config.DRAFT_THROTTLE_WINDOW_MINUTES },
        staffLoginThrottle: {
          maxPerAccount: config.STAFF_LOGIN_MAX_PER_ACCOUNT,
          maxPerClient: config.STAFF_LOGIN_MAX_PER_CLIENT,
          windowMinutes: config.STAFF_LOGIN_WINDOW_MINUTES,
        },
        config: {
          draftHoldMinutes: config.BOOKING_DRAFT_HOLD_MINUTES,
          waitingListOfferMinutes: config.WAITING_LIST_OFFER_MINUTES,
          handoverCodeMinutes: config.HANDOVER_CODE_MINUTES,
          apiRateLimitReads: config.API_RATE_LIMIT_READS,
          apiRateLimitWrites: config.API_RATE_LIMIT_WRITES,
          apiRateWindowSeconds: config.API_RATE_WINDOW_SECONDS,
          simulatedVan: config.TRACKING_SIMULATED_VAN,
        },
        scheduler: {
          maxAttempts: config.SCHEDULER_MAX_ATTEMPTS,
          leaseMs: config.SCHEDULER_LEASE_SECONDS * 1000,
          backoffBaseMs: config.SCHEDULER_BACKOFF_BASE_SECONDS * 1000,
          holdPurgeMs: config.SCHEDULER_HOLD_PURGE_MINUTES * 60_000,
          webhookRetryMs: config.WEBHOOK_RETRY_SECONDS.map((seconds) => seconds * 1000),
          webhookMaxAttempts: config.WEBHOOK_MAX_ATTEMPTS,
          // ADR 180: production delivers only to https:// and public addresses, checked as the name resolves.
          webhookPolicy: {
            httpsOnly: config.NODE_ENV === "production",
            allowPrivate: config.NODE_ENV !== "production" || config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
            timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
          },
        },
        schedulerLog: options.schedulerLog ?? pino({ name: "booking-scheduler" }),
        outcomes: options.outcomes,
        ...adaptersFromConfig(config, database.db),
      }),
      (operation) => guardOperation(operation),
    );
    const testClock = moving ? { shifted: (offsetMs: number) => shiftedEngine(engine, moving.shift, offsetMs) } : null;
    const source = operationsSourceFromConfig(config);
    const operations = source ? createOperationsSync({ db: database.db, source, log: options.log ?? pino({ name: "booking-engine" }) }) : null;
    return {
      engine,
      database,
      testClock,
      operations,
      close: async () => {
        operations?.stop();
        // A pass in flight finishes before the database closes under it.
        await engine.scheduler.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The engine the environment describes (scripts, tools); the web app passes its parsed environment to `composeEngine`. */
export async function engineFromEnvironment(env: Record<string, string | undefined> = process.env, options: ComposeOptions = {}): Promise<ComposedEngine> {
  return composeEngine(parseEngineConfig(env), options);
}
