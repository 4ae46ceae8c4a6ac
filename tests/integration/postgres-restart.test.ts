/**
 * Postgres restarted under a trickle of requests (issue 22, ADR 145–147): while the server is down,
 * pages that need the engine's database answer 503 with the carrier's branded page and Retry-After,
 * JSON routes a 503 JSON body; pages that do not need it keep answering 200, and so does `/readyz`
 * (it reports the database without failing on it, so a proxy keeps routing to the replica); nothing
 * ever answers 500 or drops the connection, and the app process never exits. After the server is
 * back, everything answers 200 again by itself within 10 s, the content listener has listened again,
 * and the booking written before the restart is still there.
 *
 * Starts its OWN Postgres cluster (so stopping it touches nobody else) and its OWN app instance with
 * the production build, on the suite's CMS. Needs the PostgreSQL server binaries and CMS_URL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { findPgBin, startPgCluster } from "../../scripts/pg-cluster.mjs";
import { signWebhookBody } from "~/lib/webhook-signature.server";
import { waitFor } from "../support/app";
import { runCommand as run } from "../support/child-process";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cmsUrl = process.env.CMS_URL;
const buildDir = process.env.APP_BUILD_DIR ?? (process.env.TEST_INSTANCE ? `build-test-${process.env.TEST_INSTANCE}` : "build");
// A free port in the test run's own block (scripts/test.mjs gives each TEST_INSTANCE ten).
const port = Number(process.env.APP_PORT ?? 3100) + 5;
// An English and a German carrier: the 503 page speaks the page's language.
const CARRIERS = [
  { code: "patchpoint", name: "PatchPoint", primary: "#0f5c5a", postcode: "E1 6AN", unavailable: "Temporarily unavailable" },
  { code: "flickwerk", name: "Flickwerk", primary: "#2f5d3a", postcode: "10115", unavailable: "Vorübergehend nicht verfügbar" },
] as const;
type Carrier = (typeof CARRIERS)[number];
const STOPPED_MS = 5_000;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(carrier: Carrier, pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: pathname, method: options.method ?? "GET", headers: { host: `${carrier.code}.localhost:${port}`, ...options.headers }, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.setTimeout(15_000, () => request.destroy(new Error("no answer within 15 s")));
    request.end(options.body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Cluster {
  url: string;
  stop(): Promise<void>;
  stopServer(mode?: string): Promise<void>;
  startServer(): Promise<void>;
}

/** What the trickle asks, and whether the answer needs the engine's database. */
interface Probe {
  name: string;
  needsDatabase: boolean;
  /** What it answers when all is well: 200, or a redirect for a form sent. */
  okStatus?: number;
  ask(): Promise<Answer>;
}

interface Sample {
  probe: string;
  at: number;
  /** When the answer had arrived. */
  done: number;
  status: number | "dropped";
  ok: boolean;
  detail: string;
  answer?: Answer;
}

const skipReason = !cmsUrl ? "CMS_URL is not set" : !findPgBin() ? "no PostgreSQL server binaries" : null;

if (skipReason) {
  describe("Postgres restarted under load", () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
} else {
  describe("Postgres restarted under load", () => {
    const work = mkdtempSync(path.join(tmpdir(), "repair-pg-restart-"));
    let cluster: Cluster;
    let app: ChildProcess;
    let output = "";
    let exited: string | null = null;
    /** Each carrier's booking session (its cookie) and the booking's reference, made before the restart. */
    const sessions = new Map<string, { cookie: string; reference: string }>();

    async function bookingReferences(): Promise<string[]> {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        const references = [...sessions.values()].map((session) => session.reference);
        const result = await client.query<{ reference: string }>("select reference from bookings where reference = any($1) order by reference", [references]);
        return result.rows.map((row) => row.reference);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      cluster = (await startPgCluster({ log: () => undefined })) as Cluster;
      if (!cluster) throw new Error("the private Postgres cluster did not start");
      const appEnv: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR: buildDir,
        HOST: "127.0.0.1",
        PORT: String(port),
        METRICS_PORT: "",
        CMS_URL: cmsUrl,
        CMS_READ_TOKEN: process.env.CMS_READ_TOKEN,
        CMS_WEBHOOK_SECRET: process.env.CMS_WEBHOOK_SECRET,
        SESSION_SECRET: process.env.SESSION_SECRET,
        PREVIEW_SECRET: process.env.PREVIEW_SECRET,
        DATABASE_URL: cluster.url,
        UPLOADS_DIR: path.join(work, "uploads"),
        OUTBOX_DIR: path.join(work, "outbox"),
        SCHEDULER_POLL_SECONDS: "1",
      };
      await run("npx", ["tsx", path.join(root, "scripts", "sync-engine.ts")], appEnv);
      app = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: root, env: appEnv, stdio: ["ignore", "pipe", "pipe"] });
      app.stdout!.on("data", (chunk) => (output += chunk));
      app.stderr!.on("data", (chunk) => (output += chunk));
      app.on("exit", (code, signal) => (exited = `exited with ${code ?? signal}`));
      await waitFor(async () => (await send(CARRIERS[0], "/healthz").catch(() => ({ status: 0 }))).status === 200, { timeoutMs: 60_000, intervalMs: 250 });

      // A booking built before the restart (the postcode step builds it), and its session.
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        for (const carrier of CARRIERS) {
          const started = await send(carrier, "/booking/postcode-search", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${carrier.code}.localhost:${port}` },
            body: new URLSearchParams({ postcode: carrier.postcode }).toString(),
          });
          expect(started.status, carrier.code).toBeLessThan(400);
          const cookie = (started.headers["set-cookie"] ?? []).map((value) => value.split(";")[0]).join("; ");
          const rows = await client.query<{ reference: string }>("select reference from bookings where carrier_code = $1 order by id desc limit 1", [carrier.code]);
          expect(rows.rows[0]?.reference, carrier.code).toBeTruthy();
          sessions.set(carrier.code, { cookie, reference: rows.rows[0]!.reference });
        }
      } finally {
        await client.end();
      }
    }, 180_000);

    afterAll(async () => {
      if (app && app.exitCode === null && app.signalCode === null) {
        await new Promise<void>((resolve) => {
          const forced = setTimeout(() => app.kill("SIGKILL"), 10_000);
          app.once("exit", () => {
            clearTimeout(forced);
            resolve();
          });
          app.kill("SIGTERM");
        });
      }
      await cluster?.stop();
      rmSync(work, { recursive: true, force: true });
    });

    it("answers 503 with the carrier's page while Postgres is down, 200 again within 10 s after, and keeps the booking", async () => {
      // Where the test was, should it fail (a timeout names no line).
      let phase = "asking every probe once";
      const phaseStarted = Date.now();
      onTestFailed(() => console.log(`[postgres-restart] failed while ${phase} (${Date.now() - phaseStarted} ms in)\n--- app ---\n${output.slice(-3000)}`));
      const [english, german] = CARRIERS;
      const countPath = `/api/ops/bookings-count?carrier=${english.code}&dates=2030-01-02`;
      const step = (carrier: Carrier) => () => send(carrier, "/booking/device/make", { headers: { Cookie: sessions.get(carrier.code)!.cookie } });
      const probes: Probe[] = [
        { name: "postcode page", needsDatabase: false, ask: () => send(english, "/booking/postcode-search") },
        { name: `booking step (${english.code})`, needsDatabase: true, ask: step(english) },
        { name: `booking step (${german.code})`, needsDatabase: true, ask: step(german) },
        // A client-side navigation asks for the step's data alone (single fetch).
        { name: "booking step data", needsDatabase: true, ask: () => send(english, "/booking/device/make.data", { headers: { Cookie: sessions.get(english.code)!.cookie } }) },
        {
          name: "postcode sent",
          needsDatabase: true,
          okStatus: 302,
          ask: () =>
            send(english, "/booking/postcode-search", {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${english.code}.localhost:${port}` },
              body: new URLSearchParams({ postcode: english.postcode }).toString(),
            }),
        },
        {
          name: "bookings count (JSON)",
          needsDatabase: true,
          ask: () => send(english, countPath, { headers: { "X-Webhook-Signature": signWebhookBody(countPath, process.env.CMS_WEBHOOK_SECRET!) } }),
        },
        { name: "readyz", needsDatabase: false, ask: () => send(english, "/readyz") },
      ];
      const referencesBefore = await bookingReferences();
      expect(referencesBefore).toHaveLength(CARRIERS.length);
      // Every probe answers before the restart (the postcode sent with a redirect to the next step).
      for (const probe of probes) expect((await probe.ask()).status, probe.name).toBe(probe.okStatus ?? 200);

      const samples: Sample[] = [];
      let trickling = true;
      const trickle = (async () => {
        while (trickling) {
          await Promise.all(
            probes.map(async (probe) => {
              const at = Date.now();
              try {
                const answer = await probe.ask();
                samples.push({
                  probe: probe.name,
                  at,
                  done: Date.now(),
                  status: answer.status,
                  ok: answer.status === (probe.okStatus ?? 200),
                  detail: `${answer.status} in ${Date.now() - at} ms`,
                  answer,
                });
              } catch (error) {
                samples.push({ probe: probe.name, at, done: Date.now(), status: "dropped", ok: false, detail: String(error) });
              }
            }),
          );
          await sleep(200);
        }
      })();

      phase = "trickling before the stop";
      await sleep(1_000);
      phase = "stopping Postgres";
      const stopping = Date.now();
      await cluster.stopServer("fast");
      const stopped = Date.now();
      phase = "trickling while Postgres is stopped";
      await sleep(STOPPED_MS);
      phase = "starting Postgres";
      const starting = Date.now();
      await cluster.startServer();
      const back = Date.now();
      phase = "waiting for every probe to answer as usual";
      // Recovered: from some moment on, every probe answers as usual (asked at least twice each); the
      // moment is when the last probe's first good answer after its last bad one arrived.
      const recovered = await waitFor(
        async () => {
          const after = samples.filter((sample) => sample.at >= back);
          const lastBad = Math.max(back, ...after.filter((sample) => !sample.ok).map((sample) => sample.at));
          const goodSince = after.filter((sample) => sample.at > lastBad);
          if (!probes.every((probe) => goodSince.filter((sample) => sample.probe === probe.name).length >= 2)) return null;
          const lastBadOf = (name: string) => Math.max(back, ...samples.filter((sample) => sample.probe === name && !sample.ok).map((sample) => sample.done));
          return Math.max(
            ...probes.map((probe) =>
              Math.min(...samples.filter((sample) => sample.probe === probe.name && sample.ok && sample.at >= lastBadOf(probe.name)).map((sample) => sample.done)),
            ),
          );
        },
        { timeoutMs: 20_000, intervalMs: 200 },
      ).catch(() => null);
      trickling = false;
      phase = "finishing the trickle";
      await trickle;
      phase = "checking the answers";

      const recoverySeconds = recovered === null ? Infinity : (recovered - back) / 1000;
      const during = samples.filter((sample) => sample.at >= stopping + 500 && sample.at < back);
      const summary = probes.map((probe) => {
        const mine = samples.filter((sample) => sample.probe === probe.name);
        const counts = new Map<string, number>();
        for (const sample of mine) counts.set(String(sample.status), (counts.get(String(sample.status)) ?? 0) + 1);
        return `${probe.name}: ${[...counts].map(([status, count]) => `${count}× ${status}`).join(", ")}`;
      });
      console.log(
        `[postgres-restart] ${samples.length} requests; stop took ${stopped - stopping} ms, stopped ${STOPPED_MS / 1000} s, start took ${back - starting} ms; recovered ${recoverySeconds.toFixed(1)} s after the start\n  ${summary.join("\n  ")}`,
      );
      const explain = `\n${samples
        .filter((sample) => !sample.ok)
        .map((sample) => `${sample.at - stopping} ms ${sample.probe}: ${sample.detail}`)
        .slice(0, 40)
        .join("\n")}\n--- app ---\n${output.slice(-4000)}`;

      // Only the usual answer or 503: never a 500, never a dropped connection.
      expect(
        samples.filter((sample) => !sample.ok && sample.status !== 503).map((sample) => `${sample.probe}: ${sample.detail}`),
        explain,
      ).toEqual([]);
      // While the server is down, what needs the database answers 503; what does not, 200.
      for (const probe of probes) {
        const mine = during.filter((sample) => sample.probe === probe.name);
        expect(mine.length, probe.name).toBeGreaterThan(0);
        if (probe.needsDatabase)
          expect(
            mine.some((sample) => sample.status === 503),
            `${probe.name}${explain}`,
          ).toBe(true);
        else
          expect(
            mine.every((sample) => sample.ok),
            `${probe.name}${explain}`,
          ).toBe(true);
      }
      // A 503 page is the carrier's branded page, in the page's language, and says when to come back.
      for (const carrier of CARRIERS) {
        const page = during.find((sample) => sample.probe === `booking step (${carrier.code})` && sample.status === 503)!.answer!;
        expect(page.headers["retry-after"], carrier.code).toMatch(/^\d+$/);
        expect(page.headers["cache-control"], carrier.code).toBe("no-store");
        expect(page.headers["content-type"], carrier.code).toMatch(/text\/html/);
        expect(page.body, carrier.code).toContain('data-testid="error-503"');
        // The carrier's frame: its colours and its name in the header.
        expect(page.body, carrier.code).toContain(`--carrier-primary:${carrier.primary}`);
        expect(page.body, carrier.code).toContain(carrier.name);
        expect(page.body, carrier.code).toContain(carrier.unavailable);
      }
      const data = during.find((sample) => sample.probe === "booking step data" && sample.status === 503)!.answer!;
      expect(data.headers["retry-after"]).toMatch(/^\d+$/);
      const json = during.find((sample) => sample.probe === "bookings count (JSON)" && sample.status === 503)!.answer!;
      expect(json.headers["retry-after"]).toMatch(/^\d+$/);
      expect(JSON.parse(json.body)).toEqual({ error: "database-unavailable" });
      // Ready all along (every replica shares the database: none would be left to show the 503 page),
      // saying the database is away.
      const ready = during.filter((sample) => sample.probe === "readyz").map((sample) => JSON.parse(sample.answer!.body) as { ready: boolean; database: string });
      expect(ready.every((body) => body.ready)).toBe(true);
      expect(ready.some((body) => body.database === "unavailable")).toBe(true);

      expect(recoverySeconds, explain).toBeLessThan(10);
      expect(exited).toBeNull();
      expect(await bookingReferences()).toEqual(referencesBefore);

      phase = "waiting for the scheduler's pass";
      // The scheduler's next pass after the restart works: the hold purge made due now is run and re-armed.
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      try {
        await admin.query("update scheduled_jobs set run_at = now() - interval '1 second' where dedupe_key = 'purge_holds'");
        await waitFor(
          async () => {
            const rows = await admin.query<{ later: boolean }>("select run_at > now() as later from scheduled_jobs where dedupe_key = 'purge_holds' and state = 'pending'");
            return rows.rows[0]?.later === true;
          },
          { timeoutMs: 10_000, intervalMs: 250 },
        );
      } finally {
        await admin.end();
      }

      phase = "waiting for the content listener";
      // The content listener connected and listened again (ADR 059): it says so when it catches up.
      await waitFor(async () => output.includes("reconnected; dropping every cached carrier"), { timeoutMs: 10_000, intervalMs: 200 });
      // A notification published after the restart reaches the listener's new connection.
      const notifier = new pg.Client({ connectionString: cluster.url });
      await notifier.connect();
      try {
        await notifier.query("select pg_notify('content_invalidation', $1)", ["not a valid message"]);
      } finally {
        await notifier.end();
      }
      await waitFor(async () => output.includes("ignored a malformed notification: not a valid message"), { timeoutMs: 5_000, intervalMs: 100 });
    }, 90_000);
  });
}
