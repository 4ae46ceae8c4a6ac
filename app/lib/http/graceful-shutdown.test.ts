import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDrainState, gracefulShutdown } from "./graceful-shutdown";

const log = { info: vi.fn(), warn: vi.fn() };
let servers: Server[] = [];

/** A server whose /slow answer waits until the test releases it. */
async function serverWithSlowRequest() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server = createServer((request, response) => {
    if (request.url === "/slow") {
      arrived();
      void released.then(() => response.end("done"));
    } else response.end("ok");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, release, slowArrived };
}

/** A GET on a kept-alive connection, as a proxy sends it. */
const get = (port: number, path: string) =>
  new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { Connection: "keep-alive" } }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body, connection: response.headers.connection }));
    });
    req.on("error", reject);
    req.end();
  });

afterEach(() => {
  for (const server of servers) server.close();
  servers = [];
  vi.clearAllMocks();
});

/** A GET on a fresh connection that answers ECONNREFUSED instead of throwing. */
const attempt = (port: number, path: string) => get(port, path).catch((error: NodeJS.ErrnoException) => ({ status: 0, body: error.code ?? "", connection: undefined }));

describe("graceful shutdown of a replica on SIGTERM", () => {
  it("drains first: says it is leaving and keeps serving for the drain, then stops accepting and exits 0", async () => {
    const { server, port } = await serverWithSlowRequest();
    const drain = createDrainState();
    const exit = vi.fn();
    const started = Date.now();
    const stopped = gracefulShutdown({ servers: [server], closers: () => [], drainMs: 400, drain, timeoutMs: 5_000, exit, log })("SIGTERM");

    expect(drain.draining).toBe(true);
    // Served as usual during the drain, each answer closing its connection so none is left idle at the end.
    const during = await get(port, "/");
    expect(during).toMatchObject({ status: 200, body: "ok", connection: "close" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await get(port, "/")).toMatchObject({ status: 200, body: "ok" });
    expect(exit).not.toHaveBeenCalled();

    await stopped;
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(await attempt(port, "/")).toMatchObject({ status: 0, body: "ECONNREFUSED" });
    expect(exit).toHaveBeenCalledWith(0);
  });

  it("finishes a request that arrived during the drain and is still running when the listener closes", async () => {
    const { server, port, release, slowArrived } = await serverWithSlowRequest();
    const exit = vi.fn();
    const stopped = gracefulShutdown({ servers: [server], closers: () => [], drainMs: 100, drain: createDrainState(), timeoutMs: 5_000, exit, log })("SIGTERM");
    const inFlight = get(port, "/slow");
    await slowArrived;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await attempt(port, "/")).toMatchObject({ body: "ECONNREFUSED" });
    expect(exit).not.toHaveBeenCalled();
    release();
    expect(await inFlight).toMatchObject({ status: 200, body: "done" });
    await stopped;
    expect(exit).toHaveBeenCalledWith(0);
  });

  it("counts the drain in the time allowed: a drain the timeout cannot cover exits 1", async () => {
    const { server } = await serverWithSlowRequest();
    const exit = vi.fn();
    void gracefulShutdown({ servers: [server], closers: () => [], drainMs: 500, drain: createDrainState(), timeoutMs: 150, exit, log })("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(exit).toHaveBeenCalledWith(1);
  });

  it("stops taking connections, finishes the request in flight, then closes the engine, then exits 0", async () => {
    const { server, port, release, slowArrived } = await serverWithSlowRequest();
    const order: string[] = [];
    const exit = vi.fn((code: number) => void order.push(`exit ${code}`));
    const engineClose = vi.fn(async () => void order.push("engine closed"));
    const shutdown = gracefulShutdown({ servers: [server], closers: () => [engineClose], timeoutMs: 5_000, exit, log, drainMs: 0, drain: createDrainState() });

    const inFlight = get(port, "/slow");
    await slowArrived;
    const stopped = shutdown("SIGTERM");
    await expect(get(port, "/")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(engineClose).not.toHaveBeenCalled();

    release();
    expect(await inFlight).toMatchObject({ status: 200, body: "done" });
    await stopped;
    expect(order).toEqual(["engine closed", "exit 0"]);
  });

  it("waits for the closers (the scheduler's pass in flight) before it exits", async () => {
    const { server } = await serverWithSlowRequest();
    let finishPass!: () => void;
    const pass = new Promise<void>((resolve) => (finishPass = resolve));
    const exit = vi.fn();
    const stopped = gracefulShutdown({ servers: [server], closers: () => [() => pass], timeoutMs: 5_000, exit, log, drainMs: 0, drain: createDrainState() })("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exit).not.toHaveBeenCalled();
    finishPass();
    await stopped;
    expect(exit).toHaveBeenCalledWith(0);
  });

  it("exits 1 when the requests in flight outlast the time allowed, and ignores a second signal", async () => {
    const { server, port, release, slowArrived } = await serverWithSlowRequest();
    const exit = vi.fn();
    const shutdown = gracefulShutdown({ servers: [server], closers: () => [], timeoutMs: 200, exit, log, drainMs: 0, drain: createDrainState() });
    const inFlight = get(port, "/slow");
    await slowArrived;
    void shutdown("SIGTERM");
    void shutdown("SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(exit).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(1);
    release();
    await inFlight;
  });
});
