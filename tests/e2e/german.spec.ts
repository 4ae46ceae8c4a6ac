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

test("a German booking step loads only the German texts its routes need, from year-long cacheable files, and hydrates without a mismatch", async ({ page }) => {
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

  // The landing is served without hydration (ADR 206): its words are all in the HTML, no text file loads.
  await page.goto(carrierUrl(code));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wir kommen zu Ihnen!");
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  await page.waitForLoadState("networkidle");
  expect(texts).toHaveLength(0);

  // Into the flow: the step hydrates and fetches the shared and the booking flow's texts, in German only.
  await page.getByRole("link", { name: "Reparatur buchen" }).click();
  await expect(page).toHaveURL(/\/booking\/postcode-search/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wo soll repariert werden?");
  await expect(page).toHaveTitle(/^Wo soll repariert werden\? · /);
  await page.waitForLoadState("networkidle");
  const bookingTexts = await Promise.all(texts);
  expect(bookingTexts.length).toBeGreaterThan(1);
  for (const { cacheControl, body } of bookingTexts) {
    expect(cacheControl).toContain("max-age=31536000");
    expect(cacheControl).toContain("immutable");
    expect(body).not.toContain("Where do you need the repair?");
    expect(body).not.toContain("Manage your booking");
  }
  expect(problems).toEqual([]);

  await page.goto(carrierUrl(code, "/manage"));
  await expect(page).toHaveTitle(/^Buchung verwalten · /);
});
