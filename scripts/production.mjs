#!/usr/bin/env node
// `npm run production`: the production shape on this host, without Docker (docs/deployment.md
// "Without Docker", ADR 155). Postgres with the booking and cms databases, Strapi in production mode
// on Postgres, the release once, two app replicas (NODE_ENV=production), a local SMTP server, and
// Caddy in front with deploy/Caddyfile and its own CA. The replicas, Strapi and Caddy are restarted
// when they die, as the compose file's `restart:` says (ADR 279). Prints the carriers' https URLs;
// Ctrl-C stops everything and keeps nothing but STATE_DIR (default data/production).
import path from "node:path";
import { log, root } from "./lib/proc.mjs";
import { ensureAppBuilt, ensureRootInstalled, loadCmsServer } from "./lib/prepare.mjs";
import { startProductionShape } from "./lib/production-shape.mjs";

const stateDir = path.resolve(root, process.env.STATE_DIR ?? "data/production");
const httpsPort = Number(process.env.HTTPS_PORT ?? 8443);
const httpPort = Number(process.env.HTTP_PORT ?? 8080);

await ensureRootInstalled();
const { ensureCmsBuilt } = await loadCmsServer();
await ensureCmsBuilt({ log: (message) => log("cms", message) });
await ensureAppBuilt();

// A fresh cluster every run (the databases live in a temporary folder); the state folder keeps the
// secrets, the logs, the mail and Caddy's CA.
const shape = await startProductionShape({
  stateDir,
  ports: { https: httpsPort, http: httpPort },
  variables: Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => /^[A-Z0-9_]+$/.test(key) && !["PATH", "HOME", "PWD", "SHELL", "USER", "TERM", "LANG", "HOSTNAME", "SHLVL", "OLDPWD", "_"].includes(key),
    ),
  ),
  log: (message) => log("production", message),
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  log("production", "stopping…");
  await shape.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

console.log(
  [
    "",
    "The production shape is running. Carriers (https through Caddy, certificates from its own CA):",
    ...shape.urls.map((carrier) => `  ${String(carrier.name).padEnd(28)} ${carrier.url}`),
    "",
    `CMS admin:   https://${shape.variables.CMS_DOMAIN}/admin  (${shape.variables.CMS_ADMIN_EMAIL}; password in ${path.join(stateDir, "secrets.env")})`,
    `Caddy's CA:  ${shape.caRoot}  (curl --cacert it, or accept the warning)`,
    `Replicas:    ${shape
      .replicas()
      .map((replica) => `127.0.0.1:${replica.port} (metrics :${replica.metricsPort})`)
      .join(", ")}`,
    `Mail:        SMTP 127.0.0.1:${shape.ports.mail}, messages in ${shape.mailDir}`,
    `Logs:        ${shape.logDir}`,
    "",
    "Press Ctrl-C to stop.",
    "",
  ].join("\n"),
);
