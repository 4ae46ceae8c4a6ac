import { describe, expect, it } from "vitest";
import { addDays, dayPages, reasonIsEnough, reasonWords } from "./change-date";

describe("change-date reason", () => {
  it("needs more than three words, split on spaces", () => {
    expect(reasonIsEnough("I am away")).toBe(false);
    expect(reasonIsEnough("I  am   away   ")).toBe(false);
    expect(reasonIsEnough("I am away that day")).toBe(true);
    expect(reasonWords(" one two three four ")).toBe(4);
    expect(reasonIsEnough(undefined)).toBe(false);
  });
});

describe("date pages", () => {
  it("loads ten days per page, at most nine pages", () => {
    expect(dayPages(null)).toBe(1);
    expect(dayPages("3")).toBe(3);
    expect(dayPages("99")).toBe(9);
    expect(dayPages("-1")).toBe(1);
    expect(addDays("2025-06-28", 10)).toBe("2025-07-08");
  });
});
