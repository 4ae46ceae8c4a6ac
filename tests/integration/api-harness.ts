/** The partner API on an ephemeral listener over an in-memory engine (PGlite): what api-*.test.ts drive with fetch. */
import express from "express";
import { expect } from "vitest";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createTestEngine, type TestEngine } from "../../booking/testing/engine";
import { API_PREFIX, apiBases, createApiRouter, type ApiDependencies } from "../../booking/http/router";
import type { ApiCarrier, ApiScope, ContactReasonView } from "../../booking/http/routes";
import { newCarrier } from "../../booking/testing/engine";
import type { EngineFixtureOptions } from "../../booking/testing/fixtures";
import { carrierOwningHost } from "../../app/tenant/resolve";

export interface ApiHarness {
  t: TestEngine;
  /** A path under /api/v4. */
  url: (path: string) => string;
  /** A path from the server's root (a call mounted elsewhere, ADR 176). */
  href: (path: string) => string;
  carriers: Map<string, ApiCarrier>;
  /** The CMS's contact reasons per carrier code (what the app reads from Strapi). */
  reasons: Map<string, ContactReasonView[]>;
  close(): Promise<void>;
}

/**
 * The suites make thousands of calls with one key under a fixed clock, where a window never ends: their
 * engine allows that many. The rate-limit suite (api-limits.test.ts) passes engines with its own limits.
 */
export const SUITE_RATE_LIMITS = { apiRateLimitReads: 1_000_000, apiRateLimitWrites: 1_000_000 };

export async function startApi(options: Partial<ApiDependencies> & Pick<ApiDependencies, "routes">, t?: TestEngine): Promise<ApiHarness> {
  const engine = t ?? (await createTestEngine({ config: SUITE_RATE_LIMITS }));
  const carriers = new Map<string, ApiCarrier>();
  const reasons = new Map<string, ContactReasonView[]>();
  const app = express();
  // Every base the routes name, as server.ts mounts them (ADR 176).
  for (const base of apiBases(options.routes)) {
    app.use(
      base,
      createApiRouter({
        engine: async () => engine.engine,
        carrier: async (code) => carriers.get(code) ?? null,
        // As the app resolves a host (ADR 254): a carrier's domains and `<code>.localhost`; 127.0.0.1 is no carrier's.
        hostCarrier: async (host) => {
          const candidates = [...carriers.values()].map((carrier) => ({ code: carrier.code, domains: Array.isArray(carrier.domains) ? (carrier.domains as string[]) : [] }));
          return carrierOwningHost(host, candidates)?.code ?? null;
        },
        authenticate: (secret) => engine.engine.apiKeys.verify(secret),
        contactReasons: async (code) => reasons.get(code) ?? [],
        ...options,
        base,
      }),
    );
  }
  app.use((_request, response) => void response.status(404).type("html").send("<html>the site's 404</html>"));
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    t: engine,
    carriers,
    reasons,
    url: (path) => `http://127.0.0.1:${port}${API_PREFIX}${path}`,
    href: (path) => `http://127.0.0.1:${port}${path}`,
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

/** A freshly seeded carrier the API knows (en and de, two contact reasons) and a key of it with the given scopes. */
export async function carrierWithKey(
  api: ApiHarness,
  scopes: ApiScope[] = ["bookings:write", "catalogue:read", "orders:manage", "stores:read"],
  allowedOrigins: string[] = [],
  fixture: Partial<EngineFixtureOptions> = {},
) {
  const carrier = await newCarrier(api.t, fixture);
  api.carriers.set(carrier.code, { ...carrier, defaultLocale: "en", supportedLocales: ["en", "de"] });
  api.reasons.set(carrier.code, [
    { id: 11, title: "My repair" },
    { id: 12, title: "Something else" },
  ]);
  const issued = await api.t.engine.apiKeys.issue(carrier.code, { name: "test", scopes, allowedOrigins });
  return { carrier, key: issued.key, keyId: issued.id };
}

/** A generated client's answer data when the call answered `status`; otherwise the test fails showing the error body. */
export async function ok<R extends { data?: unknown; error?: unknown; response: Response }>(pending: Promise<R>, status = 200): Promise<NonNullable<R["data"]>> {
  const { data, error, response } = await pending;
  expect({ status: response.status, error }).toEqual({ status, error: undefined });
  return data as NonNullable<R["data"]>;
}
