/**
 * The CMS webhook and the engine's copy (ADR 080, ADR 185): a sync that changed the copy tells this
 * instance's listeners and the other instances (`engineDataChanged`); one that changed nothing does not.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { signWebhookBody } from "~/lib/webhook-signature.server";

const SECRET = "test-webhook-secret";
const state = vi.hoisted(() => ({ result: "updated", changed: [] as unknown[], synced: [] as unknown[] }));

vi.mock("~/env.server", () => ({ env: () => ({ CMS_WEBHOOK_SECRET: SECRET }) }));
vi.mock("~/content/staff.server", () => ({ STAFF_ACCOUNT_MODEL: "api::ops-staff-member" }));
vi.mock("~/booking.server", async () => {
  const sync = await vi.importActual<typeof import("~/booking.server")>("~/booking.server");
  return {
    isOperationsModel: sync.isOperationsModel,
    routeChange: sync.routeChange,
    operationsChanged: async (change: { model: string; carrierCode: string | null }) => {
      state.synced.push(change);
      return { route: sync.routeChange(change), outcomes: [{ subject: change.carrierCode ?? "catalogue", result: state.result }] };
    },
  };
});
vi.mock("~/content/content.server", () => ({
  invalidateContent: () => 0,
  publishContentInvalidation: async () => false,
  engineDataChanged: async (change: unknown) => {
    state.changed.push(change);
    return true;
  },
}));

const { action } = await import("./api.cms-webhook");

async function deliver(payload: object) {
  const body = JSON.stringify(payload);
  const request = new Request("http://localhost/api/cms-webhook", { method: "POST", body, headers: { "x-webhook-signature": signWebhookBody(body, SECRET) } });
  const response = await action({ request, params: {}, context: {} } as never);
  expect(response.status).toBe(200);
}

beforeEach(() => {
  state.changed = [];
  state.synced = [];
});

describe("the CMS webhook and the API's cached answers", () => {
  it("announces a sync that changed the catalogue or a carrier's operations data", async () => {
    state.result = "updated";
    await deliver({ event: "entry.update", model: "api::catalogue-model.catalogue-model", carrierCode: null });
    await deliver({ event: "entry.update", model: "api::ops-roster.ops-roster", carrierCode: "fixfast" });
    expect(state.changed).toEqual([
      { model: "api::catalogue-model.catalogue-model", carrierCode: null },
      { model: "api::ops-roster.ops-roster", carrierCode: "fixfast" },
    ]);
  });

  it("stays quiet when the sync found nothing new or could not run", async () => {
    for (const result of ["unchanged", "invalid", "unavailable"]) {
      state.result = result;
      await deliver({ event: "entry.update", model: "api::ops-roster.ops-roster", carrierCode: "fixfast" });
    }
    expect(state.synced).toHaveLength(3);
    expect(state.changed).toEqual([]);
  });

  it("announces a carrier entry's change to its engine data too (country, currency)", async () => {
    state.result = "updated";
    await deliver({ event: "entry.update", model: "carrier", carrierCode: "fixfast" });
    expect(state.changed).toEqual([{ model: "carrier", carrierCode: "fixfast" }]);
  });
});
