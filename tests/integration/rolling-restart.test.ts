/**
 * A rolling restart under steady load loses no request (ADR 150, issue 22). Two app instances on one
 * Postgres behind a tiny round-robin proxy that behaves like the production Caddyfile: an active
 * health check on /readyz every 500 ms (an instance answering anything but 200 gets no new requests),
 * and a retry on another instance when a connection cannot be opened (a dial failure, nothing sent).
 * A request that fails after it was sent is NOT retried: it counts as failed. Each instance in turn
 * gets SIGTERM, must exit 0, and is started again; meanwhile four clients keep requesting pages of
 * two carriers. Every answer must be the one the page gave before the restarts.
 *
 * The real production suite does the same with Caddy; this proves the app's part: /readyz says the
 * replica is leaving while it still serves, and it closes no connection under a request.
 * Needs TEST_DATABASE_URL and CMS_URL (skipped without them).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../support/app";
import { runCommand as run } from "../support/child-process";

const root = fileURLToPath(new URL("../..", import.meta.url));
const baseUrl = process.env.TEST_DATABASE_URL;
const cmsUrl = process.env.CMS_URL;
const buildDir = process.env.APP_BUILD_DIR ?? (process.env.TEST_INSTANCE ? `build-test-${process.env.TEST_INSTANCE}` : "build");
// Two free ports in the test run's own block (scripts/test.mjs gives each TEST_INSTANCE ten; 7 and 8
// are content-invalidation-instances', 9 the metrics listener's).
const basePort = Number(process.env.APP_PORT ?? 3100);
const ports = [basePort + 5, basePort + 6];
const DRAIN_SECONDS = 2;
const CLIENTS = 4;
/** Two seeded carriers (tenants/), each page answered by both instances. */
const PAGES = ["gadgethub", "flickwerk"].flatMap((code) => ["/", "/faqs", "/healthz"].map((pathname) => ({ host: `${code}.localhost`, pathname })));

interface Answer {
  status: number;
  error?: string;
}

/** One request on `agent` (keep-alive: connections are reused, as a proxy and a browser reuse them). */
function request(port: number, host: string, pathname: string, agent: http.Agent, timeoutMs = 15_000): Promise<Answer> {
  return new Promise((resolve) => {
    const outgoing = http.request({ host: "127.0.0.1", port, path: pathname, agent, headers: { host } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
      response.on("error", (error) => resolve({ status: 0, error: error.message }));
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => resolve({ status: 0, error: error.code ?? error.message }));
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    outgoing.end();
  });
}

/**
 * The proxy: round robin over the instances whose last /readyz was 200; a dial failure marks the
 * instance down and the request goes to the next one, for up to 10 s (Caddy's lb_try_duration).
 */
async function roundRobinProxy(upstreams: number[]) {
  const ready = new Map(upstreams.map((port) => [port, false]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const stats = { requests: 0, dialRetries: 0, failed: 0, unready: new Map(upstreams.map((port) => [port, 0])) };
  let turn = 0;
  let polling = true;
  const poll = async () => {
    while (polling) {
      await Promise.all(
        upstreams.map(async (port) => {
          const answer = await request(port, "127.0.0.1", "/readyz", new http.Agent({ keepAlive: false }), 2_000);
          if (answer.status !== 200 && ready.get(port)) stats.unready.set(port, stats.unready.get(port)! + 1);
          ready.set(port, answer.status === 200);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const polled = poll();

  const pick = () => {
    for (let i = 0; i < upstreams.length; i++) {
      const port = upstreams[turn++ % upstreams.length]!;
      if (ready.get(port)) return port;
    }
    return null;
  };

  const server = http.createServer((incoming, outgoing) => {
    stats.requests += 1;
    const deadline = Date.now() + 10_000;
    const attempt = () => {
      const port = pick();
      if (port === null) {
        if (Date.now() < deadline) return void setTimeout(attempt, 100);
        stats.failed += 1;
        return void outgoing.writeHead(503).end("no upstream");
      }
      const upstream = http.request({ host: "127.0.0.1", port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent }, (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      });
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && Date.now() < deadline) {
          // Nothing was sent: safe to send elsewhere, whatever the method.
          ready.set(port, false);
          stats.dialRetries += 1;
          return attempt();
        }
        stats.failed += 1;
        if (!outgoing.headersSent) outgoing.writeHead(502).end(`upstream ${port}: ${error.code ?? error.message}`);
        else outgoing.destroy();
      });
      upstream.end();
    };
    incoming.resume();
    incoming.on("end", attempt);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stats,
    isReady: (port: number) => ready.get(port) === true,
    close: async () => {
      polling = false;
      await polled;
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const skipReason = !baseUrl ? "TEST_DATABASE_URL is not set (no PostgreSQL server binaries)" : !cmsUrl ? "CMS_URL is not set" : null;

if (skipReason) {
  describe("a rolling restart", () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
} else {
  describe("a rolling restart", () => {
    const databaseName = `rolling_it_${process.pid}_${Date.now().toString(36)}`;
    const url = new URL(baseUrl!);
    url.pathname = `/${databaseName}`;
    const work = mkdtempSync(path.join(tmpdir(), "repair-rolling-"));
    const instances: (ChildProcess | null)[] = [null, null];
    const output: string[] = ["", ""];
    let appEnv: NodeJS.ProcessEnv;

    async function admin(statement: string) {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    }

    function start(index: number) {
      const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: root, env: { ...appEnv, PORT: String(ports[index]) }, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout!.on("data", (chunk) => (output[index] += chunk));
      child.stderr!.on("data", (chunk) => (output[index] += chunk));
      instances[index] = child;
    }

    const readyDirect = (index: number) =>
      waitFor(async () => (await request(ports[index]!, "127.0.0.1", "/readyz", new http.Agent())).status === 200, { timeoutMs: 90_000, intervalMs: 250 });

    /** SIGTERM; resolves with the exit code and how long the instance took. */
    function terminate(index: number): Promise<{ code: number | null; signal: string | null; ms: number }> {
      const child = instances[index]!;
      const started = Date.now();
      return new Promise((resolve) => {
        child.once("exit", (code, signal) => resolve({ code, signal, ms: Date.now() - started }));
        child.kill("SIGTERM");
      });
    }

    beforeAll(async () => {
      await admin(`create database "${databaseName}"`);
      appEnv = {
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR: buildDir,
        HOST: "127.0.0.1",
        CMS_URL: cmsUrl,
        CMS_READ_TOKEN: process.env.CMS_READ_TOKEN,
        CMS_WEBHOOK_SECRET: process.env.CMS_WEBHOOK_SECRET,
        SESSION_SECRET: process.env.SESSION_SECRET,
        DATABASE_URL: url.toString(),
        UPLOADS_DIR: path.join(work, "uploads"),
        OUTBOX_DIR: path.join(work, "outbox"),
        METRICS_PORT: "off",
        SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      };
      await run("npx", ["tsx", path.join(root, "scripts", "sync-engine.ts")], appEnv);
      start(0);
      start(1);
      await readyDirect(0);
      await readyDirect(1);
    }, 300_000);

    afterAll(async () => {
      await Promise.all(
        instances.map((child) => {
          if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
          return new Promise<void>((resolve) => {
            const forced = setTimeout(() => child.kill("SIGKILL"), 15_000);
            child.once("exit", () => {
              clearTimeout(forced);
              resolve();
            });
            child.kill("SIGTERM");
          });
        }),
      );
      await admin(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
      rmSync(work, { recursive: true, force: true });
    });

    it("restarts both instances in turn under steady load with no failed request", async () => {
      const proxy = await roundRobinProxy(ports);
      try {
        await waitFor(async () => proxy.isReady(ports[0]!) && proxy.isReady(ports[1]!), { timeoutMs: 10_000 });
        // What each page answers before anything restarts (through the proxy: the same on both instances).
        const baseline = new Map<string, number>();
        for (const page of PAGES) {
          const answer = await request(proxy.port, `${page.host}:${proxy.port}`, page.pathname, new http.Agent());
          expect(answer.status, `${page.host}${page.pathname}`).toBeLessThan(500);
          baseline.set(`${page.host}${page.pathname}`, answer.status);
        }

        const load = { sent: 0, failures: [] as string[] };
        let running = true;
        const client = async (offset: number) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          for (let i = offset; running; i++) {
            const page = PAGES[i % PAGES.length]!;
            const answer = await request(proxy.port, `${page.host}:${proxy.port}`, page.pathname, agent);
            load.sent += 1;
            const expected = baseline.get(`${page.host}${page.pathname}`);
            if (answer.status !== expected) load.failures.push(`${page.host}${page.pathname}: ${answer.status}${answer.error ? ` ${answer.error}` : ""} (expected ${expected})`);
          }
          agent.destroy();
        };
        const clients = Array.from({ length: CLIENTS }, (_, index) => client(index * 2));

        const exits: { code: number | null; signal: string | null; ms: number }[] = [];
        const sentAt: number[] = [];
        for (const index of [0, 1]) {
          // Under load for a moment on both, then the restart of this one.
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          sentAt.push(load.sent);
          const stopped = terminate(index);
          // The drain: the proxy sees the instance leave while it still answers.
          await waitFor(async () => !proxy.isReady(ports[index]!), { timeoutMs: DRAIN_SECONDS * 1000 });
          exits.push(await stopped);
          start(index);
          await readyDirect(index);
          await waitFor(async () => proxy.isReady(ports[index]!), { timeoutMs: 5_000 });
        }
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        running = false;
        await Promise.all(clients);

        const summary = { requests: load.sent, failed: load.failures.length, proxyDialRetries: proxy.stats.dialRetries, proxyFailed: proxy.stats.failed, exits };
        console.log(`[rolling restart] ${JSON.stringify(summary)}`);
        expect(load.failures, `${load.failures.slice(0, 10).join("\n")}\n--- instance 1 ---\n${output[0]!.slice(-3000)}\n--- instance 2 ---\n${output[1]!.slice(-3000)}`).toEqual(
          [],
        );
        expect(proxy.stats.failed).toBe(0);
        // Each stopped cleanly, after its drain and well inside the 20 s grace period.
        for (const exit of exits) {
          expect(exit).toMatchObject({ code: 0, signal: null });
          expect(exit.ms).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
          expect(exit.ms).toBeLessThan(DRAIN_SECONDS * 1000 + 10_000);
        }
        // Load went on through both restarts.
        expect(load.sent - sentAt[1]!).toBeGreaterThan(20);
        expect(sentAt[1]! - sentAt[0]!).toBeGreaterThan(20);
      } finally {
        await proxy.close();
      }
    }, 300_000);
  });
}
