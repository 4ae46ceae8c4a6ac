import { describe, expect, it } from "vitest";
import { pageEnhancements } from "./names";

describe("which pages are served without hydration (ADR 206)", () => {
  it("hydrates a page none of whose routes says hydrate: false", () => {
    expect(pageEnhancements([undefined, { i18n: ["booking"] }])).toBeNull();
    expect(pageEnhancements([])).toBeNull();
  });

  it("gives a flagged page the page module and the ones its routes name, once each, in a fixed order", () => {
    expect(pageEnhancements([undefined, { hydrate: false }])).toEqual(["page"]);
    expect(pageEnhancements([undefined, { hydrate: false, enhance: ["forms", "carousel", "forms"] }])).toEqual(["page", "carousel", "forms"]);
  });

  it("holds for a flagged layout's children, unless one of them asks to hydrate", () => {
    expect(pageEnhancements([undefined, { hydrate: false, liveChat: true }, undefined])).toEqual(["page"]);
    expect(pageEnhancements([undefined, { hydrate: false }, { hydrate: true }])).toBeNull();
  });
});
