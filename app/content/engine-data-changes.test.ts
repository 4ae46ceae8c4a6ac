/**
 * What an instance does with a change another instance published (ADR 059, ADR 185): a sync of the
 * engine's operations or catalogue data drops what was built from that data (the partner API's
 * answers) and leaves the content caches alone; a content change drops the carrier's content and
 * tells the same listeners. Called as the bus delivers a NOTIFY (its transport is tested in
 * tests/integration/content-invalidation-postgres.test.ts).
 */
import { describe, expect, it } from "vitest";
import { engineDataChanged, heardFromAnotherInstance as deliver, onContentInvalidated, onEngineDataChanged } from "./content.server";

describe("changes heard from other instances", () => {
  it("routes a synced catalogue to every carrier's engine-data listeners, an operations change to its carrier's, and neither to the content caches", () => {
    const engineData: (string | null)[] = [];
    const content: (string | undefined)[] = [];
    const stopEngine = onEngineDataChanged((carrierCode) => engineData.push(carrierCode));
    const stopContent = onContentInvalidated((carrierCode) => content.push(carrierCode));
    try {
      deliver({ model: "api::catalogue-model.catalogue-model", carrierCode: null });
      deliver({ model: "api::ops-roster.ops-roster", carrierCode: "fixfast" });
      deliver({ model: "api::ops-area.ops-area", carrierCode: null });
      expect(engineData).toEqual([null, "fixfast", null]);
      expect(content).toEqual([]);
      // A content change (a FAQ) is the content caches' business; the API's listener hears it through onContentInvalidated.
      deliver({ model: "faq-item", carrierCode: "fixfast" });
      expect(content).toEqual(["fixfast"]);
      expect(engineData).toEqual([null, "fixfast", null]);
    } finally {
      stopEngine();
      stopContent();
    }
  });

  it("tells this instance's listeners at once when its own sync changed the data", async () => {
    const engineData: (string | null)[] = [];
    const stop = onEngineDataChanged((carrierCode) => engineData.push(carrierCode));
    try {
      // On the embedded database there is no other instance to tell: published is false.
      expect(await engineDataChanged({ model: "api::ops-roster.ops-roster", carrierCode: "fixfast" })).toBe(false);
      expect(engineData).toEqual(["fixfast"]);
    } finally {
      stop();
    }
  });
});
