import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { cmsList, cmsUpdate, seededCarriers } from "../support/cms";

test("FAQ pages list the carrier's categories and answer questions", async ({ page }) => {
  const carriers = await seededCarriers({ "filters[confirmOnly][$eq]": "false", "filters[defaultLocale][$eq]": "en" });
  const code = String(carriers[0]!.code);
  await page.goto(carrierUrl(code, "/faqs"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
  for (const slug of ["booking", "guarantee", "location", "payments", "repair", "terms"]) {
    await page.goto(carrierUrl(code, `/faqs/${slug}`));
    await expect(page.getByTestId("faq-question").first()).toBeVisible();
  }
  await page.getByTestId("faq-question").first().click();
  await expect(page.locator("details[open]")).toHaveCount(1);
  const missing = await page.goto(carrierUrl(code, "/faqs/not-a-category"));
  expect(missing?.status()).toBe(404);
});

test("an FAQ edited through Strapi's API appears on the site within two seconds", async ({ page }) => {
  const carriers = await seededCarriers({ "filters[confirmOnly][$eq]": "false", "filters[defaultLocale][$eq]": "en" });
  const code = String(carriers[1]!.code);
  const [item] = await cmsList("faq-items", { "filters[carrierCode][$eq]": code, locale: "en", "filters[category][$eq]": "booking", sort: "order:asc" });
  await page.goto(carrierUrl(code, "/faqs/booking"));
  await expect(page.getByTestId("faq-question").first()).toHaveText(String(item!.question));

  const edited = `Edited question ${Date.now()}?`;
  await cmsUpdate("faq-items", item!.documentId, { question: edited }, { locale: "en" });
  const savedAt = Date.now();
  try {
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("faq-question").first()).toHaveText(edited, { timeout: 200 });
    }).toPass({ timeout: 2_000, intervals: [100, 200, 200] });
    expect(Date.now() - savedAt).toBeLessThanOrEqual(2_000);
  } finally {
    await cmsUpdate("faq-items", item!.documentId, { question: item!.question }, { locale: "en" });
  }
});

test("help guides show their steps and lead to contact when they did not help", async ({ page }) => {
  const carriers = await seededCarriers({ "filters[defaultLocale][$eq]": "en" });
  const code = String(carriers[0]!.code);
  await page.goto(carrierUrl(code, "/help"));
  await expect(page.getByRole("link")).not.toHaveCount(0);
  const expected = { "cancel-repair": 3, "change-date": 3, "change-address": 3, "repair-cost": 3, "track-technician": 2 };
  for (const [slug, count] of Object.entries(expected)) {
    await page.goto(carrierUrl(code, `/help/${slug}`));
    await expect(page.getByTestId("help-step")).toHaveCount(count);
  }
  await expect(page.getByTestId("not-solved")).toHaveText("This didnt solve my issue");
  await expect(page.getByTestId("not-solved")).toHaveAttribute("href", "/contact");
});

test("legal pages render, and the imprint only where the carrier shows one", async ({ page }) => {
  const carriers = await seededCarriers({ "filters[defaultLocale][$eq]": "en", "filters[showImprint][$eq]": "false" });
  const code = String(carriers[0]!.code);
  for (const slug of ["terms", "privacy", "app-terms"]) {
    const response = await page.goto(carrierUrl(code, `/${slug}`));
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId(`legal-${slug}`)).toBeVisible();
  }
  const imprint = await page.goto(carrierUrl(code, "/imprint"));
  expect(imprint?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Imprint" })).toHaveCount(0);
});

test("axe finds no serious or critical violation on the landing and FAQ pages", async ({ page }) => {
  const carriers = await seededCarriers({ "filters[confirmOnly][$eq]": "false", sort: "code:asc" });
  const shown = carriers.filter((carrier) => !carrier.externalLandingRedirectUrl && !carrier.externalSupportPickerUrl).slice(0, 3);
  for (const carrier of shown) {
    for (const path of ["/", "/faqs"]) {
      await page.goto(carrierUrl(String(carrier.code), path));
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(serious.map((violation) => `${carrier.code}${path}: ${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
    }
  }
});
