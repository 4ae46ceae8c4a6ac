/**
 * The production suite's view of the native production shape scripts/test.mjs started
 * (scripts/lib/production-shape.mjs): where everything is, HTTPS through Caddy with its CA, the
 * control listener that breaks and repairs parts, the mail server's folder, the databases, metrics.
 */
import { readFileSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { Agent, fetch as undiciFetch, type Dispatcher } from "undici";
import pg from "pg";

export interface ProductionState {
  stateDir: string;
  buildDir: string;
  urls: { code: string; name: string; domains: string[]; url: string }[];
  ports: { https: number; http: number; cms: number; app: number[]; metrics: number[]; mail: number; ask: number };
  caRoot: string;
  mailDir: string;
  logDir: string;
  cmsUrl: string;
  bookingDatabaseUrl: string;
  cmsDatabaseUrl: string;
  pgBin: string;
  variables: Record<string, string>;
  appEnv: Record<string, string>;
}

export const state = (): ProductionState => JSON.parse(readFileSync(process.env.PRODUCTION_STATE ?? "", "utf8")) as ProductionState;

export const carrierOrigin = (code: string) => {
  const found = state().urls.find((carrier) => carrier.code === code);
  if (!found) throw new Error(`no carrier ${code} in the production shape`);
  return found.url;
};

/** An HTTP client for which every name is this host (where Caddy listens), checking certificates against `caRoot`. */
export function agentFor(caRoot: string): Agent {
  return new Agent({
    connect: {
      ca: readFileSync(caRoot, "utf8"),
      lookup: (_hostname, options, callback) => {
        if ((options as { all?: boolean }).all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: "127.0.0.1", family: 4 }]);
        else callback(null, "127.0.0.1", 4);
      },
    },
    // A connection per request would measure TLS handshakes, not the site; keep them, as a browser does.
    keepAliveTimeout: 4_000,
  });
}

let agent: Agent | undefined;
export function tlsAgent(): Dispatcher {
  agent ??= agentFor(state().caRoot);
  return agent;
}

/** fetch through Caddy over TLS, as a browser on the carrier's domain would. */
export function siteFetch(url: string, init: Parameters<typeof undiciFetch>[1] = {}) {
  return undiciFetch(url, { redirect: "manual", ...init, dispatcher: tlsAgent() });
}

/** A plain-HTTP request to Caddy's port 80 equivalent, as a browser typing the bare domain sends it. */
export function plainHttp(hostname: string, pathname: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port: state().ports.http, path: pathname, headers: { host: hostname }, agent: false }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    request.on("error", reject);
    request.end();
  });
}

/** GET straight from one replica (index from 0), bypassing Caddy, as the carrier's host. */
export function replicaGet(replica: number, hostname: string, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: state().ports.app[replica], path: pathname, headers: { host: hostname, "x-forwarded-proto": "https" }, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.setTimeout(15_000, () => request.destroy(new Error("timeout")));
    request.end();
  });
}

/** The CMS's admin API as the first admin (an editor's publish goes through the same endpoints). */
export async function adminApi() {
  const { adminLogin, cmsCall } = await import("./cms-admin");
  const token = await adminLogin(state().variables.CMS_ADMIN_EMAIL!, state().variables.CMS_ADMIN_PASSWORD!);
  const call = async (method: string, pathname: string, body?: unknown) => {
    const reply = await cmsCall(method, pathname, token, body);
    if (reply.status >= 300) throw new Error(`${method} ${pathname}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 400)}`);
    return reply.body;
  };
  const carriers = "/content-manager/collection-types/api::carrier.carrier";
  return {
    call,
    /** Changes a carrier's fields and publishes them, as an editor's Save and Publish. */
    async publishCarrier(documentId: string, data: Record<string, unknown>) {
      await call("PUT", `${carriers}/${documentId}`, data);
      await call("POST", `${carriers}/${documentId}/actions/publish`, {});
    },
  };
}

interface ControlState {
  replicas: { index: number; port: number; metricsPort: number; pid: number; running: boolean; status: string; restarts: number }[];
  processes: Record<string, { status: string; restarts: number; pid: number | null }>;
}
const controlState = async () => (await (await fetch(`${process.env.PRODUCTION_CONTROL_URL}/state`)).json()) as ControlState;

/** The replicas as the runner sees them (port, pid, whether running, restarts by its supervisor). */
export async function replicasNow(): Promise<ControlState["replicas"]> {
  return (await controlState()).replicas;
}

/** Every process the runner supervises (app-1, app-2, cms, caddy): running, backing-off, gave-up…, its restarts and pid. */
export async function processesNow(): Promise<ControlState["processes"]> {
  return (await controlState()).processes;
}

/** Breaks or repairs one part of the shape (POST /replicas/1/kill, /postgres/stop, /mail/start, …). */
export async function control(action: string): Promise<void> {
  const response = await fetch(`${process.env.PRODUCTION_CONTROL_URL}/${action.replace(/^\//, "")}`, { method: "POST" });
  if (response.status !== 204) throw new Error(`control ${action}: ${response.status} ${await response.text()}`);
}

export interface Delivered {
  file: string;
  to: string[];
  subject: string;
  raw: string;
}

/** Every message the local mail server accepted, oldest first. */
export function deliveredMail(): Delivered[] {
  const dir = state().mailDir;
  return readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(dir, file), "utf8");
      const envelope = JSON.parse(/^X-Envelope: (.*)$/m.exec(raw)?.[1] ?? "{}") as { to?: string[] };
      const subject = decodeSubject(/^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(raw)?.[1] ?? "");
      return { file, to: envelope.to ?? [], subject, raw };
    });
}

/**
 * A booking's confirmation: the message with the order's calendar invite. The evening and morning
 * messages carry the reference in their subject too; a run that reaches their time sends them.
 */
export function isConfirmationOf(mail: Delivered, orderRef: string): boolean {
  return mail.subject.includes(orderRef) && /text\/calendar/i.test(mail.raw);
}

/** RFC 2047 encoded words (nodemailer encodes non-ASCII subjects) into text. */
function decodeSubject(header: string): string {
  return header.replace(/\r?\n[ \t]/g, " ").replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=\s*/g, (_match, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/** One query on the booking (or cms) database, as the repair role. */
export async function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = [], database: "booking" | "cms" = "booking"): Promise<T[]> {
  const client = new pg.Client({ connectionString: database === "booking" ? state().bookingDatabaseUrl : state().cmsDatabaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** One replica's Prometheus text, scraped over the network from its metrics listener. */
export async function scrape(replica: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${state().ports.metrics[replica]}/metrics`);
  if (!response.ok) throw new Error(`metrics of replica ${replica + 1}: ${response.status}`);
  return response.text();
}

/** The sum of a counter's samples whose labels include `labels`. */
export function counter(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+([-+\deE.]+|NaN)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) total += Number(match[3]);
  }
  return total;
}

/** Prints a figure the suite measured, in one recognisable line (docs/deployment.md records them). */
export function figure(name: string, value: string | number) {
  console.log(`[figure] ${name}: ${value}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
