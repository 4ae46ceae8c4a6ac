/**
 * A flashed toast (ADR 066) against the root loader's revalidation (ADR 127). An action that keeps
 * its page (4xx) flashes its toast into the `__toast` cookie; the root loader of the revalidation
 * after the post takes it and clears the cookie. The router hands the page the action's answer while
 * that revalidation is still on its way, so nothing the page does on that answer may start another
 * revalidation: it would abort the first after the server had already cleared the cookie, and the
 * toast was lost. A slow network makes the window wide: each revalidation answers late here.
 */
import { expect, test, type Page } from "@playwright/test";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { basketToPayment, bookingWithDevice, payWith, text, toast } from "../support/booking-journey";

let carriers: CmsEntry[] = [];

test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
  expect(carriers.length).toBeGreaterThan(0);
});

const on = (carrier: CmsEntry, flag: string) => carrier[flag] === true;
const plainFlow = (c: CmsEntry) => !on(c, "storeRequired") && !on(c, "allowsInStoreDropOff") && !on(c, "addressLookup") && !on(c, "applianceVariant") && !on(c, "confirmOnly");

function pick(description: string, matches: (carrier: CmsEntry) => boolean): CmsEntry {
  const found = carriers.find((carrier) => !carrier.maintenance && matches(carrier));
  expect(found, description).toBeTruthy();
  return found!;
}

/** Every data revalidation of `path` (a GET of its `.data`) reaches the server at once and answers `delayMs` late. */
async function slowRevalidations(page: Page, path: string, delayMs: number) {
  await page.route(`**${path}.data*`, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ response }).catch(() => undefined);
  });
}

test.describe("a flashed toast on a slow network", () => {
  test("the basket's 'promo code not recognised' shows although the revalidation answers late", async ({ page }) => {
    const carrier = pick("a UK carrier", (c) => c.countryCode === "GB" && c.defaultLocale === "en" && plainFlow(c) && !on(c, "singleMakeOnly"));
    await bookingWithDevice(page, carrier);
    await slowRevalidations(page, "/booking/basket", 1_500);
    await page.getByLabel(text("en", "basket.promoLabel")).fill("NO-SUCH-CODE");
    await page.getByRole("button", { name: text("en", "basket.promoApply") }).click();
    await expect(page.getByTestId("error-code")).toHaveText("Sorry, we don't recognise that promo code.");
    await expect(toast(page, "error", "Sorry, we don't recognise that promo code.")).toBeVisible({ timeout: 10_000 });
  });

  test.describe("in German", () => {
    test.use({ locale: "de-DE" });

    test("a declined card's toast shows although the revalidation answers late", async ({ page }) => {
      const carrier = pick("the German carrier", (c) => c.countryCode === "DE" && c.defaultLocale === "de" && plainFlow(c));
      await bookingWithDevice(page, carrier);
      await basketToPayment(page, "de", carrier);
      await slowRevalidations(page, "/booking/payment", 1_500);
      await payWith(page, "de", "card-declined");
      await expect(page.getByTestId("payment-error")).toContainText(text("de", "toasts.paymentDeclined", {}, "booking"));
      await expect(toast(page, "error", text("de", "toasts.paymentDeclined", {}, "booking"))).toBeVisible({ timeout: 10_000 });
    });
  });
});
