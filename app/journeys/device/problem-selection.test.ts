import { describe, expect, it } from "vitest";
import { applyDamageAnswers, selectionView } from "./problem-selection";

const problems = [
  { id: 1, code: "screen-replacement", price: 27900 },
  { id: 2, code: "battery-replacement", price: 9900 },
  { id: 3, code: "back-glass-replacement", price: 14900 },
  { id: 4, code: "frame-replacement", price: 18900 },
];

describe("repair selection", () => {
  it("shows a free battery line and disables battery replacement with a screen repair on a model that needs it", () => {
    const view = selectionView(problems, [1, 2], true);
    expect(view.freeBattery).toEqual({ id: 2, usualPrice: 9900 });
    expect(view.restricted).toEqual([2]);
    expect(view.selected).toEqual([1]);
  });

  it("keeps battery replacement selectable on a model that does not need it", () => {
    const view = selectionView(problems, [1, 2], false);
    expect(view.freeBattery).toBeNull();
    expect(view.restricted).toEqual([]);
    expect(view.selected).toEqual([1, 2]);
  });

  it("frees the battery again when the screen repair is unticked", () => {
    const view = selectionView(problems, [2], true, [2]);
    expect(view.freeBattery).toBeNull();
    expect(view.restricted).toEqual([]);
    expect(view.selected).toEqual([2]);
  });
});

describe("damage answers", () => {
  it("adds the back glass and frame repairs answered yes, in catalogue order", () => {
    expect(applyDamageAnswers(problems, [1], { backGlass: true, frame: true })).toEqual([1, 3, 4]);
  });

  it("removes a repair answered no and leaves unasked ones alone", () => {
    expect(applyDamageAnswers(problems, [1, 3, 4], { backGlass: false, frame: null })).toEqual([1, 4]);
  });
});
