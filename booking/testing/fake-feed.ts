/**
 * A stand-in for the CMS engine feed (ops contract, issue 9) for tests: serves a catalogue and
 * carriers' engine files in the feed's shape, behind a bearer token. Tests change `state` to play
 * an editor (a new revision), break it (`invalid`, `down`) and count what was fetched.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeFeedState {
  catalogue: { updatedAt: string; catalogue: unknown };
  /** `apiKeys`: the carrier's CMS API keys as the feed serves them (ADR 182), sent when set. */
  carriers: Map<string, { updatedAt: string; engine: unknown; apiKeys?: unknown[] }>;
  /** Answer every request with this status (e.g. 503: the CMS is down). */
  down: number | null;
  /** Paths fetched, in order ("catalogue", "carriers", "carriers/patchpoint"). */
  fetched: string[];
}

export interface FakeFeed {
  url: string;
  token: string;
  state: FakeFeedState;
  /** Publishes a carrier's engine file with a revision time `secondsLater` after its current one (default 1 s). */
  publish(code: string, engine: unknown, updatedAt?: string): string;
  close(): Promise<void>;
}

export async function startFakeFeed(initial: { catalogue: unknown; carriers?: Record<string, unknown>; token?: string }): Promise<FakeFeed> {
  const token = initial.token ?? "feed-test-token";
  const start = Date.parse("2026-01-01T00:00:00.000Z");
  const state: FakeFeedState = {
    catalogue: { updatedAt: new Date(start).toISOString(), catalogue: initial.catalogue },
    carriers: new Map(Object.entries(initial.carriers ?? {}).map(([code, engine]) => [code, { updatedAt: new Date(start).toISOString(), engine }])),
    down: null,
    fetched: [],
  };
  const server: Server = createServer((request, response) => {
    const send = (status: number, body?: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(body === undefined ? "" : JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${token}`) return send(401, { error: "unauthorised" });
    const path = (request.url ?? "").replace(/^\/api\/engine-feed\//, "");
    state.fetched.push(path);
    if (state.down) return send(state.down, { error: "down" });
    if (path === "catalogue") return send(200, state.catalogue);
    if (path === "carriers") return send(200, { carriers: [...state.carriers].map(([code, c]) => ({ code, updatedAt: c.updatedAt })) });
    const carrier = /^carriers\/([a-z0-9-]+)$/.exec(path);
    const entry = carrier ? state.carriers.get(carrier[1]!) : undefined;
    if (!carrier || !entry) return send(404, { error: "not found" });
    return send(200, { code: carrier[1], updatedAt: entry.updatedAt, engine: entry.engine, ...(entry.apiKeys ? { apiKeys: entry.apiKeys } : {}) });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    state,
    publish(code, engine, updatedAt) {
      const previous = state.carriers.get(code)?.updatedAt;
      const at = updatedAt ?? new Date((previous ? Date.parse(previous) : start) + 1000).toISOString();
      state.carriers.set(code, { ...state.carriers.get(code), updatedAt: at, engine });
      return at;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
