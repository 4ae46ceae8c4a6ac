import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ContentUnavailableError } from "~/content/strapi.server";

const carriers = [
  { code: "acme", domains: ["repair.acme.example", "acme.localhost"] },
  { code: "other", domains: ["fix.other.example"] },
];
const getCarriers = vi.fn(async () => carriers);
const refreshCarriersAfterMiss = vi.fn(async (): Promise<typeof carriers | null> => carriers);
vi.mock("~/content/content.server", () => ({ getCarriers, refreshCarriersAfterMiss }));
vi.mock("~/env.server", () => ({ env: () => ({ TRUST_FORWARDED_HOST: true, DEFAULT_CARRIER: "acme" }) }));

const { loader } = await import("./internal.tls-allowed");

/** As Caddy asks: to the app's service name, no forwarded headers. */
const ask = async (query: string, headers: Record<string, string> = { host: "app:3000" }) => {
  const response = await loader({ request: new Request(`http://app:3000/internal/tls-allowed${query}`, { headers }), params: {}, context: {} } as LoaderFunctionArgs);
  return { status: response.status, text: await response.text(), cacheControl: response.headers.get("Cache-Control") };
};

describe("the reverse proxy's question: may this domain get a certificate?", () => {
  beforeEach(() => {
    getCarriers.mockReset().mockResolvedValue(carriers);
    refreshCarriersAfterMiss.mockReset().mockResolvedValue(carriers);
  });

  it("says yes (200) for a domain a carrier in the CMS has, whatever its case, never cached", async () => {
    expect(await ask("?domain=repair.acme.example")).toMatchObject({ status: 200, cacheControl: "no-store" });
    expect((await ask("?domain=FIX.Other.Example")).status).toBe(200);
  });

  it("says no (404) for a domain no carrier has, after reading the carrier list once more", async () => {
    expect(await ask("?domain=evil.example")).toMatchObject({ status: 404, cacheControl: "no-store" });
    expect(refreshCarriersAfterMiss).toHaveBeenCalledTimes(1);
  });

  it("says yes for a domain added in the CMS whose webhook has not arrived yet", async () => {
    refreshCarriersAfterMiss.mockResolvedValue([...carriers, { code: "new", domains: ["book.new.example"] }]);
    expect((await ask("?domain=book.new.example")).status).toBe(200);
  });

  it("does not fall back to DEFAULT_CARRIER: only a carrier's own domain counts", async () => {
    expect((await ask("?domain=anything.example")).status).toBe(404);
  });

  it("answers 400 with a message, never a 500, for a missing or malformed domain", async () => {
    for (const query of [
      "",
      "?domain=",
      "?domain=not%20a%20host",
      "?domain=-bad-.example",
      "?domain=127.0.0.1",
      `?domain=${"a".repeat(300)}.example`,
      "?domain=a..example",
      "?domain[]=x",
    ]) {
      const { status, text } = await ask(query);
      expect(status, query).toBe(400);
      expect(text.length, query).toBeGreaterThan(0);
    }
  });

  it("never allows a .localhost name (a development host, no certificate exists for it)", async () => {
    expect((await ask("?domain=acme.localhost")).status).toBe(400);
  });

  it("answers 503 while the carrier list cannot be read, so the proxy asks again later", async () => {
    getCarriers.mockRejectedValue(new ContentUnavailableError("CMS down"));
    expect((await ask("?domain=repair.acme.example")).status).toBe(503);
  });

  it("is refused (404) on a carrier's public host, even for a domain that would be allowed", async () => {
    expect((await ask("?domain=repair.acme.example", { host: "app:3000", "x-forwarded-host": "repair.acme.example" })).status).toBe(404);
    expect((await ask("?domain=repair.acme.example", { host: "fix.other.example" })).status).toBe(404);
  });
});
