import { describe, expect, it } from "vitest";
import { carouselLayoutFor, movedStart, visibleWindow } from "./carousel-layout";

describe("popular carousel layout (spec §9)", () => {
  it("shows 1.5 items by default, 3 from 800px and 5 from 1000px", () => {
    expect(carouselLayoutFor(375)).toMatchObject({ perView: 1.5, slideBy: 1 });
    expect(carouselLayoutFor(799)).toMatchObject({ perView: 1.5, slideBy: 1 });
    expect(carouselLayoutFor(800)).toMatchObject({ perView: 3, slideBy: 3 });
    expect(carouselLayoutFor(999)).toMatchObject({ perView: 3, slideBy: 3 });
    expect(carouselLayoutFor(1000)).toMatchObject({ perView: 5, slideBy: 5 });
  });

  it("wraps around the end and the start of the list (infinite)", () => {
    const items = ["a", "b", "c", "d"];
    expect(visibleWindow(items, 3, 3).map((entry) => entry.item)).toEqual(["d", "a", "b"]);
    expect(visibleWindow(items, -1, 1.5).map((entry) => entry.item)).toEqual(["d", "a"]);
  });

  it("never shows an item twice when the list is shorter than the view", () => {
    expect(visibleWindow(["a", "b"], 0, 5).map((entry) => entry.item)).toEqual(["a", "b"]);
    expect(visibleWindow([], 0, 5)).toEqual([]);
  });

  it("moves the window by the slide size both ways, wrapping around (the arrows' form values)", () => {
    expect(movedStart(0, 1, 5, 7)).toBe(5);
    expect(movedStart(5, 1, 5, 7)).toBe(3);
    expect(movedStart(0, -1, 1, 7)).toBe(6);
    expect(movedStart(2, -1, 5, 7)).toBe(4);
    expect(movedStart(0, 1, 3, 0)).toBe(0);
  });
});
