import type { Server } from "node:http";

/**
 * Whether this replica is leaving (ADR 150): set by the shutdown as its first step, read by the
 * readiness answer.
 */
export interface DrainState {
  readonly draining: boolean;
  begin(): void;
}

export function createDrainState(): DrainState {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}

/** The process's drain state. */
let processDrain: DrainState | undefined;
export function drainState(): DrainState {
  return (processDrain ??= createDrainState());
}

export interface ShutdownOptions {
  /** The public listener first; every server stops accepting at once when the drain ends. */
  servers: Server[];
  /** Read at shutdown: what closes after the last request (the engine: its scheduler pass, then the database). */
  closers: () => (() => Promise<void>)[];
  /**
   * How long the replica keeps serving after the signal while /readyz answers 503 (ADR 150): the
   * proxy's health check sees it leave and stops routing to it before the listener closes.
   */
  drainMs: number;
  drain: DrainState;
  /** After this long (from the signal) the process exits with 1 whatever is still running; must exceed drainMs. */
  timeoutMs: number;
  exit: (code: number) => void;
  log: { info(message: string): void; warn(details: object, message: string): void };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM on a replica (ADRs 103, 150): first the drain, /readyz answering 503 while every request
 * is still served (each answer closes its connection, so no kept-alive socket is left for the end);
 * then stop accepting, let the requests in flight finish, close the idle connections, run the
 * closers, whose engine close waits for the scheduler's pass in flight before the database goes
 * (ADR 091), and exit 0. Returns the handler; a second signal while stopping does nothing.
 */
export function gracefulShutdown({ servers, closers, drainMs, drain, timeoutMs, exit, log }: ShutdownOptions): (signal: string) => Promise<void> {
  let stopping = false;
  return async (signal) => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => {
      log.warn({ timeoutMs }, "[app] shutdown took too long; exiting");
      exit(1);
    }, timeoutMs);
    forced.unref();
    drain.begin();
    // From now on every answer closes its connection: a proxy opens a fresh one for its next request
    // (to whichever replica its health checks still trust), and none sits idle when the listener closes.
    for (const server of servers) server.prependListener("request", (_request, response) => response.setHeader("Connection", "close"));
    if (drainMs > 0) {
      // Idle kept-alive connections stay open: closing one now could race a request the proxy is sending on it.
      log.info(`[app] ${signal}: draining for ${drainMs} ms (readiness 503)`);
      await pause(drainMs);
    }
    log.info(`[app] ${signal}: closing`);
    // A connection kept alive after its answer would hold close() until the keep-alive timeout.
    const sweep = setInterval(() => servers.forEach((server) => server.closeIdleConnections()), 100);
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
          }),
      ),
    );
    clearInterval(sweep);
    const results = await Promise.allSettled(closers().map((close) => close()));
    for (const result of results) if (result.status === "rejected") log.warn({ err: result.reason }, "[app] a closer failed during shutdown");
    clearTimeout(forced);
    exit(0);
  };
}
