import { describe, expect, it } from "vitest";
import { ATTRIBUTION_TOKEN_PATTERN } from "~/booking.server";
import { ATTRIBUTION_TOKEN } from "./attribution-token";

describe("the attribution token", () => {
  it("is the engine's rule", () => {
    expect(ATTRIBUTION_TOKEN.source).toBe(ATTRIBUTION_TOKEN_PATTERN.source);
  });
});
