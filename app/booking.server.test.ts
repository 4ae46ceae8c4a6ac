import { afterAll, describe, expect, it, vi } from "vitest";
import type { EngineOutcomes } from "./booking.server";

/** What composeEngine was given, from the door (app/booking.server.ts). */
type ComposeOptions = { outcomes?: EngineOutcomes };

const composed: { options?: ComposeOptions } = {};
vi.mock("../booking/index", async (original) => ({
  ...(await original<Record<string, unknown>>()),
  composeEngine: vi.fn(async (_config: unknown, options: ComposeOptions) => {
    composed.options = options;
    return {
      engine: { scheduler: { start: vi.fn(), stop: vi.fn(async () => {}) } },
      database: {},
      testClock: null,
      operations: null,
      close: vi.fn(async () => {}),
    };
  }),
}));

const { closeEngine, getEngine } = await import("./booking.server");
const { metrics } = await import("./lib/observability/metrics.server");

const count = async (name: "payments" | "messages", labels: Record<string, string>) =>
  (await metrics()[name].get()).values.find((entry) => Object.entries(labels).every(([key, v]) => (entry.labels as Record<string, unknown>)[key] === v))?.value ?? 0;

afterAll(() => closeEngine());

describe("the door into the engine", () => {
  it("hands the engine the app's counters, so what the engine reports moves /metrics (ADR 152)", async () => {
    await getEngine();
    const outcomes = composed.options?.outcomes;
    expect(outcomes?.payment).toBeTypeOf("function");
    expect(outcomes?.message).toBeTypeOf("function");

    const approved = await count("payments", { method: "card", outcome: "approved" });
    const sent = await count("messages", { channel: "email", kind: "booking-confirmed", outcome: "sent" });
    outcomes!.payment!({ carrierCode: "acme", method: "card", outcome: "approved" });
    outcomes!.message!({ carrierCode: "acme", channel: "email", kind: "booking-confirmed", outcome: "sent" });
    expect(await count("payments", { method: "card", outcome: "approved" })).toBe(approved + 1);
    expect(await count("messages", { channel: "email", kind: "booking-confirmed", outcome: "sent" })).toBe(sent + 1);
  });
});
