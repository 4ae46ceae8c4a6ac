/**
 * The web app's only door into the booking engine (house style 2, ADR 040, ADR 041). The engine wires
 * itself (`composeEngine` in booking/) from the parsed environment; this door creates it lazily,
 * once per process, keeps it across Vite's dev reloads instead of opening the database again
 * (lib/process.server.ts, ADR 283), and closes it on shutdown. The web part of the test clock
 * (ADR 034), reading the request's cookie, is here too.
 */
import {
  asDatabaseUnavailable,
  composeEngine,
  wrapOperations,
  type ComposedEngine,
  type DeclaredOperation,
  type Engine,
  type Operation,
  type OperationsChange,
} from "../booking/index";
import { env } from "./env.server";
import { readTestClockOffset } from "./lib/cookies.server";
import { outsidePreview } from "./content/preview.server";
import { currentResponseScope } from "./lib/http/response-scope.server";
import { onShutdown, survivesDevReload } from "./lib/process.server";
import { logger, requestScope } from "./lib/observability/logger.server";
import { engineOutcomeCounters } from "./lib/observability/metrics.server";

/** The process's engine and its payment-recovery timer. */
const held = survivesDevReload("booking-engine", (): { engine?: Promise<ComposedEngine>; paymentRecovery?: ReturnType<typeof setInterval> } => ({}));

function composed(): Promise<ComposedEngine> {
  if (!held.engine) {
    // A failed start is not cached: the next call tries again.
    held.engine = Promise.resolve().then(async () => {
      const instance = await composeEngine(env(), {
        log: logger().child({ component: "operations-sync" }),
        schedulerLog: logger().child({ component: "scheduler" }),
        // Payments and messages counted where they happen, once each (ADR 152).
        outcomes: engineOutcomeCounters,
      });
      // The timers run for the whole process, so they start outside the scope of the request that
      // happened to create the engine (its request id on every line they log, a preview's drafts).
      requestScope().exit(() =>
        outsidePreview(() => {
          // The engine's operations copy follows the CMS (ADR 080): the start script synced it, so the
          // first reconcile (for what changed since) waits a little rather than slowing the first requests.
          instance.operations?.start(env().OPERATIONS_RECONCILE_SECONDS, 15);
          // Scheduled customer messages and the purge of expired holds (ADR 091); every instance runs
          // a worker, their claims never overlap.
          instance.engine.scheduler.start(env().SCHEDULER_POLL_SECONDS);
          // Payments whose request died with its replica and were never sent again (ADR 142).
          if (env().SCHEDULER_POLL_SECONDS > 0) startPaymentRecovery(instance.engine);
        }),
      );
      return instance;
    });
    held.engine.catch(() => {
      held.engine = undefined;
    });
    onShutdown(closeEngine);
  }
  return held.engine;
}

/** How often every instance looks for payments left behind by a request that died (ADR 142). */
const PAYMENT_RECOVERY_MS = 60_000;

/**
 * Every minute, for every carrier: completes the order of a payment charged by a request that died
 * (a replica killed mid-payment) and was never sent again, or makes the booking payable again when
 * nothing was charged. Every instance runs it; the engine lets one act on each booking.
 */
function startPaymentRecovery(engine: Engine) {
  const log = logger().child({ component: "payment-recovery" });
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      // Imported here: the content module imports this one.
      const { getCarriers } = await import("./content/content.server");
      for (const carrier of await getCarriers()) {
        const outcome = await engine.checkout.recoverAbandonedPayments(carrier);
        if (outcome.completed + outcome.released + outcome.unknown > 0) log.warn({ carrier: carrier.code, ...outcome }, "abandoned payments recovered");
      }
    } catch (error) {
      log.error({ err: String((error as Error)?.message ?? error) }, "payment recovery failed");
    } finally {
      running = false;
    }
  }, PAYMENT_RECOVERY_MS);
  timer.unref();
  held.paymentRecovery = timer;
}

/* ───────────── the database unavailable (ADR 145) ───────────── */

/** How long a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to a request that needed the database while it could not be reached: a 503 the
 * route's error boundary shows as the carrier's "temporarily unavailable" page (a JSON route sends it
 * as it is). A Response, so code that rethrows what is not a domain error passes it on untouched.
 */
export function databaseUnavailableResponse(): Response {
  return Response.json({ error: "database-unavailable" }, { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } });
}

/** A connection failure becomes the 503 answer; any other error is returned as it is. */
function toHttp(error: unknown): unknown {
  return asDatabaseUnavailable(error) ? databaseUnavailableResponse() : error;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  !!value && (typeof value === "object" || typeof value === "function") && typeof (value as { then?: unknown }).then === "function";

/**
 * The engine as routes see it: an operation (of any area) that finds the database away throws the
 * 503 answer, and one that may write tells the request's scope (the booking it read is no longer current).
 */
function forRoutes(engine: Engine): Engine {
  let routed = forRoutesOf.get(engine);
  if (!routed) forRoutesOf.set(engine, (routed = wrapOperations(engine, forRoute)));
  return routed;
}
const forRoutesOf = new WeakMap<Engine, Engine>();

/**
 * One operation as routes call it. Its kind is the one its area's door declares (booking/<area>/door.ts,
 * ADR 261): one that may write makes the request forget the booking reads it kept (ADR 209) when it
 * starts and when it ends, so a loader after an action, or after a loader that built or changed the
 * booking, reads it again; a read leaves them.
 */
function forRoute(operation: Operation, { kind }: DeclaredOperation): Operation {
  return (...args) => {
    const ended = kind === "read" ? undefined : currentResponseScope()?.writing();
    let result: unknown;
    try {
      result = operation(...args);
    } catch (error) {
      ended?.();
      throw error;
    }
    if (!isThenable(result)) {
      ended?.();
      return result;
    }
    return Promise.resolve(result).then(
      (value) => {
        ended?.();
        return value;
      },
      (error: unknown) => {
        ended?.();
        return Promise.reject(toHttp(error));
      },
    );
  };
}

/** The engine, created on first use (a start that finds the database away throws the 503 answer). */
export function getEngine(): Promise<Engine> {
  return composed().then(
    (instance) => forRoutes(instance.engine),
    (error: unknown) => Promise.reject(toHttp(error)),
  );
}

/** Readiness of the engine's database: one round trip. */
export async function databaseReachable(): Promise<boolean> {
  try {
    const { database } = await composed();
    await database.ping();
    return true;
  } catch {
    return false;
  }
}

/** Closes the database (PGlite must be closed or the process does not exit). Safe to call twice. */
export async function closeEngine(): Promise<void> {
  const pending = held.engine;
  held.engine = undefined;
  clearInterval(held.paymentRecovery);
  held.paymentRecovery = undefined;
  if (!pending) return;
  const instance = await pending.catch(() => null);
  await instance?.close();
}

/**
 * A CMS change to operations or catalogue data (model uid `api::ops-…` / `api::catalogue-…`) or to a
 * carrier entry: the engine syncs its copy before answering. `ignored` for every other model.
 */
export async function operationsChanged(change: OperationsChange) {
  const { operations } = await composed();
  if (!operations) return { route: "ignored" as const, outcomes: [] };
  return operations.changed(change);
}

/* ───────────── test clock (ADR 034) ───────────── */

/**
 * The engine for one request. Where the test clock is allowed (outside production, or with
 * ENGINE_TEST_CLOCK=1) and the request carries the test clock cookie, every operation runs with the
 * engine's clock moved by that many milliseconds; otherwise it is `getEngine()` itself.
 */
export async function getRequestEngine(request: Request): Promise<Engine> {
  const { engine, testClock } = await composed().catch((error: unknown) => Promise.reject(toHttp(error)));
  if (!testClock) return forRoutes(engine);
  const offset = await readTestClockOffset(request);
  return forRoutes(offset === null ? engine : testClock.shifted(offset));
}

// Everything else the web app uses of the engine (errors, constants, the shapes it returns, each
// area's type) is the engine's public surface itself, booking/index.ts (ADR 041, ADR 160): not listed again here.
export * from "../booking/index";
