/**
 * The web app's only door into the booking engine (house style 2). The engine is created lazily,
 * once per process, from the environment, and kept on globalThis so Vite's dev reloads reuse it
 * instead of opening the database again. `closeEngine()` runs on shutdown (server.ts hooks).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { z } from "zod";
import { createOffCaptchaVerifier } from "../booking/adapters/captcha-off/off-verifier";
import { createRecaptchaVerifier } from "../booking/adapters/recaptcha/recaptcha-verifier";
import type { Clock } from "../booking/ports/clock";
import { createEmbeddedAddressProvider } from "../booking/adapters/embedded-addresses";
import { createLoqateProvider } from "../booking/adapters/loqate/loqate-provider";
import { createSandboxGateway, type SandboxLedgerRecord } from "../booking/adapters/sandbox-payments/sandbox-gateway";
import { braintreeAccountsFromEnv } from "../booking/adapters/braintree/accounts";
import { createBraintreeGateway, type BraintreeLedgerRecord } from "../booking/adapters/braintree/braintree-gateway";
import { klarnaAccountsFromEnv } from "../booking/adapters/klarna/accounts";
import { createKlarnaProvider, type KlarnaLedgerRecord } from "../booking/adapters/klarna/klarna-provider";
import { createSandboxPayLater, type SandboxPayLaterRecord } from "../booking/adapters/sandbox-pay-later/sandbox-pay-later";
import type { BookingDatabase } from "../booking/db/open";
import { createEngine, createLocalFileStorage, createPaymentLedger, openDatabase, systemClock, type Engine, type OpenedDatabase } from "../booking/index";

const engineEnvSchema = z
  .object({
    // Payments (ADR 020–024). Credentials: BRAINTREE_* / KLARNA_* (read by the adapters' config parsers).
    PAYMENTS_PROVIDER: z.enum(["sandbox", "braintree"]).default("sandbox"),
    PAY_LATER_PROVIDER: z.enum(["sandbox", "klarna"]).default("sandbox"),
    KLARNA_SANDBOX_OUTCOME: z.enum(["approve", "deny"]).default("approve"),
    ADDRESS_PROVIDER: z.enum(["embedded", "loqate"]).default("embedded"),
    LOQATE_API_KEY: z.string().optional(),
    UPLOADS_DIR: z.string().min(1).default("data/uploads"),
    BOOKING_DRAFT_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
    // Contact form captcha (ADR 032).
    CAPTCHA_PROVIDER: z.enum(["off", "recaptcha"]).default("off"),
    RECAPTCHA_SECRET: z.string().optional(),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    // Failed order lookups (ADR 031).
    LOOKUP_THROTTLE_MAX_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(5),
    LOOKUP_THROTTLE_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(20),
    LOOKUP_THROTTLE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
    // Test-only clock control (ADR 034): honoured outside production, or in production with ENGINE_TEST_CLOCK=1.
    NODE_ENV: z.string().default("development"),
    ENGINE_TEST_CLOCK: z.enum(["true", "false", "1", "0"]).optional().transform((v) => v === "true" || v === "1"),
    ENGINE_CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
  })
  .refine((e) => e.ADDRESS_PROVIDER !== "loqate" || !!e.LOQATE_API_KEY, { message: "LOQATE_API_KEY is required when ADDRESS_PROVIDER=loqate", path: ["LOQATE_API_KEY"] })
  .refine((e) => e.CAPTCHA_PROVIDER !== "recaptcha" || (!!e.RECAPTCHA_SECRET && !!e.RECAPTCHA_SITE_KEY), {
    message: "RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY are required when CAPTCHA_PROVIDER=recaptcha",
    path: ["RECAPTCHA_SECRET"],
  })
  .refine((e) => e.ENGINE_CLOCK_OFFSET_MS === 0 || testClockAllowed(e), {
    message: "ENGINE_CLOCK_OFFSET_MS is for tests: in production it needs ENGINE_TEST_CLOCK=1",
    path: ["ENGINE_CLOCK_OFFSET_MS"],
  });

function testClockAllowed(e: { NODE_ENV: string; ENGINE_TEST_CLOCK: boolean }): boolean {
  return e.NODE_ENV !== "production" || e.ENGINE_TEST_CLOCK;
}

export type EngineEnv = z.output<typeof engineEnvSchema>;

export function parseEngineEnv(source: NodeJS.ProcessEnv = process.env): EngineEnv {
  const blankToUndefined = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === "" ? undefined : v]));
  const parsed = engineEnvSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    throw new Error(`Invalid booking engine environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}

interface Instance {
  engine: Engine;
  database: OpenedDatabase;
}

type Holder = { __bookingEngine?: Promise<Instance>; __appShutdownHooks?: (() => Promise<void>)[] };
const holder = globalThis as Holder;

async function start(): Promise<Instance> {
  const config = parseEngineEnv();
  const database = await openDatabase(process.env);
  try {
    const { payments, payLater } = paymentAdapters(config, database.db);
    const addresses = config.ADDRESS_PROVIDER === "loqate" ? createLoqateProvider({ apiKey: config.LOQATE_API_KEY! }) : createEmbeddedAddressProvider();
    const captcha =
      config.CAPTCHA_PROVIDER === "recaptcha"
        ? createRecaptchaVerifier({ secret: config.RECAPTCHA_SECRET!, siteKey: config.RECAPTCHA_SITE_KEY!, minScore: config.RECAPTCHA_MIN_SCORE })
        : createOffCaptchaVerifier();
    const engine = createEngine({
      db: database.db,
      clock: config.ENGINE_CLOCK_OFFSET_MS || testClockAllowed(config) ? shiftedClock(config.ENGINE_CLOCK_OFFSET_MS) : systemClock,
      captcha,
      lookupThrottle: {
        maxPerEmail: config.LOOKUP_THROTTLE_MAX_PER_EMAIL,
        maxPerClient: config.LOOKUP_THROTTLE_MAX_PER_CLIENT,
        windowMinutes: config.LOOKUP_THROTTLE_WINDOW_MINUTES,
      },
      payments,
      payLater,
      addresses,
      files: createLocalFileStorage({ root: config.UPLOADS_DIR }),
      config: { draftHoldMinutes: config.BOOKING_DRAFT_HOLD_MINUTES },
    });
    return { engine, database };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The card gateway and the pay-later provider the environment asks for. Carrier credentials come
 * from BRAINTREE_ACCOUNTS / BRAINTREE_* and KLARNA_ACCOUNTS / KLARNA_* (never from code, never to
 * the browser); a missing or bad credential stops the start with a message naming the variable.
 */
export function paymentAdapters(config: EngineEnv, db: BookingDatabase, env: Record<string, string | undefined> = process.env) {
  const payments =
    config.PAYMENTS_PROVIDER === "braintree"
      ? createBraintreeGateway({ accounts: braintreeAccountsFromEnv(env), ledger: createPaymentLedger<BraintreeLedgerRecord>(db) })
      : createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(db) });
  const payLater =
    config.PAY_LATER_PROVIDER === "klarna"
      ? createKlarnaProvider({ accounts: klarnaAccountsFromEnv(env), ledger: createPaymentLedger<KlarnaLedgerRecord>(db) })
      : createSandboxPayLater({ outcome: config.KLARNA_SANDBOX_OUTCOME, ledger: createPaymentLedger<SandboxPayLaterRecord>(db) });
  return { payments, payLater };
}

/** The engine, created on first use. A failed start is not cached: the next call tries again. */
export function getEngine(): Promise<Engine> {
  if (!holder.__bookingEngine) {
    holder.__bookingEngine = start();
    holder.__bookingEngine.catch(() => {
      holder.__bookingEngine = undefined;
    });
    const hooks = (holder.__appShutdownHooks ??= []);
    if (!hooks.includes(closeEngine)) hooks.push(closeEngine);
  }
  return holder.__bookingEngine.then((instance) => instance.engine);
}

/** Closes the database (PGlite must be closed or the process does not exit). Safe to call twice. */
export async function closeEngine(): Promise<void> {
  const pending = holder.__bookingEngine;
  holder.__bookingEngine = undefined;
  if (!pending) return;
  const instance = await pending.catch(() => null);
  await instance?.database.close();
}

// What the web app may use of the engine besides the operations: errors and the shapes it returns.
export { DomainError } from "../booking/index";
export { assertOneDeviceInWarranty, checkWarrantyFault, inWarrantyBlocked, type ErrorCode, type FieldCode } from "../booking/index";
export type { BookingState, BookingDeviceView, Engine, AvailabilityDay, OrderView, OrderDeviceView, StoreView } from "../booking/index";

/* ───────────── test clock (ADR 034) ───────────── */

/**
 * Per-request shift of the engine's clock, set by `getRequestEngine` from the test clock cookie. Kept
 * on globalThis like the engine, so a dev reload of this module still reaches the engine's clock.
 */
const requestClockShift = ((globalThis as { __engineClockShift?: AsyncLocalStorage<number> }).__engineClockShift ??= new AsyncLocalStorage<number>());

/** The system clock, moved by ENGINE_CLOCK_OFFSET_MS and by the request's test clock cookie. */
function shiftedClock(offsetMs: number): Clock {
  return { now: () => new Date(Date.now() + offsetMs + (requestClockShift.getStore() ?? 0)) };
}

/** Cookie a browser test sets to move the engine's clock for its own requests (milliseconds, may be negative). */
export const TEST_CLOCK_COOKIE = "engine_clock_offset_ms";

let clockAllowed: boolean | undefined;

function requestClockOffset(request: Request): number | null {
  clockAllowed ??= testClockAllowed(parseEngineEnv());
  if (!clockAllowed) return null;
  const match = new RegExp(`(?:^|;\\s*)${TEST_CLOCK_COOKIE}=(-?\\d{1,15})(?:;|$)`).exec(request.headers.get("Cookie") ?? "");
  return match ? Number(match[1]) : null;
}

/**
 * The engine for one request. Where the test clock is allowed (outside production, or with
 * ENGINE_TEST_CLOCK=1) and the request carries the test clock cookie, every operation runs with the
 * engine's clock moved by that many milliseconds; otherwise it is `getEngine()` itself.
 */
export async function getRequestEngine(request: Request): Promise<Engine> {
  const engine = await getEngine();
  const offset = requestClockOffset(request);
  if (offset === null) return engine;
  return new Proxy(engine, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => requestClockShift.run(offset, () => (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
}

// Manage booking, tracking and contact (issue 6).
export { MAX_PROOF_BYTES } from "../booking/domain/image-sniff";
export { PROOF_FORMAT_MESSAGE } from "../booking/orders/orders";
export { TooManyAttemptsError, type LookupSubject } from "../booking/throttle/lookup-throttle";
export { CaptchaFailedError, REPLY_WITHIN_HOURS, SEND_MESSAGE_ACTION, type ContactMessageView, type CallBackView } from "../booking/contact/contact";
export type { TechnicianTracking } from "../booking/tracking/tracking";
export type { VanLocation, DateChangeLogEntry } from "../booking/index";
export type { CaptchaProvider } from "../booking/ports/captcha";
