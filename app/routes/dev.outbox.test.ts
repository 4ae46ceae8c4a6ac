import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";

const listOutbox = vi.fn();
vi.mock("~/booking.server", () => ({
  getEngine: async () => ({ messages: { listOutbox }, capabilities: () => ({ notifications: { email: { outbox: true }, sms: { outbox: false } } }) }),
}));
vi.mock("~/tenant/tenant.server", () => ({ requireCarrier: async () => ({ code: "acme", timezone: "Europe/London" }) }));

const { loader } = await import("./dev.outbox");

const load = (query = "") => loader({ request: new Request(`http://acme.localhost/dev/outbox${query}`), params: {}, context: {} } as LoaderFunctionArgs);
const listing = { entries: [], carriers: ["acme", "other"], total: 0 };

describe("the development outbox page", () => {
  beforeEach(() => listOutbox.mockReset());

  it("answers 404 where the engine keeps no outbox for it (production without OUTBOX_PAGE=1)", async () => {
    listOutbox.mockResolvedValue(null);
    await expect(load()).rejects.toMatchObject({ status: 404 });
  });

  it("lists this site's carrier by default, another carrier or all on request, never cached", async () => {
    listOutbox.mockResolvedValue(listing);
    const answer = (await load()) as unknown as { data: Record<string, unknown>; init: { headers: Record<string, string> } };
    expect(listOutbox).toHaveBeenLastCalledWith({ carrierCode: "acme", limit: 100 });
    expect(answer.data).toMatchObject({ filter: "acme", channels: { email: true, sms: false } });
    expect(answer.init.headers["Cache-Control"]).toBe("no-store");
    await load("?carrier=other");
    expect(listOutbox).toHaveBeenLastCalledWith({ carrierCode: "other", limit: 100 });
    await load("?carrier=all");
    expect(listOutbox).toHaveBeenLastCalledWith({ carrierCode: null, limit: 100 });
  });

  it("falls back to this site's carrier for a filter that is no carrier code", async () => {
    listOutbox.mockResolvedValue(listing);
    await load("?carrier=../../etc");
    expect(listOutbox).toHaveBeenLastCalledWith({ carrierCode: "acme", limit: 100 });
  });
});
