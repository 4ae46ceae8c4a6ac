/**
 * Bounded cost per visitor (issue 25 item 3, ADR 191): looking writes nothing. The landing page,
 * the postcode search and a postcode the carrier does not cover (or a malformed one) leave the
 * visitor without a booking: no booking session is set, because no draft was built. A covered
 * postcode builds the booking and the flow goes on; back on the postcode step the visitor keeps it.
 * With and without JavaScript, in English and in German. (The per-client draft limit, ADR 192, is
 * tested on the engine: every browser of this suite comes from one address.)
 */
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { coveredPostcode } from "../support/booking-journey";

let carriers: CmsEntry[] = [];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

/** A carrier whose postcode step shows a refused postcode on the page (no address search, no repair-type page, no store code). */
function plainCarrier(country: "GB" | "DE"): CmsEntry {
  const found = carriers.find(
    (c) =>
      c.countryCode === country &&
      !c.maintenance &&
      c.addressLookup !== true &&
      c.additionalLandingPage !== true &&
      c.storeRequired !== true &&
      c.confirmOnly !== true &&
      (country === "GB" || c.defaultLocale === "de"),
  );
  expect(found, `a plain ${country} carrier`).toBeTruthy();
  return found!;
}

const UNCOVERED = { GB: "ZE1 0AA", DE: "50667" } as const;
const MALFORMED = { GB: "XYZ", DE: "ABC" } as const;
const SUBMIT = { GB: "Check postcode", DE: "Postleitzahl prüfen" } as const;

async function hasBooking(page: Page): Promise<boolean> {
  return (await page.context().cookies()).some((cookie) => cookie.name === "__booking");
}

async function looksThenBooks(page: Page, country: "GB" | "DE") {
  const carrier = plainCarrier(country);
  const code = String(carrier.code);

  // Looking: the landing page, the postcode step, an uncovered and a malformed postcode from the hero's GET form.
  await page.goto(carrierUrl(code, "/"));
  await page.goto(carrierUrl(code, "/booking/postcode-search"));
  await expect(page.locator("#postcode")).toBeVisible();
  const refused = await page.goto(carrierUrl(code, `/booking/postcode-search?postcode=${encodeURIComponent(UNCOVERED[country].replace(/\s+/g, ""))}`));
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.goto(carrierUrl(code, `/booking/postcode-search?postcode=${MALFORMED[country]}`));
  await expect(page.getByTestId("postcode-error")).toBeVisible();
  // The form's POST of an uncovered postcode writes nothing either.
  await page.goto(carrierUrl(code, "/booking/postcode-search"));
  await page.locator("#postcode").fill(UNCOVERED[country]);
  await page.getByRole("button", { name: SUBMIT[country] }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  expect(await hasBooking(page), "no booking after only looking").toBe(false);
  // The device steps stay out of reach without one.
  await page.goto(carrierUrl(code, "/booking/device/make"));
  await expect(page).toHaveURL(/\/booking\/postcode-search$/);

  // A covered postcode is worth keeping: the booking is built and the flow goes on.
  await page.locator("#postcode").fill(coveredPostcode(carrier));
  await page.getByRole("button", { name: SUBMIT[country] }).click();
  await expect(page).toHaveURL(/\/booking\/device\/(make|type)/);
  expect(await hasBooking(page)).toBe(true);
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "__booking")!.value;

  // Back to the postcode step: the visitor's own postcode, the same booking.
  await page.goBack();
  await expect(page).toHaveURL(/\/booking\/postcode-search/);
  await page.reload();
  await expect(page.locator("#postcode")).toHaveValue(new RegExp(coveredPostcode(carrier).replace(/\s+/g, " ?"), "i"));
  // A returning visitor looking at another postcode keeps their booking.
  await page.goto(carrierUrl(code, `/booking/postcode-search?postcode=${encodeURIComponent(UNCOVERED[country].replace(/\s+/g, ""))}`));
  await expect(page.getByRole("alertdialog")).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === "__booking")?.value).toBe(session);
  await page.goto(carrierUrl(code, "/booking/device/make"));
  await expect(page).toHaveURL(/\/booking\/device\/(make|type)/);
}

test.describe("looking builds no booking (ADR 191)", () => {
  test("a first visitor's looks write nothing; a covered postcode builds the booking, kept on the way back", async ({ page }) => {
    await looksThenBooks(page, "GB");
  });

  test.describe("in German", () => {
    test.use({ locale: "de-DE" });
    test("a German visitor's looks write nothing; a covered Postleitzahl builds the booking", async ({ page }) => {
      await looksThenBooks(page, "DE");
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the same with the forms sent by the browser itself", async ({ page }) => {
      await looksThenBooks(page, "GB");
    });
  });
});
