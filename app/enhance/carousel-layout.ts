/**
 * The carousel's layout rules, without React: the landing's component and the enhancement module
 * of the landing served without hydration (carousel.ts here, ADR 206) both use them.
 */
/** Spec §9: 1.5 items by default, 3 from 800px, 5 from 1000px; slides move by 1, 3, 5; infinite. */
export const CAROUSEL_BREAKPOINTS = [
  { minWidth: 1000, perView: 5, slideBy: 5 },
  { minWidth: 800, perView: 3, slideBy: 3 },
  { minWidth: 0, perView: 1.5, slideBy: 1 },
] as const;

export function carouselLayoutFor(width: number) {
  return CAROUSEL_BREAKPOINTS.find((breakpoint) => width >= breakpoint.minWidth) ?? CAROUSEL_BREAKPOINTS[2];
}

/** Infinite: the window wraps around the list in both directions. */
export function visibleWindow<T>(items: readonly T[], start: number, perView: number): { item: T; index: number }[] {
  if (items.length === 0) return [];
  const count = Math.min(items.length, Math.ceil(perView));
  return Array.from({ length: count }, (_, offset) => {
    const index = (((start + offset) % items.length) + items.length) % items.length;
    return { item: items[index]!, index };
  });
}

/** The item a window starting at `start` moves to, wrapping around. */
export function movedStart(start: number, direction: 1 | -1, slideBy: number, count: number): number {
  return count === 0 ? 0 : (((start + direction * slideBy) % count) + count) % count;
}
