/**
 * The web app's only door into the booking engine (house style 2). The engine is created lazily,
 * once per process, from the environment, and kept on globalThis so Vite's dev reloads reuse it
 * instead of opening the database again. `closeEngine()` runs on shutdown (server.ts hooks).
 */
import { z } from "zod";
import { createEmbeddedAddressProvider } from "../booking/adapters/embedded-addresses";
import { createLoqateProvider } from "../booking/adapters/loqate/loqate-provider";
import { createSandboxGateway, type SandboxLedgerRecord } from "../booking/adapters/sandbox-payments/sandbox-gateway";
import { createEngine, createLocalFileStorage, createPaymentLedger, openDatabase, systemClock, type Engine, type OpenedDatabase } from "../booking/index";

const engineEnvSchema = z
  .object({
    PAYMENTS_PROVIDER: z.enum(["sandbox"], { error: "PAYMENTS_PROVIDER: only 'sandbox' is available in this build" }).default("sandbox"),
    ADDRESS_PROVIDER: z.enum(["embedded", "loqate"]).default("embedded"),
    LOQATE_API_KEY: z.string().optional(),
    UPLOADS_DIR: z.string().min(1).default("data/uploads"),
    BOOKING_DRAFT_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  })
  .refine((e) => e.ADDRESS_PROVIDER !== "loqate" || !!e.LOQATE_API_KEY, { message: "LOQATE_API_KEY is required when ADDRESS_PROVIDER=loqate", path: ["LOQATE_API_KEY"] });

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
    const payments = createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(database.db) });
    const addresses = config.ADDRESS_PROVIDER === "loqate" ? createLoqateProvider({ apiKey: config.LOQATE_API_KEY! }) : createEmbeddedAddressProvider();
    const engine = createEngine({
      db: database.db,
      clock: systemClock,
      payments,
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
export type { BookingState, BookingDeviceView, Engine, AvailabilityDay, OrderView, OrderDeviceView, StoreView } from "../booking/index";
