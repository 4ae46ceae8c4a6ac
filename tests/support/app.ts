import http from "node:http";

/** The app's port as the test script started it; hosts are `<code>.localhost`. */
export const appPort = Number(process.env.APP_PORT ?? 3100);

/** The production suite's carriers are on their own domains through Caddy (code → https origin). */
const carrierOrigins: Record<string, string> = process.env.CARRIER_ORIGINS ? (JSON.parse(process.env.CARRIER_ORIGINS) as Record<string, string>) : {};

export function carrierUrl(code: string, path = "/"): string {
  return `${carrierOrigins[code] ?? `http://${code}.localhost:${appPort}`}${path}`;
}

export interface AppResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** GET from the app as a given Host, without following redirects (Node does not resolve *.localhost). */
export function appGet(host: string, path: string, headers: Record<string, string> = {}): Promise<AppResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      // A connection of its own: a kept-alive socket the server is closing at that moment answers ECONNRESET.
      { host: "127.0.0.1", port: appPort, path, method: "GET", headers: { host: `${host}:${appPort}`, ...headers }, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.setTimeout(15_000, () => request.destroy(new Error("timeout")));
    request.end();
  });
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, { timeoutMs = 10_000, intervalMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
