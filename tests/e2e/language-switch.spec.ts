/**
 * The header's language switch keeps the page (issue 21, spec §7, ADR 120): on the German-and-English
 * demo carrier, switching on a device step with its query, on /manage/booking with its lookup, on the
 * payment page with its state and on the waiting-list offer with its token shows the same page in the
 * other language; a redirect answering the switch, and every later one, keeps the chosen language.
 * Both ways (German → English → German), with and without JavaScript, at desktop and phone width.
 */
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { bookThroughUi, coveredPostcode, managePath, pickCarrier, text, type BookedOrder } from "../support/book-through-ui";
import { basketToPayment, bookingWithDevice, text as checkoutText } from "../support/booking-journey";
import { seededCarriers, type CmsEntry } from "../support/cms";

let carrier: CmsEntry;
let code: string;

test.beforeAll(async () => {
  carrier = pickCarrier(await seededCarriers({ sort: "code:asc" }), "german");
  code = String(carrier.code);
  expect(carrier.supportedLocales, "the German carrier also offers English").toEqual(expect.arrayContaining(["de", "en"]));
});

const languageLink = (page: Page, name: "English" | "Deutsch") => page.getByRole("banner").getByRole("link", { name, exact: true });
const modelTitle = (lang: "en" | "de") => text(lang, "booking-device", "model.title", { make: "Apple", kind: text(lang, "booking-device", "kindsInline.phone") });
const queryOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

async function startBooking(page: Page) {
  await page.goto(carrierUrl(code, `/booking/postcode-search?postcode=${encodeURIComponent(coveredPostcode(carrier))}`));
  await expect(page).toHaveURL(/\/booking\/device\//);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled, locale: "de-DE" });

    test("a device step with a query stays the same step in the other language, both ways", async ({ page }) => {
      await startBooking(page);
      await page.goto(carrierUrl(code, "/booking/device/model?make=2&kind=phone&q=iPhone"));
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(modelTitle("de"));

      await languageLink(page, "English").click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      expect(new URL(page.url()).pathname).toBe("/booking/device/model");
      expect(queryOf(page)).toEqual({ make: "2", kind: "phone", q: "iPhone", lng: "en" });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(modelTitle("en"));
      await expect(page.locator("#model-search")).toHaveValue("iPhone");

      await languageLink(page, "Deutsch").click();
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      expect(new URL(page.url()).pathname).toBe("/booking/device/model");
      expect(queryOf(page)).toEqual({ make: "2", kind: "phone", q: "iPhone", lng: "de" });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(modelTitle("de"));
    });

    test("a switch a step answers with a redirect lands in the chosen language, and later redirects keep it", async ({ page }) => {
      await startBooking(page);
      // German by default; English chosen on a page that is there.
      await page.goto(carrierUrl(code, "/booking/device/make"));
      await languageLink(page, "English").click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "booking-device", "make.title"));

      // German asked for on a step that is not there without its make: the step it redirects to is German.
      await page.goto(carrierUrl(code, "/booking/device/model?lng=de"));
      await expect(page).toHaveURL(/\/booking\/device\/make\?lng=de$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "booking-device", "make.title"));
      // … and a later redirect, with nothing in its URL, too (the choice is kept).
      await page.goto(carrierUrl(code, "/booking/device/model"));
      await expect(page).toHaveURL(/\/booking\/device\/make$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "booking-device", "make.title"));

      // The reverse: English asked for where the step redirects.
      await page.goto(carrierUrl(code, "/booking/device/model?lng=en"));
      await expect(page).toHaveURL(/\/booking\/device\/make\?lng=en$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "booking-device", "make.title"));
      await page.goto(carrierUrl(code, "/booking/device/model"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "booking-device", "make.title"));

      // A language the carrier does not have is ignored: the page stays in the chosen one.
      await page.goto(carrierUrl(code, "/booking/device/model?lng=fr"));
      await expect(page).toHaveURL(/\/booking\/device\/make$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    });
  });
}

test("the waiting-list offer keeps its token across the switch", async ({ page }) => {
  await page.goto(carrierUrl(code, "/booking/waiting-list/offer?token=not-a-real-token-at-all&lng=de"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(checkoutText("de", "unknown.title", {}, "waitingOffer"));
  await languageLink(page, "English").click();
  expect(queryOf(page)).toEqual({ token: "not-a-real-token-at-all", lng: "en" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(checkoutText("en", "unknown.title", {}, "waitingOffer"));
});

test("the payment page keeps its open billing form across the switch, both ways", async ({ page }) => {
  test.setTimeout(120_000);
  await bookingWithDevice(page, carrier);
  await basketToPayment(page, "de", carrier);
  await page.goto(carrierUrl(code, "/booking/payment?billing=edit"));
  await expect(page.getByTestId("billing-form")).toBeVisible();

  await languageLink(page, "English").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(new URL(page.url()).pathname).toBe("/booking/payment");
  expect(queryOf(page)).toEqual({ billing: "edit", lng: "en" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(checkoutText("en", "payment.title"));
  await expect(page.getByTestId("billing-form")).toBeVisible();
  await expect(page.getByTestId("billing-save")).toHaveText(checkoutText("en", "billing.save", {}, "payment"));

  await languageLink(page, "Deutsch").click();
  expect(queryOf(page)).toEqual({ billing: "edit", lng: "de" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(checkoutText("de", "payment.title"));
  await expect(page.getByTestId("billing-save")).toHaveText(checkoutText("de", "billing.save", {}, "payment"));
});

test.describe("the manage page at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: "de-DE" });
  let order: BookedOrder;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    order = await bookThroughUi(browser, carrier, { lang: "de", dayIndex: 2 });
  });

  test("keeps the lookup and an open modal across the switch, both ways", async ({ page }) => {
    await page.goto(carrierUrl(code, managePath(order)));
    await expect(page.getByTestId("overview-order-reference")).toHaveText(order.orderRef);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "manage", "title"));

    await languageLink(page, "English").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(new URL(page.url()).pathname).toBe("/manage/booking");
    expect(queryOf(page)).toEqual({ order_ref: order.orderRef, email: order.email, lng: "en" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "manage", "title"));
    await expect(page.getByTestId("overview-order-reference")).toHaveText(order.orderRef);

    // With a modal open the page behind it is inert: the header's link is followed as it is written.
    await page.goto(carrierUrl(code, managePath(order, { modal: "imei-help", kind: "imei" })));
    await expect(page.getByTestId("imei-help-modal")).toContainText(text("en", "manage", "imei.helpTitle"));
    const toGerman = await page.locator('header a[hreflang="de"]').getAttribute("href");
    await page.goto(carrierUrl(code, toGerman!));
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect(queryOf(page)).toEqual({ order_ref: order.orderRef, email: order.email, modal: "imei-help", kind: "imei", lng: "de" });
    await expect(page.getByTestId("imei-help-modal")).toContainText(text("de", "manage", "imei.helpTitle"));
    await expect(page.getByTestId("overview-order-reference")).toHaveText(order.orderRef);
  });
});
