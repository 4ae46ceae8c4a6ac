import { describe, expect, it } from "vitest";
import { trackingEnv } from "./tracking-env.server";

describe("tracking settings", () => {
  it("draws no tiles and polls every 10 seconds by default", () => {
    expect(trackingEnv({})).toEqual({ TRACKING_POLL_SECONDS: 10 });
    expect(trackingEnv({ TILE_URL_TEMPLATE: "" }).TILE_URL_TEMPLATE).toBeUndefined();
  });

  it("takes a tile server template with {z}, {x} and {y}", () => {
    expect(trackingEnv({ TILE_URL_TEMPLATE: "https://tile.example.org/{z}/{x}/{y}.png", TILE_ATTRIBUTION: "© Example" })).toMatchObject({
      TILE_URL_TEMPLATE: "https://tile.example.org/{z}/{x}/{y}.png",
      TILE_ATTRIBUTION: "© Example",
    });
    expect(() => trackingEnv({ TILE_URL_TEMPLATE: "https://tile.example.org/tiles.png" })).toThrow(/needs \{z\}/);
    expect(() => trackingEnv({ TILE_URL_TEMPLATE: "javascript:alert(1)/{z}/{x}/{y}" })).toThrow(/http\(s\) URL/);
  });
});
