// Build and run the Strapi CMS (cms/) for `npm start` and `npm test`.
//
//   ensureCmsBuilt({ log })  installs cms/node_modules and builds cms/dist only when their inputs
//                            changed (content hashes kept in stamp files), so it is quick when nothing did.
//   startCms({ port, dataDir, env, log }) -> { url, stop }
//                            runs `strapi start` (production mode, dev defaults for secrets unless
//                            overridden) and resolves once GET /_health answers 204.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CMS_DIR = path.join(ROOT, "cms");
const STRAPI_BIN = path.join(CMS_DIR, "node_modules", "@strapi", "strapi", "bin", "strapi.js");
const INSTALL_STAMP = path.join(CMS_DIR, "node_modules", ".repair-cms-install-stamp");
const BUILD_STAMP = path.join(CMS_DIR, "dist", ".repair-cms-build-stamp");
// What the admin bundle and the compiled server depend on (the shared rules' types included, ADR 161).
const BUILD_INPUTS = ["src", "config", "package.json", "package-lock.json", "tsconfig.json", "../packages/rules"];

// Strapi starts in 15–40 s on an idle machine, but several minutes when the two cores are shared with
// builds and test runs; a start that took longer than 120 s once failed a whole run.
const READY_TIMEOUT_MS = 300_000;
const STOP_GRACE_MS = 10_000;
const TAIL_LINES = 80;

// A caller's log gets bare lines (it adds its own scope); the default one prefixes them.
const defaultLog = (line) => process.stdout.write(`[cms] ${line}\n`);
// Strapi colours its log even when piped; keep files and test output readable.
// eslint-disable-next-line no-control-regex
const stripAnsi = (text) => text.replace(/\u001b\[[0-9;]*m/g, "");

function hashFiles(entries) {
  const hash = createHash("sha256");
  const visit = (file) => {
    if (!fs.existsSync(file)) return;
    const stat = fs.statSync(file);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file).sort()) visit(path.join(file, name));
    } else {
      hash.update(path.relative(CMS_DIR, file));
      hash.update("\0");
      hash.update(fs.readFileSync(file));
      hash.update("\0");
    }
  };
  for (const entry of entries) visit(path.join(CMS_DIR, entry));
  return hash.digest("hex");
}

const readStamp = (file) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : null);

/** Runs a command in cms/, streaming its output to log; rejects with the output's tail on failure. */
function run(command, args, { env, log }) {
  return new Promise((resolve, reject) => {
    const tail = [];
    const child = spawn(command, args, { cwd: CMS_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
    const onData = (chunk) => {
      for (const line of stripAnsi(chunk.toString()).split("\n")) {
        if (!line.trim()) continue;
        log(line);
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} failed (exit ${code}) in ${CMS_DIR}:\n${tail.join("\n")}`));
    });
  });
}

/** Installs and builds the CMS when needed. Fast (hashing only) when nothing changed. */
export async function ensureCmsBuilt({ log = defaultLog } = {}) {
  const installInputs = hashFiles(["package.json", "package-lock.json"]);
  if (!fs.existsSync(path.join(CMS_DIR, "node_modules")) || readStamp(INSTALL_STAMP) !== installInputs) {
    log("installing dependencies (npm install in cms/, about 2 minutes the first time)");
    const started = Date.now();
    // better-sqlite3 compiles from source here (its prebuilt download needs the internet).
    await run("npm", ["install", "--no-audit", "--no-fund"], { env: process.env, log });
    fs.writeFileSync(INSTALL_STAMP, `${hashFiles(["package.json", "package-lock.json"])}\n`);
    log(`dependencies installed in ${Math.round((Date.now() - started) / 1000)} s`);
  }

  const buildInputs = hashFiles(BUILD_INPUTS);
  if (!fs.existsSync(path.join(CMS_DIR, "dist")) || readStamp(BUILD_STAMP) !== buildInputs) {
    log("building (strapi build, about 40 s)");
    const started = Date.now();
    await run(process.execPath, [STRAPI_BIN, "build"], {
      env: { ...process.env, NODE_ENV: "production", STRAPI_TELEMETRY_DISABLED: "true" },
      log,
    });
    fs.writeFileSync(BUILD_STAMP, `${buildInputs}\n`);
    log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
}

function portInUse(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `strapi start` and resolves once it is healthy.
 * @param {object} options
 * @param {number} [options.port] CMS_PORT, default 1337
 * @param {string} [options.dataDir] CMS_DATA_DIR (SQLite file data.db), default cms/.tmp
 * @param {Record<string,string>} [options.env] extra environment, overrides everything else
 * @param {(line: string) => void} [options.log] receives every output line; without it the
 *   output goes to <dataDir>/strapi.log
 * @returns {Promise<{ url: string, stop: () => Promise<void>, child: import('node:child_process').ChildProcess }>}
 */
export async function startCms({ port = 1337, dataDir = path.join(CMS_DIR, ".tmp"), env = {}, log } = {}) {
  fs.mkdirSync(dataDir, { recursive: true });
  const childEnv = {
    ...process.env,
    NODE_ENV: "production",
    STRAPI_TELEMETRY_DISABLED: "true",
    CMS_DEV_DEFAULTS: process.env.CMS_DEV_DEFAULTS ?? "1",
    CMS_HOST: process.env.CMS_HOST ?? "127.0.0.1",
    CMS_PORT: String(port),
    CMS_DATA_DIR: path.resolve(dataDir),
    ...env,
  };
  const host = childEnv.CMS_HOST === "0.0.0.0" ? "127.0.0.1" : childEnv.CMS_HOST;
  const url = `http://${host}:${childEnv.CMS_PORT}`;
  if (await portInUse(host, Number(childEnv.CMS_PORT))) {
    throw new Error(`cannot start the CMS: ${host}:${childEnv.CMS_PORT} is already in use`);
  }

  const logFile = log ? null : path.join(dataDir, "strapi.log");
  const fileStream = logFile ? fs.createWriteStream(logFile, { flags: "a" }) : null;
  const tail = [];
  const write = (line) => {
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
    if (log) log(line);
    else fileStream.write(`${line}\n`);
  };

  const child = spawn(process.execPath, [STRAPI_BIN, "start"], {
    cwd: CMS_DIR,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const onData = (chunk) => {
    for (const line of stripAnsi(chunk.toString()).split("\n")) if (line.trim()) write(line);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);

  let exitCode = null;
  const exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      exitCode = code ?? signal;
      resolve();
    });
  });
  // Never leave a CMS behind when the parent exits without calling stop().
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (exitCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    await new Promise((resolve) => (fileStream ? fileStream.end(resolve) : resolve()));
  };

  const failure = (reason) => new Error(`${reason}${logFile ? ` (log: ${logFile})` : ""}\n--- last CMS output ---\n${tail.join("\n")}`);

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== null) {
      await stop();
      throw failure(`the CMS exited (${exitCode}) before it was healthy`);
    }
    try {
      const response = await fetch(`${url}/_health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 204) return { url, stop, child };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stop();
  throw failure(`the CMS was not healthy at ${url}/_health within ${READY_TIMEOUT_MS / 1000} s`);
}
