import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "@remix-run/react";
import { Button } from "~/components/ui/button";

export interface CarouselItem {
  title: string;
  imagePath: string;
  /** Renditions of a media-library picture (ADR 085). */
  srcSet?: string;
}

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

function useCarouselLayout() {
  const [layout, setLayout] = useState<(typeof CAROUSEL_BREAKPOINTS)[number]>(CAROUSEL_BREAKPOINTS[2]);
  useEffect(() => {
    const update = () => setLayout(carouselLayoutFor(window.innerWidth));
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return layout;
}

export interface CarouselTab {
  id: string;
  label: string;
  items: CarouselItem[];
}

/** The query parameters that carry the carousel's tab and first item, so its controls work before hydration and without JavaScript. */
export const CAROUSEL_TAB_PARAM = "popular";
export const CAROUSEL_START_PARAM = "from";

/** The item a window starting at `start` moves to, wrapping around. */
export function movedStart(start: number, direction: 1 | -1, slideBy: number, count: number): number {
  return count === 0 ? 0 : (((start + direction * slideBy) % count) + count) % count;
}

/**
 * The tabs and arrows are submit buttons of GET forms: a tap before the page is interactive, or
 * without JavaScript, loads the landing with `?popular=<tab>&from=<n>` and the server renders that
 * tab and window; once hydrated, the same buttons change the carousel in place.
 */
export function PopularCarousel({ title, tabs }: { title: string; tabs: CarouselTab[] }) {
  const { t } = useTranslation();
  const baseId = useId();
  const [searchParams] = useSearchParams();
  const visibleTabs = tabs.filter((tab) => tab.items.length > 0);
  const [activeId, setActiveId] = useState(() => visibleTabs.find((tab) => tab.id === searchParams.get(CAROUSEL_TAB_PARAM))?.id ?? visibleTabs[0]?.id);
  const active = visibleTabs.find((tab) => tab.id === activeId) ?? visibleTabs[0];
  const [start, setStart] = useState(() => {
    const requested = Number.parseInt(searchParams.get(CAROUSEL_START_PARAM) ?? "", 10);
    return active && Number.isSafeInteger(requested) && requested >= 0 ? requested % active.items.length : 0;
  });
  const layout = useCarouselLayout();
  if (!active) return null;

  const items = active.items;
  const shown = visibleWindow(items, start, layout.perView);
  const arrow = (direction: 1 | -1) => ({
    type: "submit" as const,
    name: CAROUSEL_START_PARAM,
    value: String(movedStart(start, direction, layout.slideBy, items.length)),
    onClick: (event: { preventDefault(): void }) => {
      event.preventDefault();
      setStart((current) => movedStart(current, direction, layout.slideBy, items.length));
    },
  });

  return (
    <section id="popular" aria-labelledby={`${baseId}-title`} className="mx-auto max-w-6xl px-4 py-12" data-testid="popular-carousel">
      <h2 id={`${baseId}-title`} className="mb-6 text-2xl font-bold">
        {title}
      </h2>
      {visibleTabs.length > 1 ? (
        <form method="get" action="#popular">
          <div role="tablist" aria-label={title} className="mb-6 flex gap-2">
            {visibleTabs.map((tab) => (
              <Button
                key={tab.id}
                type="submit"
                name={CAROUSEL_TAB_PARAM}
                value={tab.id}
                role="tab"
                id={`${baseId}-tab-${tab.id}`}
                aria-selected={tab.id === active.id}
                aria-controls={`${baseId}-panel`}
                onClick={(event) => {
                  event.preventDefault();
                  setActiveId(tab.id);
                  setStart(0);
                }}
                shape="pill"
                size="sm"
                variant={tab.id === active.id ? "primary" : "quiet"}
              >
                {tab.label}
              </Button>
            ))}
          </div>
        </form>
      ) : null}
      <div
        id={`${baseId}-panel`}
        role={visibleTabs.length > 1 ? "tabpanel" : "group"}
        aria-labelledby={visibleTabs.length > 1 ? `${baseId}-tab-${active.id}` : `${baseId}-title`}
        aria-roledescription="carousel"
        className="relative"
      >
        <form method="get" action="#popular" className="flex items-center gap-3">
          <input type="hidden" name={CAROUSEL_TAB_PARAM} value={active.id} />
          <button {...arrow(-1)} aria-label={t("landing.carouselPrevious")} className="shrink-0 rounded-full border border-line/20 bg-page px-3 py-2 text-xl leading-none">
            ‹
          </button>
          <ul className="flex flex-1 gap-4 overflow-hidden" data-per-view={layout.perView} aria-live="polite">
            {shown.map(({ item, index }) => (
              <li
                key={`${active.id}-${index}`}
                aria-roledescription="slide"
                aria-label={t("landing.carouselItem", { index: index + 1, count: items.length })}
                style={{ flex: `0 0 calc(${100 / layout.perView}% - 1rem)` }}
                className="rounded-xl bg-surface p-4 text-center"
                data-testid="carousel-item"
              >
                <img
                  src={item.imagePath}
                  srcSet={item.srcSet}
                  sizes={item.srcSet ? "(min-width: 1000px) 20vw, (min-width: 800px) 33vw, 66vw" : undefined}
                  alt=""
                  className="mx-auto h-32 w-auto"
                  loading="lazy"
                />
                <p className="mt-3 font-semibold">{item.title}</p>
              </li>
            ))}
          </ul>
          <button {...arrow(1)} aria-label={t("landing.carouselNext")} className="shrink-0 rounded-full border border-line/20 bg-page px-3 py-2 text-xl leading-none">
            ›
          </button>
        </form>
      </div>
    </section>
  );
}
