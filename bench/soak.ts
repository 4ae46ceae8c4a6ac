/**
 * `npm run bench:soak`: does the app's memory stay flat under a long mix of visitors (issue 25 item 3)?
 *
 *   npm run bench:soak                         # 10 minutes, embedded PGlite
 *   npm run bench:soak -- --minutes 3          # shorter
 *   npm run bench:soak -- --postgres           # on a private PostgreSQL cluster (scripts/pg-cluster.mjs)
 *   SOAK_DATABASE_URL=postgres://… npm run bench:soak   # an empty Postgres database (migrated by the run)
 *
 * Like `npm run bench:web`: uses the CMS of `npm start` when it answers on CMS_PORT (1337), else starts
 * one; builds the app if sources changed; starts the production build on BENCH_PORT (3310) with its
 * own engine data in a temporary folder, trusting X-Forwarded-For so each simulated visitor has an
 * address of its own (TRUST_FORWARDED_HOST=1). Then, for the whole run, SOAK_CONNECTIONS (8) loops:
 *
 *  - first visitors (3): the landing page, postcode search, and a look at a postcode no area covers
 *    (`?postcode=` from the landing form: refused, no draft, ADR 191), each from a new address;
 *  - booked visitors (3): 30 visitors with a booking (built at the start) going between postcode
 *    search and the device step with their session cookie;
 *  - bots (2): `?postcode=` of a covered postcode in a loop, one from a single address (refused with
 *    429 after its 30 drafts, ADR 192), one from a new address every time (the worst case: every
 *    request builds a draft the per-client limit cannot stop).
 *
 * Every SOAK_SAMPLE_SECONDS (5) it reads the app process's resident memory (VmRSS of /proc/<pid>);
 * after the warm-up (the first fifth of the run, at most 2 minutes) it reports the RSS then, the
 * highest, the last, the growth and a least-squares slope per minute, with the requests by outcome.
 */
import http from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { root } from "../scripts/lib/proc.mjs";
import { ensureAppBuilt } from "../scripts/lib/prepare.mjs";
import { benchCms, startBenchApp } from "./app";
import { startPgCluster } from "../scripts/pg-cluster.mjs";

const { values: args } = parseArgs({ options: { minutes: { type: "string" }, postgres: { type: "boolean" } }, allowPositionals: false });
const minutes = Number(args.minutes ?? process.env.SOAK_MINUTES ?? 10);
if (!Number.isFinite(minutes) || minutes <= 0) throw new Error("--minutes must be a positive number");
const carrier = process.env.BENCH_CARRIER ?? "patchpoint";
const appPort = Number(process.env.BENCH_PORT ?? 3310);
const metricsPort = appPort + 1;
const cmsPort = Number(process.env.CMS_PORT ?? 1337);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 8);
const sampleSeconds = Number(process.env.SOAK_SAMPLE_SECONDS ?? 5);
const buildDir = process.env.BENCH_BUILD_DIR ?? "build";
const host = `${carrier}.localhost:${appPort}`;
const origin = `http://127.0.0.1:${appPort}`;
const BOOKED_VISITORS = 30;
/** A well-formed UK postcode no test carrier covers (Lerwick). */
const UNCOVERED = process.env.SOAK_UNCOVERED_POSTCODE ?? "ZE10AA";

const agent = new http.Agent({ keepAlive: true, maxSockets: connections + 4 });

interface Answer {
  status: number;
  cookie: string | null;
  location: string | null;
}

/** One request as a browser without JavaScript sends it (fetch cannot set Host; Node does not resolve *.localhost). */
function get(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${pathname}`, { agent, headers: { host, "accept-encoding": "br, gzip", ...headers } }, (response) => {
      response.resume();
      response.on("end", () => {
        const cookie = response.headers["set-cookie"]?.map((value) => value.split(";")[0]!).find((value) => value.startsWith("__booking=")) ?? null;
        resolve({ status: response.statusCode ?? 0, cookie, location: response.headers.location ?? null });
      });
    });
    request.on("error", reject);
  });
}

let addressCounter = 0;
/** A new client address per call (TEST-NET and documentation ranges, then 10/8). */
function newAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function coveredPostcode(): string {
  const seed = JSON.parse(readFileSync(path.join(root, "tenants", carrier, "engine.json"), "utf8")) as { service_areas: { postcode_prefixes: string[] }[] };
  return (process.env.BENCH_POSTCODE ?? `${seed.service_areas[0]!.postcode_prefixes[0]!}1AA`).replace(/\s+/g, "");
}

/** The app's V8 heap in use and its memory outside the heap (ArrayBuffers, PGlite's WebAssembly memory), in MiB, from its /metrics. */
async function heapMiB(metricsPort: number): Promise<{ heap: number; external: number } | null> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? NaN) / 1024 / 1024;
    return { heap: value("nodejs_heap_size_used_bytes"), external: value("nodejs_external_memory_bytes") };
  } catch {
    return null;
  }
}

/** The process's resident memory in MiB (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const num = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return den ? num / den : 0;
}

type Kind = "first visitor" | "booked visitor" | "bot, one address" | "bot, new addresses";

async function main() {
  const cluster = args.postgres ? await startPgCluster({ log: (message: string) => console.log(message) }) : null;
  if (args.postgres && !cluster) throw new Error("--postgres: no PostgreSQL server binaries");
  const databaseUrl = cluster?.url ?? process.env.SOAK_DATABASE_URL;
  await ensureAppBuilt(buildDir);
  const content = await benchCms(cmsPort);
  const app = await startBenchApp({
    port: appPort,
    buildDir,
    cmsUrl: content.url,
    env: {
      METRICS_PORT: String(metricsPort),
      // Each simulated visitor's address comes in X-Forwarded-For, as behind the site's proxy.
      TRUST_FORWARDED_HOST: "1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  }).catch(async (error: unknown) => {
    await content.stop();
    await cluster?.stop();
    throw error;
  });
  const pid = app.child.pid!;
  const counts = new Map<string, number>();
  const count = (kind: Kind, status: number) => counts.set(`${kind} ${status}`, (counts.get(`${kind} ${status}`) ?? 0) + 1);
  try {
    const covered = coveredPostcode();
    // Probes: a covered postcode builds a booking (302 with the session), an uncovered one does not (400, no session).
    const probe = await get(`/booking/postcode-search?postcode=${covered}`, { "x-forwarded-for": newAddress() });
    if (probe.status !== 302 || !probe.cookie) throw new Error(`postcode ${covered} did not start a booking for ${carrier} (${probe.status})`);
    const look = await get(`/booking/postcode-search?postcode=${UNCOVERED}`, { "x-forwarded-for": newAddress() });
    // Refused on the page (400), or on the repair-type page for a carrier with an additional landing page (§5).
    const refusedOnPage = look.status === 400 || (look.status === 302 && look.location === "/booking/repair-type");
    if (!refusedOnPage || look.cookie)
      throw new Error(`postcode ${UNCOVERED} should be refused without a booking (${look.status} ${look.location ?? ""}, session: ${Boolean(look.cookie)})`);
    const cookies: string[] = [];
    for (let i = 0; i < BOOKED_VISITORS; i++) {
      const built = await get(`/booking/postcode-search?postcode=${covered}`, { "x-forwarded-for": newAddress() });
      if (!built.cookie) throw new Error(`booked visitor ${i} got no booking (${built.status})`);
      cookies.push(built.cookie);
    }
    const botAddress = newAddress();

    const kinds: Kind[] = ["first visitor", "booked visitor", "bot, one address", "bot, new addresses"];
    const plan: Kind[] = Array.from({ length: connections }, (_, i) => kinds[[0, 0, 0, 1, 1, 1, 2, 3][i % 8]!]!);
    const durationMs = minutes * 60_000;
    const warmUpMs = Math.min(durationMs / 5, 2 * 60_000);
    const started = Date.now();
    const until = started + durationMs;
    let step = 0;
    async function loop(kind: Kind) {
      while (Date.now() < until) {
        step += 1;
        let answer: Answer;
        if (kind === "first visitor") {
          const pages = ["/", "/booking/postcode-search", `/booking/postcode-search?postcode=${UNCOVERED}`];
          answer = await get(pages[step % pages.length]!, { "x-forwarded-for": newAddress() });
        } else if (kind === "booked visitor") {
          const pages = ["/booking/postcode-search", "/booking/device/make"];
          answer = await get(pages[step % pages.length]!, { cookie: cookies[step % cookies.length]!, "x-forwarded-for": `192.0.2.${step % cookies.length}` });
        } else {
          answer = await get(`/booking/postcode-search?postcode=${covered}`, { "x-forwarded-for": kind === "bot, one address" ? botAddress : newAddress() });
        }
        count(kind, answer.status);
      }
    }

    console.log(
      `\nSoak: ${minutes} min, ${connections} connections, ${carrier}, ${databaseUrl ? "PostgreSQL" : "embedded PGlite"}; RSS of the app process (pid ${pid}) every ${sampleSeconds} s\n`,
    );
    const samples: { x: number; y: number }[] = [];
    const heaps: { x: number; y: number }[] = [];
    const sampler = setInterval(async () => {
      const at = (Date.now() - started) / 60_000;
      const rss = rssMiB(pid);
      samples.push({ x: at, y: rss });
      const heap = await heapMiB(metricsPort);
      if (heap) heaps.push({ x: at, y: heap.heap });
      if (samples.length % Math.max(1, Math.round(30 / sampleSeconds)) === 0) {
        const detail = heap ? `  V8 heap used ${heap.heap.toFixed(0).padStart(4)} MiB  external ${heap.external.toFixed(0).padStart(4)} MiB` : "";
        console.log(`${at.toFixed(1).padStart(5)} min  RSS ${rss.toFixed(0).padStart(5)} MiB${detail}`);
      }
    }, sampleSeconds * 1000);
    samples.push({ x: 0, y: rssMiB(pid) });
    await Promise.all(plan.map((kind) => loop(kind)));
    clearInterval(sampler);
    samples.push({ x: (Date.now() - started) / 60_000, y: rssMiB(pid) });

    const after = samples.filter((sample) => sample.x * 60_000 >= warmUpMs);
    const atWarm = after[0]!.y;
    const last = samples[samples.length - 1]!.y;
    const highest = Math.max(...after.map((sample) => sample.y));
    console.log(`\nRSS at start ${samples[0]!.y.toFixed(0)} MiB; after the ${(warmUpMs / 60_000).toFixed(1)}-minute warm-up ${atWarm.toFixed(0)} MiB;`);
    console.log(`highest after it ${highest.toFixed(0)} MiB; at the end ${last.toFixed(0)} MiB; growth after warm-up ${(last - atWarm).toFixed(0)} MiB`);
    const heapAfter = heaps.filter((sample) => sample.x * 60_000 >= warmUpMs);
    console.log(`(slope after warm-up ${slope(after).toFixed(1)} MiB/min; of the V8 heap in use ${slope(heapAfter).toFixed(1)} MiB/min)\n`);
    console.log("requests by visitor and status:");
    for (const [key, value] of [...counts.entries()].sort()) console.log(`  ${key.padEnd(28)} ${value}`);
    const drafts = [...counts.entries()].filter(([key]) => key.startsWith("bot") && key.endsWith(" 302")).reduce((sum, [, value]) => sum + value, 0);
    console.log(`drafts the bots built: ${drafts} (+${BOOKED_VISITORS + 1} booked visitors)`);
  } finally {
    agent.destroy();
    await app.stop();
    await content.stop();
    await cluster?.stop();
  }
}

await main();
