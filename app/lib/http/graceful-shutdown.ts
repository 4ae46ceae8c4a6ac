import type { Server } from "node:http";

export interface ShutdownOptions {
  /** The public listener first; every server stops accepting at once. */
  servers: Server[];
  /** Read at shutdown: what closes after the last request (the engine: its scheduler pass, then the database). */
  closers: () => (() => Promise<void>)[];
  /** After this long the process exits with 1 whatever is still running (the orchestrator's kill comes later). */
  timeoutMs: number;
  exit: (code: number) => void;
  log: { info(message: string): void; warn(details: object, message: string): void };
}

/**
 * SIGTERM on a replica (ADR 103): stop accepting, let the requests in flight finish (keep-alive
 * connections are closed as each answer goes out, so a proxy retries elsewhere), then run the closers,
 * whose engine close waits for the scheduler's pass in flight before the database goes (ADR 091).
 * Returns the handler; a second signal while stopping does nothing.
 */
export function gracefulShutdown({ servers, closers, timeoutMs, exit, log }: ShutdownOptions): (signal: string) => Promise<void> {
  let stopping = false;
  return async (signal) => {
    if (stopping) return;
    stopping = true;
    log.info(`[app] ${signal}: closing`);
    const forced = setTimeout(() => {
      log.warn({ timeoutMs }, "[app] shutdown took too long; exiting");
      exit(1);
    }, timeoutMs);
    forced.unref();
    // A connection kept alive after its answer would hold close() until the keep-alive timeout.
    const sweep = setInterval(() => servers.forEach((server) => server.closeIdleConnections()), 100);
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            // A request that still arrives on an open connection is answered, and the connection then closed.
            server.prependListener("request", (_request, response) => response.setHeader("Connection", "close"));
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
