/**
 * What `bench:web` and `bench:soak` share: the CMS they read (the running one of `npm start` when
 * it answers on the port, else one started from DATA_DIR as `npm start` does) and the production
 * app started on its own engine data in a temporary folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { root, startProcess, waitForHttp } from "../scripts/lib/proc.mjs";
import { devSecrets, loadCmsServer, prepareEngine } from "../scripts/lib/prepare.mjs";

export const dataDir = path.resolve(root, process.env.DATA_DIR ?? "data");

export async function benchCms(cmsPort: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const url = `http://127.0.0.1:${cmsPort}`;
  const running = await fetch(`${url}/_health`).then(
    (response) => response.status < 500,
    () => false,
  );
  if (running) {
    console.log(`CMS: the running one at ${url}`);
    return { url, stop: async () => undefined };
  }
  console.log(`CMS: none at ${url}, starting one from ${dataDir}/cms as npm start does…`);
  const secrets = devSecrets(dataDir);
  const { ensureCmsBuilt, startCms } = await loadCmsServer();
  await ensureCmsBuilt({ log: () => undefined });
  return startCms({
    port: cmsPort,
    dataDir: path.join(dataDir, "cms"),
    env: {
      CMS_READ_TOKEN: secrets.CMS_READ_TOKEN,
      CMS_WEBHOOK_SECRET: secrets.CMS_WEBHOOK_SECRET,
      CMS_ADMIN_EMAIL: process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost",
      CMS_ADMIN_PASSWORD: process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!",
      TENANTS_DIR: path.join(root, "tenants"),
    },
    log: () => undefined,
  });
}

export interface BenchApp {
  /** The app's process (its pid for memory samples). */
  child: { pid?: number };
  /** Stops the app and removes its temporary folder. */
  stop(): Promise<void>;
}

/**
 * Starts the production build (server.ts, NODE_ENV=production) on `port` against the CMS at `cmsUrl`,
 * with the development secrets and its engine data in a temporary folder; `env` adds or overrides.
 * Resolves once /healthz answers 200.
 */
export async function startBenchApp(options: { port: number; buildDir: string; cmsUrl: string; env?: Record<string, string> }): Promise<BenchApp> {
  const secrets = devSecrets(dataDir);
  const work = mkdtempSync(path.join(tmpdir(), "bench-app-"));
  const appEnv: Record<string, string> = {
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    BUILD_DIR: options.buildDir,
    CMS_URL: options.cmsUrl,
    CMS_READ_TOKEN: process.env.CMS_READ_TOKEN ?? secrets.CMS_READ_TOKEN,
    CMS_WEBHOOK_SECRET: process.env.CMS_WEBHOOK_SECRET ?? secrets.CMS_WEBHOOK_SECRET,
    SESSION_SECRET: process.env.SESSION_SECRET ?? secrets.SESSION_SECRET,
    PREVIEW_SECRET: process.env.PREVIEW_SECRET ?? secrets.PREVIEW_SECRET,
    BOOKING_DATA_DIR: path.join(work, "booking"),
    UPLOADS_DIR: path.join(work, "uploads"),
    OUTBOX_DIR: path.join(work, "outbox"),
    ...options.env,
  };
  await prepareEngine(appEnv);
  // proc.mjs takes a log file too; its JSDoc-less defaults give TypeScript a narrower type.
  const start = startProcess as (scope: string, command: string, args: string[], options: { env: Record<string, string>; logFile: string }) => ReturnType<typeof startProcess>;
  // BENCH_CPU_PROF=<folder>: the app writes a V8 CPU profile there when it stops (open it in Chrome's DevTools or speedscope).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const app = start("app", process.execPath, [...profile, "--import", "tsx", "server.ts"], { env: appEnv, logFile: path.join(work, "app.log") });
  const stop = async () => {
    await app.stop();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`http://127.0.0.1:${options.port}/healthz`, { expect: (status: number) => status === 200 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { child: app.child, stop };
}
