/**
 * The complete page's "What happens next" (spec §1 timing, §9): the 1-hour timeslot is confirmed by
 * SMS and e-mail at 18:00 the evening before and the estimated arrival follows at 08:00 on the day;
 * a same-day appointment is confirmed at checkout. A customer who books after 18:00 the evening
 * before, or on the day itself, is not promised a message that will never come (ADR 229). The time of
 * day in the carrier's zone is moved with the engine's test clock (ADR 034).
 */
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { addDays, localParts, zonedTime } from "../../booking/domain/time";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { bookThroughUi, deviceIntoBasket, engineSeedOf, MODELS, pickCarrier, setEngineClock, uniqueEmail, type Lang } from "../support/book-through-ui";
import { chooseFirstAvailableDate, fillDetails, text } from "../support/booking-journey";

const COMPLETE = {
  en: JSON.parse(readFileSync(path.join(process.cwd(), "app/i18n/locales/en/booking-complete.json"), "utf8")) as Record<string, string>,
  de: JSON.parse(readFileSync(path.join(process.cwd(), "app/i18n/locales/de/booking-complete.json"), "utf8")) as Record<string, string>,
};
const next = (lang: Lang, key: string, params: Record<string, string> = {}) => COMPLETE[lang][key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name]!);

const ZONES: Record<string, string> = { GB: "Europe/London", DE: "Europe/Berlin" };

/** A Wednesday about three weeks ahead in the carrier's zone that its roster does not close: the day every case books. */
function wednesdayAhead(carrier: CmsEntry): string {
  const closed = new Set((engineSeedOf(String(carrier.code)) as unknown as { roster: { closed_dates: string[] } }).roster.closed_dates);
  let day = addDays(localParts(new Date(), ZONES[String(carrier.countryCode)]!).date, 15);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 3 || closed.has(day)) day = addDays(day, 1);
  return day;
}

async function whatNext(page: Page): Promise<string[]> {
  return page.getByTestId("what-next").getByRole("listitem").allTextContents();
}

let carriers: CmsEntry[] = [];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

test.describe("what happens next, by when the customer books", () => {
  test("a UK customer booking at 12:00 the day before is told of the 18:00 confirmation and the 08:00 message", async ({ browser }) => {
    test.setTimeout(120_000);
    const carrier = pickCarrier(carriers, "uk");
    const day = wednesdayAhead(carrier);
    let lines: string[] = [];
    const order = await bookThroughUi(browser, carrier, {
      email: uniqueEmail("next"),
      at: zonedTime(addDays(day, -1), "12:00", ZONES.GB!),
      onComplete: async (page) => void (lines = await whatNext(page)),
    });
    expect(order.date).toBe(day);
    expect(lines).toEqual([next("en", "next1"), next("en", "next2"), next("en", "next3"), next("en", "next4")]);
  });

  test("a UK customer booking on the day at 09:00 is told the timeslot is confirmed now, and no 18:00 or 08:00 message is promised", async ({ browser }) => {
    test.setTimeout(120_000);
    const carrier = pickCarrier(carriers, "uk");
    const day = wednesdayAhead(carrier);
    let lines: string[] = [];
    const order = await bookThroughUi(browser, carrier, {
      email: uniqueEmail("next"),
      at: zonedTime(day, "09:00", ZONES.GB!),
      onComplete: async (page) => void (lines = await whatNext(page)),
    });
    expect(order.date).toBe(day);
    expect(lines).toEqual([next("en", "next1Confirmed", { timeslot: order.timeslot }), next("en", "next3"), next("en", "next4")]);
    expect(lines.join(" ")).not.toContain("18:00");
    expect(lines.join(" ")).not.toContain("08:00");
  });

  for (const [label, kind, lang, zone, time, evening] of [
    ["a UK customer at 12:00 the day before", "uk", "en", "GB", "12:00", true],
    ["a UK customer at 09:00 on the day", "uk", "en", "GB", "09:00", false],
    ["a German customer at 19:30 the evening before, in German", "german", "de", "DE", "19:30", false],
  ] as const)
    test(`checkout tells ${label} when the timeslot is confirmed`, async ({ page }) => {
      test.setTimeout(120_000);
      const carrier = pickCarrier(carriers, kind);
      const day = wednesdayAhead(carrier);
      await setEngineClock(page, String(carrier.code), zonedTime(time === "09:00" ? day : addDays(day, -1), time, ZONES[zone]!));
      await deviceIntoBasket(page, carrier, MODELS.phone);
      await page.getByRole("link", { name: text(lang, "basket.continue") }).click();
      await chooseFirstAvailableDate(page, lang);
      await fillDetails(page, lang, carrier);
      await expect(page.getByTestId("overview-date")).toContainText(String(Number(day.slice(8))));
      await expect(page.getByTestId("overview-timeslot")).toHaveText(text(lang, evening ? "overview.timeslotPending" : "overview.timeslotAtCheckout"));
    });

  test("a German customer booking at 19:30 the evening before is told in German that the timeslot is confirmed now, and of the 08:00 message", async ({ browser }) => {
    test.setTimeout(120_000);
    const carrier = pickCarrier(carriers, "german");
    const day = wednesdayAhead(carrier);
    let lines: string[] = [];
    const order = await bookThroughUi(browser, carrier, {
      email: uniqueEmail("next"),
      lang: "de",
      at: zonedTime(addDays(day, -1), "19:30", ZONES.DE!),
      onComplete: async (page) => void (lines = await whatNext(page)),
    });
    expect(order.date).toBe(day);
    expect(lines).toEqual([next("de", "next1Confirmed", { timeslot: order.timeslot }), next("de", "next2"), next("de", "next3"), next("de", "next4")]);
  });
});
