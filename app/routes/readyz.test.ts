import { beforeEach, describe, expect, it, vi } from "vitest";

const getCarriers = vi.fn(async () => [{ code: "a" }, { code: "b" }]);
vi.mock("~/content/content.server", () => ({ getCarriers: () => getCarriers() }));
const databaseReachable = vi.fn(async () => true);
vi.mock("~/booking.server", () => ({ databaseReachable: () => databaseReachable() }));

const { loader } = await import("./readyz");
const { drainState } = await import("~/lib/http/graceful-shutdown");

describe("/readyz", () => {
  beforeEach(() => getCarriers.mockClear());

  it("is ready while the carriers can be served", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true, carriers: 2, database: "ok" });
  });

  it("stays ready while the engine's database is away, and says so (ADR 146)", async () => {
    databaseReachable.mockResolvedValueOnce(false);
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true, carriers: 2, database: "unavailable" });
  });

  it("answers 503 once the replica is draining, without asking the CMS", async () => {
    drainState().begin();
    const response = await loader();
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ ready: false, draining: true });
    expect(getCarriers).not.toHaveBeenCalled();
  });
});
