import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { useStaticPage } from "~/lib/observability/request-context";
import { CAROUSEL_BREAKPOINTS, carouselLayoutFor, movedStart, visibleWindow } from "~/enhance/carousel-layout";

export interface CarouselItem {
  title: string;
  imagePath: string;
  /** Renditions of a media-library picture (ADR 085). */
  srcSet?: string;
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

/** One slide; in a page without hydration also the copies in the templates the enhancement module takes them from. */
function Slide({ item, index, count, perView }: { item: CarouselItem; index: number; count: number; perView?: number }) {
  const { t } = useTranslation();
  return (
    <li
      aria-roledescription="slide"
      aria-label={t("landing.carouselItem", { index: index + 1, count })}
      style={perView ? { flex: `0 0 calc(${100 / perView}% - 1rem)` } : undefined}
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
  );
}

/**
 * The tabs and arrows are submit buttons of GET forms: a tap before the page is interactive, or
 * without JavaScript, loads the landing with `?popular=<tab>&from=<n>` and the server renders that
 * tab and window; once hydrated, the same buttons change the carousel in place. On the landing
 * served without hydration (ADR 206) the `carousel` module does that in place instead: the server
 * then also renders every tab's slides in a <template> and the tabs' two looks as data attributes.
 */
export function PopularCarousel({ title, tabs }: { title: string; tabs: CarouselTab[] }) {
  const { t } = useTranslation();
  const baseId = useId();
  const staticPage = useStaticPage();
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
    "data-carousel-move": staticPage ? direction : undefined,
    onClick: (event: { preventDefault(): void }) => {
      event.preventDefault();
      setStart((current) => movedStart(current, direction, layout.slideBy, items.length));
    },
  });
  const tabLook = (selected: boolean) => buttonClass({ shape: "pill", size: "sm", variant: selected ? "primary" : "quiet" });

  return (
    <section
      id="popular"
      aria-labelledby={`${baseId}-title`}
      className="mx-auto max-w-6xl px-4 py-12"
      data-testid="popular-carousel"
      data-carousel={staticPage ? start : undefined}
    >
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
                data-carousel-tab={staticPage ? tab.id : undefined}
                data-selected-class={staticPage ? tabLook(true) : undefined}
                data-unselected-class={staticPage ? tabLook(false) : undefined}
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
              <Slide key={`${active.id}-${index}`} item={item} index={index} count={items.length} perView={layout.perView} />
            ))}
          </ul>
          <button {...arrow(1)} aria-label={t("landing.carouselNext")} className="shrink-0 rounded-full border border-line/20 bg-page px-3 py-2 text-xl leading-none">
            ›
          </button>
        </form>
        {staticPage
          ? visibleTabs.map((tab) => (
              <template key={tab.id} data-carousel-slides={tab.id}>
                {tab.items.map((item, index) => (
                  <Slide key={index} item={item} index={index} count={tab.items.length} />
                ))}
              </template>
            ))
          : null}
      </div>
    </section>
  );
}
