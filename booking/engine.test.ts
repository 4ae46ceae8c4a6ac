import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_AREAS, ENGINE_OPERATIONS, wrapOperations, type DeclaredOperation, type Operation } from "./engine";
import { createTestEngine, newCarrier, type TestEngine } from "./testing/engine";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
});
afterAll(() => t.close());

/** What the engine carries beside its operations: never wrapped (ADR 160, ADR 261). */
const NOT_OPERATIONS = ["config", "scheduler", "pageFreshness"];

/** Every function the assembled engine offers, on top and in each object under it, by the name callers write. */
function walk(engine: object): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(engine)) {
    if (NOT_OPERATIONS.includes(key)) continue;
    if (typeof value === "function") names.push(key);
    else if (value && typeof value === "object") {
      for (const [name, operation] of Object.entries(value)) names.push(typeof operation === "function" ? `${key}.${name}` : `${key}.${name} (not a function)`);
    } else names.push(`${key} (neither an operation nor an area)`);
  }
  return names.sort();
}

describe("the engine's door, declared once per area (ADR 160, ADR 261)", () => {
  it("has every area its doors name, each an object of operations", () => {
    expect(ENGINE_AREAS).toContain("webhooks");
    for (const area of ENGINE_AREAS) {
      const operations = Object.values(t.engine[area]);
      expect(operations.length, area).toBeGreaterThan(0);
      expect(
        operations.every((operation) => typeof operation === "function"),
        area,
      ).toBe(true);
    }
  });

  it("offers exactly the operations the doors declare, each with a kind", () => {
    expect(walk(t.engine)).toEqual(ENGINE_OPERATIONS.map((declared) => declared.name).sort());
    expect(new Set(ENGINE_OPERATIONS.map((declared) => declared.name)).size).toBe(ENGINE_OPERATIONS.length);
    for (const declared of ENGINE_OPERATIONS) expect(["read", "write"], declared.name).toContain(declared.kind);
  });

  it("wraps every operation it offers once, by name and kind, never the scheduler, the configuration or the page freshness signal", async () => {
    const wrappedAt: DeclaredOperation[] = [];
    const called: string[] = [];
    const wrapped = wrapOperations(t.engine, (operation: Operation, declared) => {
      wrappedAt.push(declared);
      return (...args) => {
        called.push(declared.name);
        return operation(...args);
      };
    });
    expect(wrappedAt).toEqual(ENGINE_OPERATIONS);
    // Every function the wrapped engine offers is a wrapper, none the engine's own.
    for (const name of walk(wrapped)) {
      const [area, operation] = name.includes(".") ? name.split(".") : [null, name];
      const own = area ? (t.engine as unknown as Record<string, Record<string, unknown>>)[area]![operation!] : (t.engine as unknown as Record<string, unknown>)[operation!];
      const offered = area ? (wrapped as unknown as Record<string, Record<string, unknown>>)[area]![operation!] : (wrapped as unknown as Record<string, unknown>)[operation!];
      expect(offered, name).not.toBe(own);
    }
    const carrier = await newCarrier(t);
    expect((await wrapped.catalogue.listDeviceTypes(carrier)).length).toBeGreaterThan(0);
    expect(wrapped.capabilities().payments).toEqual(t.engine.capabilities().payments);
    expect((await wrapped.webhooks.listDeliveries({ carrierCode: carrier.code })).length).toBe(0);
    expect(called).toEqual(["catalogue.listDeviceTypes", "capabilities", "webhooks.listDeliveries"]);
    expect(wrapped.scheduler).toBe(t.engine.scheduler);
    expect(wrapped.config).toBe(t.engine.config);
    expect(wrapped.pageFreshness).toBe(t.engine.pageFreshness);
    expect(wrapped.checkout).toBe(wrapped.checkout);
  });

  it("keeps the carrier's reused availability through a read and drops it around a write (ADR 185)", async () => {
    const carrier = await newCarrier(t);
    const told: (string | null)[] = [];
    const stop = t.engine.pageFreshness.subscribe((code) => told.push(code));
    try {
      await t.engine.coverage.locateStores(carrier, "SW1A 1AA");
      await t.engine.basket.getBooking(carrier, "missing").catch(() => null);
      expect(told).toEqual([]);
      await t.engine.basket.abandonBooking(carrier, "missing").catch(() => null);
      expect(told).toContain(carrier.code);
    } finally {
      stop();
    }
  });
});
