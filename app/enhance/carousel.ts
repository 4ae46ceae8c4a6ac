/**
 * The landing's popular carousel on the page served without hydration (ADR 206): the tabs and the
 * arrows, submit buttons of GET forms that work without JavaScript, change the carousel in place;
 * the window follows the screen's width (1.5, 3 or 5 slides, spec §9). The slides come from the
 * server's <template data-carousel-slides> of each tab.
 */
import { carouselLayoutFor, movedStart, visibleWindow } from "./carousel-layout";

function enhance(section: HTMLElement) {
  const list = section.querySelector<HTMLUListElement>("ul[data-per-view]");
  const tabInput = section.querySelector<HTMLInputElement>('input[type="hidden"]');
  const panel = list?.closest('[aria-roledescription="carousel"]');
  if (!list || !tabInput || !panel) return;
  const slides = new Map([...section.querySelectorAll<HTMLTemplateElement>("template[data-carousel-slides]")].map((template) => [template.dataset.carouselSlides!, template]));
  const tabs = [...section.querySelectorAll<HTMLButtonElement>("button[data-carousel-tab]")];
  const arrows = [...section.querySelectorAll<HTMLButtonElement>("button[data-carousel-move]")];
  let active = tabInput.value;
  let start = Number(section.dataset.carousel) || 0;
  let layout = carouselLayoutFor(window.innerWidth);

  const slidesOf = (tab: string) => [...(slides.get(tab)?.content.children ?? [])] as HTMLElement[];
  const render = () => {
    const items = slidesOf(active);
    list.dataset.perView = String(layout.perView);
    list.replaceChildren(
      ...visibleWindow(items, start, layout.perView).map(({ item }) => {
        const slide = item.cloneNode(true) as HTMLElement;
        slide.style.flex = `0 0 calc(${100 / layout.perView}% - 1rem)`;
        return slide;
      }),
    );
    for (const arrow of arrows) arrow.value = String(movedStart(start, Number(arrow.dataset.carouselMove) as 1 | -1, layout.slideBy, items.length));
    tabInput.value = active;
    for (const tab of tabs) {
      const selected = tab.dataset.carouselTab === active;
      tab.setAttribute("aria-selected", String(selected));
      tab.className = (selected ? tab.dataset.selectedClass : tab.dataset.unselectedClass) ?? tab.className;
      if (selected) panel.setAttribute("aria-labelledby", tab.id);
    }
  };

  for (const tab of tabs) {
    tab.addEventListener("click", (event) => {
      event.preventDefault();
      active = tab.dataset.carouselTab!;
      start = 0;
      render();
    });
  }
  for (const arrow of arrows) {
    arrow.addEventListener("click", (event) => {
      event.preventDefault();
      start = movedStart(start, Number(arrow.dataset.carouselMove) as 1 | -1, layout.slideBy, slidesOf(active).length);
      render();
    });
  }
  window.addEventListener("resize", () => {
    const next = carouselLayoutFor(window.innerWidth);
    if (next === layout) return;
    layout = next;
    render();
  });
  render();
}

for (const section of document.querySelectorAll<HTMLElement>("[data-carousel]")) enhance(section);
