// A private, throw-away PostgreSQL cluster for the test run (docs: toolchain.md "Postgres for tests").
//
//   const cluster = await startPgCluster({ log: console.log });
//   if (cluster) { process.env.DATABASE_URL = cluster.url; …; await cluster.stop(); }
//
// Uses Debian's server binaries (/usr/lib/postgresql/<newest>/bin). Returns null, saying why, when
// they are missing or cannot be used. The cluster lives in a temporary folder (data, socket, log),
// listens on 127.0.0.1 on a free port with trust authentication, and has a database booking_test.
// stop() shuts it down and deletes the folder; so does the process exiting or being interrupted.
import { execFile, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const PG_ROOT = "/usr/lib/postgresql";
const DATABASE = "booking_test";

/** The bin folder of the newest installed PostgreSQL server, or null. */
export function findPgBin(root = PG_ROOT) {
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (["initdb", "pg_ctl", "postgres", "createdb"].every((tool) => existsSync(path.join(bin, tool)))) return bin;
  }
  return null;
}

/** A port nothing listens on now, on 127.0.0.1 (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

function postgresAccount() {
  const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * @param {{ log?: (message: string) => void, durable?: boolean, database?: string, settings?: string[] }} [options]
 *   durable: keep PostgreSQL's default fsync and synchronous commit (the production shape, where a
 *   restart must lose nothing committed); otherwise a test cluster trades durability for speed.
 *   database: the database created at start (default booking_test).
 *   settings: more server settings, each "name=value" (the bench's shared_preload_libraries=pg_stat_statements).
 * @returns {Promise<{ url: string, port: number, dir: string, bin: string, urlFor: (database: string, user?: string) => string,
 *   psql: (sql: string, database?: string) => Promise<string>, tool: (name: string) => string,
 *   stopServer: (mode?: "fast" | "immediate") => Promise<void>, startServer: () => Promise<void>, stop: () => Promise<void> } | null>}
 */
export async function startPgCluster({ log = (message) => console.log(message), durable = false, database = DATABASE, settings = [] } = {}) {
  const bin = findPgBin();
  if (!bin) {
    log(`PostgreSQL server binaries not found under ${PG_ROOT}/*/bin (apt-get install -y postgresql); skipping the PostgreSQL run.`);
    return null;
  }

  // initdb and postgres refuse to run as root, so as root every server command runs as postgres.
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  let account = null;
  if (asRoot) {
    account = postgresAccount();
    if (!account || (!existsSync("/usr/sbin/runuser") && !existsSync("/sbin/runuser"))) {
      log("Running as root without a 'postgres' user or runuser; cannot start PostgreSQL. Skipping the PostgreSQL run.");
      return null;
    }
  }
  const tool = (name) => path.join(bin, name);
  const asServer = (file, args, opts = {}) => (asRoot ? run("runuser", ["-u", "postgres", "--", file, ...args], opts) : run(file, args, opts));
  const asServerSync = (file, args) => (asRoot ? spawnSync("runuser", ["-u", "postgres", "--", file, ...args], { stdio: "ignore" }) : spawnSync(file, args, { stdio: "ignore" }));

  const dir = mkdtempSync(path.join(os.tmpdir(), "booking-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  if (account) chownSync(dir, account.uid, account.gid);

  let started = false;
  let stopped = false;

  function stopSync() {
    if (stopped) return;
    stopped = true;
    removeHandlers();
    if (started) asServerSync(tool("pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "-t", "20", "stop"]);
    rmSync(dir, { recursive: true, force: true });
  }

  const onExit = () => stopSync();
  const onSignal = (signal) => {
    stopSync();
    // Let the default behaviour (or other handlers) end the process as the signal intended.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
  process.once("exit", onExit);
  for (const signal of signals) process.once(signal, onSignal);
  function removeHandlers() {
    process.off("exit", onExit);
    for (const signal of signals) process.off(signal, onSignal);
  }

  try {
    const began = Date.now();
    await asServer(tool("initdb"), ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"], {
      cwd: dir,
    }).catch(() => {
      // A missing C.UTF-8 locale: plain C works everywhere.
      rmSync(dataDir, { recursive: true, force: true });
      return asServer(tool("initdb"), ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"], { cwd: dir });
    });

    let port = 0;
    const serverOptions = () =>
      [
        "-c listen_addresses=127.0.0.1",
        `-p ${port}`,
        `-k ${dir}`,
        // A test cluster: durability does not matter, speed does.
        ...(durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
        "-c max_connections=200",
        ...settings.map((setting) => `-c ${setting}`),
      ].join(" ");
    const startServer = async () => {
      await asServer(tool("pg_ctl"), ["-D", dataDir, "-l", logFile, "-o", serverOptions(), "-w", "-t", "30", "start"], { cwd: dir });
      started = true;
    };
    for (let attempt = 1; attempt <= 3 && !started; attempt++) {
      port = await freePort();
      try {
        await startServer();
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }

    await run(tool("createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", database], { cwd: dir });
    const urlFor = (name, user = "postgres") => `postgres://${user}@127.0.0.1:${port}/${name}`;
    const url = urlFor(database);
    log(`PostgreSQL ${path.basename(path.dirname(bin))} started on 127.0.0.1:${port} in ${Date.now() - began} ms (${dir}).`);

    return {
      url,
      port,
      dir,
      bin,
      urlFor,
      tool,
      /** Runs SQL as the superuser (psql -v ON_ERROR_STOP=1), returning its output. */
      async psql(sql, name = database) {
        const { stdout } = await run(tool("psql"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", name, "-v", "ON_ERROR_STOP=1", "-qAt", "-c", sql], { cwd: dir });
        return stdout;
      },
      /** Stops the server, keeping its data and port (a restart, or Postgres going away under the app). */
      async stopServer(mode = "fast") {
        if (!started) return;
        await asServer(tool("pg_ctl"), ["-D", dataDir, "-m", mode, "-w", "-t", "30", "stop"], { cwd: dir });
        started = false;
      },
      /** Starts it again on the same port with the same data. */
      async startServer() {
        if (!started) await startServer();
      },
      async stop() {
        if (stopped) return;
        if (started) {
          await asServer(tool("pg_ctl"), ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"], { cwd: dir }).catch(() => undefined);
          started = false;
        }
        stopSync();
      },
    };
  } catch (error) {
    const serverLog = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n") : "";
    const detail = error && typeof error === "object" && "stderr" in error ? String(error.stderr).trim() : String(error);
    log(`PostgreSQL could not be started; skipping the PostgreSQL run.\n${detail}${serverLog ? `\n${serverLog}` : ""}`);
    stopSync();
    return null;
  }
}

// `node scripts/pg-cluster.mjs`: start a cluster, print its URL, stop on Ctrl-C (a manual check).
if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startPgCluster();
  if (!cluster) process.exit(1);
  console.log(cluster.url);
  console.log("Ctrl-C stops the cluster and deletes its folder.");
  setInterval(() => undefined, 1 << 30);
}
