#!/usr/bin/env node
// `npm start`: install what is missing, build what changed, start Strapi (it seeds tenants/ into
// itself), migrate the engine and sync it from the CMS, start the app on embedded defaults, print
// every demo tenant's URL. Ctrl-C stops both.
import path from "node:path";
import { log, root, startProcess, waitForHttp } from "./lib/proc.mjs";
import { devSecrets, ensureAppBuilt, ensureRootInstalled, loadCmsServer, prepareEngine } from "./lib/prepare.mjs";

const dataDir = path.resolve(root, process.env.DATA_DIR ?? "data");
const appPort = Number(process.env.PORT ?? 3000);
const cmsPort = Number(process.env.CMS_PORT ?? 1337);
const started = Date.now();
// --dev: Vite's dev server with hot reload instead of the production build.
const dev = process.argv.includes("--dev");

await ensureRootInstalled();
const { ensureCmsBuilt, startCms } = await loadCmsServer();
await ensureCmsBuilt({ log: (message) => log("cms", message) });
if (!dev) await ensureAppBuilt();

const secrets = devSecrets(dataDir);
const cmsUrl = `http://127.0.0.1:${cmsPort}`;
const appEnv = {
  NODE_ENV: dev ? "development" : "production",
  PORT: String(appPort),
  HOST: process.env.HOST ?? "127.0.0.1",
  CMS_URL: process.env.CMS_URL ?? cmsUrl,
  CMS_READ_TOKEN: process.env.CMS_READ_TOKEN ?? secrets.CMS_READ_TOKEN,
  CMS_WEBHOOK_SECRET: process.env.CMS_WEBHOOK_SECRET ?? secrets.CMS_WEBHOOK_SECRET,
  SESSION_SECRET: process.env.SESSION_SECRET ?? secrets.SESSION_SECRET,
  PREVIEW_SECRET: process.env.PREVIEW_SECRET ?? secrets.PREVIEW_SECRET,
  BOOKING_DATA_DIR: process.env.BOOKING_DATA_DIR ?? path.join(dataDir, "booking"),
  UPLOADS_DIR: process.env.UPLOADS_DIR ?? path.join(dataDir, "uploads"),
  OUTBOX_DIR: process.env.OUTBOX_DIR ?? path.join(dataDir, "outbox"),
  // A person trying the site reads what customers would receive at /dev/outbox (ADR 090).
  OUTBOX_PAGE: process.env.OUTBOX_PAGE ?? "1",
  // The tracker shows only what technicians report; a simulated van only when asked for (ADR 253).
  TRACKING_SIMULATED_VAN: process.env.TRACKING_SIMULATED_VAN ?? "0",
};

const adminEmail = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const adminPassword = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const cms = await startCms({
  port: cmsPort,
  dataDir: path.join(dataDir, "cms"),
  env: {
    CMS_READ_TOKEN: appEnv.CMS_READ_TOKEN,
    CMS_WEBHOOK_SECRET: appEnv.CMS_WEBHOOK_SECRET,
    PREVIEW_SECRET: appEnv.PREVIEW_SECRET,
    CMS_ADMIN_EMAIL: adminEmail,
    CMS_ADMIN_PASSWORD: adminPassword,
    APP_WEBHOOK_URL: `http://127.0.0.1:${appPort}/api/cms-webhook`,
    // Preview opens <code>.localhost on the app's port (ADR 086).
    PREVIEW_SITE_PORT: String(appPort),
    TENANTS_DIR: path.join(root, "tenants"),
  },
  log: (message) => log("cms", message),
});
// The engine's copy of operations data comes from the CMS (which seeded tenants/ into itself).
try {
  await prepareEngine(appEnv);
} catch (error) {
  await cms.stop();
  throw error;
}

const app = startProcess("app", process.execPath, ["--import", "tsx", "server.ts"], { env: appEnv });
let stopping = false;
async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  log("start", "stopping…");
  await app.stop();
  await cms.stop();
  process.exit(code);
}
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));
app.exited.then(({ code }) => {
  if (!stopping) {
    log("start", `the app stopped unexpectedly (exit ${code})`);
    void stopAll(1);
  }
});

await waitForHttp(`http://127.0.0.1:${appPort}/healthz`, { expect: (status) => status === 200 });

const response = await fetch(`${cms.url}/api/carriers?fields[0]=code&fields[1]=name&sort=code:asc&pagination[pageSize]=100`, {
  headers: { Authorization: `Bearer ${appEnv.CMS_READ_TOKEN}` },
});
const carriers = response.ok ? (await response.json()).data : [];

const lines = [
  "",
  `Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Demo carriers:`,
  ...carriers.map((carrier) => `  ${carrier.name.padEnd(28)} http://${carrier.code}.localhost:${appPort}`),
  "",
  `CMS admin:  ${cms.url}/admin`,
  `  login:    ${adminEmail} / ${adminPassword}   (development only)`,
  "",
  "Press Ctrl-C to stop.",
  "",
];
console.log(lines.join("\n"));
