#!/usr/bin/env node
// One compose service as a systemd service on a plain host (deploy/systemd, docs/deployment.md "On a
// plain Linux host", ADR 280):
//
//   node scripts/service.mjs <release|app|cms|proxy> [port] -- <command…>
//
// systemd loads the operator's variables from /etc/repair/repair.env (the names of deploy/.env.example);
// this gives <command> exactly what docker-compose.yml gives the service, interpolated from them and
// moved onto this host (scripts/lib/production-shape.mjs hostEnvironment, as the native runner does),
// and nothing else of the file: the app never sees the CMS's secrets. It passes SIGTERM/SIGINT/SIGHUP
// on once (the units' KillMode=mixed sends them here only) and exits as the command did.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { readCompose } from "./lib/compose-env.mjs";
import { root } from "./lib/proc.mjs";
import { hostEnvironment } from "./lib/production-shape.mjs";

const separator = process.argv.indexOf("--");
const [service, port] = process.argv.slice(2, separator === -1 ? undefined : separator);
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (!service || command.length === 0) {
  console.error("usage: node scripts/service.mjs <release|app|cms|proxy> [port] -- <command…>");
  process.exit(2);
}

// systemd's StateDirectory=repair; the /srv/ folders of the compose file live under it.
const stateDir = process.env.STATE_DIRECTORY ?? "/var/lib/repair";
let environment;
try {
  environment = hostEnvironment(/** @type {"release" | "app" | "cms" | "proxy"} */ (service), {
    compose: readCompose().compose,
    operator: process.env,
    stateDir,
    port: port === undefined ? undefined : Number(port),
  });
} catch (error) {
  // A missing required variable names itself (compose's `${NAME:?…}`), in the journal.
  console.error(`[${service}] ${error.message} (in /etc/repair/repair.env)`);
  process.exit(78); // EX_CONFIG: systemd shows it as the unit's status
}
for (const folder of [environment.UPLOADS_DIR, environment.OUTBOX_DIR, environment.CMS_DATA_DIR, environment.TENANTS_DIR, environment.XDG_DATA_HOME, environment.XDG_CONFIG_HOME])
  if (folder) mkdirSync(folder, { recursive: true });

const child = spawn(command[0], command.slice(1), {
  cwd: service === "cms" ? path.join(root, "cms") : root,
  env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: stateDir, LANG: process.env.LANG ?? "C.UTF-8", TZ: process.env.TZ ?? "UTC", ...environment },
  stdio: "inherit",
});
for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT", "SIGHUP"])) process.on(signal, () => child.kill(signal));
child.on("error", (error) => {
  console.error(`[${service}] ${command[0]}: ${error.message}`);
  process.exit(127);
});
child.on("exit", (code, signal) => {
  if (signal) {
    // Die of the same signal, so systemd sees what happened to the command.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
