/**
 * In-store bookings (issue 11 items 4–5, ADR 101) in Chromium, on a carrier that takes in-store
 * bookings (Skyline) and one that does not (PatchPoint): a store colleague logs in and books for a
 * customer in in-store mode (their store set, clear store, wording that addresses the colleague)
 * to the in-store confirmation; a booking handed to the customer's phone by its QR code and paid
 * there at 390 px; a replaced, expired, reused or missing code refused. axe on every staff page.
 *
 * Demo accounts: tenants/<carrier>/staff.json, password in README.md. store.oxford may hand
 * bookings over (store.handover), store.london may not.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { setEngineClock } from "../support/book-through-ui";
import { bookingWithDevice, chooseFirstAvailableDate, coveredPostcode, expectNoSeriousA11yViolations, fillDetails, payWith, text, toast } from "../support/booking-journey";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { readFileSync } from "node:fs";
import path from "node:path";

/** An English text of the app, as the pages show it. */
function en(namespace: string, key: string): string {
  let value: unknown = JSON.parse(readFileSync(path.join(process.cwd(), "app/i18n/locales/en", `${namespace}.json`), "utf8"));
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string") throw new Error(`no text ${namespace}:${key}`);
  return value;
}

const PASSWORD = "DemoStaff-2026!";
const STORE = "LON-OXFORD-ST";

let skyline: CmsEntry;
let gadgethub: CmsEntry;

test.beforeAll(async () => {
  const carriers = await seededCarriers();
  skyline = carriers.find((carrier) => carrier.code === "skyline")!;
  gadgethub = carriers.find((carrier) => carrier.code === "gadgethub")!;
  expect(skyline?.allowsInStoreBookings).toBe(true);
  expect(gadgethub).toMatchObject({ allowsInStoreBookings: true, storeRequired: true, allowsInStoreDropOff: true });
});

async function logIn(page: Page, carrier: string, username: string) {
  await page.goto(carrierUrl(carrier, "/store/login"));
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByTestId("store-login-submit").click();
  await expect(page).toHaveURL(/\/store$/);
}

/** From /store to the in-store confirmation: one phone, the first day, the customer's details. */
async function bookForCustomer(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId("staff-new-booking").click();
  await expect(page).toHaveURL(/\/booking\/postcode-search$/);
  await expect(page.getByTestId("in-store-mode")).toContainText(STORE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("colleague", "booking-location.postcode.title_colleague"));
  await expectNoSeriousA11yViolations(page);

  await bookingWithDevice(page, skyline);
  // The booking's store is the colleague's; the basket can clear it (spec §2 side basket).
  const main = page.getByRole("main");
  await expect(main).toContainText(text("en", "basket.storeCode", { code: STORE }));
  await main.getByRole("button", { name: text("en", "basket.clearStore", {}, "booking") }).click();
  await expect(toast(page, "success", text("en", "basket.storeCleared"))).toBeVisible();
  await expect(page.getByTestId("in-store-mode")).toContainText(en("booking", "inStoreMode.bannerNoStore"));
  await page.goto(carrierUrl("skyline", "/booking/store-search"));
  await page.locator('input[name="store_code"]:not([type="hidden"])').fill(STORE);
  await page.locator('button[name="intent"][value="choose"]').click();
  await page.waitForURL((url) => !url.pathname.endsWith("/store-search"));
  await page.goto(carrierUrl("skyline", "/booking/basket"));
  await expect(main).toContainText(text("en", "basket.storeCode", { code: STORE }));

  await page.getByRole("link", { name: text("en", "basket.continue") }).click();
  await expect(page.getByText(en("colleague", "booking-checkout.repairDate.intro_colleague"))).toBeVisible();
  await chooseFirstAvailableDate(page, "en");
  await expect(page.getByText(en("colleague", "booking-checkout.details.intro_colleague"))).toBeVisible();
  await fillDetails(page, "en", skyline);
  await expect(page.getByText(en("colleague", "booking-checkout.checkout.intro_colleague"))).toBeVisible();
  await page.getByTestId("finish-in-store").click();
  await expect(page).toHaveURL(/\/booking\/in-store-booking-confirmation$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("booking-checkout", "inStore.title"));
  await expectNoSeriousA11yViolations(page);
}

/** Hands the booking over; the QR code's address and the code shown beside it. */
async function handOver(page: Page, button: string, previous?: string): Promise<{ code: string; url: string }> {
  await page.getByRole("button", { name: button }).click();
  const shown = page.getByTestId("booking-code");
  if (previous) await expect(shown).not.toHaveText(previous);
  else await expect(shown).toBeVisible();
  const code = (await shown.textContent())!.trim();
  const qr = page.getByTestId("handover-qr");
  await expect(qr).toHaveAttribute("role", "img");
  await expect(qr.locator("svg")).toBeVisible();
  const url = (await qr.getAttribute("data-continue-url"))!;
  expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  expect(url).toBe(carrierUrl("skyline", `/booking/continue?token=${code}`));
  return { code, url };
}

/** The customer's phone: a browser of its own, 390 px wide. */
async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

async function expectRefused(page: Page, url: string) {
  await page.goto(url);
  await expect(page).toHaveURL(/\/booking\/continue\?token=/);
  await expect(page.getByText(en("booking-location", "continue.codeUnknown"))).toBeVisible();
}

test.describe("in-store booking on a carrier that takes them", () => {
  test("a colleague books for a customer in in-store mode to the in-store confirmation", async ({ page }) => {
    await logIn(page, "skyline", "store.london");
    await bookForCustomer(page);
    // This role books in store but may not hand over: no code, and a forged hand-over is refused.
    await expect(page.getByTestId("no-handover")).toHaveText(en("colleague", "booking-checkout.inStore.noHandover"));
    await expect(page.getByTestId("booking-code")).toHaveCount(0);
    const refused = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("in-store-booking-confirmation"));
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.innerHTML = '<input type="hidden" name="intent" value="handover">';
      document.body.append(form);
      form.submit();
    });
    expect((await refused).status()).toBe(403);
    await expect(page.getByTestId("error-403-staff")).toBeVisible();

    await page.goto(carrierUrl("skyline", "/booking/in-store-booking-confirmation"));
    await page.getByRole("button", { name: en("colleague", "booking-checkout.inStore.newBooking") }).click();
    await expect(page).toHaveURL(/\/store$/);
  });

  test("a booking handed to the customer's phone by QR code is paid there; replaced, expired, reused and missing codes are refused", async ({ page, browser }) => {
    await logIn(page, "skyline", "store.oxford");
    await bookForCustomer(page);
    const first = await handOver(page, en("colleague", "booking-checkout.inStore.generate"));
    await expect(page.getByTestId("code-validity")).toHaveText(/works once, for \d+ minutes/);
    await expectNoSeriousA11yViolations(page);
    // A new code replaces the first.
    const second = await handOver(page, en("colleague", "booking-checkout.inStore.regenerate"), first.code);
    expect(second.code).not.toBe(first.code);

    const customer = await phone(browser);
    await expectRefused(customer.page, first.url);
    // An hour and a minute later the code has expired (the engine's test clock, ADR 034).
    await setEngineClock(customer.page, "skyline", new Date(Date.now() + 61 * 60_000));
    await expectRefused(customer.page, second.url);
    await setEngineClock(customer.page, "skyline", null);
    await customer.page.goto(carrierUrl("skyline", "/booking/continue?token="));
    await expect(customer.page.getByText(en("booking-location", "continue.codeMissing"))).toBeVisible();

    const third = await handOver(page, en("colleague", "booking-checkout.inStore.regenerate"), second.code);
    // The colleague's device moves on; the booking waits for the customer.
    await page.getByRole("button", { name: en("colleague", "booking-checkout.inStore.newBooking") }).click();
    await expect(page).toHaveURL(/\/store$/);

    // Opening the link finds the booking; the customer's press spends the code (a link preview cannot).
    await customer.page.goto(third.url);
    await expect(customer.page.getByTestId("booking-found")).toHaveText(en("booking-location", "continue.ready"));
    await customer.page.getByRole("button", { name: en("booking-location", "continue.proceed") }).click();
    await expect(customer.page).toHaveURL(/\/booking\/payment$/);
    // The customer's own phone: the customer's wording, terms and privacy beside the pay button (spec §2).
    await expect(customer.page.getByTestId("in-store-mode")).toHaveCount(0);
    await expect(customer.page.getByRole("main").getByRole("link", { name: "terms & conditions" })).toHaveAttribute("target", "_blank");
    await expectNoSeriousA11yViolations(customer.page);
    await payWith(customer.page, "en", "card-valid");
    await expect(customer.page.getByTestId("order-reference")).toHaveText(/\d+/);
    await customer.context.close();

    const someoneElse = await phone(browser);
    await expectRefused(someoneElse.page, third.url);
    await someoneElse.context.close();
  });

  test("a carrier that requires a store takes the colleague's, and offers in-store drop-off", async ({ page }) => {
    await logIn(page, "gadgethub", "store.tcr");
    await page.getByTestId("staff-new-booking").click();
    await expect(page.getByTestId("in-store-mode")).toContainText("GH-TCR");
    await page.goto(carrierUrl("gadgethub", `/booking/postcode-search?postcode=${encodeURIComponent(coveredPostcode(gadgethub))}`));
    // No store search: the booking already has the colleague's store.
    await expect(page).toHaveURL(/\/booking\/repair-location$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("colleague", "booking-location.repairLocation.title_colleague"));
    await expect(page.getByText(en("booking-location", "repairLocation.dropOff")).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a customer is never in in-store mode, whatever the address says", async ({ page }) => {
    await page.goto(carrierUrl("skyline", "/booking/postcode-search?mode=in-store&store=LON-OXFORD-ST"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("booking-location", "postcode.title"));
    await expect(page.getByTestId("in-store-mode")).toHaveCount(0);
  });
});

test.describe("in-store booking on a carrier that does not take them", () => {
  test("has no Store Login link and refuses to start a booking from the staff area", async ({ page }) => {
    await page.goto(carrierUrl("patchpoint"));
    await expect(page.getByTestId("store-login-link")).toHaveCount(0);
    await logIn(page, "patchpoint", "manager.central");
    await expect(page.getByTestId("staff-new-booking")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: en("store", "home.newBookingTitle") })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    const refused = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/store/booking"));
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/store/booking";
      document.body.append(form);
      form.submit();
    });
    expect((await refused).status()).toBe(403);
    await expect(page.getByTestId("error-403-staff")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
