/**
 * Issue 21 (spec fidelity): a same-day booking is given a window that starts after now plus the
 * lead time the carrier sets on its roster (ADR 110), read in the carrier's time zone; late in the
 * evening, with no window left, today is not offered. A carrier of its own is onboarded through
 * Strapi's API (hourly windows 08:00–19:00 every day, same-day bookings until 22:00, a 90-minute
 * lead time), and the engine's clock is moved per browser context with the test clock cookie
 * (ADR 034).
 */
import { expect, test, type Page } from "@playwright/test";
import { addDays, localParts, minutesOf, zonedTime } from "../../booking/domain/time";
import { carrierUrl } from "../support/app";
import { bookThroughUi, deviceIntoBasket, managePath, MODELS, setEngineClock, uniqueEmail } from "../support/book-through-ui";
import { text } from "../support/booking-journey";
import { deleteCreated, onboardWestminsterCarrier, uniqueCode, type CmsEntry, type Created } from "../support/cms";

const POSTCODE = "SW1A 1AA";
const ZONE = "Europe/London";
const LEAD_MINUTES = 90;

test.describe("same-day windows after now plus the roster's lead time", () => {
  test.describe.configure({ mode: "serial" });
  let carrier: CmsEntry;
  let code: string;
  /** A day two days ahead in London: the test clock's "today". */
  let day: string;
  const created: Created[] = [];

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    code = uniqueCode("sameday");
    ({ carrier } = await onboardWestminsterCarrier(code, created, {
      heroTitle: "Repairs at your door, today",
      roster: { slotsPerTechnicianPerDay: 12, timeslotIntervalMinutes: 60, sameDayBookingUntil: "22:00", sameDayLeadMinutes: LEAD_MINUTES },
    }));
    day = addDays(localParts(new Date(), ZONE).date, 2);
    // The engine follows the CMS webhook: wait until it serves the new area.
    const page = await browser.newPage();
    try {
      await expect(async () => {
        await page.goto(carrierUrl(code, `/booking/postcode-search?postcode=${encodeURIComponent(POSTCODE)}`));
        expect(page.url()).toMatch(/\/booking\/device\//);
      }).toPass({ timeout: 30_000 });
    } finally {
      await page.close();
    }
  });

  test.afterAll(async () => {
    await deleteCreated(created);
  });

  async function repairDays(page: Page, at: Date) {
    await setEngineClock(page, code, at);
    await deviceIntoBasket(page, carrier, MODELS.phone, POSTCODE);
    await page.getByRole("link", { name: text("en", "basket.continue") }).click();
    await expect(page).toHaveURL(/\/booking\/repair-date/);
    return page.getByTestId("repair-day");
  }

  test("at 10:40 in London today is offered, and the confirmation's window starts after 12:10 (13:00), not at 08:00", async ({ browser, page }) => {
    test.setTimeout(120_000);
    const at = zonedTime(day, "10:40", ZONE);
    const days = await repairDays(page, at);
    await expect(days.first()).toHaveAttribute("data-date", day);
    await expect(days.first()).toHaveAttribute("data-available", "true");

    const order = await bookThroughUi(browser, carrier, { email: uniqueEmail("sameday"), postcode: POSTCODE, at });
    expect(order.date).toBe(day);
    const start = /^(\d{2}:\d{2})–\d{2}:\d{2}$/.exec(order.timeslot)?.[1];
    expect(start, `the confirmation's window: ${order.timeslot}`).toBeDefined();
    expect(minutesOf(start!)).toBeGreaterThanOrEqual(minutesOf("10:40") + LEAD_MINUTES);
    expect(order.timeslot).toBe("13:00–14:00");
  });

  test("a second booking the same morning gets the next window still open", async ({ browser }) => {
    test.setTimeout(120_000);
    const order = await bookThroughUi(browser, carrier, { email: uniqueEmail("sameday"), postcode: POSTCODE, at: zonedTime(day, "10:45", ZONE) });
    expect(order.date).toBe(day);
    expect(order.timeslot).toBe("14:00–15:00");
  });

  test("at 21:00, before the 22:00 cut-off but after the last window, today is not offered (mobile width)", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const days = await repairDays(page, zonedTime(day, "21:00", ZONE));
    await expect(days.first()).toHaveAttribute("data-date", day);
    await expect(days.first()).toHaveAttribute("data-available", "false");
    await expect(page.locator('[data-testid="repair-day"][data-available="true"]').first()).toHaveAttribute("data-date", addDays(day, 1));
  });
  test("a date change to the next morning, inside the 24-hour window, still shows the new day and date", async ({ browser, page }) => {
    test.setTimeout(120_000);
    // Booked three days after the clock's "today"; the change is made at 21:00 the next day, when
    // the first day offered is the morning after (11 hours ahead): once moved there, the booking
    // can no longer be changed online, and the success must stay on screen all the same.
    const order = await bookThroughUi(browser, carrier, { email: uniqueEmail("sameday"), postcode: POSTCODE, at: zonedTime(day, "10:50", ZONE), dayIndex: 3 });
    expect(order.date).toBe(addDays(day, 3));
    await setEngineClock(page, code, zonedTime(addDays(day, 1), "21:00", ZONE));
    await page.goto(carrierUrl(code, managePath(order, { modal: "date", reason: "I will be away on holiday that day" })));
    const modal = page.getByTestId("change-date-modal");
    const first = modal.locator('[data-testid="date-day"][data-available="true"]').first();
    await expect(first).toHaveAttribute("data-date", addDays(day, 2));
    await first.click();
    await expect(modal.getByTestId("date-changed-to")).toHaveAttribute("data-date", addDays(day, 2));
    // The page behind has revalidated and offers no changes any more; the success stays.
    await expect(page.getByTestId("open-change-date")).toHaveCount(0);
    await expect(modal.getByTestId("date-changed-to")).toBeVisible();
    await modal.getByTestId("date-done").click();
    await expect(page.getByTestId("overview-date").locator("[data-date]")).toHaveAttribute("data-date", addDays(day, 2));
  });
});
