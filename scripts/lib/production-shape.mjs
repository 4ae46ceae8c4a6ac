// The production shape, run natively (issue 22, ADR 155): a private Postgres with the `booking` and
// `cms` databases, Strapi in production mode on Postgres, the release step (migrate + sync) once, two
// app replicas with NODE_ENV=production, a local SMTP server, and Caddy in front with the
// repository's Caddyfile. Every process gets the environment docker-compose.yml gives its service,
// interpolated from the operator's variables and moved onto this host (scripts/lib/compose-env.mjs).
//
//   const shape = await startProductionShape({ stateDir, log });
//   shape.urls          https URL of every carrier domain through Caddy
//   shape.control       kill/stop/start a replica, Postgres, the CMS, the mail server
//
// The replicas, Strapi and Caddy are supervised (scripts/lib/supervisor.mjs, ADR 279): one that dies
// is restarted as its compose service's `restart:` says, after a back-off, and a replica takes traffic
// again once its /readyz answers (Caddy's active health check); a deliberate stop is never undone.
//   await shape.stop()
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { interpolate, onThisHost, parseEnvFile, readCompose, requiredIn, serviceEnvironment } from "./compose-env.mjs";
import { root, waitForHttp } from "./proc.mjs";
import { restartPolicies, supervise } from "./supervisor.mjs";

/** The variables a host without Docker adds, beyond what the compose file passes (docs/deployment.md). */
export const NATIVE_ONLY = {
  // Each process's listener and folders: the images set these as ENV (Dockerfile, cms/Dockerfile),
  // or Docker gives them (a container's own port, the build inside the image).
  app: ["PORT", "HOST", "METRICS_PORT", "METRICS_HOST", "BUILD_DIR"],
  // DEVICE_IMAGES_DIR: on a plain host (deploy/systemd) the checkout's demo pictures are not the CMS's to seed.
  cms: ["CMS_HOST", "CMS_PORT", "CMS_DATA_DIR", "CMS_DEV_DEFAULTS", "TENANTS_DIR", "DEVICE_IMAGES_DIR", "APP_LOCALES_DIR", "STRAPI_TELEMETRY_DISABLED"],
  // Caddy's listeners and the replicas' addresses (Docker's DNS finds them there).
  proxy: ["APP_REPLICAS_FROM", "APP_UPSTREAMS", "HTTP_PORT", "HTTPS_PORT", "HTTPS_PORT_SUFFIX", "CADDY_ADMIN_ADDRESS", "CADDY_ASK_PORT", "XDG_DATA_HOME", "XDG_CONFIG_HOME"],
};

/**
 * The operator's variables for this host: deploy/native.env (the explicit local choices: sandboxes,
 * the internal CA, SMTP to the local mail server), secrets made once per state folder (kept in
 * <stateDir>/secrets.env so a restart, or a restore into a new cluster, uses the same), then
 * `overrides`.
 */
export function operatorVariables({ stateDir, composeText, overrides = {} }) {
  const file = path.join(stateDir, "secrets.env");
  const kept = existsSync(file) ? parseEnvFile(readFileSync(file, "utf8")) : {};
  const choices = parseEnvFile(readFileSync(path.join(root, "deploy", "native.env"), "utf8"));
  const secret = () => randomBytes(24).toString("hex");
  const made = { ...kept };
  for (const name of requiredIn(composeText)) {
    if (made[name] || choices[name] || overrides[name]) continue;
    made[name] = name === "CMS_APP_KEYS" ? [secret(), secret(), secret(), secret()].join(",") : name === "CMS_ADMIN_PASSWORD" ? `Adm-${secret()}` : secret();
  }
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(
    file,
    `${Object.entries(made)
      .map(([key, value]) => `${key}=${value}`)
      .join("\n")}\n`,
    { mode: 0o600 },
  );
  return { ...choices, ...made, ...overrides };
}

function startChild(name, command, args, { env, cwd = root, logDir }) {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  const file = createWriteStream(path.join(logDir, `${name}.log`), { flags: "a" });
  child.stdout.pipe(file, { end: false });
  child.stderr.pipe(file, { end: false });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  exited.then(() => process.off("exit", killOnExit));
  return {
    child,
    pid: child.pid,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
    kill() {
      child.kill("SIGKILL");
      return exited;
    },
  };
}

function runToEnd(name, command, args, options) {
  const started = startChild(name, command, args, options);
  return started.exited.then(({ code, signal }) => {
    if (code !== 0) throw new Error(`${name} exited with ${code ?? signal} (log: ${path.join(options.logDir, `${name}.log`)})`);
  });
}

const interpolateDefault = (value, variables) => (value === undefined ? undefined : interpolate(String(value), variables));

const httpsSuffix = (port) => (port === 443 ? "" : `:${port}`);

/**
 * Resolves with the started process once `url` answers 200; when it exits first or the time runs
 * out, kills it and rejects (the supervisor counts that as a death).
 */
async function readyOrKilled(started, url, timeoutMs) {
  let exit = null;
  started.exited.then((result) => (exit = result));
  try {
    await waitForHttp(url, { timeoutMs, expect: (status) => status === 200, giveUp: () => exit && `exited with ${exit.code ?? exit.signal}` });
    return started;
  } catch (error) {
    await started.kill();
    throw error;
  }
}

/**
 * Each process's environment on this host: its compose service's environment, interpolated from the
 * operator's variables, with the service addresses and /srv/ folders moved here (onThisHost), plus
 * only the NATIVE_ONLY variables (what a Docker image sets as ENV, and where this host listens).
 */
export function nativeEnvironments({ compose, operator, stateDir, buildDir, ports, tenantsDir = path.join(root, "tenants") }) {
  const addresses = {
    "postgres:5432": `127.0.0.1:${ports.postgres}`,
    "cms:1337": `127.0.0.1:${ports.cms}`,
    // The CMS's webhook goes through Caddy's loopback site to whichever replica is healthy.
    "app:3000": `127.0.0.1:${ports.ask}`,
  };
  const here = (service, extra) => onThisHost(serviceEnvironment(compose, service, { ...operator, ...extra }), { addresses, stateDir });
  // The runner's own mail server, when it has one (a plain host sends through the operator's SMTP).
  const release = here("app", ports.mail ? { SMTP_HOST: operator.SMTP_HOST || "127.0.0.1", SMTP_PORT: operator.SMTP_PORT || String(ports.mail) } : {});
  return {
    release,
    replica: (index) => ({
      ...release,
      PORT: String(ports.app[index]),
      HOST: "127.0.0.1",
      METRICS_PORT: String(ports.metrics[index]),
      // Scraped over the network in production (ADR 052); here the network is this host.
      METRICS_HOST: "127.0.0.1",
      BUILD_DIR: buildDir,
    }),
    cms: {
      ...here("cms", {}),
      CMS_HOST: "127.0.0.1",
      CMS_PORT: String(ports.cms),
      CMS_DATA_DIR: path.join(stateDir, "cms"),
      // Production defaults: no demo staff, no demo admin; the first admin comes from CMS_ADMIN_*.
      CMS_DEV_DEFAULTS: "",
      // Demo data by explicit choice: the carriers of tenants/ are imported once (docs/deployment.md).
      TENANTS_DIR: operator.TENANTS_DIR ?? tenantsDir,
      APP_LOCALES_DIR: path.join(root, "app", "i18n", "locales"),
      STRAPI_TELEMETRY_DISABLED: "true",
    },
    proxy: {
      ...here("proxy", {}),
      APP_REPLICAS_FROM: "list",
      APP_UPSTREAMS: ports.app.map((port) => `127.0.0.1:${port}`).join(" "),
      HTTP_PORT: String(ports.http),
      HTTPS_PORT: String(ports.https),
      HTTPS_PORT_SUFFIX: httpsSuffix(ports.https),
      CADDY_ADMIN_ADDRESS: `127.0.0.1:${ports.admin}`,
      CADDY_ASK_PORT: String(ports.ask),
      XDG_DATA_HOME: path.join(stateDir, "caddy", "data"),
      XDG_CONFIG_HOME: path.join(stateDir, "caddy", "config"),
    },
  };
}

/**
 * Where a plain host's services listen (deploy/systemd, docs/deployment.md "On a plain Linux host"):
 * the distribution's PostgreSQL, Strapi, Caddy's ask site and admin, the replica on port
 * `app + n` with its metrics on `metrics + n` (n from 1).
 */
export const HOST_PORTS = { postgres: 5432, cms: 1337, ask: 2020, admin: 2019, https: 443, http: 80, app: 3000, metrics: 9464 };

/**
 * The environment of one compose service on a plain host under systemd (scripts/service.mjs): the
 * same as the native runner's (nativeEnvironments), from the operator's environment file, with the
 * host's fixed ports, `stateDir` for the /srv/ folders, and no demo data (an empty seed folder).
 * @param {"release" | "app" | "cms" | "proxy"} service
 * @param {{ compose: object, operator: Record<string, string | undefined>, stateDir: string, port?: number }} options
 */
export function hostEnvironment(service, { compose, operator, stateDir, port }) {
  const index = service === "app" ? (port ?? 0) - HOST_PORTS.app - 1 : 0;
  if (!(index >= 0)) throw new Error(`app needs its port above ${HOST_PORTS.app} (app@3001 is the first replica)`);
  const replicas = Math.max(Number(interpolateDefault(compose.services?.app?.deploy?.replicas, operator)) || 1, index + 1);
  const numbered = (base) => Array.from({ length: replicas }, (_, n) => base + n + 1);
  const seed = path.join(stateDir, "seed");
  const environments = nativeEnvironments({
    compose,
    operator,
    stateDir,
    buildDir: "build",
    ports: { ...HOST_PORTS, app: numbered(HOST_PORTS.app), metrics: numbered(Number(operator.METRICS_PORT) || HOST_PORTS.metrics) },
    tenantsDir: seed,
  });
  if (service === "release") return environments.release;
  if (service === "app") return environments.replica(index);
  if (service === "cms") return { ...environments.cms, DEVICE_IMAGES_DIR: seed };
  if (service === "proxy") return environments.proxy;
  throw new Error(`no service ${service} on a plain host (release, app, cms, proxy)`);
}

/**
 * @param {object} options
 * @param {string} options.stateDir where everything this shape keeps lives (databases, logs, mail, certificates)
 * @param {number} [options.replicas] app replicas (2)
 * @param {string} [options.buildDir] the app's production build (build)
 * @param {Record<string,string>} [options.variables] operator variables over deploy/native.env
 * @param {{ https?: number, http?: number }} [options.ports]
 * @param {(message: string) => void} [options.log]
 * @param {{ booking: string, cms: string } | null} [options.restoreFrom] pg_dump files restored into the new cluster before anything starts
 */
export async function startProductionShape({
  stateDir,
  replicas = 2,
  buildDir = "build",
  variables = {},
  ports = {},
  log = (message) => console.log(`[production] ${message}`),
  restoreFrom = null,
}) {
  const { findPgBin, freePort, startPgCluster } = await import(path.join(root, "scripts", "pg-cluster.mjs"));
  const { startMailServer } = await import(path.join(root, "scripts", "mail-server.mjs"));
  const { startCms } = await import(path.join(root, "scripts", "cms-server.mjs"));
  if (!findPgBin()) throw new Error("PostgreSQL server binaries are missing (apt-get install postgresql)");
  const caddyBin = ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((file) => existsSync(file));
  if (!caddyBin) throw new Error("caddy is missing (apt-get install caddy)");

  const logDir = path.join(stateDir, "logs");
  mkdirSync(logDir, { recursive: true });
  const began = Date.now();
  const stops = [];
  const stopAll = async () => {
    while (stops.length)
      await stops
        .pop()()
        .catch((error) => log(`while stopping: ${error.message}`));
  };

  try {
    const { text: composeText, compose } = readCompose();
    const httpsPort = ports.https ?? (await freePort());
    const httpPort = ports.http ?? (await freePort());
    const askPort = await freePort();
    const adminPort = await freePort();
    const cmsPort = await freePort();
    const appPorts = await Promise.all(Array.from({ length: replicas }, () => freePort()));
    const metricsPorts = await Promise.all(Array.from({ length: replicas }, () => freePort()));
    const portSuffix = httpsSuffix(httpsPort);
    const operator = operatorVariables({
      stateDir,
      composeText,
      overrides: { CMS_DOMAIN: `cms.localhost${portSuffix}`, ...variables },
    });

    // Postgres: one cluster, the role and the two databases the compose file's init gives.
    const pg = await startPgCluster({ durable: true, database: "postgres_shape", log: (message) => log(`postgres: ${message}`) });
    if (!pg) throw new Error("PostgreSQL could not be started");
    stops.push(() => pg.stop());
    await pg.psql(`CREATE ROLE repair LOGIN PASSWORD '${operator.POSTGRES_PASSWORD}'`);
    await pg.psql("CREATE DATABASE booking OWNER repair");
    await pg.psql(readFileSync(path.join(root, "scripts", "docker", "init-cms-db.sql"), "utf8"));
    if (restoreFrom) {
      for (const database of ["booking", "cms"]) {
        await runToEnd(
          `restore-${database}`,
          pg.tool("pg_restore"),
          ["-h", "127.0.0.1", "-p", String(pg.port), "-U", "repair", "-d", database, "--no-owner", "--role=repair", restoreFrom[database]],
          {
            env: process.env,
            logDir,
          },
        );
      }
      log(`restored booking and cms from ${path.dirname(restoreFrom.booking)}`);
    }

    // The mail server the app's SMTP settings point at.
    const mailDir = path.join(stateDir, "mail");
    let mail = await startMailServer({ dir: mailDir });
    const mailPort = mail.port;
    stops.push(() => mail.stop());

    const environments = nativeEnvironments({
      compose,
      operator,
      stateDir,
      buildDir,
      ports: { postgres: pg.port, cms: cmsPort, ask: askPort, mail: mailPort, https: httpsPort, http: httpPort, admin: adminPort, app: appPorts, metrics: metricsPorts },
    });
    const baseEnv = { PATH: process.env.PATH, HOME: process.env.HOME ?? stateDir, LANG: "C.UTF-8", TZ: process.env.TZ ?? "UTC" };
    const appEnv = environments.release;
    const cmsEnv = environments.cms;

    // What keeps the replicas, Strapi and Caddy running: their compose services' restart policies.
    const policies = restartPolicies(compose);
    const supervised = (name, policy, start) => supervise({ name, policy, start, log });

    // Strapi in production mode on Postgres.
    const cmsLog = createWriteStream(path.join(logDir, "cms.log"), { flags: "a" });
    const cmsOptions = { port: cmsPort, dataDir: cmsEnv.CMS_DATA_DIR, env: cmsEnv, log: (line) => cmsLog.write(`${line}\n`) };
    log(`starting Strapi on Postgres (127.0.0.1:${cmsPort})`);
    const cms = supervised("cms", policies.cms, async () => {
      const started = await startCms(cmsOptions);
      const { child } = started;
      const exited = new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
        else child.once("exit", (code, signal) => resolve({ code, signal }));
      });
      // After a death, stop() only lets go of the process's exit hook.
      exited.then(() => started.stop());
      return {
        pid: child.pid,
        exited,
        stop: () => started.stop(),
        kill() {
          child.kill("SIGKILL");
          return exited;
        },
      };
    });
    await cms.start();
    stops.push(() => cms.stop());

    // The release: migrations, then the engine's copy of operations data, once.
    log("release: migrate and sync");
    await runToEnd("release", process.execPath, ["--import", "tsx", "scripts/sync-engine.ts"], { env: { ...baseEnv, ...appEnv }, logDir });

    // The replicas, each ready once its /readyz answers (what Caddy's active health check asks too).
    const replicaEnv = (index) => ({ ...baseEnv, ...environments.replica(index) });
    const running = Array.from({ length: replicas }, (_, index) =>
      supervised(`app-${index + 1}`, policies.app, () =>
        readyOrKilled(
          startChild(`app-${index + 1}`, process.execPath, ["--import", "tsx", "server.ts"], { env: replicaEnv(index), logDir }),
          `http://127.0.0.1:${appPorts[index]}/readyz`,
          90_000,
        ),
      ),
    );
    stops.push(() => Promise.all(running.map((replica) => replica.stop())));
    log(`starting ${replicas} app replicas (${appPorts.map((port) => `127.0.0.1:${port}`).join(", ")})`);
    for (const replica of running) await replica.start();

    // Caddy with the repository's Caddyfile.
    const proxyEnv = environments.proxy;
    log(`starting Caddy (https ${httpsPort}, http ${httpPort})`);
    const caddy = supervised("caddy", policies.proxy, () =>
      readyOrKilled(
        startChild("caddy", caddyBin, ["run", "--config", path.join(root, "deploy", "Caddyfile"), "--adapter", "caddyfile"], {
          env: { ...baseEnv, ...proxyEnv },
          logDir,
        }),
        `http://127.0.0.1:${askPort}/healthz`,
        30_000,
      ),
    );
    await caddy.start();
    stops.push(() => caddy.stop());
    const caRoot = path.join(proxyEnv.XDG_DATA_HOME, "caddy", "pki", "authorities", "local", "root.crt");

    const carriers = await fetch(`http://127.0.0.1:${cmsPort}/api/carriers?fields[0]=code&fields[1]=name&fields[2]=domains&sort=code:asc&pagination[pageSize]=100`, {
      headers: { Authorization: `Bearer ${operator.CMS_READ_TOKEN}` },
    })
      .then((response) => (response.ok ? response.json() : { data: [] }))
      .then((body) => body.data.map((carrier) => ({ code: carrier.code, name: carrier.name, domains: carrier.domains ?? [] })));
    const urls = carriers.map((carrier) => ({ ...carrier, url: `https://${carrier.domains.find((domain) => !domain.endsWith(".localhost")) ?? carrier.domains[0]}${portSuffix}` }));

    /** SIGKILL, as the kernel's OOM killer or a crash would: the supervisor starts it again. */
    const kill = async (supervisor) => {
      const handle = supervisor.handle();
      if (!handle) throw new Error(`${supervisor.name} is not running`);
      await handle.kill();
    };
    const control = {
      killReplica: (index) => kill(running[index]),
      stopReplica: (index) => running[index].stop(),
      startReplica: (index) => running[index].start(),
      async stopPostgres(mode = "fast") {
        await pg.stopServer(mode);
      },
      startPostgres: () => pg.startServer(),
      async stopMail() {
        await mail.stop();
      },
      async startMail() {
        mail = await startMailServer({ dir: mailDir, port: mailPort });
      },
      /** The mail server answers each message only after `ms` (0: at once). */
      async delayMail(ms) {
        mail.setDelay(ms);
      },
      killCms: () => kill(cms),
      stopCms: () => cms.stop(),
      startCms: () => cms.start(),
    };

    log(`ready in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    return {
      urls,
      ports: { https: httpsPort, http: httpPort, cms: cmsPort, app: appPorts, metrics: metricsPorts, mail: mailPort, ask: askPort },
      caRoot,
      mailDir,
      stateDir,
      logDir,
      variables: operator,
      appEnv: replicaEnv(0),
      database: { url: (name) => pg.urlFor(name, "repair"), port: pg.port, tool: pg.tool, psql: pg.psql },
      cmsUrl: `http://127.0.0.1:${cmsPort}`,
      replicas: () =>
        running.map((replica, index) => {
          const { status, restarts, pid } = replica.state();
          return { index, port: appPorts[index], metricsPort: metricsPorts[index], pid, running: status === "running", status, restarts };
        }),
      /** Every supervised process: its status (running, backing-off, gave-up, …), restarts and pid. */
      processes: () => Object.fromEntries([...running, cms, caddy].map((supervisor) => [supervisor.name, supervisor.state()])),
      messages: () => mail.messages(),
      control,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * A loopback control listener over a running shape, for the production suite (it runs in another
 * process) and for an operator trying a fault by hand:
 *   POST /replicas/<n>/kill | stop | start   (n from 1)
 *   POST /postgres/stop[?mode=immediate] | /postgres/start
 *   POST /mail/stop | /mail/start | /mail/delay?ms=2000 (a slow server)
 *   POST /cms/kill (SIGKILL: restarted by the supervisor) | /cms/stop | /cms/start
 *   GET  /state   ports, replicas and their pids, every supervised process's status
 * Answers 204 when done, 404 for anything else. It only ever touches processes this shape started.
 */
export async function serveControl(shape, { port = 0 } = {}) {
  const { createServer } = await import("node:http");
  const actions = {
    "replicas/kill": (n) => shape.control.killReplica(n - 1),
    "replicas/stop": (n) => shape.control.stopReplica(n - 1),
    "replicas/start": (n) => shape.control.startReplica(n - 1),
    "postgres/stop": (_n, query) => shape.control.stopPostgres(query.get("mode") === "immediate" ? "immediate" : "fast"),
    "postgres/start": () => shape.control.startPostgres(),
    "mail/stop": () => shape.control.stopMail(),
    "mail/start": () => shape.control.startMail(),
    "mail/delay": (_n, query) => shape.control.delayMail(Math.max(0, Math.min(30_000, Number(query.get("ms")) || 0))),
    "cms/kill": () => shape.control.killCms(),
    "cms/stop": () => shape.control.stopCms(),
    "cms/start": () => shape.control.startCms(),
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://control");
    try {
      if (request.method === "GET" && url.pathname === "/state") {
        return void response
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify({ ports: shape.ports, replicas: shape.replicas(), processes: shape.processes() }));
      }
      const match = /^\/(replicas)\/(\d+)\/(kill|stop|start)$|^\/(postgres|mail|cms)\/(stop|start|delay|kill)$/.exec(url.pathname);
      if (request.method !== "POST" || !match) return void response.writeHead(404).end();
      const [key, n] = match[1] ? [`replicas/${match[3]}`, Number(match[2])] : [`${match[4]}/${match[5]}`, 0];
      if (!actions[key] || (match[1] && !(n >= 1 && n <= shape.replicas().length))) return void response.writeHead(404).end();
      await actions[key](n, url.searchParams);
      response.writeHead(204).end();
    } catch (error) {
      response.writeHead(500, { "Content-Type": "text/plain" }).end(String(error?.stack ?? error));
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
