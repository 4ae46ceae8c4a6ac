import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers } from "../support/cms";

test.use({ locale: "de-DE" });

test("the German carrier renders in German with German prices and an imprint", async ({ page }) => {
  const [carrier] = await seededCarriers({ "filters[defaultLocale][$eq]": "de", "filters[countryCode][$eq]": "DE" });
  expect(carrier, "a German demo carrier").toBeTruthy();
  const code = String(carrier!.code);

  await page.goto(carrierUrl(code));
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wir kommen zu Ihnen!");
  await expect(page.getByRole("button", { name: "Los geht's" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Impressum" })).toBeVisible();
  await page.getByRole("button", { name: "Los geht's" }).click();
  await expect(page.getByRole("alert")).toHaveText("Bitte geben Sie eine Postleitzahl ein");

  await page.goto(carrierUrl(code, "/faqs"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Häufig gestellte Fragen");
  // The call-out charge in the FAQ copy: no decimals, symbol after the amount (spec §5).
  await expect(page.locator("main")).toContainText("99 €");

  const imprint = await page.goto(carrierUrl(code, "/imprint"));
  expect(imprint?.status()).toBe(200);
  await expect(page.getByTestId("legal-imprint")).toBeVisible();

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
});

test("the German carrier switches to English and back", async ({ page }) => {
  const [carrier] = await seededCarriers({ "filters[defaultLocale][$eq]": "de" });
  const code = String(carrier!.code);
  await page.goto(carrierUrl(code));
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto(carrierUrl(code, "/faqs"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
  await page.getByRole("link", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

test("a German page loads only the German texts its routes need, from year-long cacheable files, and hydrates without a mismatch", async ({ page }) => {
  const [carrier] = await seededCarriers({ "filters[defaultLocale][$eq]": "de", "filters[countryCode][$eq]": "DE" });
  const code = String(carrier!.code);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|#418|#423|#425/i.test(message.text())) problems.push(message.text());
  });
  const texts: Promise<{ cacheControl: string; body: string }>[] = [];
  page.on("response", (response) => {
    if (/^\/assets\/.+\.json$/.test(new URL(response.url()).pathname)) {
      texts.push(response.text().then((body) => ({ cacheControl: response.headers()["cache-control"] ?? "", body })));
    }
  });

  await page.goto(carrierUrl(code));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wir kommen zu Ihnen!");
  await page.waitForLoadState("networkidle");
  const landingTexts = await Promise.all(texts);
  expect(landingTexts).toHaveLength(2); // the shared texts and the manage-booking banner's
  for (const { cacheControl, body } of landingTexts) {
    expect(cacheControl).toContain("max-age=31536000");
    expect(cacheControl).toContain("immutable");
    expect(body).not.toContain("Manage your booking");
  }
  expect(landingTexts.some(({ body }) => body.includes("Buchung verwalten"))).toBe(true);

  // A client-side navigation fetches the booking flow's areas, in German, and titles the step in German.
  await page.getByRole("link", { name: "Reparatur buchen" }).click();
  await expect(page).toHaveURL(/\/booking\/postcode-search/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wo soll repariert werden?");
  await expect(page).toHaveTitle(/^Wo soll repariert werden\? · /);
  const bookingTexts = (await Promise.all(texts)).slice(landingTexts.length);
  expect(bookingTexts.length).toBeGreaterThan(0);
  for (const { body } of bookingTexts) expect(body).not.toContain("Where do you need the repair?");
  expect(problems).toEqual([]);

  await page.goto(carrierUrl(code, "/manage"));
  await expect(page).toHaveTitle(/^Buchung verwalten · /);
});
