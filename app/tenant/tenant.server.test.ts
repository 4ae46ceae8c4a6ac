import { beforeEach, describe, expect, it, vi } from "vitest";

const carriers = [{ code: "patchpoint", domains: ["repair.patchpoint.example"] }];
vi.mock("~/content/content.server", () => ({
  getCarriers: async () => carriers,
  refreshCarriersAfterMiss: async () => carriers,
}));
vi.mock("~/env.server", () => ({ env: () => ({ DEFAULT_CARRIER: "patchpoint", TRUST_FORWARDED_HOST: false }) }));

const { hostNamesCarrier, requireCarrier } = await import("./tenant.server");
const at = (host: string) => new Request(`http://${host}/`, { headers: { host } });

describe("a host that names its carrier, and one that only falls back to DEFAULT_CARRIER", () => {
  beforeEach(() => vi.clearAllMocks());

  it("serves the default carrier on any host, but only its own hosts name it", async () => {
    expect((await requireCarrier(at("made-up-1.example"))).code).toBe("patchpoint");
    expect(await hostNamesCarrier(at("made-up-1.example"))).toBe(false);
    expect(await hostNamesCarrier(at("repair.patchpoint.example"))).toBe(true);
    expect(await hostNamesCarrier(at("patchpoint.localhost:3000"))).toBe(true);
  });
});
