import { describe, expect, it } from "vitest";
import { MAX_PAGES, pageStarts, pagesFromQuery } from "./dates";

describe("repair dates (spec §9: 10 days from today, with 'load more')", () => {
  it("loads one page of ten days unless more were asked for, never past the booking horizon", () => {
    expect(pagesFromQuery(null)).toBe(1);
    expect(pagesFromQuery("abc")).toBe(1);
    expect(pagesFromQuery("0")).toBe(1);
    expect(pagesFromQuery("3")).toBe(3);
    expect(pagesFromQuery("50")).toBe(MAX_PAGES);
  });

  it("starts each further page ten days after the previous one", () => {
    expect(pageStarts("2026-11-25", 1)).toEqual([]);
    expect(pageStarts("2026-11-25", 3)).toEqual(["2026-12-05", "2026-12-15"]);
  });
});
