/**
 * `npm run bench:web`: how fast the web app serves a tenant's pages, next to the same bytes as a
 * static file from the same server, and what the pages weigh (issue 12).
 *
 * Uses the CMS of `npm start` when it answers on CMS_PORT (1337), with that folder's development
 * secrets (DATA_DIR, default data/); otherwise starts one from the same folder, as `npm start` does,
 * and stops it at the end. Builds the app if sources changed, then starts the production build
 * (`server.ts`, NODE_ENV=production) on BENCH_PORT with its own engine database in a temporary folder.
 *
 * Prints, in one run:
 *  1. requests/s and p50/p95 latency at BENCH_CONNECTIONS (20) for BENCH_SECONDS (10) each, for the
 *     landing page, an FAQ page and /booking/postcode-search of BENCH_CARRIER (patchpoint), each
 *     next to its own bytes written as a static file under the build's client folder (precompressed
 *     like every asset) and served by the same server; every request says `Accept-Encoding: br, gzip`
 *     and sends no cookie (a first visitor); then every booking step before payment (postcode search,
 *     device make and model, basket, repair date, details, checkout) for a visitor WITH a booking (one
 *     phone, a day, their details: built over HTTP as a browser without JavaScript builds it, so every
 *     step is reachable and rendered for them), each next to its own bytes as a static file — on the
 *     embedded database, and again on PostgreSQL when BENCH_DATABASE_URL names an empty database or
 *     the machine has PostgreSQL's server binaries (a private cluster, scripts/pg-cluster.mjs;
 *     BENCH_POSTGRES=0 skips it). BENCH_FIRST_VISITOR=0 skips the first-visitor rows,
 *     BENCH_STEPS=basket,checkout measures only those booked steps, BENCH_STATIC=0 leaves out their
 *     static copies (for a CPU profile of the pages alone); each booked step also one request at a time;
 *  2. the gzipped JavaScript and translation files each of those pages and the basket, repair-date
 *     and payment steps load (`bench/js-weight.ts`, routes matched from the server build);
 *  3. Lighthouse mobile performance and accessibility for landing, postcode search and basket, with
 *     Debian's Chromium (CHROME_PATH, default /usr/bin/chromium); BENCH_LIGHTHOUSE=0 skips them.
 */
import http from "node:http";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import { kB, urlWeight } from "./js-weight";
import { measure, type Load } from "./load";
import { root } from "../scripts/lib/proc.mjs";
import { ensureAppBuilt } from "../scripts/lib/prepare.mjs";
import { benchCms, startBenchApp, type BenchApp } from "./app";
import { chooseRepairDate, createHttpCustomer, deviceIntoBasket, fillDetails, coveredPostcodeOf, bookingInput } from "../tests/support/http-customer";
import { startPgCluster } from "../scripts/pg-cluster.mjs";

const carrier = process.env.BENCH_CARRIER ?? "patchpoint";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const appPort = Number(process.env.BENCH_PORT ?? 3300);
const cmsPort = Number(process.env.CMS_PORT ?? 1337);
const buildDir = process.env.BENCH_BUILD_DIR ?? "build";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const host = `${carrier}.localhost:${appPort}`;
const origin = `http://127.0.0.1:${appPort}`;
const firstVisitor = process.env.BENCH_FIRST_VISITOR !== "0";
/** BENCH_STATIC=0: the booked steps without their static copies (a CPU profile of the pages alone). */
const withStatic = process.env.BENCH_STATIC !== "0";
/** BENCH_STEPS=basket,checkout: only those booked steps (names as printed). */
const onlySteps = process.env.BENCH_STEPS?.split(",").map((name) => name.trim());

const PAGES = [
  { name: "landing", path: "/" },
  { name: "FAQ", path: "/faqs" },
  { name: "postcode search", path: "/booking/postcode-search" },
];
/** Every booking step before payment has the 120 kB goal (issue 12); payment loads its drop-in later, on its own. */
const WEIGHED = [
  ...PAGES,
  { name: "address search", path: "/booking/address-search" },
  { name: "device make", path: "/booking/device/make" },
  { name: "device model", path: "/booking/device/model" },
  { name: "basket", path: "/booking/basket" },
  { name: "repair date", path: "/booking/repair-date" },
  { name: "details", path: "/booking/details" },
  { name: "checkout", path: "/booking/checkout" },
  { name: "payment", path: "/booking/payment" },
];
const LIGHTHOUSE_PAGES = [PAGES[0]!, PAGES[2]!, WEIGHED.find((page) => page.name === "basket")!];

/** One autocannon run of a page as a first visitor (or the cookie's) asks for it. */
function load(pathname: string, cookie?: string): Promise<Load> {
  return measure({ url: `${origin}${pathname}`, connections, duration: seconds, headers: { host, "accept-encoding": "br, gzip", ...(cookie ? { cookie } : {}) } });
}

async function lighthouse(url: string): Promise<{ performance: number; accessibility: number }> {
  const [{ default: run }, chromeLauncher] = await Promise.all([import("lighthouse"), import("chrome-launcher")]);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const result = await run(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
    const categories = result?.lhr.categories;
    return { performance: Math.round((categories?.performance?.score ?? 0) * 100), accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100) };
  } finally {
    await chrome.kill();
  }
}

/** The page's HTML as a first visitor (or the cookie's) gets it; fetch cannot set Host, Node does not resolve *.localhost. */
function getPage(pathname: string, cookie?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${pathname}`, { headers: { host, ...(cookie ? { cookie } : {}) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => (response.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${pathname} answered ${response.statusCode} for ${carrier}`))));
    });
    request.on("error", reject);
  });
}

/** Every booking step before payment, as a visitor with a booking (one phone, a day, their details) opens it; the model list of the phone's make. */
const BOOKED_STEPS = ["postcode search", "device make", "device model", "basket", "repair date", "details", "checkout"].map((name) => {
  const page = WEIGHED.find((candidate) => candidate.name === name)!;
  return name === "device model" ? { ...page, path: `${page.path}?make=2&kind=phone` } : page;
});

/**
 * A visitor with a booking up to checkout, built over HTTP as a browser without JavaScript builds it
 * (tests/support/http-customer.ts: postcode, one phone with a screen repair, the first free day,
 * the details); answers its cookie header.
 */
async function bookedVisitor(): Promise<string> {
  const seed = JSON.parse(readFileSync(path.join(root, "tenants", carrier, "carrier.json"), "utf8")) as { countryCode: string };
  const customer = createHttpCustomer({ origin: `http://${host}`, carrier: { code: carrier, countryCode: seed.countryCode }, connectTo: "127.0.0.1" });
  try {
    const input = bookingInput.parse({ email: "bench@example.com" });
    await deviceIntoBasket(customer, { postcode: process.env.BENCH_POSTCODE ?? coveredPostcodeOf(customer.carrier), model: input.model, make: input.make });
    const { page } = await chooseRepairDate(customer);
    await fillDetails(customer, page, input);
    return [...customer.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  } finally {
    await customer.close();
  }
}

/** A static copy of `bytes` (with .gz and .br, as the build writes every asset); its URL path. */
function writeStatic(staticDir: string, name: string, bytes: Buffer): string {
  const file = `${name.replace(/\W+/g, "-")}.html`;
  writeFileSync(path.join(staticDir, file), bytes);
  writeFileSync(path.join(staticDir, `${file}.gz`), gzipSync(bytes, { level: 9 }));
  writeFileSync(path.join(staticDir, `${file}.br`), brotliCompressSync(bytes));
  return `/bench-static/${file}`;
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

type Row = (label: string, figures: Load, ratio?: string) => void;

/**
 * Every booking step before payment for one visitor with a booking, each after a short warm-up and
 * next to the same bytes as a static file (the step's page as that visitor got it).
 */
async function bookedSteps(database: string, staticDir: string, row: Row) {
  const cookie = await bookedVisitor();
  console.log(`\nVisitor with a booking (one phone, a day, their details), ${database}:`);
  for (const step of BOOKED_STEPS.filter((candidate) => !onlySteps || onlySteps.includes(candidate.name))) {
    const bytes = await getPage(step.path, cookie);
    const statics = writeStatic(staticDir, `booked ${step.name}`, bytes);
    const headers = { host, "accept-encoding": "br, gzip", cookie };
    await measure({ url: `${origin}${step.path}`, connections, duration: Math.min(seconds, 3), headers });
    // One request at a time: what a page costs the server, without the queue of 20 connections.
    const alone = await measure({ url: `${origin}${step.path}`, connections: 1, duration: Math.min(seconds, 3), headers });
    const dynamic = await load(step.path, cookie);
    if (!withStatic) {
      row(`${step.name} ${step.path}`, dynamic, `alone ${alone.p50.toFixed(1)} ms`);
      continue;
    }
    const copy = await load(statics);
    row(`${step.name} ${step.path}`, dynamic, `${(dynamic.rps / copy.rps).toFixed(2)}×`);
    row(`  same ${(bytes.length / 1024).toFixed(0)} kB as a static file`, copy);
    row(`  one request at a time`, alone);
  }
}

/** The booked steps again with the app on PostgreSQL: BENCH_DATABASE_URL (an empty database), else a private cluster when the machine has the binaries. */
async function onPostgres(cmsUrl: string, staticDir: string, row: Row) {
  if (process.env.BENCH_POSTGRES === "0") return;
  const cluster = process.env.BENCH_DATABASE_URL ? null : await startPgCluster({ log: (message: string) => console.log(message) });
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? cluster?.url;
  if (!databaseUrl) return;
  try {
    const app = await startBenchApp({ port: appPort, buildDir, cmsUrl, env: { DATABASE_URL: databaseUrl } });
    try {
      await bookedSteps("PostgreSQL", staticDir, row);
    } finally {
      await app.stop();
    }
  } finally {
    await cluster?.stop();
  }
}

async function main() {
  await ensureAppBuilt(buildDir);
  const content = await benchCms(cmsPort);
  const staticDir = path.join(root, buildDir, "client", "bench-static");
  let app: BenchApp | undefined = await startBenchApp({ port: appPort, buildDir, cmsUrl: content.url }).catch(async (error: unknown) => {
    await content.stop();
    throw error;
  });
  try {
    console.log(`\n1. Throughput at ${connections} connections, ${seconds} s each, ${carrier} (Accept-Encoding: br, gzip)\n`);
    console.log(`${"page".padEnd(34)}${pad("req/s", 9)}${pad("p50 ms", 9)}${pad("p95 ms", 9)}${pad("errors", 8)}${pad("× static", 10)}`);
    mkdirSync(staticDir, { recursive: true });
    const row = (label: string, figures: Load, ratio = "") =>
      console.log(
        `${label.padEnd(34)}${pad(figures.rps.toFixed(0), 9)}${pad(figures.p50.toFixed(1), 9)}${pad(figures.p95.toFixed(1), 9)}${pad(figures.errors, 8)}${pad(ratio, 10)}`,
      );
    if (firstVisitor) {
      for (const page of PAGES) {
        const bytes = await getPage(page.path);
        const statics = writeStatic(staticDir, page.name, bytes);
        await load(page.path);
        const dynamic = await load(page.path);
        const copy = await load(statics);
        row(`${page.name} ${page.path}`, dynamic, `${(dynamic.rps / copy.rps).toFixed(2)}×`);
        row(`  same ${(bytes.length / 1024).toFixed(0)} kB as a static file`, copy);
      }
    }
    await bookedSteps("embedded database (PGlite)", staticDir, row);
    await app.stop();
    app = undefined;
    await onPostgres(content.url, staticDir, row);
    console.log(`\n2. JavaScript and translations a first visit loads (gzipped, English)\n`);
    const build = (await import(pathToFileURL(path.join(root, buildDir, "server", "index.js")).href)) as ServerBuild;
    console.log(`${"page".padEnd(34)}${pad("scripts", 10)}${pad("texts", 10)}${pad("total", 10)}`);
    for (const page of WEIGHED) {
      const weight = urlWeight(build, path.join(root, buildDir), page.path, "en");
      console.log(
        `${`${page.name} ${page.path}`.padEnd(34)}${pad(kB(weight.scriptBytes), 10)}${pad(kB(weight.translationBytes), 10)}${pad(kB(weight.scriptBytes + weight.translationBytes), 10)}`,
      );
    }

    console.log(`\n3. Lighthouse, mobile (performance / accessibility)\n`);
    if (process.env.BENCH_LIGHTHOUSE === "0") console.log("skipped (BENCH_LIGHTHOUSE=0)");
    else {
      for (const page of LIGHTHOUSE_PAGES) {
        const url = `http://${host}${page.path}`;
        try {
          const scores = await lighthouse(url);
          console.log(`${`${page.name} ${page.path}`.padEnd(34)}${pad(scores.performance, 5)} / ${scores.accessibility}`);
        } catch (error) {
          console.log(`${`${page.name} ${page.path}`.padEnd(34)} not measured: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
  } finally {
    rmSync(staticDir, { recursive: true, force: true });
    await app?.stop();
    await content.stop();
  }
}

await main();
