/**
 * "The database cannot be reached right now" as one typed error (ADR 145). Postgres restarting,
 * stopped or unreachable shows up in node-postgres as several different failures: a refused or
 * reset connection, the server ending sessions (57P01 admin_shutdown), refusing them while it starts
 * or stops (57P03), "Connection terminated", a connection timeout. Drizzle wraps each in its own
 * query error with the driver's error as `cause`. The engine turns all of them into
 * `DatabaseUnavailableError`, so the web can answer 503 ("try again shortly") instead of 500.
 *
 * The error is recognised by a registered symbol rather than `instanceof`: the engine kept across
 * Vite's development reloads throws the class of its first evaluation (ADR 283), and a script may
 * load its own copy of this module.
 */
const BRAND = Symbol.for("booking.databaseUnavailable");

export class DatabaseUnavailableError extends Error {
  readonly code = "DATABASE_UNAVAILABLE";
  readonly [BRAND] = true;
  constructor(cause?: unknown) {
    super("The booking database is unavailable", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/** Node's socket errors when the server is not there (or went away mid-query). */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ENOTFOUND"]);
/** SQLSTATEs of a server that is shutting down, starting up, or lost the connection (class 08). */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
/** node-postgres reports some connection losses by message only. */
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  // A client's own connect timeout (connectionTimeoutMillis on the client, ADR 145) destroys the socket with this.
  /^timeout expired$/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /the database system is (starting up|shutting down|in recovery mode)/,
];

function isConnectionFailure(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (SOCKET_CODES.has(code) || SQLSTATES.has(code))) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message));
}

/** True for a DatabaseUnavailableError (any copy of this module). */
export function isDatabaseUnavailable(error: unknown): error is DatabaseUnavailableError {
  return !!error && typeof error === "object" && (error as Record<symbol, unknown>)[BRAND] === true;
}

/**
 * The error as a DatabaseUnavailableError when it, or an error it wraps (`cause`, an
 * AggregateError's `errors`, a few levels deep), is a connection failure; otherwise null.
 */
export function asDatabaseUnavailable(error: unknown): DatabaseUnavailableError | null {
  if (isDatabaseUnavailable(error)) return error;
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length && seen.size < 10) {
    const next = queue.shift();
    if (!next || typeof next !== "object" || seen.has(next)) continue;
    seen.add(next);
    if (isDatabaseUnavailable(next) || isConnectionFailure(next)) return new DatabaseUnavailableError(error);
    queue.push((next as { cause?: unknown }).cause);
    if (next instanceof AggregateError) queue.push(...next.errors);
  }
  return null;
}

/** The operation with its failure passed through `asDatabaseUnavailable` (thrown or rejected alike). */
export function guardOperation(operation: (...args: unknown[]) => unknown, self?: unknown): (...args: unknown[]) => unknown {
  const rethrow = (error: unknown): never => {
    throw asDatabaseUnavailable(error) ?? error;
  };
  return (...args: unknown[]) => {
    let result: unknown;
    try {
      result = operation.apply(self, args);
    } catch (error) {
      return rethrow(error);
    }
    // Drizzle's query builders are thenables, not Promises: both are caught.
    return isThenable(result) ? Promise.resolve(result).catch(rethrow) : result;
  };
}

/**
 * The same object with every method's failure passed through `asDatabaseUnavailable`: a
 * connection failure rejects as DatabaseUnavailableError, any other error is untouched. The
 * engine, whose operations are grouped by area, is wrapped with `wrapOperations` and `guardOperation`.
 */
export function guardDatabaseFailures<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      return typeof value === "function" ? guardOperation(value as (...args: unknown[]) => unknown, object) : value;
    },
  });
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return !!value && (typeof value === "object" || typeof value === "function") && typeof (value as { then?: unknown }).then === "function";
}
