/**
 * Where a booking's time goes on PostgreSQL (`npm run bench`): node-postgres is instrumented in the
 * bench's own process only, and every query and every wait for a pooled connection is counted
 * against the engine call that caused it (AsyncLocalStorage), so the bench prints, per call, its
 * round trips, the time spent in them and the time spent waiting for the pool. A sampler reads
 * pg_stat_activity to see how many of the bench's sessions are waiting on a lock at any moment.
 */
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { performance } from "node:perf_hooks";
import pg from "pg";

export interface CallTrace {
  /** Queries sent (a transaction's BEGIN and COMMIT count: each is a round trip). */
  queries: number;
  /** Time from sending a query to its answer, summed. */
  queryMs: number;
  /** Time spent waiting for a connection from the pool, summed. */
  poolWaitMs: number;
  /** The statements sent, when BENCH_STATEMENTS is set (their first 100 characters). */
  statements?: string[];
}

const current = new AsyncLocalStorage<CallTrace>();
let installed = false;

type Callback = (...args: unknown[]) => void;

/** Patches pg's Client.query and Pool.connect once; a no-op on PGlite (nothing goes through pg). */
export function installTrace(): void {
  if (installed) return;
  installed = true;
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const originalQuery = client.query;
  client.query = function traced(this: unknown, ...args: unknown[]) {
    const trace = current.getStore();
    if (!trace) return originalQuery.apply(this, args);
    trace.queries += 1;
    if (trace.statements) trace.statements.push(statementText(args[0]));
    const t0 = performance.now();
    const done = () => (trace.queryMs += performance.now() - t0);
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const cb = args[last] as Callback;
      args[last] = (...results: unknown[]) => {
        done();
        cb(...results);
      };
      return originalQuery.apply(this, args);
    }
    const result = originalQuery.apply(this, args) as { then?: unknown };
    if (result && typeof result.then === "function") return (result as Promise<unknown>).finally(done);
    return result;
  };
  const pool = pg.Pool.prototype as unknown as { connect: (...args: unknown[]) => unknown };
  const originalConnect = pool.connect;
  pool.connect = function traced(this: unknown, ...args: unknown[]) {
    const trace = current.getStore();
    if (!trace) return originalConnect.apply(this, args);
    const t0 = performance.now();
    const done = () => (trace.poolWaitMs += performance.now() - t0);
    if (typeof args[0] === "function") {
      const cb = args[0] as Callback;
      // Bound to the caller: a waiting caller's callback is run by whoever released a connection, and
      // its queries must count against the call that asked for the connection.
      return originalConnect.call(
        this,
        AsyncResource.bind((...results: unknown[]) => {
          done();
          cb(...results);
        }),
      );
    }
    return (originalConnect.apply(this, args) as Promise<unknown>).finally(done);
  };
}

/** Runs `fn` with a fresh trace; resolves with its result, its wall time and the trace. */
export async function traced<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number; trace: CallTrace }> {
  const trace: CallTrace = { queries: 0, queryMs: 0, poolWaitMs: 0, ...(process.env.BENCH_STATEMENTS ? { statements: [] } : {}) };
  const t0 = performance.now();
  const result = await current.run(trace, fn);
  return { result, ms: performance.now() - t0, trace };
}

/** Samples, every `everyMs`, how many sessions of the database are running a statement and how many of those wait on a lock. */
export function sampleLockWaits(
  url: string,
  everyMs = 50,
): { stop: () => Promise<{ samples: number; active: number; waitingOnLock: number; top: [statement: string, samples: number][] }> } {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  let samples = 0;
  let active = 0;
  let waitingOnLock = 0;
  let running = true;
  const waits = new Map<string, number>();
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ state: string | null; wait: string | null; query: string; blocker: string | null }>(
        `select a.state, a.wait_event_type as wait, a.query,
                (select b.query from pg_stat_activity b where b.pid = any(pg_blocking_pids(a.pid)) limit 1) as blocker
           from pg_stat_activity a where a.datname = current_database() and a.pid <> pg_backend_pid()`,
      );
      samples += 1;
      for (const row of rows) {
        if (row.state === "active") active += 1;
        if (row.wait !== "Lock") continue;
        waitingOnLock += 1;
        const key = `${squash(row.query)}  ⟵ held by: ${squash(row.blocker ?? "?")}`;
        waits.set(key, (waits.get(key) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      const top = [...waits].sort((a, b) => b[1] - a[1]).slice(0, 5);
      return { samples, active: samples ? active / samples : 0, waitingOnLock: samples ? waitingOnLock / samples : 0, top };
    },
  };
}

/** The text of what pg's Client.query was given (a string or a query config), on one line. */
function statementText(query: unknown): string {
  const text = typeof query === "string" ? query : ((query as { text?: string; name?: string } | null)?.text ?? (query as { name?: string } | null)?.name ?? "?");
  return text.replace(/\s+/g, " ").trim().slice(0, 100);
}

/** A statement on one line, its first 90 characters. */
function squash(query: string): string {
  return query.replace(/\s+/g, " ").trim().slice(0, 90);
}
