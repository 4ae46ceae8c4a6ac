/**
 * The 'Confirm booking' landing page of the confirm-only variant (issue 11 item 6, ADR 102), in
 * Chromium. Lumen is confirm-only: its landing and FAQ pages go to the address search, where a
 * customer with a booking code finds the way to Confirm booking. One of its agents prepares a
 * booking for a customer and sends its code to the customer's e-mail and phone (read here on the
 * development outbox page); the customer, on their own phone at 390 px,
 * looks the booking up by its code on Confirm booking and confirms it by paying. Another carrier's
 * site does not know the code; once used, the code is spent. axe on the customer's pages.
 *
 * Demo account: tenants/lumen-confirm/staff.json, password in README.md.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { bookingWithDevice, chooseFirstAvailableDate, expectNoSeriousA11yViolations, fillDetails, payWith } from "../support/booking-journey";
import { seededCarriers, type CmsEntry } from "../support/cms";

const CARRIER = "lumen-confirm";
const AGENT = "agent.regent";
const STORE = "LUM-REGENT-ST";
const PASSWORD = "DemoStaff-2026!";

/** A text of the app, as the pages show it. */
function text(lang: "en" | "de", namespace: string, key: string): string {
  let value: unknown = JSON.parse(readFileSync(path.join(process.cwd(), "app/i18n/locales", lang, `${namespace}.json`), "utf8"));
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string") throw new Error(`no text ${namespace}:${key}`);
  return value;
}
const en = (namespace: string, key: string) => text("en", namespace, key);

let lumen: CmsEntry;

test.beforeAll(async () => {
  lumen = (await seededCarriers()).find((carrier) => carrier.code === CARRIER)!;
  expect(lumen).toMatchObject({ confirmOnly: true, allowsInStoreBookings: true });
});

/** The agent prepares a booking for the customer and hands it over: the code the customer is given. */
async function agentPreparesBooking(page: Page): Promise<string> {
  await page.goto(carrierUrl(CARRIER, "/store/login"));
  await page.getByLabel("Username").fill(AGENT);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByTestId("store-login-submit").click();
  await expect(page).toHaveURL(/\/store$/);
  await page.getByTestId("staff-new-booking").click();
  await expect(page.getByTestId("in-store-mode")).toContainText(STORE);
  // The agent's pages address the agent, and offer no booking code of their own.
  await expect(page.getByTestId("confirm-booking-callout")).toHaveCount(0);

  await bookingWithDevice(page, lumen);
  await page.getByRole("link", { name: en("booking-checkout", "basket.continue") }).click();
  await chooseFirstAvailableDate(page, "en");
  await fillDetails(page, "en", lumen);
  await page.getByTestId("finish-in-store").click();
  await expect(page).toHaveURL(/\/booking\/in-store-booking-confirmation$/);
  // Not at the counter: the agent sends the code to the customer's e-mail and phone.
  await page.getByRole("button", { name: en("colleague", "booking-checkout.inStore.sendCode") }).click();
  await expect(page.getByTestId("code-sent")).toContainText("ada.lovelace@example.com");
  const code = (await page.getByTestId("booking-code").textContent())!.trim();
  expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  await expectNoSeriousA11yViolations(page);
  // The agent's device moves on to the next customer; the booking waits, its day held.
  await page.getByRole("button", { name: en("colleague", "booking-checkout.inStore.newBooking") }).click();
  await expect(page).toHaveURL(/\/store$/);
  return code;
}

/** The code as the customer received it: the e-mail and the SMS on the development outbox page. */
async function receivedByCustomer(page: Page, code: string) {
  await expect(async () => {
    await page.goto(carrierUrl(CARRIER, "/dev/outbox"));
    await expect(page.getByTestId("outbox-email").filter({ hasText: code })).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const mail = page.getByTestId("outbox-email").filter({ hasText: code });
  const link = carrierUrl(CARRIER, `/booking/continue?token=${code}`);
  await expect(mail.getByTestId("outbox-text")).toContainText(link);
  await expect(page.getByTestId("outbox-sms").filter({ hasText: code })).toHaveCount(1);
  // A mail scanner or link preview that opens the link first finds the booking, and leaves the code unspent.
  for (let preview = 0; preview < 2; preview++) {
    await page.goto(link);
    await expect(page.getByTestId("booking-found")).toHaveText(en("booking-location", "continue.ready"));
  }
}

test("an agent prepares a booking; the customer finds it on Confirm booking by its code and confirms it on their phone", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const code = await agentPreparesBooking(page);
  await receivedByCustomer(page, code);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-GB" });
  const customer = await phone.newPage();
  // The confirm-only site's landing page is its address search, where the way to Confirm booking stands out.
  await customer.goto(carrierUrl(CARRIER, "/"));
  await expect(customer).toHaveURL(/\/booking\/address-search$/);
  const callout = customer.getByTestId("confirm-booking-callout");
  await expect(callout).toContainText(en("booking-location", "continue.calloutTitle"));
  await expectNoSeriousA11yViolations(customer);
  await callout.getByRole("link", { name: en("booking-location", "continue.title") }).click();

  // Confirm booking: its title, a booking lookup form, and clear answers to a missing or wrong code.
  await expect(customer).toHaveURL(/\/booking\/continue$/);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText(en("booking-location", "continue.title"));
  await expect(customer).toHaveTitle(new RegExp(`^${en("booking-location", "continue.title")}`));
  const lookup = customer.getByRole("form", { name: en("booking-location", "continue.formLabel") });
  await expect(lookup).toBeVisible();
  await expectNoSeriousA11yViolations(customer);
  const codeField = customer.getByLabel(en("booking-location", "continue.codeLabel"));
  await lookup.getByRole("button", { name: en("booking-location", "continue.submit") }).click();
  await expect(customer.getByText(en("booking-location", "continue.codeMissing"))).toBeVisible();
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  await codeField.fill("ZZZZZ-99999");
  await lookup.getByRole("button", { name: en("booking-location", "continue.submit") }).click();
  await expect(customer.getByText(en("booking-location", "continue.codeUnknown"))).toBeVisible();

  // Another carrier's site does not know this carrier's code (and looking does not spend it).
  const elsewhere = await phone.newPage();
  await elsewhere.goto(carrierUrl("skyline", "/booking/continue"));
  // Once the page is interactive: a press while it hydrated was once lost (a CI retry, 8 Dec 2026).
  await expect(elsewhere.locator("html")).toHaveAttribute("data-hydrated", "true");
  await elsewhere.getByLabel(en("booking-location", "continue.codeLabel")).fill(code);
  await elsewhere.getByRole("button", { name: en("booking-location", "continue.submit") }).click();
  await expect(elsewhere.getByText(en("booking-location", "continue.codeUnknown"))).toBeVisible();
  await elsewhere.close();

  // The right code, typed as read out (lower case, spaces around): on to confirm it by paying.
  await codeField.fill(` ${code.toLowerCase()} `);
  await lookup.getByRole("button", { name: en("booking-location", "continue.submit") }).click();
  await expect(customer).toHaveURL(/\/booking\/payment$/);
  await expect(customer.getByTestId("in-store-mode")).toHaveCount(0);
  await payWith(customer, "en", "card-valid");
  await expect(customer).toHaveURL(/\/booking\/complete$/, { timeout: 20_000 });
  await expect(customer.getByTestId("order-reference")).toHaveText(/\d+/);
  await phone.close();

  // Used once, the code is spent.
  const later = await browser.newPage();
  await later.goto(carrierUrl(CARRIER, `/booking/continue?token=${code}`));
  await expect(later.getByText(en("booking-location", "continue.codeUnknown"))).toBeVisible();
  await later.close();
});

test("on a German site, Confirm booking speaks German", async ({ page }) => {
  await page.goto(carrierUrl("flickwerk", "/booking/continue"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "booking-location", "continue.title"));
  await page.getByRole("button", { name: text("de", "booking-location", "continue.submit") }).click();
  await expect(page.getByText(text("de", "booking-location", "continue.codeMissing"))).toBeVisible();
});
