import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { cmsList } from "../support/cms";

test.use({ locale: "de-DE" });

test("the German carrier renders in German with German prices and an imprint", async ({ page }) => {
  const [carrier] = await cmsList("carriers", { "filters[defaultLocale][$eq]": "de", "filters[countryCode][$eq]": "DE" });
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
  const [carrier] = await cmsList("carriers", { "filters[defaultLocale][$eq]": "de" });
  const code = String(carrier!.code);
  await page.goto(carrierUrl(code));
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto(carrierUrl(code, "/faqs"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
  await page.getByRole("link", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});
