import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { cmsCreate, cmsDelete, cmsUpdate, testCarrier, testLandingPage, uniqueCode } from "../support/cms";

test("a new carrier created and published through Strapi's API is reachable at its domain without a restart", async ({ page }) => {
  const code = uniqueCode("newco");
  const carrier = await cmsCreate("carriers", testCarrier(code));
  const landing = await cmsCreate("landing-pages", testLandingPage(code, "Repairs at your door, new brand"), { locale: "en" });
  try {
    await expect(async () => {
      await page.goto(carrierUrl(code));
      await expect(page.getByTestId("brand-name")).toHaveText(`Test Brand ${code}`, { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Repairs at your door, new brand");
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--carrier-primary").trim());
    expect(primary).toBe("#5a189a");
  } finally {
    await cmsDelete("landing-pages", landing.documentId, { locale: "en" });
    await cmsDelete("carriers", carrier.documentId);
  }
});

test("maintenance mode sends every route to /maintenance, and /maintenance to / when it is off", async ({ page }) => {
  const code = uniqueCode("maint");
  const carrier = await cmsCreate("carriers", testCarrier(code, { maintenance: true }));
  const landing = await cmsCreate("landing-pages", testLandingPage(code, "We come to you!"), { locale: "en" });
  try {
    for (const path of ["/", "/faqs", "/terms", "/booking"]) {
      await expect(async () => {
        const response = await page.goto(carrierUrl(code, path));
        expect(new URL(page.url()).pathname).toBe("/maintenance");
        expect(response?.status()).toBe(503);
      }).toPass({ timeout: 10_000 });
    }
    await expect(page).toHaveTitle(/Booking down for Maintenance/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking down for Maintenance");

    await cmsUpdate("carriers", carrier.documentId, { maintenance: false });
    await expect(async () => {
      await page.goto(carrierUrl(code, "/maintenance"));
      expect(new URL(page.url()).pathname).toBe("/");
    }).toPass({ timeout: 5_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We come to you!");
  } finally {
    await cmsDelete("landing-pages", landing.documentId, { locale: "en" });
    await cmsDelete("carriers", carrier.documentId);
  }
});
