import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_DRAIN_SECONDS } from "../../app/env.server";
import { interpolate, onThisHost, readCompose, referencedIn, serviceEnvironment } from "../../scripts/lib/compose-env.mjs";
import { HOST_PORTS, NATIVE_ONLY, hostEnvironment } from "../../scripts/lib/production-shape.mjs";
import { BACKOFF, START_LIMIT, parseRestartPolicy } from "../../scripts/lib/supervisor.mjs";

/**
 * The systemd units for a plain host (deploy/systemd, issue 43, ADR 280), checked by systemd itself
 * (`systemd-analyze verify`, Debian's systemd package; .ci/run installs it) and against
 * docker-compose.yml: the same commands, restart policies and variables as compose's services.
 */
const root = path.resolve(__dirname, "../..");
const unitsDir = path.join(root, "deploy/systemd");
const units = readdirSync(unitsDir).filter((file) => /\.(service|target)$/.test(file));
const { text: composeText, compose } = readCompose(path.join(root, "docker-compose.yml")) as {
  text: string;
  compose: { services: Record<string, { restart?: string; command?: string[]; stop_grace_period?: string; environment?: Record<string, string> }> };
};

/** A unit file as section → key → values (a key may repeat). */
function readUnit(file: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current = "";
  for (const line of readFileSync(path.join(unitsDir, file), "utf8").split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = section[1]!;
      sections[current] = {};
      continue;
    }
    const [key, ...value] = line.split("=");
    (sections[current]![key!] ??= []).push(value.join("="));
  }
  return sections;
}
const one = (unit: Record<string, Record<string, string[]>>, section: string, key: string) => unit[section]?.[key]?.at(-1);

/** Each service unit, the compose service it runs, and what its ExecStart runs through the launcher. */
const services = units
  .filter((file) => file.endsWith(".service"))
  .map((file) => {
    const unit = readUnit(file);
    const exec = one(unit, "Service", "ExecStart")!.split(" ");
    const separator = exec.indexOf("--");
    return { file, unit, launcher: exec.slice(0, separator), command: exec.slice(separator + 1) };
  });
const byService = (service: string) => services.find(({ launcher }) => launcher[2] === service)!;

const systemdAnalyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((file) => existsSync(file));

describe("deploy/systemd: the units systemd would load", () => {
  it("pass systemd-analyze verify (the template as two replicas)", () => {
    // Not skipped when it is missing: CI installs it (.ci/run), and a unit nobody verified must not pass.
    expect(systemdAnalyze, "systemd-analyze is missing: apt-get install systemd (.ci/run installs it)").toBeTruthy();
    const dir = mkdtempSync(path.join(tmpdir(), "repair-units-"));
    try {
      const files = units.flatMap((file) => (file.includes("@.") ? ["3001", "3002"].map((port) => file.replace("@.", `@${port}.`)) : [file]));
      for (const file of files) copyFileSync(path.join(unitsDir, file.replace(/@\d+\./, "@.")), path.join(dir, file));
      const result = spawnSync(systemdAnalyze!, ["verify", ...files.map((file) => path.join(dir, file))], { encoding: "utf8", cwd: dir });
      // Any complaint is a failure, even one systemd only warns about (it ignores such a line).
      expect(`${result.stdout}${result.stderr}`.trim()).toBe("");
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("run compose's release, cms, app and proxy, each with compose's command through scripts/service.mjs", () => {
    expect(services.map(({ launcher }) => launcher[2]).sort()).toEqual(["app", "cms", "proxy", "release"]);
    expect(existsSync(path.join(root, "scripts/service.mjs"))).toBe(true);
    for (const { file, launcher, command } of services) {
      expect(launcher.slice(0, 2), file).toEqual(["/usr/bin/node", "/opt/repair/scripts/service.mjs"]);
      // systemd-analyze verify finds the launcher's node; the command's program is an absolute path too.
      expect(command[0], file).toMatch(/^\/usr\/bin\//);
    }
    const program = (command: string[]) => [path.basename(command[0]!), ...command.slice(1)];
    // The release's command is the compose file's; the app's and the CMS's are their images' CMD.
    expect(program(byService("release").command)).toEqual(compose.services.release!.command);
    const imageCmd = (dockerfile: string) => JSON.parse(/^CMD (.*)$/m.exec(readFileSync(path.join(root, dockerfile), "utf8"))![1]!) as string[];
    expect(program(byService("app").command)).toEqual(imageCmd("Dockerfile"));
    expect(program(byService("cms").command)).toEqual(imageCmd("cms/Dockerfile"));
    // caddy:2's command, with the repository's Caddyfile where compose mounts it.
    expect(program(byService("proxy").command)).toEqual(["caddy", "run", "--config", "/opt/repair/deploy/Caddyfile", "--adapter", "caddyfile"]);
    expect(byService("app").launcher[3]).toBe("%i");
  });

  it("restart as compose's restart: says, and give up as the native runner does", () => {
    const systemdRestart = { no: "no", always: "always", "unless-stopped": "always", "on-failure": "on-failure" };
    for (const service of ["release", "cms", "app", "proxy"]) {
      const { unit, file } = byService(service);
      const policy = parseRestartPolicy(compose.services[service]!.restart);
      expect(one(unit, "Service", "Restart"), file).toBe(systemdRestart[policy.mode]);
      if (policy.mode === "no") continue;
      expect(one(unit, "Service", "RestartSec"), file).toBe(`${BACKOFF.initialMs}ms`);
      expect(one(unit, "Unit", "StartLimitBurst"), file).toBe(String(START_LIMIT.burst));
      expect(one(unit, "Unit", "StartLimitIntervalSec"), file).toBe(String(START_LIMIT.intervalMs / 1000));
    }
    expect(one(byService("release").unit, "Service", "Type")).toBe("oneshot");
    // The replicas come after the release, as compose's depends_on says.
    expect(one(byService("app").unit, "Unit", "After")).toContain("repair-release.service");
  });

  it("stop a replica gracefully: SIGTERM to the launcher alone, and longer than the drain and its work", () => {
    const { unit } = byService("app");
    expect(one(unit, "Service", "KillSignal")).toBe("SIGTERM");
    expect(one(unit, "Service", "KillMode")).toBe("mixed");
    const stopSeconds = Number(/^(\d+)s$/.exec(one(unit, "Service", "TimeoutStopSec")!)![1]);
    expect(`${stopSeconds}s`).toBe(compose.services.app!.stop_grace_period);
    expect(stopSeconds).toBeGreaterThan(MAX_DRAIN_SECONDS + 10);
  });

  it("run as the unprivileged user repair, sandboxed, writing only to the state folder", () => {
    for (const { file, unit } of services) {
      expect(
        {
          User: one(unit, "Service", "User"),
          EnvironmentFile: one(unit, "Service", "EnvironmentFile"),
          NoNewPrivileges: one(unit, "Service", "NoNewPrivileges"),
          ProtectSystem: one(unit, "Service", "ProtectSystem"),
          ProtectHome: one(unit, "Service", "ProtectHome"),
          PrivateTmp: one(unit, "Service", "PrivateTmp"),
          ReadWritePaths: one(unit, "Service", "ReadWritePaths"),
          StateDirectory: one(unit, "Service", "StateDirectory"),
        },
        file,
      ).toEqual({
        User: "repair",
        EnvironmentFile: "/etc/repair/repair.env",
        NoNewPrivileges: "yes",
        ProtectSystem: "strict",
        ProtectHome: "yes",
        PrivateTmp: "yes",
        ReadWritePaths: "/var/lib/repair",
        StateDirectory: "repair",
      });
      // Their variables come from the environment file alone (through the launcher), none from the unit.
      expect(unit.Service!.Environment, file).toBeUndefined();
    }
    expect(one(byService("proxy").unit, "Service", "AmbientCapabilities")).toBe("CAP_NET_BIND_SERVICE");
  });
});

describe("scripts/service.mjs: each unit's environment is its compose service's", () => {
  // The environment file an operator writes: deploy/.env.example's names (every variable compose reads), filled in.
  const operator: Record<string, string> = {
    ...Object.fromEntries([...referencedIn(composeText)].map((name) => [name, `value-of-${name.toLowerCase()}`])),
    POSTGRES_PASSWORD: "pw1",
    CMS_DOMAIN: "cms.repair.example",
    APP_REPLICAS: "3",
    METRICS_PORT: "9464",
  };
  const addresses = { "postgres:5432": "127.0.0.1:5432", "cms:1337": "127.0.0.1:1337", "app:3000": "127.0.0.1:2020" };
  const stateDir = "/var/lib/repair";

  it("gives every process exactly its service's variables, moved onto the host, plus only the host's listeners and folders", () => {
    for (const [service, native] of [
      ["release", "app"],
      ["app", "app"],
      ["cms", "cms"],
      ["proxy", "proxy"],
    ] as const) {
      const environment = hostEnvironment(service, { compose, operator, stateDir, port: 3002 }) as Record<string, string>;
      const fromCompose = onThisHost(serviceEnvironment(compose, service, operator), { addresses, stateDir });
      const hostOnly: string[] = NATIVE_ONLY[native];
      for (const [key, value] of Object.entries(fromCompose)) if (!hostOnly.includes(key)) expect(environment[key], `${service}: ${key}`).toBe(value);
      for (const key of Object.keys(environment)) expect(key in fromCompose || hostOnly.includes(key), `${service}: ${key}`).toBe(true);
    }
  });

  it("listens where the units and the Caddyfile expect: the replica's port from its instance, every replica behind Caddy, no demo data", () => {
    const app = hostEnvironment("app", { compose, operator, stateDir, port: 3002 }) as Record<string, string>;
    expect(app).toMatchObject({
      PORT: "3002",
      HOST: "127.0.0.1",
      METRICS_PORT: "9466",
      DATABASE_URL: "postgres://repair:pw1@127.0.0.1:5432/booking",
      UPLOADS_DIR: "/var/lib/repair/uploads",
    });
    expect(app.CMS_URL).toBe(`http://127.0.0.1:${HOST_PORTS.cms}`);
    // The operator's SMTP, not the runner's local mail server.
    expect(app.SMTP_HOST).toBe(interpolate(compose.services.app!.environment!.SMTP_HOST!, operator));
    const proxy = hostEnvironment("proxy", { compose, operator, stateDir }) as Record<string, string>;
    expect(proxy).toMatchObject({
      APP_REPLICAS_FROM: "list",
      APP_UPSTREAMS: "127.0.0.1:3001 127.0.0.1:3002 127.0.0.1:3003",
      HTTPS_PORT: "443",
      HTTP_PORT: "80",
      HTTPS_PORT_SUFFIX: "",
    });
    const cms = hostEnvironment("cms", { compose, operator, stateDir }) as Record<string, string>;
    expect(cms).toMatchObject({ CMS_PORT: "1337", CMS_DEV_DEFAULTS: "", TENANTS_DIR: "/var/lib/repair/seed", DEVICE_IMAGES_DIR: "/var/lib/repair/seed" });
    expect(cms.DATABASE_URL).toBe("postgres://repair:pw1@127.0.0.1:5432/cms");
    expect(() => hostEnvironment("app", { compose, operator, stateDir, port: 3000 })).toThrow(/app@3001/);
    const { SESSION_SECRET: _left, ...missing } = operator;
    expect(() => hostEnvironment("app", { compose, operator: missing, stateDir, port: 3001 })).toThrow(/SESSION_SECRET/);
  });
});
