/**
 * A visitor's own change shows at once on every later step (issue 25 item 1, ADR 209): the booking is
 * read once per request and shared by the booking frame's and the step's loaders, never kept from one
 * request to the next, and read again after any change within the request. With and without
 * JavaScript (a browser without it posts each form and follows the redirect), and in a second tab of
 * the same visitor: a device added or removed shows in the basket, its count, the side basket of the
 * repair date and details steps and the checkout overview without a reload of anything but the page;
 * a promo code applied and removed, another day and another address show on the next page of every
 * step that shows them, in the tab that changed them and in the other (ADRs 219, 220) — with the
 * booked-page cache answering repeat views (ADR 225; across two instances:
 * tests/integration/booked-cache-instances.test.ts); the repair date and checkout, kept within their
 * clock second (ADR 233), show the visitor's own day at once.
 */
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { bookingWithDevice, chooseFirstAvailableDate, fillDetails, promoCodes, text } from "../support/booking-journey";
import { seededCarriers, type CmsEntry } from "../support/cms";

let carriers: CmsEntry[] = [];

test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

const on = (carrier: CmsEntry, flag: string) => carrier[flag] === true;

/** A UK carrier whose booking goes straight from the postcode to the device steps, with more than one device per basket. */
function plainUkCarrier(): CmsEntry {
  const found = carriers.find(
    (c) =>
      !c.maintenance &&
      c.countryCode === "GB" &&
      c.defaultLocale === "en" &&
      !["storeRequired", "allowsInStoreDropOff", "addressLookup", "applianceVariant", "confirmOnly", "singleMakeOnly"].some((flag) => on(c, flag)) &&
      Number(c.maxDevicesPerBasket ?? 2) >= 2,
  );
  expect(found, "a plain UK carrier").toBeTruthy();
  return found!;
}

/** The basket as the page shows it: its items, the frame's count and the total. */
async function expectBasket(page: Page, code: string, devices: number) {
  await page.goto(carrierUrl(code, "/booking/basket"));
  await expect(page.getByTestId("basket-item")).toHaveCount(devices);
  await expect(page.getByTestId("basket-count")).toHaveText(String(devices));
  return (await page.getByTestId("basket-total").textContent())?.trim();
}

async function removeFirstDevice(page: Page, code: string) {
  await page.goto(carrierUrl(code, "/booking/basket"));
  await page.getByTestId("basket-item-delete").first().click();
  const dialog = page.getByTestId("remove-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: text("en", "basket.deleteConfirm") }).click();
  await expect(page).toHaveURL(/\/booking\/basket$/);
}

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript: a device added or removed shows at once on every later step and in a second tab`, async ({ browser }) => {
    const carrier = plainUkCarrier();
    const code = String(carrier.code);
    const context = await browser.newContext({ javaScriptEnabled });
    // Repeat views answered by the booked-page cache (ADR 225): every assertion below holds with it at work.
    let kept = 0;
    context.on("response", (response) => {
      if (response.headers()["x-booked-cache"] === "hit") kept += 1;
    });
    try {
      const page = await context.newPage();
      await bookingWithDevice(page, carrier);
      const oneDevice = await expectBasket(page, code, 1);

      // A second tab of the same visitor sees the same basket.
      const other = await context.newPage();
      await expectBasket(other, code, 1);

      // Another phone through the device steps: the basket the steps end on already has both.
      await bookingWithDevice(page, carrier);
      await expect(page.getByTestId("basket-item")).toHaveCount(2);
      await expect(page.getByTestId("basket-count")).toHaveText("2");
      const twoDevices = await expectBasket(page, code, 2);
      expect(twoDevices).not.toBe(oneDevice);
      await expectBasket(other, code, 2);

      // The repair date and details steps show both in the side basket; checkout in its overview.
      await page.getByRole("link", { name: text("en", "basket.continue") }).click();
      await expect(page.getByTestId("side-basket-device")).toHaveCount(2);
      await chooseFirstAvailableDate(page, "en");
      await expect(page.getByTestId("side-basket-device")).toHaveCount(2);
      await fillDetails(page, "en", carrier);
      await expect(page.getByTestId("overview-device")).toHaveCount(2);

      // Removed in the second tab: the first tab's next page of every step shows one device.
      await removeFirstDevice(other, code);
      await expect(other.getByTestId("basket-item")).toHaveCount(1);
      await expect(other.getByTestId("basket-count")).toHaveText("1");
      await page.reload();
      await expect(page.getByTestId("overview-device")).toHaveCount(1);
      await page.goto(carrierUrl(code, "/booking/details"));
      await expect(page.getByTestId("side-basket-device")).toHaveCount(1);
      await page.goto(carrierUrl(code, "/booking/repair-date"));
      await expect(page.getByTestId("side-basket-device")).toHaveCount(1);
      expect(await expectBasket(page, code, 1)).toBe(oneDevice);

      // Removed in this tab: the basket it lands on is empty, and so is the second tab's.
      await removeFirstDevice(page, code);
      await expect(page.getByTestId("basket-item")).toHaveCount(0);
      await expect(page.getByTestId("basket-empty")).toBeVisible();
      await other.goto(carrierUrl(code, "/booking/basket"));
      await expect(other.getByTestId("basket-item")).toHaveCount(0);
      expect(kept, "repeat views answered from the booked-page cache").toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript: a promo code, another day and another address show on the next page and in a second tab`, async ({ browser }) => {
    const carrier = plainUkCarrier();
    const code = String(carrier.code);
    const codes = promoCodes(carrier);
    const context = await browser.newContext({ javaScriptEnabled });
    try {
      const page = await context.newPage();
      await bookingWithDevice(page, carrier);
      const other = await context.newPage();

      // A promo code applied in this tab: the other tab's next basket has the discount.
      await page.getByLabel(text("en", "basket.promoLabel")).fill(codes.reusable);
      await page.getByRole("button", { name: text("en", "basket.promoApply") }).click();
      await expect(page.getByTestId("basket-discount")).toBeVisible();
      await other.goto(carrierUrl(code, "/booking/basket"));
      await expect(other.getByTestId("basket-discount")).toBeVisible();

      // A day and the details: the checkout overview shows the code, the day and the address.
      await page.getByRole("link", { name: text("en", "basket.continue") }).click();
      await chooseFirstAvailableDate(page, "en");
      await fillDetails(page, "en", carrier);
      await expect(page.getByTestId("overview-promo-code")).toHaveText(codes.reusable);
      await expect(page.getByTestId("overview-repair-address")).toContainText("10 Example Street");
      const firstDay = (await page.getByTestId("overview-date").first().textContent())?.trim();

      // Another day chosen in the other tab: this tab's next checkout shows it.
      await other.goto(carrierUrl(code, "/booking/repair-date"));
      await other.locator('[data-testid="repair-day"][data-available="true"]').nth(1).click();
      await other.getByRole("button", { name: text("en", "repairDate.continue"), exact: true }).click();
      await expect(other).toHaveURL(/\/booking\/details$/);
      await page.reload();
      await expect(page.getByTestId("overview-date").first()).not.toHaveText(firstDay ?? "");

      // Another address in the other tab: this tab's next checkout shows it.
      await fillDetails(other, "en", carrier, { line1: "22 Other Road" });
      await page.reload();
      await expect(page.getByTestId("overview-repair-address")).toContainText("22 Other Road");

      // The code removed in this tab: neither tab's next page shows it.
      await page.goto(carrierUrl(code, "/booking/basket"));
      await page.getByRole("button", { name: text("en", "basket.promoRemoveLabel", { code: codes.reusable }) }).click();
      await expect(page.getByTestId("basket-discount")).toHaveCount(0);
      await other.goto(carrierUrl(code, "/booking/checkout"));
      await expect(other.getByTestId("overview-promo-code")).toHaveCount(0);
      await expect(other.getByTestId("overview-repair-address")).toContainText("22 Other Road");
    } finally {
      await context.close();
    }
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript: the repair date and checkout, kept within their clock second (ADR 233), show the visitor's own day at once`, async ({
    browser,
  }) => {
    const carrier = plainUkCarrier();
    const code = String(carrier.code);
    const context = await browser.newContext({ javaScriptEnabled });
    try {
      const page = await context.newPage();
      await bookingWithDevice(page, carrier);
      await page.getByRole("link", { name: text("en", "basket.continue") }).click();
      await chooseFirstAvailableDate(page, "en");
      await fillDetails(page, "en", carrier);
      const firstDay = (await page.getByTestId("overview-date").first().textContent())?.trim();
      expect(firstDay).toBeTruthy();
      // Checkout and the repair date opened again and again: the same day, the chosen one checked.
      for (let view = 0; view < 3; view += 1) {
        await page.goto(carrierUrl(code, "/booking/checkout"));
        await expect(page.getByTestId("overview-date").first()).toHaveText(firstDay!);
      }
      await page.goto(carrierUrl(code, "/booking/repair-date"));
      await page.goto(carrierUrl(code, "/booking/repair-date"));
      const offered = page.locator('[data-testid="repair-day"][data-available="true"]');
      const chosenBefore = await page.locator('[data-testid="repair-day"] input:checked').getAttribute("value");
      expect(chosenBefore).toBeTruthy();

      // Another day, chosen in this tab: the details step, then checkout and the repair date show it at once.
      const other = offered.filter({ hasNot: page.locator("input:checked") }).first();
      const otherDay = await other.getAttribute("data-date");
      await other.click();
      await page.getByRole("button", { name: text("en", "repairDate.continue"), exact: true }).click();
      await expect(page).toHaveURL(/\/booking\/details$/);
      await page.goto(carrierUrl(code, "/booking/checkout"));
      await expect(page.getByTestId("overview-date").first()).not.toHaveText(firstDay!);
      const secondDay = (await page.getByTestId("overview-date").first().textContent())?.trim();
      await page.goto(carrierUrl(code, "/booking/repair-date"));
      await expect(page.locator('[data-testid="repair-day"] input:checked')).toHaveAttribute("value", otherDay!);
      await page.reload();
      await expect(page.locator('[data-testid="repair-day"] input:checked')).toHaveAttribute("value", otherDay!);
      await page.goto(carrierUrl(code, "/booking/checkout"));
      await expect(page.getByTestId("overview-date").first()).toHaveText(secondDay!);
    } finally {
      await context.close();
    }
  });
}
