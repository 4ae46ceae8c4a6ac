/**
 * Changing a booking on the manage screen (spec §4 change date, change address, IMEI per device,
 * proof of purchase; §5; §8 OR03, OR04, IMEI error; §9): every change with its error paths, for a
 * UK carrier in English and the German carrier in German; the postcode search hidden by the
 * carrier's switch; a tablet of the single make taking a serial number. Orders come from the
 * booking UI; the engine's clock is moved per browser context with the test clock cookie (ADR 034).
 */
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import {
  bookThroughUi,
  engineSeedOf,
  expectEngineClockAt,
  expectNoSeriousA11yViolations,
  managePath,
  MODELS,
  pickCarrier,
  setEngineClock,
  text,
  toast,
  type BookedOrder,
  type Lang,
} from "../support/book-through-ui";

let carriers: CmsEntry[] = [];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

/** An address of the demo address book in the carrier's second service area, and a postcode no area covers. */
const PLACES = {
  GB: { search: "E1 6LZ", picked: "96 Commercial Street", uncovered: { line_1: "1 Princes Street", town: "Edinburgh", postcode: "EH2 2EQ" } },
  DE: { search: "80802", picked: "Leopoldstraße 50", uncovered: { line_1: "Domkloster 4", town: "Köln", postcode: "50667" } },
} as const;

/** A valid IMEI (Luhn) and a valid tablet serial number. */
const IMEI = "490154203237518";
const SERIAL = "F9FXK2ABCD7";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const JOURNEYS = [
  { label: "a UK carrier", kind: "uk", lang: "en" },
  { label: "the German carrier in German", kind: "german", lang: "de" },
] as const;

async function openDateModal(page: Page, lang: Lang) {
  await page.getByTestId("open-change-date").click();
  const modal = page.getByTestId("change-date-modal");
  await expect(modal.getByRole("heading")).toHaveText(text(lang, "manage", "date.title"));
  return modal;
}

for (const journey of JOURNEYS) {
  const lang: Lang = journey.lang;
  const t = (key: string, params?: Record<string, string | number>) => text(lang, "manage", key, params);

  test.describe(`changing a booking: ${journey.label}`, () => {
    test.describe.configure({ mode: "serial" });
    test.use({ locale: lang === "de" ? "de-DE" : "en-GB" });
    let carrier: CmsEntry;
    let code: string;
    let order: BookedOrder;
    let places: (typeof PLACES)[keyof typeof PLACES];

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(180_000);
      carrier = pickCarrier(carriers, journey.kind);
      code = String(carrier.code);
      places = PLACES[carrier.countryCode as keyof typeof PLACES];
      // A few working days out, so earlier days can be offered and the order stays changeable.
      order = await bookThroughUi(browser, carrier, { lang, dayIndex: 4 });
    });

    test("change date: a reason of more than three words, ten days and load more, OR04 in the modal, then the new day and date", async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(carrierUrl(code, managePath(order)));
      const modal = await openDateModal(page, lang);
      await expect(modal.getByTestId("date-days")).toHaveCount(0);

      // Three words are not enough: the dates do not appear.
      await modal.getByTestId("date-reason").fill(lang === "de" ? "Bin nicht da" : "I am away");
      await modal.getByTestId("date-show-days").click();
      await expect(modal.getByTestId("date-reason-error")).toHaveText(t("date.errors.reasonShort"));
      await expect(modal.getByTestId("date-days")).toHaveCount(0);
      const reason = lang === "de" ? "Ich bin an dem Tag leider verreist" : "I will be away on holiday that day";
      await modal.getByTestId("date-reason").fill(reason);
      await modal.getByTestId("date-show-days").click();
      await expect(modal.getByTestId("date-day")).toHaveCount(10);
      await expect(modal.locator(`[data-testid="date-day"][data-date="${order.date}"]`)).toBeDisabled();
      await expectNoSeriousA11yViolations(page);
      await modal.getByTestId("date-load-more").click();
      await expect(modal.getByTestId("date-day")).toHaveCount(20);

      // OR04: the list went stale (the first offered day is in the past by the time it is picked).
      const first = modal.locator('[data-testid="date-day"][data-available="true"]').first();
      const staleDay = (await first.getAttribute("data-date"))!;
      const later = new Date(Date.parse(`${staleDay}T12:00:00Z`) + 24 * 3_600_000);
      await setEngineClock(page, code, later);
      await first.click();
      await expect(modal.getByTestId("date-error")).toHaveText(t("date.errors.unavailable"));
      await expect(modal).toBeVisible();

      // Another error closes the modal with a toast: the date is sent after the 24-hour deadline.
      const deadline = new Date((await page.getByTestId("manage-booking").getAttribute("data-change-deadline"))!);
      await setEngineClock(page, code, new Date(deadline.getTime() + 60_000));
      await modal.locator('[data-testid="date-day"][data-available="true"]').first().click();
      await expect(toast(page, "error", t("changesClosed"))).toBeVisible();
      await expect(page.getByTestId("change-date-modal")).toHaveCount(0);

      // A day is picked: processing, then the new day and date.
      await setEngineClock(page, code, null);
      await page.reload();
      const again = await openDateModal(page, lang);
      await again.getByTestId("date-reason").fill(reason);
      await again.getByTestId("date-show-days").click();
      // A day two or more days out keeps the booking changeable for the steps after this one, whatever
      // the time of day (before a cut-off, today and tomorrow are offered too).
      await expect(again.getByTestId("date-day")).toHaveCount(10);
      const offered = await again.locator('[data-testid="date-day"][data-available="true"]').evaluateAll((days) => days.map((day) => day.getAttribute("data-date") ?? ""));
      const soonest = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const newDate = offered.find((date) => date >= soonest && date !== order.date)!;
      expect(newDate).toBeTruthy();
      const pick = again.locator(`[data-testid="date-day"][data-date="${newDate}"]`);
      expect(newDate).not.toBe(order.date);
      await pick.click();
      await expect(again.getByTestId("date-changed-to")).toHaveAttribute("data-date", newDate);
      const longDate = new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(
        new Date(`${newDate}T00:00:00Z`),
      );
      await expect(again.getByTestId("date-changed-to")).toHaveText(longDate);
      await expectNoSeriousA11yViolations(page);
      await again.getByTestId("date-done").click();
      await expect(page.getByTestId("overview-date").locator("[data-date]")).toHaveAttribute("data-date", newDate);
      order = { ...order, date: newDate };
    });

    test("change address: required fields, OR03 for 10 seconds, OR04, then search, pick, edit, save and 'address updated'", async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(carrierUrl(code, managePath(order)));
      await page.getByTestId("open-change-address").click();
      const modal = page.getByTestId("change-address-modal");
      await expect(modal.getByRole("heading")).toHaveText(t("address.title"));
      await expect(modal.getByTestId("address-search")).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // Line 1, town and postcode are required; line 2 is not.
      for (const field of ["line_1", "line_2", "town", "postcode"]) await modal.getByTestId(`address-${field}`).fill("");
      await modal.getByTestId("address-save").click();
      await expect(modal.getByTestId("address-line_1-error")).toHaveText(t("address.errors.line1Missing"));
      await expect(modal.getByTestId("address-town-error")).toHaveText(t("address.errors.townMissing"));
      await expect(modal.getByTestId("address-postcode-error")).toHaveText(t("address.errors.postcodeMissing"));
      await expect(modal.getByTestId("address-line_2-error")).toHaveCount(0);

      // OR03: nobody covers the postcode; the message goes after 10 seconds.
      await modal.getByTestId("address-line_1").fill(places.uncovered.line_1);
      await modal.getByTestId("address-town").fill(places.uncovered.town);
      await modal.getByTestId("address-postcode").fill(places.uncovered.postcode);
      await modal.getByTestId("address-save").click();
      await expect(modal.getByTestId("address-error")).toHaveText(t("address.errors.noTechnician"));
      await expect(modal.getByTestId("address-line_1")).toHaveValue(places.uncovered.line_1);
      await expect(modal.getByTestId("address-error")).toHaveCount(0, { timeout: 13_000 });

      // Search and pick: an address in another service area fills the fields.
      await modal.getByTestId("address-search-input").fill(places.search);
      await modal.getByTestId("address-search-submit").click();
      await modal.getByTestId("address-suggestion").filter({ hasText: places.picked }).first().click();
      await expect(modal.getByTestId("address-line_1")).toHaveValue(new RegExp(places.picked.split(" ")[0]!));
      await expect(modal.getByTestId("address-postcode")).toHaveValue(places.search);

      // OR04: the booked day has no room in that area (here: seen from a clock 100 days earlier, the day is beyond the booking horizon).
      const earlier = new Date(Date.now() - 100 * 24 * 3_600_000);
      await setEngineClock(page, code, earlier);
      await expectEngineClockAt(page, code, order, earlier);
      await modal.getByTestId("address-save").click();
      await expect(modal.getByTestId("address-error")).toHaveText(t("address.errors.dateUnavailable"));
      await setEngineClock(page, code, null);

      // Edit and save.
      await modal.getByTestId("address-line_2").fill(lang === "de" ? "Hinterhaus" : "Back door");
      await modal.getByTestId("address-save").click();
      await expect(toast(page, "success", t("toasts.addressUpdated"))).toBeVisible();
      await expect(page.getByTestId("change-address-modal")).toHaveCount(0);
      await expect(page.getByTestId("overview-repair-address")).toContainText(places.search);
      await expect(page.getByTestId("overview-repair-address")).toContainText(lang === "de" ? "Hinterhaus" : "Back door");
    });

    test("IMEI: not supplied, an error inline in red, checking, then supplied with 'IMEI added'", async ({ page }) => {
      await page.goto(carrierUrl(code, managePath(order)));
      const identifier = page.getByTestId("device-identifier");
      await expect(identifier).toHaveAttribute("data-status", "not_supplied");
      await expect(identifier).toContainText(t("imei.notSupplied"));
      await identifier.getByTestId("identifier-input").fill("12345");
      await identifier.getByTestId("identifier-save").click();
      await expect(identifier).toHaveAttribute("data-status", "error");
      await expect(identifier.getByTestId("identifier-error")).toHaveText(text(lang, "booking-device", "engineMessages.imeiLength"));
      await expect(identifier.getByTestId("identifier-error")).toHaveCSS("color", "rgb(164, 22, 26)");
      await expectNoSeriousA11yViolations(page);

      await identifier.getByTestId("identifier-input").fill(IMEI);
      await identifier.getByTestId("identifier-save").click();
      await expect(toast(page, "success", t("toasts.imeiAdded"))).toBeVisible();
      await expect(identifier).toHaveAttribute("data-status", "supplied");
      await expect(identifier.getByTestId("identifier-value")).toHaveText(IMEI);
    });

    test("proof of purchase: a renamed non-image is refused by its content, a .png is accepted and shown as supplied", async ({ page }) => {
      await page.goto(carrierUrl(code, managePath(order)));
      const proof = page.getByTestId("proof-upload");
      await expect(page.getByTestId("overview-proof")).toHaveText(t("proof.notSupplied"));

      // The browser refuses a file not named .jpg or .png; the server refuses one that is not an image.
      await proof.getByTestId("proof-input").setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
      await proof.getByTestId("proof-submit").click();
      await expect(proof.getByTestId("proof-error")).toHaveText(t("proof.errors.format"));
      await proof.getByTestId("proof-input").setInputFiles({ name: "receipt.jpg", mimeType: "image/jpeg", buffer: Buffer.from("This is a text file, not a photo of a receipt.") });
      await proof.getByTestId("proof-submit").click();
      await expect(toast(page, "error", t("toasts.proofProblem"))).toBeVisible();
      await expect(proof.getByTestId("proof-error")).toHaveText(t("proof.errors.format"));
      await expect(page.getByTestId("overview-proof")).toHaveText(t("proof.notSupplied"));
      await expectNoSeriousA11yViolations(page);

      await proof.getByTestId("proof-input").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
      await proof.getByTestId("proof-submit").click();
      await expect(toast(page, "success", t("toasts.proofThanks"))).toBeVisible();
      await expect(page.getByTestId("overview-proof")).toHaveText(t("proof.supplied"));
      await expect(page.getByTestId("proof-status")).toHaveCount(0);
    });
  });
}

test.describe("carrier switches on the manage screen", () => {
  test("where the carrier hides the postcode search (AU, US), the new address is typed in", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const carrier = pickCarrier(carriers, "hidden-postcode-search");
    const code = String(carrier.code);
    const order = await bookThroughUi(browser, carrier, { dayIndex: 3 });
    await page.goto(carrierUrl(code, managePath(order)));
    await page.getByTestId("open-change-address").click();
    const modal = page.getByTestId("change-address-modal");
    await expect(modal.getByText(text("en", "manage", "address.manualIntro"))).toBeVisible();
    await expect(modal.getByTestId("address-search")).toHaveCount(0);
    // The search cannot be asked for through the URL either.
    await page.goto(carrierUrl(code, managePath(order, { modal: "address", q: "10036" })));
    await expect(page.getByTestId("address-suggestions")).toHaveCount(0);
    const prefix = engineSeedOf(code).service_areas[0]!.postcode_prefixes[0]!;
    await page.getByTestId("address-line_1").fill("75 9th Ave");
    await page.getByTestId("address-town").fill("New York");
    await page.getByTestId("address-postcode").fill(prefix.padEnd(5, "2"));
    await page.getByTestId("address-save").click();
    await expect(toast(page, "success", text("en", "manage", "toasts.addressUpdated"))).toBeVisible();
    await expect(page.getByTestId("overview-repair-address")).toContainText("75 9th Ave");
  });

  test("a tablet of the single make takes a serial number", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const carrier = pickCarrier(carriers, "uk");
    const order = await bookThroughUi(browser, carrier, { model: MODELS.tablet });
    await page.goto(carrierUrl(String(carrier.code), managePath(order)));
    const identifier = page.getByTestId("device-identifier");
    await expect(identifier).toContainText(text("en", "manage", "imei.serialLabel"));
    await identifier.getByTestId("identifier-input").fill("OI-not-a-serial");
    await identifier.getByTestId("identifier-save").click();
    await expect(identifier.getByTestId("identifier-error")).toHaveText(text("en", "booking-device", "engineMessages.serialFormat"));
    await identifier.getByTestId("identifier-input").fill(SERIAL);
    await identifier.getByTestId("identifier-save").click();
    await expect(toast(page, "success", text("en", "manage", "toasts.serialAdded"))).toBeVisible();
    await expect(identifier.getByTestId("identifier-value")).toHaveText(SERIAL);
  });
});
