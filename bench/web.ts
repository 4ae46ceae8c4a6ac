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
 *     and sends no cookie (a first visitor); then postcode search once more for a visitor with a
 *     booking (rendered for them);
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
import { benchCms, startBenchApp } from "./app";

const carrier = process.env.BENCH_CARRIER ?? "patchpoint";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const appPort = Number(process.env.BENCH_PORT ?? 3300);
const cmsPort = Number(process.env.CMS_PORT ?? 1337);
const buildDir = process.env.BENCH_BUILD_DIR ?? "build";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const host = `${carrier}.localhost:${appPort}`;
const origin = `http://127.0.0.1:${appPort}`;

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

/** The page's HTML as a first visitor gets it (fetch cannot set Host; Node does not resolve *.localhost). */
function getPage(pathname: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${pathname}`, { headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => (response.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${pathname} answered ${response.statusCode} for ${carrier}`))));
    });
    request.on("error", reject);
  });
}

const BOOKED_PAGE = "/booking/postcode-search";

/**
 * A booking session cookie: the landing page's postcode form (a GET) with a postcode of the
 * carrier's first service area (BENCH_POSTCODE, else its seed's first prefix + " 1AA") builds a booking.
 * Sent without spaces, as the hydrated form sends it (with spaces the page first redirects to that address).
 */
async function bookingCookie(): Promise<string> {
  const seed = JSON.parse(readFileSync(path.join(root, "tenants", carrier, "engine.json"), "utf8")) as { service_areas: { postcode_prefixes: string[] }[] };
  const postcode = process.env.BENCH_POSTCODE ?? `${seed.service_areas[0]!.postcode_prefixes[0]!} 1AA`;
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${BOOKED_PAGE}?postcode=${encodeURIComponent(postcode.replace(/\s+/g, ""))}`, { headers: { host } }, (response) => {
      response.resume();
      const session = response.headers["set-cookie"]?.map((cookie) => cookie.split(";")[0]!).find((cookie) => cookie.startsWith("__booking="));
      if (response.statusCode === 302 && session) resolve(session);
      else reject(new Error(`postcode ${postcode} did not start a booking for ${carrier} (${response.statusCode})`));
    });
    request.on("error", reject);
  });
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

async function main() {
  await ensureAppBuilt(buildDir);
  const content = await benchCms(cmsPort);
  const staticDir = path.join(root, buildDir, "client", "bench-static");
  const app = await startBenchApp({ port: appPort, buildDir, cmsUrl: content.url }).catch(async (error: unknown) => {
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
    let lastStatic: Load | undefined;
    for (const page of PAGES) {
      const bytes = await getPage(page.path);
      const file = `${page.name.replace(/\W+/g, "-")}.html`;
      writeFileSync(path.join(staticDir, file), bytes);
      writeFileSync(path.join(staticDir, `${file}.gz`), gzipSync(bytes, { level: 9 }));
      writeFileSync(path.join(staticDir, `${file}.br`), brotliCompressSync(bytes));
      await load(page.path);
      const dynamic = await load(page.path);
      const statics = await load(`/bench-static/${file}`);
      row(`${page.name} ${page.path}`, dynamic, `${(dynamic.rps / statics.rps).toFixed(2)}×`);
      row(`  same ${(bytes.length / 1024).toFixed(0)} kB as a static file`, statics);
      lastStatic = statics;
    }
    // A returning visitor's booking step is rendered for them (their booking, never cached).
    const cookie = await bookingCookie();
    await load(BOOKED_PAGE, cookie);
    const booked = await load(BOOKED_PAGE, cookie);
    row("  the same, visitor with a booking", booked, lastStatic ? `${(booked.rps / lastStatic.rps).toFixed(2)}×` : "");

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
    await app.stop();
    await content.stop();
  }
}

await main();
