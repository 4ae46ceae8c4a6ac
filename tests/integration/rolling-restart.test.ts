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
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../support/app";
import { instancePorts, instancesSkipReason as skipReason, prepareAppInstances, type AppInstances } from "../support/app-instances";

// Two free ports in the test run's own block (scripts/test.mjs gives each TEST_INSTANCE ten; 7 and 8
// are content-invalidation-instances', 9 the metrics listener's).
const ports = instancePorts(5, 6);
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

if (skipReason) {
  describe("a rolling restart", () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
} else {
  describe("a rolling restart", () => {
    let instances: AppInstances;

    const readyDirect = (index: number) => instances.ready(index, "/readyz");

    /** SIGTERM; resolves with the exit code and how long the instance took. */
    function terminate(index: number): Promise<{ code: number | null; signal: string | null; ms: number }> {
      const child = instances.instance(index)!;
      const started = Date.now();
      return new Promise((resolve) => {
        child.once("exit", (code, signal) => resolve({ code, signal, ms: Date.now() - started }));
        child.kill("SIGTERM");
      });
    }

    beforeAll(async () => {
      instances = await prepareAppInstances("rolling_it", ports, { METRICS_PORT: "off", SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) });
      await instances.startAll("/readyz");
    }, 300_000);

    afterAll(async () => {
      await instances?.close();
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
          instances.start(index);
          await readyDirect(index);
          await waitFor(async () => proxy.isReady(ports[index]!), { timeoutMs: 5_000 });
        }
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        running = false;
        await Promise.all(clients);

        const summary = { requests: load.sent, failed: load.failures.length, proxyDialRetries: proxy.stats.dialRetries, proxyFailed: proxy.stats.failed, exits };
        console.log(`[rolling restart] ${JSON.stringify(summary)}`);
        expect(load.failures, `${load.failures.slice(0, 10).join("\n")}\n${instances.tails()}`).toEqual([]);
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
