import { describe, expect, it } from "vitest";
import { trappedFocusIndex } from "./modal";

describe("modal focus trap", () => {
  it("wraps Tab from the last element to the first", () => {
    expect(trappedFocusIndex(2, 3, false)).toBe(0);
    expect(trappedFocusIndex(0, 3, false)).toBe(1);
  });

  it("wraps Shift+Tab from the first element to the last", () => {
    expect(trappedFocusIndex(0, 3, true)).toBe(2);
  });

  it("brings focus from outside the dialog back into it", () => {
    expect(trappedFocusIndex(-1, 3, false)).toBe(0);
    expect(trappedFocusIndex(-1, 3, true)).toBe(2);
    expect(trappedFocusIndex(-1, 0, false)).toBe(-1);
  });
});
