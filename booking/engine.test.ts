import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_AREAS, wrapOperations, type Operation } from "./engine";
import { createTestEngine, newCarrier, type TestEngine } from "./testing/engine";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
});
afterAll(() => t.close());

describe("the engine's door, grouped by area (ADR 160)", () => {
  it("has every area the map names, each an object of operations", () => {
    for (const area of ENGINE_AREAS) {
      const operations = Object.values(t.engine[area]);
      expect(operations.length, area).toBeGreaterThan(0);
      expect(
        operations.every((operation) => typeof operation === "function"),
        area,
      ).toBe(true);
    }
  });

  it("wraps the operations of every area and the top-level ones by name, never the scheduler or the configuration", async () => {
    const called: string[] = [];
    const wrapped = wrapOperations(t.engine, (operation: Operation, self, name) => (...args) => {
      called.push(name);
      return operation.apply(self, args);
    });
    const carrier = await newCarrier(t);
    expect((await wrapped.catalogue.listDeviceTypes(carrier)).length).toBeGreaterThan(0);
    expect(wrapped.capabilities().payments).toEqual(t.engine.capabilities().payments);
    expect(called).toEqual(["catalogue.listDeviceTypes", "capabilities"]);
    expect(wrapped.scheduler).toBe(t.engine.scheduler);
    expect(wrapped.config).toBe(t.engine.config);
    expect(wrapped.checkout).toBe(wrapped.checkout);
  });
});
