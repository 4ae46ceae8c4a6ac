// Installs what is missing and builds what changed. Shared by `npm start` and `npm test`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { log, root, run, whenChanged } from "./proc.mjs";

export async function ensureRootInstalled() {
  const missing = !existsSync(path.join(root, "node_modules", ".bin", "remix"));
  await whenChanged(
    "root-install",
    ["package.json", "package-lock.json"],
    async () => {
      log("setup", "installing the web app's packages (npm install)…");
      await run("npm", ["install", "--no-audit", "--no-fund"]);
    },
    { alsoIf: () => missing },
  );
}

export async function ensureAppBuilt(buildDir = "build") {
  const missing = !existsSync(path.join(root, buildDir, "server", "index.js"));
  const built = await whenChanged(
    `app-build-${buildDir}`,
    ["app", "booking", "public", "vite.config.ts", "package-lock.json", "tsconfig.json"],
    async () => {
      log("setup", "building the web app (remix vite:build)…");
      await run("npx", ["remix", "vite:build"], { quiet: true, env: { BUILD_DIR: buildDir } });
    },
    { alsoIf: () => missing },
  );
  if (!built) log("setup", "web app build is up to date");
}

/**
 * Development secrets shared by the CMS and the app (read token, webhook and preview secrets), made once
 * per data folder so a restart keeps them.
 */
export function devSecrets(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "dev-secrets.json");
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const names = ["CMS_READ_TOKEN", "CMS_WEBHOOK_SECRET", "PREVIEW_SECRET", "SESSION_SECRET"];
  // A folder made before a secret existed gets that one added; the others stay as they were.
  if (names.every((name) => kept[name])) return kept;
  const secrets = { ...Object.fromEntries(names.map((name) => [name, randomBytes(24).toString("hex")])), ...kept };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export async function loadCmsServer() {
  return import(path.join(root, "scripts", "cms-server.mjs"));
}

/**
 * Migrates the booking database and fills the engine's copy of operations data from the CMS feed
 * (ADR 080); the CMS must be started first (it seeds tenants/ into itself).
 */
export async function prepareEngine(env) {
  await run("npx", ["tsx", path.join(root, "scripts", "sync-engine.ts")], { env, quiet: true });
}
