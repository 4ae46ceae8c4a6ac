import { expect, test } from "@playwright/test";
import { appGet, carrierUrl } from "../support/app";
import { cmsList, seededCarriers, type CmsEntry } from "../support/cms";

let carriers: CmsEntry[] = [];

test.beforeAll(async () => {
  carriers = await seededCarriers({ "populate[theme]": "true", sort: "code:asc" });
  expect(carriers.length).toBeGreaterThanOrEqual(10);
});

const landingCarriers = () =>
  carriers.filter((carrier) => !carrier.externalLandingRedirectUrl && !carrier.externalSupportPickerUrl && !carrier.confirmOnly && !carrier.maintenance);

test("every demo carrier's landing page shows its own name, colours and carousel from the CMS", async ({ page }) => {
  test.setTimeout(120_000);
  const shown = landingCarriers();
  expect(shown.length).toBeGreaterThanOrEqual(7);
  for (const carrier of shown) {
    const code = String(carrier.code);
    const locale = String(carrier.defaultLocale);
    const [landing] = await cmsList("landing-pages", {
      "filters[carrierCode][$eq]": code,
      locale,
      "populate[popularSmartphones]": "true",
    });
    expect(landing, `landing page of ${code} in the CMS`).toBeTruthy();

    await page.goto(carrierUrl(code));
    await expect(page.getByTestId("brand-name")).toHaveText(String(carrier.name));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(String(landing!.heroTitle));
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--carrier-primary").trim());
    expect(primary.toLowerCase()).toBe(String((carrier.theme as { primaryColor: string }).primaryColor).toLowerCase());
    const firstPhone = (landing!.popularSmartphones as { title: string }[])[0]!;
    await expect(page.getByTestId("carousel-item").first()).toContainText(firstPhone.title);
    await expect(page.getByTestId("site-footer")).toContainText(String(carrier.registrationDetails));
  }
});

test("the popular carousel shows 1.5, 3 and 5 items by width and wraps around", async ({ page }) => {
  const code = String(landingCarriers().find((carrier) => carrier.defaultLocale === "en")!.code);
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto(carrierUrl(code));
  const carousel = page.getByTestId("popular-carousel");
  await expect(carousel.locator("ul[data-per-view]")).toHaveAttribute("data-per-view", "5");
  await expect(carousel.getByTestId("carousel-item")).toHaveCount(5);
  const firstTitle = await carousel.getByTestId("carousel-item").first().textContent();

  // Ten items, five at a time: two clicks come back to the start (infinite).
  await carousel.getByRole("button", { name: /next/i }).click();
  await expect(carousel.getByTestId("carousel-item").first()).not.toHaveText(firstTitle!);
  await carousel.getByRole("button", { name: /next/i }).click();
  await expect(carousel.getByTestId("carousel-item").first()).toHaveText(firstTitle!);

  await page.setViewportSize({ width: 900, height: 900 });
  await expect(carousel.locator("ul[data-per-view]")).toHaveAttribute("data-per-view", "3");
  await page.setViewportSize({ width: 400, height: 900 });
  await expect(carousel.locator("ul[data-per-view]")).toHaveAttribute("data-per-view", "1.5");
  await expect(carousel.getByTestId("carousel-item")).toHaveCount(2);
});

test("a carrier with Smartphones and Tablets tabs switches the carousel list", async ({ page }) => {
  const withTablets = landingCarriers().find((carrier) => carrier.defaultLocale === "en");
  await page.goto(carrierUrl(String(withTablets!.code)));
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(2);
  // The landing does not hydrate (ADR 206): its carousel module switches the tabs in place.
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  await page.getByRole("tab", { name: "Tablets" }).click();
  await expect(page.getByRole("tab", { name: "Tablets" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("carousel-item").first()).toContainText(/iPad|Tab/);
  // Changed in place: no page load.
  expect(new URL(page.url()).search).toBe("");
});

test.describe("without JavaScript (or a tap before the page is interactive)", () => {
  test.use({ javaScriptEnabled: false });

  test("the Tablets tab and the arrows still work: the server renders the chosen tab and window", async ({ page }) => {
    const withTablets = landingCarriers().find((carrier) => carrier.defaultLocale === "en");
    await page.goto(carrierUrl(String(withTablets!.code)));
    await expect(page.getByRole("tab", { name: "Smartphones" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Tablets" }).click();
    await expect(page).toHaveURL(/[?&]popular=tablets/);
    await expect(page.getByRole("tab", { name: "Tablets" })).toHaveAttribute("aria-selected", "true");
    const first = page.getByTestId("carousel-item").first();
    await expect(first).toContainText(/iPad|Tab/);
    const firstTitle = await first.textContent();
    await page.getByTestId("popular-carousel").getByRole("button", { name: /next/i }).click();
    await expect(page).toHaveURL(/[?&]from=1/);
    // Still the Tablets list, one item further on (the server lays out 1.5 items, moving by one).
    await expect(page.getByRole("tab", { name: "Tablets" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("carousel-item").first()).not.toHaveText(firstTitle!);
    await page
      .getByTestId("popular-carousel")
      .getByRole("button", { name: /previous/i })
      .click();
    await expect(page.getByTestId("carousel-item").first()).toHaveText(firstTitle!);
  });

  test("a hand-made or stale carousel address shows the first tab, never an error", async ({ page }) => {
    const carrier = landingCarriers().find((entry) => entry.defaultLocale === "en");
    for (const query of ["?popular=nonsense&from=-4", "?from=99999999999999999999", "?popular=tablets&from=abc"]) {
      const response = await page.goto(carrierUrl(String(carrier!.code), `/${query}`));
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId("carousel-item").first()).toBeVisible();
    }
  });
});

test("the hero asks for a postcode before searching", async ({ page }) => {
  const carrier = landingCarriers().find((entry) => !entry.addressLookup && entry.defaultLocale === "en")!;
  await page.goto(carrierUrl(String(carrier.code)));
  // Before its forms module runs the form posts natively to the postcode search; the check is the page's own (ADR 206).
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a postcode");
  await expect(page.getByRole("textbox", { name: "Enter your postcode" })).toBeFocused();
  await expect(page).toHaveURL(carrierUrl(String(carrier.code)));
  // A second press of an empty field still asks, and stays.
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a postcode");
  await expect(page).toHaveURL(carrierUrl(String(carrier.code)));
});

test("a carrier with the address-lookup switch shows an address search in the hero", async ({ page }) => {
  const carrier = landingCarriers().find((entry) => entry.addressLookup);
  test.skip(!carrier, "no demo carrier has address lookup");
  await page.goto(carrierUrl(String(carrier!.code)));
  await expect(page.getByLabel("Start typing your address")).toBeVisible();
});

test("redirect switches send the landing page elsewhere", async () => {
  for (const carrier of carriers) {
    const response = await appGet(`${carrier.code}.localhost`, "/");
    if (carrier.externalLandingRedirectUrl) {
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(carrier.externalLandingRedirectUrl);
    } else if (carrier.externalSupportPickerUrl) {
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(carrier.externalSupportPickerUrl);
    } else if (carrier.confirmOnly) {
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe("/booking/address-search");
      const faqs = await appGet(`${carrier.code}.localhost`, "/faqs");
      expect(faqs.headers.location).toBe("/booking/address-search");
    }
  }
  expect(carriers.some((carrier) => carrier.externalLandingRedirectUrl)).toBe(true);
  expect(carriers.some((carrier) => carrier.confirmOnly)).toBe(true);
});

test("business accounts are set by ?type=business where the carrier offers them", async ({ page }) => {
  const carrier = landingCarriers().find((entry) => entry.businessAccounts);
  const other = landingCarriers().find((entry) => !entry.businessAccounts);
  await page.goto(carrierUrl(String(carrier!.code), "/?type=business"));
  await expect(page.getByTestId("business-account")).toBeVisible();
  await page.goto(carrierUrl(String(other!.code), "/?type=business"));
  await expect(page.getByTestId("business-account")).toHaveCount(0);
});

test("the footer shows the Store Login link only where in-store booking is allowed", async ({ page }) => {
  const inStore = landingCarriers().find((entry) => entry.allowsInStoreBookings)!;
  const notInStore = landingCarriers().find((entry) => !entry.allowsInStoreBookings)!;
  await page.goto(carrierUrl(String(inStore.code)));
  await expect(page.getByTestId("store-login-link")).toBeVisible();
  await page.goto(carrierUrl(String(notInStore.code)));
  await expect(page.getByTestId("store-login-link")).toHaveCount(0);
});

test("an unknown host gets a plain 'site not found'", async () => {
  const response = await appGet("no-such-carrier.localhost", "/");
  expect(response.status).toBe(404);
  expect(response.body).toContain("Site not found");
});
