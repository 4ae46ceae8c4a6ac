#!/usr/bin/env node
// `npm test`: every suite on a fresh clone. Types, lint and formatting first (`--only lint`), unit
// tests, then a real Strapi (fresh SQLite in a temporary folder) and the production app build for
// the integration and end-to-end suites, plus a private PostgreSQL cluster when its server
// binaries are present. Every suite and set-up step prints its time; the run ends with a table of
// them, the ten slowest tests, the flaky ones (passed only on a retry) by name, and the line
// `N passed, N failed, N skipped, N flaky` (ADR 259).
import { createServer } from "node:http";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { log, root, run, startProcess, waitForHttp } from "./lib/proc.mjs";
import { ensureAppBuilt, ensureRootInstalled, loadCmsServer, prepareEngine } from "./lib/prepare.mjs";
import { closingLine, failedLines, flakyLines, playwrightOutcomes, summaryLines, vitestOutcomes } from "./lib/report.mjs";
import { changedFiles, defaultBase, listedFiles, readJourneyMap, specsForChanges, supportImports } from "./lib/changed.mjs";

const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
const suiteNames = ["lint", "unit", "integration", "e2e", "production"];
if (only !== null && !suiteNames.includes(only)) {
  // A misspelt suite would otherwise run nothing and report "0 passed" as if that proved something.
  console.error(`[test] unknown suite "${only}": use --only ${suiteNames.join("|")} (PostgreSQL files are in integration)`);
  process.exit(2);
}
// `--changed [base]` (ADR 260): only what a change touches, against `base` (default main), uncommitted
// and untracked files included: the unit and integration files Vitest finds importing a changed file
// (`vitest list --changed`), and the e2e specs of the journeys the changed files belong to
// (tests/e2e/journeys.json). No static checks, no production suite.
const changedAt = process.argv.indexOf("--changed");
const changedBase = changedAt === -1 ? null : /^[^-]/.test(process.argv[changedAt + 1] ?? "") ? process.argv[changedAt + 1] : defaultBase(root);
if (changedBase !== null && only !== null) {
  console.error("[test] --changed chooses the suites itself: use it without --only");
  process.exit(2);
}
/** With --changed: the files each suite runs (none: the suite is not run). */
let selection = null;
// Arguments after `--` go to Playwright (spec files, --grep …), or to Vitest with `--only unit|integration`.
const playwrightArgs = process.argv.includes("--") ? process.argv.slice(process.argv.indexOf("--") + 1) : [];
// TEST_INSTANCE=<n> (1–9) runs beside other test runs: its own ports, build folder and reports.
const instance = Number(process.env.TEST_INSTANCE ?? 0);
const buildDir = instance ? `build-test-${instance}` : "build";
const wants = (suite) => (selection ? (selection[suite]?.length ?? 0) > 0 : !only || only === suite);
const reportsDir = path.join(root, instance ? `reports-${instance}` : "reports");
rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const failures = [];
/** Every test's outcome and time, from the runners' reports; the suites' and set-up steps' times. */
const outcomes = [];
const times = [];
/** Runs one suite or set-up step, prints its time and keeps it for the table at the end. */
async function timed(name, step) {
  const began = Date.now();
  try {
    return await step();
  } finally {
    const seconds = (Date.now() - began) / 1000;
    times.push({ name, seconds });
    log("time", `${name}: ${seconds.toFixed(1)} s`);
  }
}
const cleanups = [];
async function cleanup() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((error) => console.error(error));
}
process.on("SIGINT", async () => {
  await cleanup();
  process.exit(130);
});

function addVitest(file, suite) {
  if (!existsSync(file)) return failures.push(`${suite}: no report (the runner crashed)`);
  const report = JSON.parse(readFileSync(file, "utf8"));
  const tests = vitestOutcomes(report, { suite, root });
  outcomes.push(...tests);
  // A test that passed only on a retry is flaky, not passed (issue 38 item 5).
  const retried = tests.filter((test) => test.outcome === "flaky").length;
  totals.flaky += retried;
  totals.passed += report.numPassedTests - retried;
  // A file that fails outside its tests (a hook, an import) fails the run too.
  const brokenFiles = report.numFailedTests === 0 && report.success === false ? Math.max(1, report.numFailedTestSuites) : 0;
  totals.failed += report.numFailedTests + brokenFiles;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (report.numFailedTests > 0 || report.success === false) failures.push(`${suite}: ${report.numFailedTests} failed`);
}

function addPlaywright(file, suite = "e2e") {
  if (!existsSync(file)) return failures.push(`${suite}: no report (the runner crashed)`);
  const report = JSON.parse(readFileSync(file, "utf8"));
  const { stats } = report;
  outcomes.push(...playwrightOutcomes(report, { suite, root }));
  // A test that passed only on its retry is flaky, named at the end, and not counted as passed.
  totals.passed += stats.expected;
  totals.flaky += stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  if (stats.unexpected > 0) failures.push(`${suite}: ${stats.unexpected} failed`);
}

/** The Vitest projects of each suite: the unit suite is the isolated files and the engine's (ADR 286). */
const VITEST_PROJECTS = { unit: ["unit", "unit-engine"], integration: ["integration"] };
const projectArgs = (suite) => VITEST_PROJECTS[suite].flatMap((project) => ["--project", project]);

async function vitest(project, env = {}) {
  const output = path.join(reportsDir, `${project}.json`);
  try {
    // `--only <suite> -- <files>` runs those files of the suite only (as `-- <spec>` does for e2e).
    const files = selection ? selection[project] : only === project ? playwrightArgs : [];
    await run("npx", ["vitest", "run", ...projectArgs(project), "--reporter=default", "--reporter=json", `--outputFile=${output}`, ...files], { env });
  } catch {
    // counted from the report below
  }
  addVitest(output, project);
}

/**
 * Types, lint and formatting (ADR 165), before anything is built: each script is one check in the
 * closing line, and its findings are printed as they come.
 */
async function staticChecks() {
  // (--changed runs no static checks: `--only lint` does, in about a minute.)
  const check = async ([script, name]) => {
    log("test", `npm run ${script}`);
    await timed(name, async () => {
      try {
        await run("npm", ["run", "--silent", script]);
        totals.passed += 1;
      } catch {
        totals.failed += 1;
        failures.push(`${script}: findings (listed above)`);
      }
    });
  };
  // The type check and ESLint each keep one core busy: side by side on two cores, then Prettier.
  await Promise.all([check(["typecheck", "lint: types (tsc)"]), check(["lint", "lint: eslint"])]);
  await check(["format:check", "lint: format (prettier)"]);
}

/**
 * The production suite (issue 22): the native production shape (Postgres, Strapi on Postgres, the
 * release, two replicas, SMTP, Caddy with TLS), driven by Playwright in tests/production.
 */
async function productionSuite() {
  const { startProductionShape, serveControl } = await import(path.join(root, "scripts", "lib", "production-shape.mjs"));
  const { findPgBin } = await import(path.join(root, "scripts", "pg-cluster.mjs"));
  const caddy = ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((file) => existsSync(file));
  if (!findPgBin() || !caddy) {
    // .ci/run installs both; a developer's machine without them says so and goes on.
    log("production", "not run: it needs PostgreSQL's server binaries and caddy (apt-get install postgresql caddy)");
    return;
  }
  const stateDir = mkdtempSync(path.join(tmpdir(), "repair-production-"));
  cleanups.push(async () => rmSync(stateDir, { recursive: true, force: true }));
  log("production", `starting the production shape (${stateDir})`);
  const shape = await timed("set-up: production shape", () =>
    startProductionShape({
      stateDir,
      buildDir,
      variables: {
        // Faults are short here: a killed replica's claimed messages come back after 10 s, a failed send
        // is tried again within seconds, and the scheduler looks every second.
        SCHEDULER_POLL_SECONDS: "1",
        SCHEDULER_LEASE_SECONDS: "10",
        SCHEDULER_BACKOFF_BASE_SECONDS: "2",
        SCHEDULER_MAX_ATTEMPTS: "12",
      },
      log: (message) => log("production", message),
    }),
  );
  cleanups.push(() => shape.stop());
  // Keep the shape's logs beside the reports (the state folder is deleted at the end).
  cleanups.push(async () => {
    const { cpSync } = await import("node:fs");
    cpSync(shape.logDir, path.join(reportsDir, "production-logs"), { recursive: true });
  });
  const control = await serveControl(shape);
  cleanups.push(() => control.close());
  const state = {
    stateDir,
    buildDir,
    urls: shape.urls,
    ports: shape.ports,
    caRoot: shape.caRoot,
    mailDir: shape.mailDir,
    logDir: shape.logDir,
    cmsUrl: shape.cmsUrl,
    bookingDatabaseUrl: shape.database.url("booking"),
    cmsDatabaseUrl: shape.database.url("cms"),
    pgBin: path.dirname(shape.database.tool("pg_dump")),
    variables: shape.variables,
    appEnv: shape.appEnv,
  };
  const stateFile = path.join(stateDir, "state.json");
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  const output = path.join(reportsDir, "production.json");
  try {
    await timed("production", () =>
      run("npx", ["playwright", "test", "-c", "playwright.production.config.ts", ...playwrightArgs], {
        env: {
          PRODUCTION_STATE: stateFile,
          // What tests/support/cms.ts and cms-admin.ts read: the shape's Strapi, its read token, its first admin.
          CMS_URL: shape.cmsUrl,
          CMS_READ_TOKEN: shape.variables.CMS_READ_TOKEN,
          CMS_ADMIN_EMAIL: shape.variables.CMS_ADMIN_EMAIL,
          CMS_ADMIN_PASSWORD: shape.variables.CMS_ADMIN_PASSWORD,
          PRODUCTION_CONTROL_URL: control.url,
          CARRIER_ORIGINS: JSON.stringify(Object.fromEntries(shape.urls.map((carrier) => [carrier.code, carrier.url]))),
          PLAYWRIGHT_JSON_OUTPUT_NAME: output,
        },
      }),
    );
  } catch {
    // counted from the report
  }
  addPlaywright(output, "production");
}

/** What --changed runs: the Vitest files importing a changed file, per project, and the touched journeys' specs. */
async function selectChanged(base) {
  const files = changedFiles(root, base);
  log("changed", `${files.length} file(s) changed since ${base}${files.length ? `: ${files.slice(0, 20).join(", ")}${files.length > 20 ? ", …" : ""}` : ""}`);
  const related = async (suite) =>
    listedFiles(await run("npx", ["vitest", "list", ...projectArgs(suite), "--changed", base, "--filesOnly"], { quiet: true }).catch(() => ""), VITEST_PROJECTS[suite]);
  const unit = await related("unit");
  const integration = await related("integration");
  const picked = specsForChanges(readJourneyMap(root), files, supportImports(root));
  log("changed", `unit: ${unit.length} file(s); integration: ${integration.length} file(s)`);
  log("changed", `journeys: ${picked.journeys.join(", ") || "none"}; e2e: ${picked.specs.join(", ") || "no spec"}`);
  if (picked.shared.length) log("changed", `shared by every journey, so no single one is run for them (--only e2e runs all): ${picked.shared.join(", ")}`);
  if (picked.unmapped.length) log("changed", `in no journey of tests/e2e/journeys.json (add them there): ${picked.unmapped.join(", ")}`);
  return { unit, integration, e2e: picked.specs };
}

const started = Date.now();
try {
  await timed("set-up: install", () => ensureRootInstalled());
  if (changedBase !== null) selection = await timed("set-up: what changed", () => selectChanged(changedBase));
  if (wants("lint")) await staticChecks();
  const { ensureCmsBuilt, startCms } = await loadCmsServer();
  if (wants("integration") || wants("e2e") || wants("production")) await timed("set-up: CMS build", () => ensureCmsBuilt({ log: (message) => log("cms", message) }));
  // The unit suite needs no app build (--only unit is the inner loop); PostgreSQL serves the unit and the other suites.
  const suites = ["unit", "integration", "e2e", "production"].some(wants);
  if (wants("integration") || wants("e2e") || wants("production")) await timed("set-up: app build", () => ensureAppBuilt(buildDir));

  const pg = !suites
    ? null
    : await timed("set-up: PostgreSQL", () =>
        import(path.join(root, "scripts", "pg-cluster.mjs"))
          .then((module) => module.startPgCluster({ log: (message) => log("postgres", message) }))
          .catch((error) => {
            log("postgres", `not started: ${error.message}`);
            return null;
          }),
      );
  if (pg) cleanups.push(() => pg.stop());
  else if (suites) log("postgres", "no PostgreSQL server binaries: the engine's Postgres suite is skipped (install package postgresql)");
  const dbEnv = pg ? { TEST_DATABASE_URL: pg.url } : {};

  if (wants("unit")) {
    log("test", "unit suite");
    await timed("unit", () => vitest("unit", dbEnv));
  }

  if (wants("integration") || wants("e2e")) {
    const work = mkdtempSync(path.join(tmpdir(), "repair-test-"));
    cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
    const cmsPort = 1437 + instance * 10;
    const appPort = 3100 + instance * 10;
    // The app's private metrics listener (ADR 052), beside its port so parallel runs do not collide.
    const metricsPort = appPort + 9;
    const secrets = {
      CMS_READ_TOKEN: "test-read-token-0123456789abcdef",
      CMS_WRITE_TOKEN: "test-write-token-0123456789abcdef",
      CMS_WEBHOOK_SECRET: "test-webhook-secret-0123456789",
      SESSION_SECRET: "test-session-secret-0123456789",
      PREVIEW_SECRET: "test-preview-secret-0123456789",
    };
    const cmsOptions = {
      port: cmsPort,
      dataDir: path.join(work, "cms"),
      env: {
        ...secrets,
        CMS_ADMIN_EMAIL: "admin@repair.localhost",
        CMS_ADMIN_PASSWORD: "DevAdmin2026!",
        APP_WEBHOOK_URL: `http://127.0.0.1:${appPort}/api/cms-webhook`,
        // Preview opens <code>.localhost on the app's port (ADR 086).
        PREVIEW_SITE_PORT: String(appPort),
        TENANTS_DIR: path.join(root, "tenants"),
      },
      // Strapi's request log goes to a file beside the reports, not into the test output.
      log: (message) => appendFileSync(path.join(reportsDir, "cms.log"), `${message}\n`),
    };
    log("test", "starting Strapi on a fresh database");
    let cms = await timed("set-up: Strapi start", () => startCms(cmsOptions));
    cleanups.push(() => cms.stop());

    const appEnv = {
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: String(appPort),
      HOST: "127.0.0.1",
      METRICS_PORT: String(metricsPort),
      CMS_URL: cms.url,
      CMS_READ_TOKEN: secrets.CMS_READ_TOKEN,
      CMS_WEBHOOK_SECRET: secrets.CMS_WEBHOOK_SECRET,
      SESSION_SECRET: secrets.SESSION_SECRET,
      PREVIEW_SECRET: secrets.PREVIEW_SECRET,
      BOOKING_DATA_DIR: path.join(work, "booking"),
      UPLOADS_DIR: path.join(work, "uploads"),
      OUTBOX_DIR: path.join(work, "outbox"),
      // Tests read the customer messages on the development outbox page (ADR 090).
      OUTBOX_PAGE: "1",
      // An unpaid draft holds its day for one minute, so the BK13 journey can wait for a hold to expire.
      BOOKING_DRAFT_HOLD_MINUTES: "1",
      // Lets a test move the engine's clock for its own requests (cookie), e.g. into the 24-hour window (ADR 034).
      ENGINE_TEST_CLOCK: "1",
      // The tracker as customers meet it: only what the technician reported, whatever the shell exported (ADR 253).
      TRACKING_SIMULATED_VAN: "0",
      // Every browser of the suite comes from 127.0.0.1: the per-client draft limit (ADR 192) is for one visitor, not a whole suite.
      DRAFT_THROTTLE_MAX_PER_CLIENT: "100000",
      // No proxy follows this app's /readyz: stopping it at the end need not wait for a drain (ADR 150).
      SHUTDOWN_DRAIN_SECONDS: "0",
    };
    await timed("set-up: engine database", () => prepareEngine(appEnv));
    const app = startProcess("app", process.execPath, ["--import", "tsx", "server.ts"], {
      env: appEnv,
      logFile: path.join(reportsDir, "app.log"),
    });
    cleanups.push(() => app.stop());
    await timed("set-up: app start", () => waitForHttp(`http://127.0.0.1:${appPort}/healthz`, { expect: (status) => status === 200 }));

    // Lets a test stop and start Strapi, to prove the site serves the last good content meanwhile.
    const control = createServer(async (request, response) => {
      try {
        if (request.method === "POST" && request.url === "/cms/stop") await cms.stop();
        else if (request.method === "POST" && request.url === "/cms/start") cms = await startCms(cmsOptions);
        else return response.writeHead(404).end();
        response.writeHead(204).end();
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    });
    await new Promise((resolve) => control.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => control.close(resolve)));

    const suiteEnv = {
      ...dbEnv,
      ...secrets,
      CMS_URL: cms.url,
      // Strapi's SQLite file is <CMS_DATA_DIR>/data.db: a test reads a stored row (the API key's hash, ADR 183).
      CMS_DATA_DIR: cmsOptions.dataDir,
      CMS_ADMIN_EMAIL: cmsOptions.env.CMS_ADMIN_EMAIL,
      CMS_ADMIN_PASSWORD: cmsOptions.env.CMS_ADMIN_PASSWORD,
      APP_PORT: String(appPort),
      APP_URL: `http://127.0.0.1:${appPort}`,
      // The production build, for tests that start more app instances (content-invalidation-instances).
      APP_BUILD_DIR: buildDir,
      METRICS_URL: `http://127.0.0.1:${metricsPort}/metrics`,
      TEST_CONTROL_URL: `http://127.0.0.1:${control.address().port}`,
      // Where a test keeps artefacts beside the reports (e.g. the CMS edit-view screenshot).
      REPORTS_DIR: reportsDir,
    };

    if (wants("e2e")) {
      log("test", "end-to-end suite (Chromium)");
      try {
        await timed("e2e", () =>
          run("npx", ["playwright", "test", ...(selection ? selection.e2e : playwrightArgs)], {
            env: { ...suiteEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportsDir, "e2e.json") },
          }),
        );
      } catch {
        // counted from the report
      }
      addPlaywright(path.join(reportsDir, "e2e.json"));
    }
    // Integration last: it stops and restarts Strapi.
    if (wants("integration")) {
      log("test", "integration suite (real Strapi, real app, Postgres when available)");
      await timed("integration", () => vitest("integration", suiteEnv));
    }
  }
  if (wants("production")) {
    // The other suites' Strapi, app and test cluster go first: the shape needs the machine.
    await cleanup();
    await productionSuite();
  }
} catch (error) {
  failures.push(`setup: ${error.message}`);
  totals.failed += 1;
  console.error(error);
} finally {
  await cleanup();
}

const totalSeconds = (Date.now() - started) / 1000;
log("test", `finished in ${totalSeconds.toFixed(0)} s`);
console.log(summaryLines({ times, totalSeconds, outcomes }).join("\n"));
if (failures.length) console.log(`\nFailures:\n  ${failures.join("\n  ")}`);
const failed = failedLines(outcomes);
if (failed.length) console.log(failed.join("\n"));
const flaky = flakyLines(outcomes);
if (flaky.length) console.log(flaky.join("\n"));
// CI reads the line's start, `N passed, N failed, N skipped`; the flaky count follows it.
console.log(`\n${closingLine(totals)}`);
process.exit(failures.length || totals.failed ? 1 : 0);
