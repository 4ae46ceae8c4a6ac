import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ENV_VARIABLES, MAX_DRAIN_SECONDS, PRODUCTION_SECRETS, parseEnv } from "../../app/env.server";
import { REFERENCE, interpolate, referencedIn, requiredIn } from "../../scripts/lib/compose-env.mjs";

/**
 * The production deployment (docs/deployment.md, ADR 103) read the way Docker would read it: the
 * compose file with its `${…}` interpolation, the two Dockerfiles, the Caddyfile and the .env example.
 * No Docker engine runs here, so these checks are what keeps the files in step with the code.
 */
const root = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Service = {
  build?: string | { context: string; additional_contexts?: Record<string, string> };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  expose?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  deploy?: { replicas?: string | number };
};
const composeText = read("docker-compose.yml");
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const { app, release, cms, proxy, postgres } = compose.services as Record<"app" | "release" | "cms" | "proxy" | "postgres", Service>;

const environmentOf = (service: Service, variables: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), variables)]));

/** deploy/.env.example as KEY → value, and the keys in order. */
const exampleText = read("deploy/.env.example");
const exampleLines = exampleText.split("\n");
const example = Object.fromEntries(exampleLines.filter((line) => /^[A-Z0-9_]+=/.test(line)).map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));

/** What an operator fills in: every required variable, with a fresh value (not a committed one). */
const secret = () => randomBytes(24).toString("hex");
const operatorEnv = (): Record<string, string> => ({
  ...example,
  ...Object.fromEntries([...requiredIn(composeText)].map((name) => [name, secret()])),
  CMS_DOMAIN: "cms.repair.example",
  ACME_EMAIL: "ops@repair.example",
});
/** The credentials of the providers docker-compose.yml chooses by default. */
const providerCredentials = {
  BRAINTREE_MERCHANT_ID: "merchant1",
  BRAINTREE_PUBLIC_KEY: "public1",
  BRAINTREE_PRIVATE_KEY: secret(),
  KLARNA_USERNAME: "K123_abc",
  KLARNA_PASSWORD: secret(),
  LOQATE_API_KEY: "AA11-BB22-CC33-DD44",
  RECAPTCHA_SITE_KEY: "site-key",
  RECAPTCHA_SECRET: secret(),
  SMTP_URL: "smtps://mailer:pw@smtp.repair.example:465",
  NOTIFICATIONS_EMAIL_FROM_ADDRESS: "bookings@repair.example",
  TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
  TWILIO_AUTH_TOKEN: secret(),
  NOTIFICATIONS_SMS_SENDER_ID: "Repairs",
};

/** A Dockerfile's final stage: its instructions (continued lines joined) after the last FROM. */
function finalStage(file: string): { instruction: string; args: string }[] {
  const instructions = read(file)
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => ({ instruction: line.split(/\s+/)[0]!.toUpperCase(), args: line.slice(line.indexOf(" ") + 1).trim() }));
  const last = instructions.map((i) => i.instruction).lastIndexOf("FROM");
  return instructions.slice(last);
}
const argsOf = (stage: ReturnType<typeof finalStage>, instruction: string) => stage.filter((i) => i.instruction === instruction).map((i) => i.args);
const appImage = finalStage("Dockerfile");
const cmsImage = finalStage("cms/Dockerfile");
/** The paths a stage copies from its build context (not from another stage or context). */
const copiedFromContext = (stage: ReturnType<typeof finalStage>) =>
  argsOf(stage, "COPY")
    .filter((args) => !args.includes("--from="))
    .flatMap((args) =>
      args
        .split(/\s+/)
        .filter((part) => !part.startsWith("--"))
        .slice(0, -1),
    );
const envOfImage = (stage: ReturnType<typeof finalStage>) =>
  Object.fromEntries(argsOf(stage, "ENV").flatMap((args) => args.split(/\s+/).map((pair) => pair.split("=") as [string, string])));

const caddyfile = read("deploy/Caddyfile");
/** Caddy's own reading of the Caddyfile (caddy adapt) with the proxy's environment from the compose file. */
const caddyBin = ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((file) => existsSync(file));
type CaddyRoute = { match?: { host?: string[]; path?: string[] }[]; handle?: CaddyHandler[] };
type CaddyHandler = {
  handler: string;
  routes?: CaddyRoute[];
  upstreams?: { dial: string }[];
  dynamic_upstreams?: { source: string; name: string; port: string };
  status_code?: number;
  health_checks?: { active?: { uri?: string } };
};
function adaptedCaddyfile(extra: Record<string, string> = {}) {
  const environment = { ...environmentOf(proxy, operatorEnv()), ...extra };
  const json = execFileSync(caddyBin!, ["adapt", "--config", path.join(root, "deploy/Caddyfile"), "--adapter", "caddyfile"], {
    env: { PATH: process.env.PATH, ...environment } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return JSON.parse(json) as {
    apps: {
      http: { servers: Record<string, { listen: string[]; routes: CaddyRoute[] }> };
      tls: { automation: { policies: { subjects?: string[]; on_demand?: boolean; issuers: { module: string; email?: string }[] }[]; on_demand: { ask: string } } };
    };
  };
}
/** Every handler of a server, nested subroutes included, with the hosts and paths it is matched on. */
function handlersOf(routes: CaddyRoute[], hosts: string[] = [], paths: string[] = []): { handler: CaddyHandler; hosts: string[]; paths: string[] }[] {
  return routes.flatMap((route) => {
    const routeHosts = [...hosts, ...(route.match ?? []).flatMap((m) => m.host ?? [])];
    const routePaths = [...paths, ...(route.match ?? []).flatMap((m) => m.path ?? [])];
    return (route.handle ?? []).flatMap((handler) => [{ handler, hosts: routeHosts, paths: routePaths }, ...handlersOf(handler.routes ?? [], routeHosts, routePaths)]);
  });
}
const SECRET_LIKE = /SECRET|TOKEN|PASSWORD|PASS$|_KEY$|KEYS$|SALT|AUTH|PRIVATE/;

describe("docker-compose.yml gives each service the configuration it reads in production", () => {
  it("passes the app (and the release, from the same block) every variable of its environment schema, except those a live site must not set", () => {
    const notPassed: Record<string, string> = {
      ENGINE_TEST_CLOCK: "moves the engine's clock: tests only",
      ENGINE_CLOCK_OFFSET_MS: "moves the engine's clock: tests only",
      OUTBOX_PAGE: "the development outbox page",
      KLARNA_SANDBOX_OUTCOME: "the pay-later sandbox only",
      BOOKING_DATA_DIR: "PGlite; production runs on Postgres (DATABASE_URL)",
      PGLITE_SHARED_BUFFERS: "PGlite's buffer pool; production runs on Postgres (DATABASE_URL)",
      BOOKING_MIGRATIONS_DIR: "the migrations ship in the image",
      CMS_MEDIA_URL: "its default, <CMS_URL>/uploads, is the CMS container",
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "webhooks to private addresses: test rigs only (ADR 180)",
      TRACKING_SIMULATED_VAN: "a simulated van on the tracker: development only, never on a live site (ADR 253)",
    };
    const passed = Object.keys(app.environment!);
    expect(ENV_VARIABLES.filter((name) => !passed.includes(name) && !(name in notPassed))).toEqual([]);
    expect(passed.filter((name) => name in notPassed)).toEqual([]);
    // Nothing passed that no code reads (a typo would be silently ignored); the release script's own wait is the one extra.
    expect(passed.filter((name) => !ENV_VARIABLES.includes(name) && name !== "OPERATIONS_SYNC_WAIT_SECONDS")).toEqual([]);
    expect(release.environment).toEqual(app.environment);
  });

  it("requires the production secrets of the app, and Postgres for the engine", () => {
    for (const name of PRODUCTION_SECRETS) expect(app.environment![name], name).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    expect(app.environment!.DATABASE_URL).toMatch(/^postgres:\/\/repair:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\/booking$/);
    expect(app.environment!.CMS_URL).toBe("http://cms:1337");
    expect(app.environment!.NODE_ENV).toBe("production");
  });

  it("requires every secret the CMS's config reads, and the CMS's shared secrets and first admin", () => {
    const configSecrets = readdirSync(path.join(root, "cms/config"))
      .filter((file) => file.endsWith(".ts"))
      .flatMap((file) => [...read(`cms/config/${file}`).matchAll(/secret\('([A-Z_]+)'\)/g)].map((match) => match[1]!));
    expect(configSecrets).toEqual(expect.arrayContaining(["APP_KEYS", "ADMIN_JWT_SECRET", "PREVIEW_SECRET"]));
    for (const name of [...new Set(configSecrets), "CMS_READ_TOKEN", "CMS_WEBHOOK_SECRET", "CMS_ADMIN_EMAIL", "CMS_ADMIN_PASSWORD"]) {
      expect(cms.environment![name], name).toMatch(/^\$\{[A-Z_]+:\?[^}]*\}$/);
    }
    expect(cms.environment).toMatchObject({ NODE_ENV: "production", DATABASE_CLIENT: "postgres", APP_WEBHOOK_URL: "http://app:3000/api/cms-webhook" });
    expect(cms.environment!.DATABASE_URL).toMatch(/^postgres:\/\/repair:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\/cms$/);
    // The app and the CMS share these three: the same variable feeds both.
    for (const name of ["CMS_READ_TOKEN", "CMS_WEBHOOK_SECRET", "PREVIEW_SECRET"]) expect(cms.environment![name]).toBe(app.environment![name]);
  });

  it("refuses to start without a required variable, naming it", () => {
    const { SESSION_SECRET: _left, ...env } = operatorEnv();
    expect(() => environmentOf(app, env)).toThrow(/SESSION_SECRET/);
  });

  it("starts the app in production once the chosen providers' credentials are given, and refuses to without them", () => {
    const env = operatorEnv();
    const problems = (() => {
      try {
        parseEnv(environmentOf(app, env));
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ["BRAINTREE", "KLARNA", "SMTP_URL", "TWILIO_ACCOUNT_SID", "LOQATE_API_KEY", "RECAPTCHA_SECRET"]) expect(problems).toContain(name);
    const parsed = parseEnv(environmentOf(app, { ...env, ...providerCredentials }));
    expect(parsed).toMatchObject({ NODE_ENV: "production", TRUST_FORWARDED_HOST: true, COOKIE_SECURE: true, ENGINE_TEST_CLOCK: false, OUTBOX_PAGE: false });
  });

  it("never falls back to the payment sandboxes, the file outbox or the demo address book", () => {
    const parsed = environmentOf(app, operatorEnv());
    expect(parsed).toMatchObject({
      PAYMENTS_PROVIDER: "braintree",
      PAY_LATER_PROVIDER: "klarna",
      NOTIFICATIONS_EMAIL_PROVIDER: "smtp",
      NOTIFICATIONS_SMS_PROVIDER: "twilio",
      ADDRESS_PROVIDER: "loqate",
      CAPTCHA_PROVIDER: "recaptcha",
    });
    expect(parsed.BRAINTREE_ENVIRONMENT).toBe("production");
    expect(parsed.KLARNA_ENVIRONMENT).toBe("production");
    // Nor with every optional variable left unset (no .env lines at all).
    const bare = environmentOf(app, Object.fromEntries([...requiredIn(composeText)].map((name) => [name, secret()])));
    expect(bare).toMatchObject({
      PAYMENTS_PROVIDER: "braintree",
      PAY_LATER_PROVIDER: "klarna",
      NOTIFICATIONS_EMAIL_PROVIDER: "smtp",
      NOTIFICATIONS_SMS_PROVIDER: "twilio",
      ADDRESS_PROVIDER: "loqate",
    });
  });
});

describe("no real secret is committed", () => {
  it("takes every secret from the environment, with no default", () => {
    for (const [service, definition] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(definition.environment ?? {})) {
        const text = String(value);
        if (SECRET_LIKE.test(key))
          expect(
            text.replace(REFERENCE, (match, _name, operator?: string, argument?: string) => (operator?.endsWith("-") && argument ? match : "")),
            `${service}.${key}`,
          ).toBe("");
        // A password inside a URL comes from a variable too.
        expect(text, `${service}.${key}`).not.toMatch(/:\/\/[^:/@\s]+:[^$@\s][^@\s]*@/);
      }
    }
  });

  it("leaves every secret empty in deploy/.env.example, and no .env file is in git", () => {
    const filled = Object.entries(example).filter(([key, value]) => SECRET_LIKE.test(key) && value !== "");
    expect(filled).toEqual([]);
    const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n");
    expect(tracked.filter((file) => /(^|\/)\.env($|\.(?!example$))/.test(file))).toEqual([]);
    expect(read(".dockerignore")).toMatch(/^\.env$/m);
  });
});

describe("deploy/.env.example lists every variable docker-compose.yml reads, each with a comment", () => {
  it("has exactly the compose file's variables", () => {
    expect(Object.keys(example).sort()).toEqual([...referencedIn(composeText)].sort());
  });

  it("says what each one is: a comment opens every group of variables", () => {
    exampleLines.forEach((line, index) => {
      if (!/^[A-Z0-9_]+=/.test(line)) return;
      const previous = exampleLines[index - 1] ?? "";
      expect(previous.startsWith("#") || /^[A-Z0-9_]+=/.test(previous), line).toBe(true);
    });
  });
});

describe("release steps that are safe with several replicas", () => {
  it("migrates and syncs from the CMS once per release, in a one-shot service the replicas wait for", () => {
    expect(release.command).toEqual(["node", "--import", "tsx", "scripts/sync-engine.ts"]);
    expect(release).toMatchObject({ restart: "no" });
    expect(release.depends_on).toMatchObject({ postgres: { condition: "service_healthy" }, cms: { condition: "service_healthy" } });
    expect(app.depends_on).toMatchObject({ release: { condition: "service_completed_successfully" } });
    expect(app.command).toBeUndefined();
    expect(argsOf(appImage, "CMD").join(" ")).not.toContain("sync-engine");
    expect(read("scripts/sync-engine.ts")).toContain("engineFromEnvironment");
  });

  it("runs several replicas, each stopped gracefully within its grace period", () => {
    expect(interpolate(String(app.deploy!.replicas), {})).toBe("2");
    expect(app).toMatchObject({ stop_grace_period: "20s" });
    // The drain (at most MAX_DRAIN_SECONDS) and 10 s for the work after it fit inside the grace period.
    expect(read("server.ts")).toMatch(/gracefulShutdown\(\{[\s\S]*timeoutMs: drainMs \+ 10_000/);
    expect(MAX_DRAIN_SECONDS + 10).toBeLessThan(20);
    expect(
      parseEnv({
        NODE_ENV: "production",
        ...Object.fromEntries(PRODUCTION_SECRETS.map((name) => [name, secret()])),
        SHUTDOWN_DRAIN_SECONDS: interpolate(app.environment!.SHUTDOWN_DRAIN_SECONDS!, {}),
      }).SHUTDOWN_DRAIN_SECONDS,
    ).toBe(3);
  });

  it("seeds no demo data: the CMS gets no tenants folder or demo pictures and no development defaults, and the app image carries no tenants", () => {
    expect((cms.volumes ?? []).filter((volume) => /tenants|devices/.test(volume))).toEqual([]);
    for (const name of ["TENANTS_DIR", "DEVICE_IMAGES_DIR", "CMS_DEV_DEFAULTS", "CMS_WRITE_TOKEN"]) expect(cms.environment, name).not.toHaveProperty(name);
    expect(copiedFromContext(appImage).filter((source) => source.startsWith("tenants"))).toEqual([]);
    for (const service of Object.values(compose.services)) expect(service.environment ?? {}).not.toHaveProperty("CMS_DEV_DEFAULTS");
  });
});

describe("images, ports and health checks match the code", () => {
  it("copies into the app image every file its command and the release's command run", () => {
    const copied = copiedFromContext(appImage);
    const [, , , entry] = JSON.parse(argsOf(appImage, "CMD")[0]!) as string[];
    for (const file of [entry!, release.command![3]!]) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      expect(
        copied.some((source) => file === source || file.startsWith(`${source.replace(/\/$/, "")}/`)),
        file,
      ).toBe(true);
    }
    for (const source of copied) expect(existsSync(path.join(root, source)), source).toBe(true);
    // tsx runs server.ts, so the production install must have it.
    expect(JSON.parse(read("package.json")).dependencies).toHaveProperty("tsx");
  });

  it("builds the CMS image from files that exist, with the app's texts from a second context", () => {
    const build = cms.build as { context: string; additional_contexts: Record<string, string> };
    for (const source of copiedFromContext(cmsImage)) expect(existsSync(path.join(root, build.context, source)), source).toBe(true);
    expect(argsOf(cmsImage, "COPY").some((args) => args.includes("--from=locales"))).toBe(true);
    expect(statSync(path.join(root, build.additional_contexts.locales!)).isDirectory()).toBe(true);
    expect(envOfImage(cmsImage).APP_LOCALES_DIR).toBe(cms.environment!.APP_LOCALES_DIR);
    expect(JSON.parse(argsOf(cmsImage, "CMD")[0]!)).toEqual(["npx", "strapi", "start"]);
    expect(JSON.parse(read("cms/package.json")).dependencies).toHaveProperty("@strapi/strapi");
  });

  it("gives both images the shared rules where their file: dependency points (ADR 161)", () => {
    const build = cms.build as { context: string; additional_contexts: Record<string, string> };
    const rules = path.join(root, build.additional_contexts.rules!);
    expect(JSON.parse(readFileSync(path.join(rules, "package.json"), "utf8")).name).toBe("@repair/rules");
    // cms/package.json's ../packages/rules, seen from the image's /srv.
    expect(JSON.parse(read("cms/package.json")).dependencies["@repair/rules"]).toBe("file:../packages/rules");
    expect(argsOf(cmsImage, "COPY")).toContain("--from=build /packages/rules /packages/rules");
    expect(read("cms/Dockerfile")).toMatch(/COPY --from=rules \. \/packages\/rules\nCOPY package\.json package-lock\.json \.\/\nRUN npm install/);
    expect(JSON.parse(read("package.json")).dependencies["@repair/rules"]).toBe("file:packages/rules");
    expect(copiedFromContext(appImage)).toContain("packages");
  });

  it("mounts only files and folders that exist", () => {
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const [source] = volume.split(":");
        if (source!.startsWith(".")) expect(existsSync(path.join(root, source!)), volume).toBe(true);
        else expect(compose.volumes, volume).toHaveProperty(source!);
      }
    }
  });

  it("binds each replica's metrics to the compose network, and publishes neither the metrics nor the app port (ADR 151)", () => {
    expect(interpolate(app.environment!.METRICS_HOST!, {})).toBe("0.0.0.0");
    expect(app.ports ?? []).toEqual([]);
    expect(app.expose ?? []).not.toContain(interpolate(app.environment!.METRICS_PORT!, {}));
    expect(read("server.ts")).toMatch(/metricsServer\?\.listen\([^)]*metricsHost/);
  });

  it("checks the app's liveness (/healthz) in the image and its readiness (/readyz) in compose, on the port it listens on", () => {
    const port = envOfImage(appImage).PORT;
    expect(argsOf(appImage, "EXPOSE")).toEqual([port]);
    expect(argsOf(appImage, "HEALTHCHECK")[0]).toContain(`http://127.0.0.1:${port}/healthz`);
    expect(app.healthcheck!.test!.join(" ")).toContain(`http://127.0.0.1:${port}/readyz`);
    expect(app.expose).toEqual([port]);
    for (const route of ["healthz", "readyz"]) expect(existsSync(path.join(root, `app/routes/${route}.ts`)), route).toBe(true);
    expect(release.healthcheck).toEqual({ disable: true });
  });

  it("checks the CMS on Strapi's /_health, on the port it listens on", () => {
    const port = envOfImage(cmsImage).CMS_PORT;
    expect(argsOf(cmsImage, "EXPOSE")).toEqual([port]);
    expect(cms.healthcheck!.test!.join(" ")).toContain(`http://127.0.0.1:${port}/_health`);
    expect(argsOf(cmsImage, "HEALTHCHECK")[0]).toContain(`http://127.0.0.1:${port}/_health`);
    expect(app.environment!.CMS_URL).toBe(`http://cms:${port}`);
    expect(proxy.environment!.CMS_UPSTREAM).toBe(`cms:${port}`);
  });

  it("gives the runtime user the folders its volumes are mounted on", () => {
    const uploads = app.environment!.UPLOADS_DIR!;
    expect(app.volumes).toContain(`uploads:${uploads}`);
    expect(argsOf(appImage, "RUN").join(" ")).toMatch(new RegExp(`chown node:node[^&]*${uploads}`));
    expect(cms.volumes).toContain("cms-uploads:/srv/public/uploads");
    expect(argsOf(cmsImage, "RUN").join(" ")).toMatch(/chown node:node[^&]*\/srv\/public\/uploads/);
    expect(argsOf(appImage, "USER")).toEqual(["node"]);
  });
});

describe.skipIf(!caddyBin)("carrier domains with TLS, the proxy being the only way in (caddy adapt)", () => {
  it("asks the app's /internal/tls-allowed, through a loopback-only site that reaches every replica, before getting a certificate for a name", () => {
    const config = adaptedCaddyfile();
    const ask = new URL(config.apps.tls.automation.on_demand.ask);
    expect(ask.hostname).toBe("127.0.0.1");
    expect(existsSync(path.join(root, `app/routes/${ask.pathname.slice(1).replace(/\//g, ".")}.ts`))).toBe(true);
    const askServer = Object.values(config.apps.http.servers).find((server) => server.listen.includes(`127.0.0.1:${ask.port}`));
    expect(askServer, "a server listening on loopback for the ask").toBeTruthy();
    expect(handlersOf(askServer!.routes).some(({ handler }) => handler.handler === "reverse_proxy" && handler.dynamic_upstreams?.name === "app")).toBe(true);
    const onDemand = config.apps.tls.automation.policies.find((policy) => policy.on_demand);
    expect(onDemand!.issuers).toEqual([{ module: "acme", email: "ops@repair.example" }]);
  });

  it("never lets a visitor reach /internal/, and publishes no port but the proxy's", () => {
    const config = adaptedCaddyfile();
    const publicServer = Object.values(config.apps.http.servers).find((server) => server.listen.includes(":443"))!;
    const handlers = handlersOf(publicServer.routes);
    expect(handlers.some(({ handler, paths }) => handler.handler === "static_response" && handler.status_code === 404 && paths.includes("/internal/*"))).toBe(true);
    const published = Object.entries(compose.services)
      .filter(([, service]) => service.ports?.length)
      .map(([name]) => name);
    expect(published).toEqual(["proxy"]);
    expect(proxy.ports).toEqual(["80:80", "443:443", "443:443/udp"]);
    expect(postgres.ports).toBeUndefined();
  });

  it("balances over every app replica on the app's port, checking each one's readiness", () => {
    const config = adaptedCaddyfile();
    const publicServer = Object.values(config.apps.http.servers).find((server) => server.listen.includes(":443"))!;
    const proxying = handlersOf(publicServer.routes).filter(({ handler, hosts }) => handler.handler === "reverse_proxy" && hosts.length === 0);
    expect(proxying.map(({ handler }) => handler.dynamic_upstreams)).toEqual([{ source: "a", name: "app", port: envOfImage(appImage).PORT, refresh: 5_000_000_000 }]);
    expect(proxying[0]!.handler.health_checks?.active?.uri).toBe("/readyz");
    const cmsProxy = handlersOf(publicServer.routes).find(({ handler, hosts }) => handler.handler === "reverse_proxy" && hosts.includes("cms.repair.example"));
    expect(cmsProxy?.handler.upstreams).toEqual([{ dial: `cms:${envOfImage(cmsImage).CMS_PORT}` }]);
  });

  it("takes the replicas and the certificate issuer from the environment on a host without Docker", () => {
    const config = adaptedCaddyfile({ APP_REPLICAS_FROM: "list", APP_UPSTREAMS: "127.0.0.1:3001 127.0.0.1:3002", TLS_ISSUER: "internal", CMS_UPSTREAM: "127.0.0.1:1337" });
    const publicServer = Object.values(config.apps.http.servers).find((server) => server.listen.includes(":443"))!;
    const proxying = handlersOf(publicServer.routes).filter(({ handler, hosts }) => handler.handler === "reverse_proxy" && hosts.length === 0);
    expect(proxying[0]!.handler.upstreams).toEqual([{ dial: "127.0.0.1:3001" }, { dial: "127.0.0.1:3002" }]);
    for (const policy of config.apps.tls.automation.policies) expect(policy.issuers.map((issuer) => issuer.module)).toEqual(["internal"]);
  });

  it("gives the proxy every variable its Caddyfile reads without a default", () => {
    const withoutDefault = [...caddyfile.matchAll(/\{\$([A-Z_]+)\}/g)].map((match) => match[1]!);
    expect(withoutDefault.length).toBeGreaterThan(0);
    // APP_UPSTREAMS is read only by the list snippet, which compose does not choose.
    for (const name of withoutDefault.filter((name) => name !== "APP_UPSTREAMS" && name !== "HTTPS_PORT_SUFFIX")) expect(proxy.environment, name).toHaveProperty(name);
  });
});

describe("the native production shape passes the compose file's variables (ADR 155)", () => {
  it("gives every native process its compose service's variables, moved onto the host, plus only the host's listeners and folders", async () => {
    const { NATIVE_ONLY, nativeEnvironments } = await import("../../scripts/lib/production-shape.mjs");
    const { onThisHost } = await import("../../scripts/lib/compose-env.mjs");
    // The mail server the native host runs, as the runner passes it.
    const operator = { ...operatorEnv(), ...providerCredentials, SMTP_HOST: "127.0.0.1", SMTP_PORT: "2525" };
    const ports = { postgres: 5544, cms: 1400, ask: 2020, mail: 2525, https: 8443, http: 8080, admin: 2019, app: [3001, 3002], metrics: [9001, 9002] };
    const addresses = { "postgres:5432": "127.0.0.1:5544", "cms:1337": "127.0.0.1:1400", "app:3000": "127.0.0.1:2020" };
    const native = nativeEnvironments({ compose, operator, stateDir: "/var/lib/repair", buildDir: "build", ports });
    const processes = { app: native.replica(1), release: native.release, cms: native.cms, proxy: native.proxy } as unknown as Record<string, Record<string, string>>;
    for (const [name, environment] of Object.entries(processes)) {
      const service = name === "release" ? "release" : name;
      const fromCompose = onThisHost(environmentOf(compose.services[service]!, operator), { addresses, stateDir: "/var/lib/repair" });
      const hostOnly: string[] = NATIVE_ONLY[name === "release" ? "app" : (name as "app" | "cms" | "proxy")];
      for (const [key, value] of Object.entries(fromCompose)) if (!hostOnly.includes(key)) expect(environment[key], `${name}: ${key}`).toBe(value);
      for (const key of Object.keys(environment)) expect(key in fromCompose || hostOnly.includes(key), `${name}: ${key} is neither compose's nor a listener`).toBe(true);
    }
    // What moved: the databases, the CMS, the webhook (to Caddy's loopback site), the folders.
    expect(processes.app!.DATABASE_URL).toMatch(/@127\.0\.0\.1:5544\/booking$/);
    expect(processes.cms!.DATABASE_URL).toMatch(/@127\.0\.0\.1:5544\/cms$/);
    expect(processes.app!.CMS_URL).toBe("http://127.0.0.1:1400");
    expect(processes.cms!.APP_WEBHOOK_URL).toBe("http://127.0.0.1:2020/api/cms-webhook");
    expect(processes.app!.UPLOADS_DIR).toBe("/var/lib/repair/uploads");
    expect(processes.app!.PORT).toBe("3002");
    expect(processes.proxy!.APP_UPSTREAMS).toBe("127.0.0.1:3001 127.0.0.1:3002");
    expect(processes.proxy!.CMS_UPSTREAM).toBe("127.0.0.1:1400");
  });

  it("makes the listener variables of the images the native host's own", async () => {
    const { NATIVE_ONLY } = await import("../../scripts/lib/production-shape.mjs");
    for (const name of Object.keys(envOfImage(appImage))) if (name !== "NODE_ENV") expect(NATIVE_ONLY.app, name).toContain(name);
    for (const name of Object.keys(envOfImage(cmsImage))) if (name !== "NODE_ENV") expect(NATIVE_ONLY.cms, name).toContain(name);
  });
});
