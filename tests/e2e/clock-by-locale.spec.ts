/**
 * Times of day in the carrier's locale (ADR 246): a US carrier's customer reads the arrival window
 * on a 12-hour clock ('8:00 – 9:00 AM') on the complete page and on the manage page, with the
 * change deadline's time too; a UK carrier in English and the German carrier in German keep the
 * 24-hour '08:00–09:00'. Orders are made through the booking UI.
 */
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { bookThroughUi, managePath, pickCarrier, type Lang } from "../support/book-through-ui";

let carriers: CmsEntry[] = [];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

/** ICU writes thin and narrow no-break spaces around a range's dash and before AM/PM; they read as spaces. */
const plain = (text: string | null) => (text ?? "").replace(/[\u2009\u202f\u00a0]/g, " ").trim();

const TWELVE_HOUR_WINDOW = /^\d{1,2}:\d\d( [AP]M)? – \d{1,2}:\d\d [AP]M$/;
const TWENTY_FOUR_HOUR_WINDOW = /^\d\d:\d\d–\d\d:\d\d$/;

/** The manage page's window, without the note under it. */
async function manageWindow(page: Page): Promise<string> {
  const row = page.getByTestId("overview-timeslot");
  await expect(row).toBeVisible();
  return plain(
    await row.evaluate((element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join(""),
    ),
  );
}

const JOURNEYS = [
  { label: "a US carrier reads a 12-hour clock", lang: "en", pick: (all: CmsEntry[]) => all.find((c) => c.code === "liberty-fix"), window: TWELVE_HOUR_WINDOW, twelve: true },
  { label: "a UK carrier keeps the 24-hour clock", lang: "en", pick: (all: CmsEntry[]) => pickCarrier(all, "uk"), window: TWENTY_FOUR_HOUR_WINDOW, twelve: false },
  {
    label: "the German carrier in German keeps the 24-hour clock",
    lang: "de",
    pick: (all: CmsEntry[]) => pickCarrier(all, "german"),
    window: TWENTY_FOUR_HOUR_WINDOW,
    twelve: false,
  },
] as const;

for (const journey of JOURNEYS) {
  const lang: Lang = journey.lang;
  test(`times of day: ${journey.label} on the complete page and the manage page`, async ({ browser, page }) => {
    test.setTimeout(180_000);
    const carrier = journey.pick(carriers);
    if (!carrier) throw new Error(`no carrier in the CMS for: ${journey.label}`);
    const code = String(carrier.code);
    let completeWindow = "";
    const order = await bookThroughUi(browser, carrier, {
      lang,
      dayIndex: 2,
      onComplete: async (complete) => {
        completeWindow = plain(await complete.getByTestId("overview-timeslot").textContent());
      },
    });
    expect(completeWindow).toMatch(journey.window);

    // The server's and the browser's ICU must write the times alike, or the page fails to hydrate (React #418).
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(carrierUrl(code, managePath(order)));
    await expect(page.getByTestId("overview-order-reference")).toHaveText(order.orderRef);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const window = await manageWindow(page);
    expect(window).toMatch(journey.window);
    expect(window).toBe(completeWindow);
    // The day itself is still the machine's value in the page.
    await expect(page.getByTestId("overview-date").locator("[data-date]")).toHaveAttribute("data-date", order.date);
    // The last moment to change the booking reads on the same clock.
    const deadline = plain(await page.getByTestId("change-deadline").textContent());
    if (journey.twelve) expect(deadline).toMatch(/\b\d{1,2}:\d\d [AP]M\b/);
    else {
      expect(deadline).toMatch(/\b\d\d:\d\d\b/);
      expect(deadline).not.toMatch(/\b[AP]M\b/i);
    }
    // Hydrated and working: the change-of-address link opens its modal in place.
    await page.getByTestId("open-change-address").click();
    await expect(page.getByTestId("change-address-modal")).toBeVisible();
    expect(pageErrors, "no hydration error on the manage page").toEqual([]);
  });
}
