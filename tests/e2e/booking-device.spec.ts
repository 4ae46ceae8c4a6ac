import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers } from "../support/cms";

/*
 * The device steps of the booking flow (spec §2 rows device → device/triage) in Chromium, for
 * carriers chosen by their switches in the CMS: a multi-make UK carrier, the single-make carrier,
 * the one-device carrier, the appliance carrier and the German carrier (in German).
 */

type Filters = Record<string, string | number | boolean>;

async function carrierWhere(filters: Filters): Promise<string> {
  const query = Object.fromEntries(Object.entries(filters).map(([field, value]) => [`filters[${field}][$eq]`, String(value)]));
  const carriers = await seededCarriers(query);
  expect(carriers.length, `a carrier with ${JSON.stringify(filters)}`).toBeGreaterThan(0);
  return String(carriers.sort((a, b) => String(a.code).localeCompare(String(b.code)))[0]!.code);
}

const plainUk: Filters = {
  countryCode: "GB",
  singleMakeOnly: false,
  applianceVariant: false,
  addressLookup: false,
  storeRequired: false,
  allowsInStoreDropOff: false,
  confirmOnly: false,
  allowWarrantyRepairs: true,
  inWarrantyStatus: true,
};

/** A postcode inside the carrier's first service area (tenants/<code>/engine.json). */
function coveredPostcode(code: string): string {
  const engine = JSON.parse(readFileSync(path.join(process.cwd(), "tenants", code, "engine.json"), "utf8"));
  const area = engine.service_areas[0];
  const prefix: string = area.postcode_prefixes[0];
  return area.country === "DE" ? prefix.padEnd(5, "1") : `${prefix} 1AA`;
}

const ddmmyyyy = (date: Date) => `${String(date.getUTCDate()).padStart(2, "0")}/${String(date.getUTCMonth() + 1).padStart(2, "0")}/${date.getUTCFullYear()}`;

const pathname = (page: Page) => new URL(page.url()).pathname;

async function clickAndWaitForPath(page: Page, click: () => Promise<void>, from = pathname(page)) {
  await click();
  await page.waitForURL((url) => url.pathname !== from);
}

/** Enters a covered postcode on the postcode step and goes through any location step up to the device steps. */
async function startBooking(page: Page, code: string) {
  await page.goto(carrierUrl(code, "/booking/postcode-search"));
  await page.locator('input[name="postcode"]').fill(coveredPostcode(code));
  await clickAndWaitForPath(page, () => page.locator('input[name="postcode"]').press("Enter"));
  for (let guard = 0; guard < 5 && !pathname(page).startsWith("/booking/device/"); guard++) {
    const at = pathname(page);
    if (at === "/booking/store-search") {
      await clickAndWaitForPath(page, () => page.locator('button[name="intent"][value="ignore"]').click());
    } else if (at === "/booking/repair-location") {
      await page.locator('input[name="repair_location"][value="doorstep"]').check();
      const listed = page.locator('[data-testid="postcode-addresses"] input[name="address_id"]');
      if ((await listed.count()) > 1) await listed.first().check();
      else {
        await page
          .locator('input[name="address_id"][value="manual"]')
          .check()
          .catch(() => undefined);
        await page.locator('input[name="line_1"]').fill("1 Test Street");
        await page.locator('input[name="town"]').fill("London");
      }
      await clickAndWaitForPath(page, () => page.locator('form button[type="submit"]').last().click());
    } else {
      throw new Error(`unexpected step ${at}`);
    }
  }
  expect(pathname(page)).toMatch(/^\/booking\/device\/(make|type)$/);
}

/** Answers the steps after the colour with the defaults (no warranty, not insured, no damage, no extras, first triage answers) up to the basket. */
async function finishDevice(page: Page, problems: RegExp[]) {
  for (let guard = 0; guard < 10 && pathname(page) !== "/booking/basket"; guard++) {
    const at = pathname(page);
    // The step's page has rendered (the URL changes as client-side navigation commits).
    await page.getByTestId(`device-${at.split("/").pop()}`).waitFor();
    const next = () => clickAndWaitForPath(page, async () => page.getByTestId("device-step-continue").click(), at);
    switch (at) {
      case "/booking/device/warranty-status":
        await clickAndWaitForPath(page, () => page.getByTestId("warranty-no").click());
        break;
      case "/booking/device/insurance-status":
        await clickAndWaitForPath(page, () => page.locator('button[name="insured"][value="no"]').click());
        break;
      case "/booking/device/select":
        for (const problem of problems) await page.getByRole("checkbox", { name: problem }).check();
        await next();
        break;
      case "/booking/device/confirm-damage":
        for (const radio of await page.locator('input[type="radio"][value="no"]').all()) await radio.check();
        await next();
        break;
      case "/booking/device/extras":
        await clickAndWaitForPath(page, () => page.locator('button[name="intent"][value="skip"]').click());
        break;
      case "/booking/device/triage":
        for (const group of await page.locator("fieldset").all()) await group.locator('input[type="radio"]').first().check();
        await next();
        break;
      default:
        throw new Error(`unexpected step ${at}`);
    }
  }
  await expect(page).toHaveURL(/\/booking\/basket$/);
}

async function chooseVersionAndColour(page: Page, version: string, colour?: string) {
  await expect(page).toHaveURL(/\/booking\/device\/colour\?/);
  await page.getByRole("radio", { name: version, exact: true }).check();
  if (colour) await page.getByRole("radio", { name: colour, exact: true }).check();
  await clickAndWaitForPath(page, () => page.getByTestId("device-step-continue").click());
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
}

for (const viewport of [
  { name: "desktop", size: { width: 1280, height: 900 } },
  { name: "mobile", size: { width: 390, height: 844 } },
]) {
  test.describe(`a multi-make UK carrier on ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test("chooses make, model (search and empty state), version and colour, then repairs with the free battery line, to the basket", async ({ page }) => {
      const code = await carrierWhere({ ...plainUk, maxDevicesPerBasket: 5 });
      await startBooking(page, code);
      await expect(page).toHaveURL(/\/booking\/device\/make$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Which make is your device?");

      // A make that is not listed: the make unavailable modal, closed with Escape.
      await page.getByRole("link", { name: "My make isn't listed" }).click();
      const unavailable = page.getByRole("alertdialog", { name: "Make unavailable" });
      await expect(unavailable).toContainText("unable to provide repairs for that make");
      await expect(unavailable.getByRole("link", { name: "Choose another make" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(unavailable).toBeHidden();

      await page.getByRole("link", { name: "Apple", exact: true }).click();
      await expect(page).toHaveURL(/\/booking\/device\/type\?make=2$/);
      await page.getByRole("link", { name: "Phone", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Which Apple phone do you have?");

      // Priority order, then search by name, then the empty state.
      const models = page.getByTestId("model-list").getByRole("link");
      await expect(models.first()).toHaveText("iPhone 16 Pro Max");
      await page.getByLabel("Search by name").fill("pro max");
      await expect(models).toHaveCount(1);
      await expect(page).toHaveURL(/q=pro\+max/);
      await page.getByLabel("Search by name").fill("nokia");
      await expect(page.getByTestId("model-empty")).toContainText("Sorry, we don't currently repair that type of device");
      await page.getByRole("link", { name: "Show all models" }).click();
      await expect(models.first()).toHaveText("iPhone 16 Pro Max");
      await expectNoSeriousAxeViolations(page);

      await page.getByRole("link", { name: "iPhone 16", exact: true }).click();
      await expect(page.getByTestId("chosen-model")).toHaveText("iPhone 16");
      // Continuing without a colour keeps the version and says what is missing.
      await page.getByRole("radio", { name: "256GB", exact: true }).check();
      await page.getByTestId("device-step-continue").click();
      await expect(page.getByText("Please choose a colour.")).toBeVisible();
      await expect(page.getByRole("radio", { name: "256GB", exact: true })).toBeChecked();
      await chooseVersionAndColour(page, "256GB", "Black");

      await expect(page).toHaveURL(/\/booking\/device\/warranty-status\?device=/);
      await clickAndWaitForPath(page, () => page.getByTestId("warranty-no").click());
      await expect(page).toHaveURL(/\/booking\/device\/insurance-status\?device=/);
      await clickAndWaitForPath(page, () => page.locator('button[name="insured"][value="no"]').click());

      // Problems with prices; a screen repair on a model that needs a battery for it brings the free battery line.
      await expect(page).toHaveURL(/\/booking\/device\/select\?device=/);
      const screen = page.getByTestId("problem-screen-replacement");
      await expect(screen.getByTestId("problem-price")).toHaveText(/^£\d+\.\d{2}$/);
      await expect(page.getByTestId("free-battery-line")).toHaveCount(0);
      await page.getByRole("checkbox", { name: /Battery replacement/ }).check();
      await page.getByRole("checkbox", { name: /Screen replacement/ }).check();
      await expect(page.getByTestId("free-battery-line")).toContainText("Battery replacement (free with your screen repair)");
      await expect(page.getByRole("checkbox", { name: /Battery replacement/ })).toBeDisabled();
      await expect(page.getByTestId("problem-battery-replacement").getByTestId("problem-price")).toHaveText("Free");
      await expectNoSeriousAxeViolations(page);
      await clickAndWaitForPath(page, () => page.getByTestId("device-step-continue").click());

      // The back glass and frame questions of the model.
      await expect(page).toHaveURL(/\/booking\/device\/confirm-damage\?device=/);
      await page.getByTestId("device-step-continue").click();
      await expect(page.getByText("Please answer this question.").first()).toBeVisible();
      await page
        .getByRole("group", { name: /back glass/ })
        .getByRole("radio", { name: "Yes" })
        .check();
      await page.getByRole("group", { name: /frame/ }).getByRole("radio", { name: "No" }).check();
      await clickAndWaitForPath(page, () => page.getByTestId("device-step-continue").click());

      await expect(page).toHaveURL(/\/booking\/device\/extras\?device=/);
      await expect(page.getByTestId("extra-screen-protector")).toContainText(/£\d+\.\d{2}/);
      await page.getByRole("checkbox", { name: /screen protector/i }).check();
      await clickAndWaitForPath(page, () => page.getByTestId("device-step-continue").click());

      await expect(page).toHaveURL(/\/booking\/basket$/);
      await expect(page.getByTestId("basket-count")).toHaveText("1");
      const main = page.locator("main");
      await expect(main).toContainText("iPhone 16 256GB");
      await expect(main).toContainText("Screen replacement");
      await expect(main).toContainText("Back glass replacement");
      await expect(main).not.toContainText("Frame replacement");
    });
  });
}

test.describe("a multi-make UK carrier", () => {
  test("edits a basket device: a new model version clears its repairs and shows sale prices", async ({ page }) => {
    const code = await carrierWhere({ ...plainUk, maxDevicesPerBasket: 5 });
    await startBooking(page, code);
    await page.getByRole("link", { name: "Apple", exact: true }).click();
    await page.getByRole("link", { name: "Phone", exact: true }).click();
    await page.getByRole("link", { name: "iPhone 15", exact: true }).click();
    await chooseVersionAndColour(page, "128GB", "Blue");
    await finishDevice(page, [/Charging port/]);

    const edit = page.locator("main").getByRole("link", { name: /Edit/ });
    await clickAndWaitForPath(page, () => edit.first().click());
    await expect(page).toHaveURL(/\/booking\/device\/model\?device=/);
    await expect(page.getByRole("link", { name: "iPhone 15", exact: true })).toHaveAttribute("aria-current", "true");
    await page.getByRole("link", { name: "iPhone 13", exact: true }).click();
    await expect(page).toHaveURL(/device=/);
    await chooseVersionAndColour(page, "256GB", "Midnight");
    await clickAndWaitForPath(page, () => page.getByTestId("warranty-no").click());
    await clickAndWaitForPath(page, () => page.locator('button[name="insured"][value="no"]').click());

    // The repairs of the old model are gone; the sale shows the usual price struck through.
    await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(0);
    const screenPrice = page.getByTestId("problem-screen-replacement").getByTestId("problem-price");
    await expect(screenPrice.locator("s")).toHaveText(/Usual price £\d+\.\d{2}/);
    await expect(page.getByTestId("sale-title")).toBeVisible();
    await finishDevice(page, [/Screen replacement/]);
    await expect(page.getByTestId("basket-count")).toHaveText("1");
    await expect(page.locator("main")).toContainText("iPhone 13 256GB");
  });

  test("warranty: an invalid IMEI shows the IMEI error, an old purchase date the out-of-warranty modal, a valid one a free repair", async ({ page }) => {
    const code = await carrierWhere({ ...plainUk, maxDevicesPerBasket: 5 });
    await startBooking(page, code);
    await page.getByRole("link", { name: "Samsung", exact: true }).click();
    await page.getByRole("link", { name: "Phone", exact: true }).click();
    await page.getByRole("link", { name: "Galaxy S24", exact: true }).click();
    await chooseVersionAndColour(page, "128GB", "Onyx Black");

    await page.getByTestId("warranty-yes").click();
    const entry = page.getByRole("dialog", { name: "Enter your purchase date and IMEI" });
    await expect(entry).toBeVisible();
    await expect(entry.getByLabel("Purchase date")).toBeFocused();
    await expectNoSeriousAxeViolations(page);

    // The date must be DD/MM/YYYY; what was typed stays.
    await entry.getByLabel("Purchase date").fill("2025-01-31");
    await entry.getByLabel("IMEI number").fill("490154203237519");
    await entry.getByTestId("warranty-submit").click();
    await expect(entry.getByText("Please enter the date as DD/MM/YYYY.")).toBeVisible();
    await expect(entry.getByLabel("Purchase date")).toHaveAttribute("aria-invalid", "true");
    await expect(entry.getByLabel("IMEI number")).toHaveValue("490154203237519");

    // An IMEI failing its check digit: the IMEI error modal with the server's message as a red note.
    const recentDate = ddmmyyyy(new Date(Date.now() - 30 * 86_400_000));
    await entry.getByLabel("Purchase date").fill(recentDate);
    await entry.getByTestId("warranty-submit").click();
    const imeiError = page.getByRole("alertdialog", { name: "Sorry! We can't offer a warranty repair on this device" });
    await expect(imeiError).toBeVisible();
    await expect(imeiError.getByTestId("imei-error-note")).toHaveText("That IMEI number is not valid. Please check it and try again.");

    // Try again, by way of the IMEI instructions.
    await imeiError.getByRole("link", { name: "Enter the IMEI again" }).click();
    await expect(entry.getByLabel("Purchase date")).toHaveValue(recentDate);
    await entry.getByRole("link", { name: "How do I find my IMEI?" }).click();
    const help = page.getByRole("dialog", { name: "How to find your IMEI" });
    await expect(help).toContainText("*#06#");
    await help.getByRole("link", { name: "Back to the form" }).click();

    // Bought three years ago: out of warranty, the repair can still be done but not free.
    await entry.getByLabel("Purchase date").fill(ddmmyyyy(new Date(Date.now() - 3 * 365 * 86_400_000)));
    await entry.getByLabel("IMEI number").fill("490154203237518");
    await entry.getByTestId("warranty-submit").click();
    const outOfWarranty = page.getByRole("alertdialog", { name: "Your device is out of warranty" });
    await expect(outOfWarranty).toContainText("not be free under warranty");
    await page.keyboard.press("Escape");
    await expect(outOfWarranty).toBeHidden();

    // A recent purchase and a valid IMEI: in warranty, then the fault type, then free repairs.
    await page.getByTestId("warranty-yes").click();
    await entry.getByLabel("Purchase date").fill(recentDate);
    await entry.getByLabel("IMEI number").fill("49015420 3237518");
    await clickAndWaitForPath(page, () => entry.getByTestId("warranty-submit").click());
    await expect(page).toHaveURL(/\/booking\/device\/fault-type\?device=/);

    // A post with an unknown or missing intent is refused with the page and its message; the warranty stays as chosen.
    const faultUrl = page.url();
    const warrantyUrl = faultUrl.replace("/fault-type?", "/warranty-status?");
    for (const form of [{ intent: "maybe" }, { purchase_date: recentDate }] as Record<string, string>[]) {
      // Sent by the page itself (the browser resolves the carrier's host); a redirect would answer status 0 here.
      const { status, html } = await page.evaluate(
        async ({ url, fields }) => {
          const answer = await fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
          return { status: answer.status, html: await answer.text() };
        },
        { url: warrantyUrl, fields: form },
      );
      expect(status).toBe(400);
      expect(html).toContain("Please choose whether your device is under warranty.");
      expect(html).toContain('data-testid="device-warranty-status"');
    }
    // Refused from the entry form: the form stays open with the purchase date and the IMEI as typed.
    const refused = await page.evaluate(
      async ({ url, fields }) => {
        const answer = await fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
        return { status: answer.status, html: await answer.text() };
      },
      { url: `${warrantyUrl}&modal=imei-entry`, fields: { purchase_date: recentDate, imei: "490154203237518" } },
    );
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Please choose whether your device is under warranty.");
    expect(refused.html).toContain(`value="${recentDate}"`);
    expect(refused.html).toContain('value="490154203237518"');
    await page.goto(warrantyUrl);
    await expect(page.getByTestId("warranty-current")).toBeVisible();
    await page.goto(faultUrl);
    await page.getByRole("radio", { name: /It stopped working properly by itself/ }).check();
    await clickAndWaitForPath(page, () => page.getByTestId("device-step-continue").click());
    await expect(page).toHaveURL(/\/booking\/device\/select\?device=/);
    await expect(page.getByTestId("problem-battery-replacement").getByTestId("problem-price")).toHaveText("Covered by warranty");
  });

  test("fault type: no answer asks for one; accidental damage opens the out-of-warranty modal, then a paid repair", async ({ page }) => {
    const code = await carrierWhere({ ...plainUk, maxDevicesPerBasket: 5 });
    await startBooking(page, code);
    await page.getByRole("link", { name: "Samsung", exact: true }).click();
    await page.getByRole("link", { name: "Phone", exact: true }).click();
    await page.getByRole("link", { name: "Galaxy S24", exact: true }).click();
    await chooseVersionAndColour(page, "128GB", "Onyx Black");
    await page.getByTestId("warranty-yes").click();
    const entry = page.getByRole("dialog", { name: "Enter your purchase date and IMEI" });
    await entry.getByLabel("Purchase date").fill(ddmmyyyy(new Date(Date.now() - 30 * 86_400_000)));
    await entry.getByLabel("IMEI number").fill("490154203237518");
    await clickAndWaitForPath(page, () => entry.getByTestId("warranty-submit").click());
    await expect(page).toHaveURL(/\/booking\/device\/fault-type\?device=/);

    await page.getByTestId("device-step-continue").click();
    await expect(page.getByText("Please choose what happened.")).toBeVisible();

    await page.getByRole("radio", { name: /It was damaged/ }).check();
    await page.getByTestId("device-step-continue").click();
    const outOfWarranty = page.getByRole("alertdialog", { name: "Your device is out of warranty" });
    await expect(outOfWarranty).toContainText("Accidental damage is not covered by the manufacturer's warranty.");
    await clickAndWaitForPath(page, () => outOfWarranty.getByRole("button", { name: "Continue with a paid repair" }).click());
    await expect(page).toHaveURL(/\/booking\/device\/select\?device=/);
  });

  test("an in-warranty choice with other devices in the basket is blocked; go to basket removes the current device", async ({ page }) => {
    const code = await carrierWhere({ ...plainUk, maxDevicesPerBasket: 5 });
    await startBooking(page, code);
    await page.getByRole("link", { name: "Google", exact: true }).click();
    // Google has phones only: the type step is skipped.
    await expect(page).toHaveURL(/\/booking\/device\/model\?make=3&kind=phone$/);
    await page.getByRole("link", { name: "Pixel 8", exact: true }).click();
    await chooseVersionAndColour(page, "128GB", "Obsidian");
    await finishDevice(page, [/Screen replacement/]);

    await page.goto(carrierUrl(code, "/booking/device"));
    await expect(page).toHaveURL(/\/booking\/device\/make$/);
    await page.getByRole("link", { name: "Apple", exact: true }).click();
    await page.getByRole("link", { name: "Phone", exact: true }).click();
    await page.getByRole("link", { name: "iPhone 15", exact: true }).click();
    await chooseVersionAndColour(page, "128GB", "Black");
    await expect(page.getByTestId("basket-count")).toHaveText("2");
    await page.getByTestId("warranty-yes").click();
    const blocked = page.getByRole("alertdialog", { name: "Only one in-warranty device per booking" });
    await expect(blocked).toBeVisible();
    await clickAndWaitForPath(page, () => blocked.getByRole("button", { name: "Go to basket" }).click());
    await expect(page).toHaveURL(/\/booking\/basket$/);
    await expect(page.getByTestId("basket-count")).toHaveText("1");
    await expect(page.locator("main")).not.toContainText("iPhone 15");
  });
});

test("the single-make carrier skips the make step and goes to the device type of its make", async ({ page }) => {
  const code = await carrierWhere({ singleMakeOnly: true, applianceVariant: false, addressLookup: false, storeRequired: false });
  await startBooking(page, code);
  await expect(page).toHaveURL(/\/booking\/device\/type(\?make=2)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What type of device is it?");
  await page.goto(carrierUrl(code, "/booking/device/make"));
  await expect(page).toHaveURL(/\/booking\/device\/type\?make=2$/);
  // Another make's models are not offered.
  await page.goto(carrierUrl(code, "/booking/device/model?make=1&kind=phone"));
  await expect(page).toHaveURL(/\/booking\/device\/type\?make=2$/);

  await page.getByRole("link", { name: "Tablet", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Which Apple tablet do you have?");
  await page.getByRole("link", { name: "iPad Air 11-inch (M2)", exact: true }).click();
  await chooseVersionAndColour(page, "128GB", "Blue");

  // Tablets of the single make take a serial number for the warranty check.
  await page.getByTestId("warranty-yes").click();
  const entry = page.getByRole("dialog", { name: "Enter your purchase date and serial number" });
  await expect(entry.getByLabel("Serial number")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(entry).toBeHidden();
  await expect(page.getByTestId("warranty-yes")).toBeFocused();
  await finishDevice(page, [/Screen replacement/]);
  await expect(page.getByTestId("basket-count")).toHaveText("1");
});

test("the one-device carrier shows the maximum devices modal when a second device is added", async ({ page }) => {
  const code = await carrierWhere({ maxDevicesPerBasket: 1, applianceVariant: false, singleMakeOnly: false });
  await startBooking(page, code);
  await page.getByRole("link", { name: "Apple", exact: true }).click();
  await page.getByRole("link", { name: "Phone", exact: true }).click();
  await page.getByRole("link", { name: "iPhone 15", exact: true }).click();
  await chooseVersionAndColour(page, "128GB", "Black");
  await finishDevice(page, [/Screen replacement/]);

  await page.goto(carrierUrl(code, "/booking/device"));
  const full = page.getByRole("alertdialog", { name: "Your basket is full" });
  await expect(full).toContainText("You can book only 1 device at a time.");
  await expect(full.getByRole("link", { name: "Go to basket" })).toBeFocused();
  // Focus stays inside the modal.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(full.locator(":focus")).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
  await full.getByRole("link", { name: "Go to basket" }).click();
  await expect(page).toHaveURL(/\/booking\/basket$/);
});

test("the appliance carrier chooses an appliance, its repairs and answers the triage questions", async ({ page }) => {
  const code = await carrierWhere({ applianceVariant: true });
  await startBooking(page, code);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Which make is your appliance?");
  await expect(page.getByTestId("progress-bar")).toContainText("Appliance");
  await page.getByRole("link", { name: "Bosch", exact: true }).click();
  // Appliances are the make's only kind: straight to the models.
  await expect(page).toHaveURL(/\/booking\/device\/model\?make=10&kind=appliance$/);
  await page.getByRole("link", { name: "Washing machine", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Which version is it?");
  await page.getByRole("radio", { name: "Freestanding" }).check();
  await page.getByLabel("Model number (optional)").fill("WAN28281GB");
  await clickAndWaitForPath(page, () => page.getByTestId("device-step-continue").click());

  await expect(page).toHaveURL(/\/booking\/device\/select\?device=/);
  await page.getByTestId("device-step-continue").click();
  await expect(page.getByText("Please choose at least one repair.")).toBeVisible();
  await page.getByRole("checkbox", { name: /Not draining/ }).check();
  await clickAndWaitForPath(page, () => page.getByTestId("device-step-continue").click());
  await expect(page).toHaveURL(/\/booking\/device\/extras\?device=/);
  await clickAndWaitForPath(page, () => page.locator('button[name="intent"][value="skip"]').click());

  await expect(page).toHaveURL(/\/booking\/device\/triage\?device=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell us about the fault");
  await page.getByTestId("device-step-continue").click();
  await expect(page.getByText("Please answer this question.").first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  for (const group of await page.locator("fieldset").all()) await group.locator('input[type="radio"]').first().check();
  await clickAndWaitForPath(page, () => page.getByTestId("device-step-continue").click());
  await expect(page).toHaveURL(/\/booking\/basket$/);
  await expect(page.locator("main")).toContainText("Washing machine (Freestanding)");
});

test.describe("the German carrier", () => {
  test.use({ locale: "de-DE" });

  test("books a device in German with German prices", async ({ page }) => {
    const code = await carrierWhere({ countryCode: "DE", defaultLocale: "de" });
    await startBooking(page, code);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Von welchem Hersteller ist Ihr Gerät?");
    await page.getByRole("link", { name: "Apple", exact: true }).click();
    await page.getByRole("link", { name: "Smartphone", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welches Smartphone von Apple haben Sie?");
    await page.getByLabel("Nach Namen suchen").fill("Nokia");
    await expect(page.getByTestId("model-empty")).toContainText("Leider reparieren wir diese Art von Gerät derzeit nicht");
    await page.getByRole("link", { name: "Alle Modelle anzeigen" }).click();
    await page.getByRole("link", { name: "iPhone 16", exact: true }).click();
    await chooseVersionAndColour(page, "128GB", "Schwarz");

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hat Ihr Gerät noch Garantie?");
    // An answer the page does not offer: its message, still on the step.
    await page.getByTestId("warranty-no").evaluate((button) => button.setAttribute("value", "vielleicht"));
    const [refused] = await Promise.all([page.waitForResponse((response) => response.request().method() === "POST"), page.getByTestId("warranty-no").click()]);
    expect(refused.status()).toBe(400);
    await expect(page.getByTestId("warranty-alert")).toHaveText("Bitte wählen Sie, ob Ihr Gerät noch Garantie hat.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hat Ihr Gerät noch Garantie?");
    // The engine's English IMEI message shows in German.
    await page.getByTestId("warranty-yes").click();
    const entry = page.getByRole("dialog", { name: "Kaufdatum und IMEI eingeben" });
    await entry.getByLabel("Kaufdatum").fill(ddmmyyyy(new Date(Date.now() - 30 * 86_400_000)));
    await entry.getByLabel("IMEI-Nummer").fill("12345");
    await entry.getByTestId("warranty-submit").click();
    await expect(page.getByRole("alertdialog", { name: "Leider können wir für dieses Gerät keine Garantiereparatur anbieten" })).toContainText(
      "Die IMEI-Nummer muss 15 Ziffern lang sein.",
    );
    await clickAndWaitForPath(page, () => page.getByRole("button", { name: "Ohne Garantie fortfahren" }).click());

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ist Ihr Gerät versichert?");
    await clickAndWaitForPath(page, () => page.locator('button[name="insured"][value="no"]').click());
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Was muss repariert werden?");
    await expect(page.getByTestId("problem-screen-replacement").getByTestId("problem-price")).toHaveText(/^\d+ €$/);
    await page.getByRole("checkbox", { name: /Displaytausch/ }).check();
    await expect(page.getByTestId("free-battery-line")).toContainText("Akkutausch (kostenlos mit Ihrem Displaytausch)");
    await expectNoSeriousAxeViolations(page);
    await clickAndWaitForPath(page, () => page.getByTestId("device-step-continue").click());
    await finishDevice(page, []);
    await expect(page.locator("main")).toContainText("iPhone 16 128GB");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the device steps are real forms and links: make, search, colour, warranty, repairs, damage and extras to the basket", async ({ page }) => {
    const code = await carrierWhere({ ...plainUk, maxDevicesPerBasket: 5 });
    await startBooking(page, code);
    await page.getByRole("link", { name: "My make isn't listed" }).click();
    const unavailable = page.getByRole("alertdialog", { name: "Make unavailable" });
    await expect(unavailable).toBeVisible();
    await unavailable.getByRole("link", { name: "Choose another make" }).click();
    await expect(unavailable).toBeHidden();

    await page.getByRole("link", { name: "Apple", exact: true }).click();
    await page.getByRole("link", { name: "Phone", exact: true }).click();
    await page.getByLabel("Search by name").fill("iphone 16");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=iphone\+16/);
    await expect(page.getByTestId("model-list").getByRole("link")).toHaveCount(3);
    await page.getByRole("link", { name: "iPhone 16", exact: true }).click();
    await chooseVersionAndColour(page, "128GB", "Pink");

    await page.getByTestId("warranty-yes").click();
    const entry = page.getByRole("dialog", { name: "Enter your purchase date and IMEI" });
    await entry.getByLabel("Purchase date").fill("31/02/2026");
    await entry.getByTestId("warranty-submit").click();
    await expect(entry.getByText("Please enter a real date as DD/MM/YYYY.")).toBeVisible();
    await entry.getByRole("link", { name: "Close" }).click();
    await clickAndWaitForPath(page, () => page.getByTestId("warranty-no").click());
    await clickAndWaitForPath(page, () => page.locator('button[name="insured"][value="no"]').click());

    await page.getByRole("checkbox", { name: /Screen replacement/ }).check();
    await page.getByRole("checkbox", { name: /Battery replacement/ }).check();
    await clickAndWaitForPath(page, () => page.getByTestId("device-step-continue").click());
    await finishDevice(page, []);
    const main = page.locator("main");
    await expect(main).toContainText("iPhone 16 128GB");
    // The engine kept the screen repair and made the battery the free line.
    await expect(main).toContainText("Battery replacement (free with a screen repair)");
  });
});
