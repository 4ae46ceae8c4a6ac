// Small process helpers shared by scripts/start.mjs and scripts/test.mjs.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function log(scope, message) {
  console.log(`[${scope}] ${message}`);
}

/** Runs a command to completion, streaming its output; rejects on a non-zero exit. */
export function run(command, args, { cwd = root, env = {}, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    if (quiet) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve(output);
      else {
        if (quiet) process.stderr.write(output);
        reject(new Error(`${command} ${args.join(" ")} exited with ${code ?? signal}`));
      }
    });
  });
}

/** A content hash of files and folders (skipping node_modules and build output). */
export function hashPaths(paths) {
  const hash = createHash("sha256");
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stats = statSync(target);
    if (stats.isDirectory()) {
      for (const name of readdirSync(target).sort()) {
        if (["node_modules", "build", "dist", ".tmp", ".cache", ".strapi"].includes(name)) continue;
        visit(path.join(target, name));
      }
    } else {
      hash.update(path.relative(root, target));
      hash.update(readFileSync(target));
    }
  };
  for (const target of paths) visit(path.resolve(root, target));
  return hash.digest("hex");
}

/** Runs `work` only when the hash of `paths` differs from the one recorded after its last success. */
export async function whenChanged(stampName, paths, work, { alsoIf = () => false } = {}) {
  const stampDir = path.join(root, "node_modules", ".stamps");
  const stampFile = path.join(stampDir, stampName);
  const current = hashPaths(paths);
  const previous = existsSync(stampFile) ? readFileSync(stampFile, "utf8") : null;
  if (previous === current && !alsoIf()) return false;
  await work();
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(stampFile, current);
  return true;
}

/** Polls `url` until `expect(status)`; `giveUp()` returning a reason (e.g. the process exited) ends the wait early. */
export async function waitForHttp(url, { timeoutMs = 60_000, expect = (status) => status < 500, giveUp = () => null } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    const reason = giveUp();
    if (reason) throw new Error(`${url} will not become ready: ${reason}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (expect(response.status)) return;
      lastError = new Error(`status ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become ready in ${timeoutMs} ms: ${lastError}`);
}

/** Starts a long-running child; stop() sends SIGTERM, then SIGKILL after a grace period. */
export function startProcess(scope, command, args, { cwd = root, env = {}, logFile } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const sink = logFile ? import("node:fs").then((fs) => fs.createWriteStream(logFile, { flags: "a" })) : null;
  const forward = (stream) =>
    stream.on("data", async (chunk) => {
      if (sink) (await sink).write(chunk);
      else process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `[${scope}] `));
    });
  forward(child.stdout);
  forward(child.stderr);
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
