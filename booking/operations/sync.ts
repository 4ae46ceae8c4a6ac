/**
 * Keeps the engine's copy of operations data in step with its source (issue 9, ADR 080, ADR 081):
 * at start and periodically (`reconcile`: the catalogue, then every carrier whose revision time is
 * newer than the stored one) and on change notifications (`changed`, routed by the CMS model uid).
 *
 * Newer wins: each write carries the source's revision time and is skipped when the stored one is
 * the same or newer (seed.ts, under the same advisory locks that make concurrent syncs take turns).
 * Invalid or unreachable data never replaces the copy: the last good data stays and the reason is
 * logged. Syncs of one thing (the catalogue, one carrier) run one at a time per process, and a burst
 * of notifications collapses into one more run after the current one.
 */
import { applyCmsApiKeys } from "../api-keys/api-keys";
import type { BookingDatabase, BookingTransaction } from "../db/open";
import * as s from "../db/schema";
import { seedCatalogue, SeedFileError, type SeedResult } from "../catalogue/seed";
import { seedCarrier, withdrawCarrier } from "../catalogue/seed-carrier";
import { OperationsDataInvalidError, OperationsSourceUnavailableError, type OperationsSource } from "./operations-source";

/** The subset of a pino logger the sync writes to. */
export interface OperationsLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export type SyncResult = SeedResult | "invalid" | "unavailable" | "unknown" | "withdrawn" | "failed";

export interface SyncOutcome {
  /** "catalogue" or a carrier code. */
  subject: string;
  result: SyncResult;
  reason?: string;
}

/** A change notification: the CMS model uid that changed and its carrier (null for shared types). */
export interface OperationsChange {
  model: string;
  carrierCode: string | null;
}

export type ChangeRoute = "catalogue" | "carrier" | "all" | "ignored";

export const OPERATIONS_MODEL_PREFIX = "api::ops-";
export const CATALOGUE_MODEL_PREFIX = "api::catalogue-";
/** The carrier entry itself (content webhook model name): its country and currency are part of the carrier's engine data. */
export const CARRIER_ENTRY_MODEL = "carrier";

/** Data only the engine's copy holds: nothing in the web's content cache depends on it. */
export function isOperationsModel(model: string): boolean {
  return model.startsWith(OPERATIONS_MODEL_PREFIX) || model.startsWith(CATALOGUE_MODEL_PREFIX);
}

/** Which sync a CMS change calls for, by its model uid (the contract's prefixes, no list of names). */
export function routeChange(change: OperationsChange): ChangeRoute {
  if (change.model.startsWith(CATALOGUE_MODEL_PREFIX)) return "catalogue";
  if (change.model.startsWith(OPERATIONS_MODEL_PREFIX)) return change.carrierCode ? "carrier" : "all";
  if (change.model === CARRIER_ENTRY_MODEL && change.carrierCode) return "carrier";
  return "ignored";
}

export interface OperationsSync {
  readonly source: string;
  syncCatalogue(): Promise<SyncOutcome>;
  syncCarrier(code: string): Promise<SyncOutcome>;
  /** The catalogue, then every carrier the source has a newer revision of than the copy. */
  reconcile(): Promise<SyncOutcome[]>;
  /** Applies a change notification; `ignored` for models that are not operations or catalogue data. */
  changed(change: OperationsChange): Promise<{ route: ChangeRoute; outcomes: SyncOutcome[] }>;
  /**
   * Reconciles in the background after `firstDelaySeconds` and then every `intervalSeconds` (0: only
   * the first). The start script has just synced, so the first run need not compete with the first requests.
   */
  start(intervalSeconds: number, firstDelaySeconds?: number): void;
  stop(): void;
}

export interface OperationsSyncOptions {
  db: BookingDatabase;
  source: OperationsSource;
  log: OperationsLogger;
}

/** One run at a time per key; calls during a run share one follow-up run (it reads the source afresh). */
function oneAtATime<T>() {
  const lanes = new Map<string, { running: Promise<T> | null; next: Promise<T> | null }>();
  return (key: string, task: () => Promise<T>): Promise<T> => {
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = { running: null, next: null }));
    const current = lane;
    const run = (): Promise<T> => {
      const running = task().finally(() => {
        if (current.running === running) current.running = null;
      });
      current.running = running;
      return running;
    };
    if (!current.running) return run();
    if (current.next) return current.next;
    const next = current.running
      .catch(() => undefined)
      .then(() => {
        current.next = null;
        return run();
      });
    current.next = next;
    return next;
  };
}

export function createOperationsSync({ db, source, log }: OperationsSyncOptions): OperationsSync {
  const lane = oneAtATime<SyncOutcome>();
  let timer: NodeJS.Timeout | null = null;

  function failure(subject: string, error: unknown): SyncOutcome {
    if (error instanceof OperationsDataInvalidError || error instanceof SeedFileError) {
      log.warn({ subject, issues: error.issues.slice(0, 20) }, `operations sync: ${subject} rejected, keeping the last good copy`);
      return { subject, result: "invalid", reason: error.issues.join("; ") };
    }
    if (error instanceof OperationsSourceUnavailableError) {
      log.warn({ subject, reason: error.message }, `operations sync: ${source.describe} unavailable, keeping the copy`);
      return { subject, result: "unavailable", reason: error.message };
    }
    log.error({ subject, err: error }, `operations sync: ${subject} failed, keeping the copy`);
    return { subject, result: "failed", reason: String(error) };
  }

  function reported(outcome: SyncOutcome): SyncOutcome {
    if (outcome.result === "created" || outcome.result === "updated")
      log.info({ subject: outcome.subject, result: outcome.result }, `operations sync: ${outcome.subject} ${outcome.result}`);
    return outcome;
  }

  const syncCatalogue = () =>
    lane("catalogue", async () => {
      try {
        const { updatedAt, catalogue } = await source.catalogue();
        return reported({ subject: "catalogue", result: await seedCatalogue(db, catalogue, undefined, updatedAt) });
      } catch (error) {
        return failure("catalogue", error);
      }
    });

  const syncCarrier = (code: string) =>
    lane(`carrier:${code}`, async () => {
      try {
        const operations = await source.carrier(code);
        if (!operations) {
          // No roster or no staffed area any more (or no carrier): stop selling, keep what was sold.
          const areas = await withdrawCarrier(db, code);
          if (areas === 0) return { subject: code, result: "unknown" };
          log.warn({ subject: code, areas }, `operations sync: ${source.describe} no longer serves carrier ${code}; its ${areas} area(s) take no new bookings`);
          return { subject: code, result: "withdrawn" };
        }
        const { apiKeys } = operations;
        // The carrier's CMS API keys go in the same transaction, under the same newer-wins check (ADR 182).
        const alongside = apiKeys ? (tx: BookingTransaction) => applyCmsApiKeys(tx, code, apiKeys, new Date()) : undefined;
        return reported({ subject: code, result: await seedCarrier(db, operations.engine, undefined, operations.updatedAt, alongside) });
      } catch (error) {
        return failure(code, error);
      }
    });

  async function reconcile(): Promise<SyncOutcome[]> {
    const outcomes = [await syncCatalogue()];
    let revisions;
    try {
      revisions = await source.carriers();
    } catch (error) {
      return [...outcomes, failure("carriers", error)];
    }
    const stored = new Map((await db.select({ code: s.carrierSeeds.carrierCode, at: s.carrierSeeds.sourceUpdatedAt }).from(s.carrierSeeds)).map((r) => [r.code, r.at]));
    for (const { code, updatedAt } of revisions) {
      const at = stored.get(code);
      if (at && at.getTime() >= updatedAt.getTime()) continue;
      outcomes.push(await syncCarrier(code));
    }
    // A carrier the engine has but the list no longer names: asked on its own (a 404 withdraws it,
    // an error keeps it), so a missed webhook cannot leave it selling.
    const listed = new Set(revisions.map((r) => r.code));
    for (const code of stored.keys()) if (!listed.has(code)) outcomes.push(await syncCarrier(code));
    return outcomes;
  }

  return {
    source: source.describe,
    syncCatalogue,
    syncCarrier,
    reconcile,
    async changed(change) {
      const route = routeChange(change);
      switch (route) {
        case "catalogue":
          return { route, outcomes: [await syncCatalogue()] };
        case "carrier":
          return { route, outcomes: [await syncCarrier(change.carrierCode!)] };
        case "all":
          return { route, outcomes: await reconcile() };
        default:
          return { route, outcomes: [] };
      }
    },
    start(intervalSeconds, firstDelaySeconds = 0) {
      if (timer) return;
      const tick = () => {
        reconcile().catch((error) => log.error({ err: error }, "operations reconcile failed"));
      };
      const first = (timer = setTimeout(() => {
        tick();
        if (timer === first && intervalSeconds > 0) {
          timer = setInterval(tick, intervalSeconds * 1000);
          timer.unref();
        }
      }, firstDelaySeconds * 1000));
      // The reconcile never keeps a process alive on its own.
      first.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
