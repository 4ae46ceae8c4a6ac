import { describe, expect, it } from "vitest";
import { z } from "zod";
import { makeZodJitless } from "./zod-browser";

describe("zod in the browser (no eval under the CSP)", () => {
  it("is jitless once the browser entry has run, through the global configuration zod reads", () => {
    const before = z.config().jitless;
    try {
      makeZodJitless();
      expect(z.config().jitless).toBe(true);
    } finally {
      z.config({ jitless: before });
    }
  });

  it("creates the global configuration object when zod has not made it yet (zod keeps one it finds)", () => {
    const scope = {} as Parameters<typeof makeZodJitless>[0];
    makeZodJitless(scope);
    expect(scope).toEqual({ __zod_globalConfig: { jitless: true } });
  });
});
