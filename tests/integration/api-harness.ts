/** The partner API on an ephemeral listener over an in-memory engine (PGlite): what api-*.test.ts drive with fetch. */
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createTestEngine, type TestEngine } from "../../booking/testing/engine";
import { API_PREFIX, createApiRouter, type ApiDependencies } from "../../booking/http/router";
import type { ApiCarrier, ApiScope } from "../../booking/http/routes";
import { newCarrier } from "../../booking/testing/engine";

export interface ApiHarness {
  t: TestEngine;
  url: (path: string) => string;
  carriers: Map<string, ApiCarrier>;
  close(): Promise<void>;
}

export async function startApi(options: Partial<ApiDependencies> & Pick<ApiDependencies, "routes">, t?: TestEngine): Promise<ApiHarness> {
  const engine = t ?? (await createTestEngine());
  const carriers = new Map<string, ApiCarrier>();
  const app = express();
  app.use(
    API_PREFIX,
    createApiRouter({
      engine: async () => engine.engine,
      carrier: async (code) => carriers.get(code) ?? null,
      authenticate: (secret) => engine.engine.apiKeys.verify(secret),
      ...options,
    }),
  );
  app.use((_request, response) => void response.status(404).type("html").send("<html>the site's 404</html>"));
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    t: engine,
    carriers,
    url: (path) => `http://127.0.0.1:${port}${API_PREFIX}${path}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!t) await engine.close();
    },
  };
}

/** A JSON call; `key` as the bearer header unless `via` says the query parameter. */
export async function call(
  url: string,
  init: { method?: string; key?: string; via?: "header" | "query"; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read answers of every route's shape; each assertion names the fields it expects
): Promise<{ status: number; body: any; headers: Headers }> {
  const target = new URL(url);
  const headers: Record<string, string> = { ...init.headers };
  if (init.key && init.via === "query") target.searchParams.set("key", init.key);
  else if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined = init.raw;
  if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === "content-type")) headers["content-type"] = "application/json";
  const response = await fetch(target, { method: init.method ?? "GET", headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the test sees the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** A freshly seeded carrier the API knows (en and de) and a key of it with the given scopes. */
export async function carrierWithKey(api: ApiHarness, scopes: ApiScope[] = ["bookings:write", "catalogue:read", "orders:manage", "stores:read"], allowedOrigins: string[] = []) {
  const carrier = await newCarrier(api.t);
  api.carriers.set(carrier.code, { ...carrier, defaultLocale: "en", supportedLocales: ["en", "de"] });
  const issued = await api.t.engine.apiKeys.issue(carrier.code, { name: "test", scopes, allowedOrigins });
  return { carrier, key: issued.key, keyId: issued.id };
}
