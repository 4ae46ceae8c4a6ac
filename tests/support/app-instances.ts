/**
 * Several app instances on one scratch PostgreSQL database, for integration tests that need two
 * replicas as production runs them (content invalidation, the booked-page cache across instances, a
 * rolling restart): the database made and dropped, the engine migrated and synced from the CMS
 * before the app starts (scripts/lib/prepare.mjs does the same), each instance started with the
 * production build as `node --import tsx server.ts`, its output kept for a failure's message.
 * Needs TEST_DATABASE_URL and CMS_URL: `instancesSkipReason` says why not when one is missing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { waitFor } from "./app";
import { runCommand, stopChild } from "./child-process";

const root = path.resolve(__dirname, "../..");
const adminUrl = process.env.TEST_DATABASE_URL;
const cmsUrl = process.env.CMS_URL;
const buildDir = process.env.APP_BUILD_DIR ?? (process.env.TEST_INSTANCE ? `build-test-${process.env.TEST_INSTANCE}` : "build");

/** Why the tests cannot run here, or null. */
export const instancesSkipReason = !adminUrl ? "TEST_DATABASE_URL is not set (no PostgreSQL server binaries)" : !cmsUrl ? "CMS_URL is not set" : null;

/**
 * Ports in the test run's own block (scripts/test.mjs gives each TEST_INSTANCE ten from APP_PORT; 9 is the
 * metrics listener's): `instancePorts(5, 6)`.
 */
export function instancePorts(...offsets: number[]): number[] {
  const base = Number(process.env.APP_PORT ?? 3100);
  return offsets.map((offset) => base + offset);
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface AppInstances {
  /** The scratch database every instance shares. */
  databaseUrl: string;
  /** The environment every instance starts with (PORT is added per instance). */
  env: NodeJS.ProcessEnv;
  /** Each instance's stdout and stderr so far, by index. */
  output: string[];
  /** The running (or exited) instance at `index`; null before its first start. */
  instance(index: number): ChildProcess | null;
  /** Starts instance `index` on its port (again after it exited, for a restart). */
  start(index: number): ChildProcess;
  /** Starts every instance and waits until each answers 200 on `probe`. */
  startAll(probe?: string): Promise<void>;
  /** Waits until instance `index` answers 200 on `probe` (its own address, no carrier host). */
  ready(index: number, probe?: string): Promise<void>;
  /** The last lines of every instance's output, for an assertion's message. */
  tails(chars?: number): string;
  /** Stops every instance (SIGTERM, then SIGKILL), drops the database and the working folder. */
  close(): Promise<void>;
}

function status(port: number, pathname: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request({ host: "127.0.0.1", port, path: pathname, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", () => resolve(0));
    request.setTimeout(5_000, () => request.destroy());
    request.end();
  });
}

/**
 * Makes the scratch database `{name}_{pid}_{time}`, migrates and syncs the engine into it, and returns
 * the instances on `ports`, not started yet (a test may create CMS content first). `env` is added to the
 * production environment every instance shares.
 */
export async function prepareAppInstances(name: string, ports: number[], env: Record<string, string> = {}): Promise<AppInstances> {
  if (instancesSkipReason) throw new Error(instancesSkipReason);
  const databaseName = `${name}_${process.pid}_${Date.now().toString(36)}`;
  const url = new URL(adminUrl!);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const work = mkdtempSync(path.join(tmpdir(), `repair-${name}-`));
  const children: (ChildProcess | null)[] = ports.map(() => null);
  const output = ports.map(() => "");
  await admin(`create database "${databaseName}"`);
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    HOST: "127.0.0.1",
    CMS_URL: cmsUrl,
    CMS_READ_TOKEN: process.env.CMS_READ_TOKEN,
    CMS_WEBHOOK_SECRET: process.env.CMS_WEBHOOK_SECRET,
    SESSION_SECRET: process.env.SESSION_SECRET,
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: path.join(work, "uploads"),
    OUTBOX_DIR: path.join(work, "outbox"),
    ...env,
  };
  try {
    await runCommand("npx", ["tsx", path.join(root, "scripts", "sync-engine.ts")], shared);
  } catch (error) {
    await admin(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
    throw error;
  }

  const instances: AppInstances = {
    databaseUrl,
    env: shared,
    output,
    instance: (index) => children[index] ?? null,
    start(index) {
      const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: root, env: { ...shared, PORT: String(ports[index]) }, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout!.on("data", (chunk) => (output[index] += chunk));
      child.stderr!.on("data", (chunk) => (output[index] += chunk));
      children[index] = child;
      return child;
    },
    async ready(index, probe = "/healthz") {
      await waitFor(async () => (await status(ports[index]!, probe)) === 200, { timeoutMs: 90_000, intervalMs: 250 });
    },
    async startAll(probe = "/healthz") {
      ports.forEach((_, index) => instances.start(index));
      for (const index of ports.keys()) await instances.ready(index, probe);
    },
    tails: (chars = 3000) => output.map((text, index) => `--- instance ${index + 1} ---\n${text.slice(-chars)}`).join("\n"),
    async close() {
      await Promise.all(children.map((child) => (child ? stopChild(child) : undefined)));
      await admin(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
      rmSync(work, { recursive: true, force: true });
    },
  };
  return instances;
}
